"""The organiser site's duplicate events: their settings, pairs, results and their history."""

from django.contrib import admin, messages
from django.contrib.admin.widgets import AutocompleteSelect
from django.shortcuts import redirect

from .. import services
from ..forms import EventAdminForm, PairNamesFormSet
from ..models import (
    Event,
    Member,
    Pair,
    Result,
    ResultChange,
    Seating,
)
from ..services.events.lifecycle import MOVEMENT_FIELDS
from .scoped import ClubScopedAdmin, OrganisedClubFilter, ShownOnlyAdmin, _organises, _run_action, _saved_as


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
        if note := services.analysis_unavailable():
            self.message_user(request, note, messages.WARNING)

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
