"""The organiser site's clubs, members, competitions and the results e-mails' outbox."""

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.db import models
from django.http import Http404, HttpResponseNotAllowed, JsonResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from .. import services
from ..forms import CompetitionAdminForm
from ..models import (
    PICKED,
    Club,
    Competition,
    Member,
    ResultMail,
)
from ..services.core.errors import ServiceError
from ..services.core.logins import login_lock_lift, login_locks
from ..services.core.members import member_forget
from ..services.county.sending import hall_uploads_requeue, hall_uploads_shown
from ..services.season import competitions, mail
from ..services.season.member_data import member_data
from ..views.common import whole_number
from ..views.login import clock_time
from .scoped import ClubScopedAdmin, OrganisedClubFilter, ShownOnlyAdmin, _saved_as


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin):
    club_path = ""
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
    list_display = ["name", "slug", "paper_size"]
    search_fields = ["name", "slug"]
    change_form_template = "admin/tournaments/club/change_form.html"

    def _club_id(self, obj):
        return obj.pk

    def get_urls(self):
        own = [
            path(
                "<int:club_id>/login-lift/",
                self.admin_site.admin_view(self.login_lift_view),
                name="club-login-lift",
            ),
        ]
        return own + super().get_urls()

    def change_view(self, request, object_id, form_url="", extra_context=None):
        # The club's organisers locked out of logging in, each with a button to lift the lock.
        club = self.get_object(request, object_id)
        locks = login_locks(club=club) if club is not None else []
        shown = [
            {"user": lock.user, "devices": lock.devices, "until": clock_time(lock.until)} for lock in locks
        ]
        uploads = hall_uploads_shown(club) if club is not None else []
        extra_context = {**(extra_context or {}), "login_locks": shown, "hall_uploads": uploads}
        return super().change_view(request, object_id, form_url, extra_context)

    def login_lift_view(self, request, club_id: int):
        """Lift the lock on an organiser's login: POST, then back to the club's page."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        club = self.get_queryset(request).filter(pk=club_id).first()
        if club is None or not self.has_change_permission(request, club):
            raise Http404("There is no such club among yours.")
        organiser = get_user_model().objects.filter(pk=whole_number(request.POST.get("organiser"))).first()
        if organiser is None:
            raise Http404("There is no such organiser.")
        try:
            login_lock_lift(club=club, organiser=organiser, user=request.user)
        except ServiceError as refusal:
            messages.error(request, str(refusal))
        else:
            lifted = f"The lock is lifted: {organiser.username} can log in again from every device."
            messages.success(request, lifted)
        return redirect(reverse("admin:tournaments_club_change", args=[club.pk]))

    def get_queryset(self, request):
        queryset = admin.ModelAdmin.get_queryset(self, request)
        return queryset if request.user.is_superuser else queryset.filter(organisers=request.user)

    def get_fields(self, request, obj=None):
        fields = [
            "name",
            "slug",
            "public_address",
            "members_only",
            "guests_published",
            "check_every_round",
            "places_shown",
            "tablet_travellers",
            "paper_size",
            "large_print",
            "currency",
            "number_format",
            "minutes_per_board",
            "trump_schedule",
            "scoring",
            "scale",
            "adjusted_scores",
            "county_address",
            "county_key",
            "county_club",
        ]
        return fields + ["organisers"] if request.user.is_superuser else fields

    def has_add_permission(self, request):
        return request.user.is_superuser

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser

    def get_readonly_fields(self, request, obj=None):
        return admin.ModelAdmin.get_readonly_fields(self, request, obj)

    def save_model(self, request, obj, form, change):
        services.club_save(club=obj, changed=form.changed_data, user=request.user)
        if change and {"county_address", "county_key", "county_club"} & set(form.changed_data):
            hall_uploads_requeue(club=obj)  # the evenings the county refused go with the mended key


@admin.register(Member)
class MemberAdmin(ClubScopedAdmin):
    list_display = ["last_name", "first_name", "club", "email", "published_as", "active"]
    list_filter = ["active", "published_as", ("club", OrganisedClubFilter)]
    search_fields = ["first_name", "last_name", "email"]
    change_form_template = "admin/tournaments/member/change_form.html"

    def get_readonly_fields(self, request, obj=None):
        fields = super().get_readonly_fields(request, obj)
        # Forgetting is one-way: a forgotten member's name and address are not typed back in.
        forgotten = ["first_name", "last_name", "email", "published_as", "forgotten_at"]
        return fields + forgotten if obj is not None and obj.forgotten_at else fields

    def get_urls(self):
        own = [
            path(
                "<int:member_id>/forget/", self.admin_site.admin_view(self.forget_view), name="member-forget"
            ),
            path("<int:member_id>/data/", self.admin_site.admin_view(self.data_view), name="member-data"),
        ]
        return own + super().get_urls()

    def _member(self, request, member_id: int) -> Member:
        member = self.get_queryset(request).filter(pk=member_id).select_related("club").first()
        if member is None or not self.has_change_permission(request, member):
            raise Http404("There is no such member among your clubs'.")
        return member

    def forget_view(self, request, member_id: int):
        """Forget a member at their request: a page asking why, then the service; POST, then back."""
        member = self._member(request, member_id)
        change_url = reverse("admin:tournaments_member_change", args=[member.pk])
        error = ""
        if request.method == "POST":
            try:
                member_forget(member=member, reason=request.POST.get("reason", ""), user=request.user)
            except ServiceError as refusal:
                error = str(refusal)
            else:
                messages.success(
                    request, f"Member {member.pk} is forgotten: shown as Former member {member.pk}."
                )
                return redirect(change_url)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "member": member,
            "change_url": change_url,
            "error": error,
            "reason": request.POST.get("reason", ""),
            "title": f"Forget {member}",
        }
        return TemplateResponse(request, "admin/tournaments/member/forget.html", context)

    def data_view(self, request, member_id: int):
        """Everything held about the member, as a JSON file to give them."""
        member = self._member(request, member_id)
        response = JsonResponse(member_data(member), json_dumps_params={"indent": 1, "ensure_ascii": False})
        response["Content-Disposition"] = f'attachment; filename="member-{member.pk}-data.json"'
        return response

    def save_model(self, request, obj, form, change):
        services.member_save(member=obj, changed=form.changed_data, user=request.user)

    def delete_model(self, request, obj):
        services.member_delete(member=obj, user=request.user)


@admin.register(Competition)
class CompetitionAdmin(ClubScopedAdmin):
    """A club's competition: its rules and the evenings picked by hand, saved through the services."""

    list_display = ["name", "club", "start", "end", "measure", "counting"]
    list_filter = [("club", OrganisedClubFilter), "measure"]
    search_fields = ["name"]
    form = CompetitionAdminForm

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        field = super().formfield_for_manytomany(db_field, request, **kwargs)
        if not request.user.is_superuser and field is not None:
            field.queryset = field.queryset.filter(club__organisers=request.user)
        return field

    def save_model(self, request, obj, form, change):
        picked = {name: form.cleaned_data.get(name) for name in PICKED}
        if change:
            values = form.values()
            competitions.competition_update(competition=obj, values=values, **picked, user=request.user)
        else:
            saved = competitions.competition_create(
                club=form.cleaned_data["club"], values=form.values(), **picked, user=request.user
            )
            _saved_as(obj, saved)

    def save_related(self, request, form, formsets, change):
        pass  # the service saved the evenings picked, with the rules, in one transaction

    def delete_model(self, request, obj):
        competitions.competition_delete(competition=obj, user=request.user)


@admin.register(ResultMail)
class ResultMailAdmin(ShownOnlyAdmin):
    """The outbox of results e-mails, to read: what waits, what went, and why one did not. Rows
    are added by "Send results" and sent by the outbox's service, never changed here."""

    club_path = "member__club"
    list_display = ["to", "subject", "status", "attempts", "last_error", "created_at", "sent_at"]
    list_select_related = ["member"]
    list_filter = ["status", "created_at"]
    search_fields = ["to", "subject"]
    actions = ["send_again"]

    @admin.action(description="Send the held e-mails again")
    def send_again(self, request, queryset):
        held = list(queryset.filter(status=ResultMail.Status.HELD))
        if not held:
            self.message_user(
                request, "None of these is held: only a held e-mail is sent again.", messages.WARNING
            )
            return
        for sending in mail.mail_send_again(mails=held, user=request.user):
            all_went, said = mail.sending_said(None, sending)
            self.message_user(request, said, messages.SUCCESS if all_went else messages.WARNING)
