"""The organiser site's inter-club leagues."""

from django import forms
from django.contrib import admin

from ..domain.errors import DomainError
from ..forms import DaysBetweenField
from ..models import (
    League,
)
from ..services import leagues
from .scoped import ClubScopedAdmin, OrganisedClubFilter, _saved_as


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
