"""The organiser site. An organiser sees and changes only the clubs they organise; superusers see all.

Every save, delete and action goes through the services, so the lifecycle decides what may change
and the audit trail keeps each change, as on the organiser's own pages."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.widgets import AutocompleteSelect
from django.db import models
from django.http import Http404, JsonResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from . import services
from .domain.errors import DomainError
from .forms import CompetitionAdminForm, DaysBetweenField, DriveAdminForm, EventAdminForm, PairNamesFormSet
from .models import (
    PICKED,
    Board,
    Club,
    Competition,
    Drive,
    DriveResultChange,
    DuelNight,
    Event,
    League,
    Member,
    Pair,
    Result,
    ResultChange,
    ResultMail,
    Seating,
)
from .services import drives, leagues
from .services.core.errors import ServiceError
from .services.core.members import member_forget
from .services.drives.lifecycle import SEATING_FIELDS, may_change_settings
from .services.events.lifecycle import MOVEMENT_FIELDS
from .services.season import competitions, mail
from .services.season.member_data import member_data


def _club_ids(request) -> set[int]:
    """The clubs the user organises, read once a request (the admin asks on every row and link)."""
    if not hasattr(request, "_organised_clubs"):
        request._organised_clubs = set(request.user.clubs.values_list("pk", flat=True))
    return request._organised_clubs


def _organises(request, club_id) -> bool:
    return request.user.is_superuser or club_id in _club_ids(request)


class OrganisedClubFilter(admin.RelatedFieldListFilter):
    """ "By club", offering only the clubs the user organises (every club to a superuser)."""

    def field_choices(self, field, request, model_admin):
        if request.user.is_superuser:
            return super().field_choices(field, request, model_admin)
        return field.get_choices(include_blank=False, limit_choices_to={"pk__in": _club_ids(request)})


class ClubScopedAdmin(admin.ModelAdmin):
    """Rows reachable through ``club_path``; permission needs a staff user who organises a club."""

    club_path = "club"

    def _is_organiser(self, request) -> bool:
        user = request.user
        return user.is_active and user.is_staff and (user.is_superuser or bool(_club_ids(request)))

    def _club_id(self, obj):
        *path, last = self.club_path.split("__")
        for part in path:
            obj = getattr(obj, part)
        return getattr(obj, f"{last}_id")  # the key itself: no query for the club

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(**{f"{self.club_path}__organisers": request.user}).distinct()

    def has_module_permission(self, request):
        return self._is_organiser(request)

    def has_view_permission(self, request, obj=None):
        return self._is_organiser(request) and (obj is None or _organises(request, self._club_id(obj)))

    def has_change_permission(self, request, obj=None):
        return self.has_view_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self.has_view_permission(request, obj)

    def has_add_permission(self, request):
        return self._is_organiser(request)

    def get_readonly_fields(self, request, obj=None):
        # A saved row stays in its club: its trail is the club's.
        fields = list(super().get_readonly_fields(request, obj))
        return fields + ["club"] if obj is not None and self.club_path == "club" else fields

    def delete_queryset(self, request, queryset):
        # One by one, through the services, so each deletion has its line in the trail.
        for obj in queryset:
            self.delete_model(request, obj)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        # Choices offered to an organiser come only from their own clubs.
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if not request.user.is_superuser and field is not None:
            model = db_field.related_model
            if model is Club:
                field.queryset = field.queryset.filter(organisers=request.user)
            elif model in (Member, Event):
                field.queryset = field.queryset.filter(club__organisers=request.user)
            elif model in (Pair, Board):
                field.queryset = field.queryset.filter(event__club__organisers=request.user)
        return field


class ShownOnlyAdmin(ClubScopedAdmin):
    """Rows the admin shows but never adds, changes or deletes."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


def _saved_as(obj, saved) -> None:
    """The admin goes on with the object it holds (its inlines, its history, its redirect): give it
    the row the service created."""
    obj.pk, obj._state.adding, obj._state.db = saved.pk, False, saved._state.db


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin):
    club_path = ""
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
    list_display = ["name", "slug", "paper_size"]
    search_fields = ["name", "slug"]

    def _club_id(self, obj):
        return obj.pk

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
            "paper_size",
            "large_print",
            "minutes_per_board",
            "trump_schedule",
            "scoring",
            "scale",
            "adjusted_scores",
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


class KnownMembersSelect(AutocompleteSelect):
    """The member search box of a pair, showing its chosen member from names read once for all the
    event's pairs (the stock widget reads each chosen member again: two queries a pair)."""

    known: dict[str, str] | None = None

    def optgroups(self, name, value, attr=None):
        chosen = {str(v) for v in value if v not in self.choices.field.empty_values}
        if self.known is None or not chosen <= self.known.keys():
            return super().optgroups(name, value, attr)
        options = [] if self.is_required else [self.create_option(name, "", "", False, 0)]
        options += [self.create_option(name, pk, self.known[pk], True, len(options)) for pk in chosen]
        return [(None, options, 0)]


class PairInline(admin.TabularInline):
    model = Pair
    formset = PairNamesFormSet
    extra = 0
    fields = ["direction", "number", "player1", "player2", "guest1", "guest2"]
    readonly_fields = ["direction", "number"]
    autocomplete_fields = ["player1", "player2"]
    can_delete = False

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        if obj is not None:
            pairs = obj.pairs.values_list("player1_id", "player2_id")
            ids = {pk for pair in pairs for pk in pair if pk}
            known = {str(m.pk): str(m) for m in Member.objects.filter(pk__in=ids)}
            for name in ("player1", "player2"):
                widget = formset.form.base_fields[name].widget
                inner = getattr(widget, "widget", widget)  # under the admin's related-object wrapper
                if isinstance(inner, KnownMembersSelect):
                    inner.known = known
        return formset

    def has_add_permission(self, request, obj=None):
        return False

    def has_view_permission(self, request, obj=None):
        # obj is the event being edited; the event admin has already checked its club.
        return request.user.is_staff and (obj is None or _organises(request, obj.club_id))

    def has_change_permission(self, request, obj=None):
        return self.has_view_permission(request, obj)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name in ("player1", "player2"):
            kwargs["widget"] = KnownMembersSelect(db_field, self.admin_site, using=kwargs.get("using"))
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if db_field.name in ("player1", "player2") and not request.user.is_superuser:
            field.queryset = field.queryset.filter(club__organisers=request.user)
        return field


def _run_action(modeladmin, request, queryset, service, done: str):
    count = 0
    for event in queryset:
        try:
            service(event=event, user=request.user)
        except DomainError as error:
            modeladmin.message_user(request, f"{event.name}: {error}", messages.ERROR)
        else:
            count += 1
    if count:
        modeladmin.message_user(request, f"{done} for {count} event(s).", messages.SUCCESS)


@admin.register(Event)
class EventAdmin(ClubScopedAdmin):
    list_display = ["name", "date", "club", "status", "tables", "variant", "scoring"]
    list_filter = ["status", "date", ("club", OrganisedClubFilter)]
    search_fields = ["name"]
    date_hierarchy = "date"
    form = EventAdminForm
    inlines = [PairInline]
    actions = ["build_movement", "deal_boards", "download_pbn", "print_pack", "mark_ready", "start", "finish"]
    fieldsets = [
        (None, {"fields": ["club", "name", "date", "status"]}),
        (
            "Movement",
            {
                "fields": [name for name in MOVEMENT_FIELDS if name != "trump_schedule"],
            },
        ),
        (
            "Boards and scoring",
            {
                "fields": [
                    "trump_schedule",
                    "scoring",
                    "minnesota_rules",
                    "scale",
                    "adjusted_scores",
                    "honours",
                    "tie_break",
                ]
            },
        ),
    ]
    readonly_fields = ["status"]

    def save_model(self, request, obj, form, change):
        if change:
            values = {name: form.cleaned_data[name] for name in form.changed_data}
            services.event_update(event=obj, values=values, user=request.user)
            rebuilt = set(values) & set(MOVEMENT_FIELDS)
        else:
            event = services.event_create(**form.cleaned_data, user=request.user)
            services.event_build_movement(event=event, user=request.user)
            _saved_as(obj, event)
            rebuilt = True
        if rebuilt:
            movement = services.event_movement(obj)
            self.message_user(
                request,
                f"Movement built: {movement.rounds} rounds of {movement.boards_per_round} boards, "
                f"{movement.boards} boards, {movement.tables * 2 - movement.phantom} pairs.",
                messages.INFO,
            )

    def delete_model(self, request, obj):
        services.event_delete(event=obj, user=request.user)

    def save_formset(self, request, form, formset, change):
        renamed = formset.save(commit=False)  # the pairs given names, not saved yet
        if renamed:
            services.pairs_rename(event=form.instance, pairs=renamed, user=request.user)

    @admin.action(description="Build the movement (pairs, boards, seatings)")
    def build_movement(self, request, queryset):
        _run_action(self, request, queryset, services.event_build_movement, "Movement built")

    @admin.action(description="Deal the boards (fresh seed)")
    def deal_boards(self, request, queryset):
        _run_action(self, request, queryset, services.event_deal_boards, "Boards dealt")

    @admin.action(description="Download the deals as PBN (one event)")
    def download_pbn(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Choose one event to download its PBN file.", messages.WARNING)
            return None
        return redirect("tournaments:boards-pbn", event_id=queryset.get().pk)

    @admin.action(description="Print pack: every document in one PDF (one event)")
    def print_pack(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Choose one event to print its pack.", messages.WARNING)
            return None
        return redirect("tournaments:event-print", event_id=queryset.get().pk, document="pack")

    @admin.action(description="Mark ready to play")
    def mark_ready(self, request, queryset):
        _run_action(
            self,
            request,
            queryset,
            lambda event, user: services.event_set_status(event=event, status=Event.Status.READY, user=user),
            "Marked ready",
        )

    @admin.action(description="Start (players can enter scores)")
    def start(self, request, queryset):
        _run_action(self, request, queryset, services.event_start, "Started")

    @admin.action(description="Close (every result in)")
    def finish(self, request, queryset):
        _run_action(self, request, queryset, services.event_close, "Closed")


@admin.register(Result)
class ResultAdmin(ShownOnlyAdmin):
    # Results are entered at the tables and corrected with a reason on our own pages, so the
    # history stays whole: the admin only shows them.
    club_path = "event__club"
    list_display = ["event", "board", "round", "table", "ns_pair", "ew_pair", "score_text", "entered_at"]
    list_filter = ["event__status", "event__date"]
    search_fields = ["event__name"]
    list_select_related = ["event", "board", "ns_pair", "ew_pair"]


@admin.register(ResultChange)
class ResultChangeAdmin(ResultAdmin):
    list_display = [
        "event",
        "board_number",
        "ns_pair_number",
        "ew_pair_number",
        "action",
        "before",
        "after",
        "reason",
        "source",
        "changed_by",
        "changed_at",
    ]
    list_select_related = ["event", "changed_by"]
    list_filter = ["action", "event__date"]


@admin.register(DriveResultChange)
class DriveResultChangeAdmin(ShownOnlyAdmin):
    # A drive's hands are entered at the tables and set on the drive's own page, a line each.
    club_path = "drive__club"
    list_display = [
        "drive",
        "hand",
        "table",
        "action",
        "before",
        "after",
        "reason",
        "source",
        "changed_by",
        "changed_at",
    ]
    list_select_related = ["drive", "changed_by"]
    list_filter = ["action", "drive__date"]


@admin.register(Seating)
class SeatingAdmin(ResultAdmin):
    list_display = [
        "event",
        "round",
        "table",
        "ns_pair",
        "ew_pair",
        "first_board",
        "last_board",
        "arrow_switched",
    ]
    list_select_related = ["event", "ns_pair", "ew_pair"]
    list_filter = ["event__date"]


@admin.register(Drive)
class DriveAdmin(ClubScopedAdmin):
    """A whist drive's settings; players, the start and the evening are on its own page."""

    list_display = ["name", "date", "club", "format", "hands", "status"]
    list_filter = ["status", "date", ("club", OrganisedClubFilter), "format"]
    search_fields = ["name"]
    form = DriveAdminForm
    fields = [*DriveAdminForm.Meta.fields, "status"]
    readonly_fields = ["status"]

    def get_readonly_fields(self, request, obj=None):
        # Once started, what decides the seating and the scores stays as it was.
        fields = super().get_readonly_fields(request, obj)
        if obj is not None and not may_change_settings(obj):
            return [*fields, *SEATING_FIELDS]
        return fields

    def save_model(self, request, obj, form, change):
        if change:
            values = {name: form.cleaned_data[name] for name in form.changed_data}
            drives.drive_update(drive=obj, values=values, user=request.user)
        else:
            _saved_as(obj, drives.drive_create(**form.cleaned_data, user=request.user))

    def delete_model(self, request, obj):
        drives.drive_delete(drive=obj, user=request.user)

    def response_add(self, request, obj, post_url_continue=None):
        return redirect("tournaments:drive-run", drive_id=obj.pk)


@admin.register(DuelNight)
class DuelNightAdmin(ShownOnlyAdmin):
    """A club's two-player nights, listed: each is set up, played, corrected and published on its
    own page, which the list leads to, so its trail stays whole."""

    list_display = ["name", "date", "club", "game", "pairing", "status", "published", "its_page"]
    list_filter = ["status", "date", ("club", OrganisedClubFilter), "game"]
    search_fields = ["name"]

    @admin.display(description="Page")
    def its_page(self, night: DuelNight):
        return format_html('<a href="{}">Open</a>', reverse("tournaments:duel-run", args=[night.pk]))


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


class LeagueAdminForm(forms.ModelForm):
    """A new league: its clubs, one a line, and the dates of its rounds; the fixtures are made with it."""

    club_names = forms.CharField(
        label="Clubs",
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text="The league's clubs, one on each line.",
    )
    start = forms.DateField(label="First round", required=False, help_text="The date of round 1.")
    days_between = DaysBetweenField()

    class Meta:
        model = League
        fields = ["club", "name", "season"]

    def clean_club_names(self):
        try:
            return leagues.league_club_names(self.cleaned_data["club_names"].splitlines())
        except DomainError as error:
            raise forms.ValidationError(str(error)) from None


@admin.register(League)
class LeagueAdmin(ClubScopedAdmin):
    """An inter-club league: set up through the service (its clubs and fixtures with it), then read
    here; its matches are entered on the league's pages."""

    list_display = ["name", "season", "club"]
    list_filter = [("club", OrganisedClubFilter)]
    search_fields = ["name"]
    form = LeagueAdminForm

    def get_fields(self, request, obj=None):
        return ["club", "name", "season", "clubs_playing"] if obj else super().get_fields(request, obj)

    def get_readonly_fields(self, request, obj=None):
        return ["club", "name", "season", "clubs_playing"] if obj else []

    @admin.display(description="Clubs")
    def clubs_playing(self, obj):
        return ", ".join(club.name for club in obj.clubs.all())

    def save_model(self, request, obj, form, change):
        if change:
            return  # a league's clubs and fixtures stay as the service made them
        saved = leagues.league_create(
            club=form.cleaned_data["club"],
            name=form.cleaned_data["name"],
            season=form.cleaned_data["season"],
            clubs=form.cleaned_data["club_names"],
            start=form.cleaned_data["start"],
            days_between=form.cleaned_data["days_between"],
            user=request.user,
        )
        _saved_as(obj, saved)

    def delete_model(self, request, obj):
        leagues.league_delete(league=obj, user=request.user)
