"""The organiser site's drives (and every kind kept as one), their results' history and two-player
nights."""

from django.contrib import admin
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import format_html

from ..forms import DriveAdminForm
from ..models import (
    Drive,
    DriveResultChange,
    DuelNight,
)
from ..services import drives
from ..services.drives.lifecycle import SEATING_FIELDS, may_change_settings
from .scoped import ClubScopedAdmin, OrganisedClubFilter, ShownOnlyAdmin, _saved_as


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
