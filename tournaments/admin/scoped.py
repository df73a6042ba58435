"""What every page of the organiser site shares: an organiser sees and changes only the clubs they
organise (superusers see all), and an action runs a service on each row chosen."""

from django.contrib import admin, messages

from ..domain.errors import DomainError
from ..models import (
    Board,
    Club,
    Event,
    Member,
    Pair,
)


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
