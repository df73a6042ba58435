"""A club's leagues and a league's pages: the list, the organiser's page to set a league up, the
league table, its fixtures round by round (the organiser moves a round to another day) and its
results."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse

from ...domain import leagues as rules
from ...domain.errors import DomainError
from ...forms import DaysBetweenField, GameField
from ...models import League, validate_one_line
from ...services import leagues
from ..common import check_club_open, get_open_club, get_organised_club, login_when_needed, organises_club


def _league(request, slug: str, league_id: int) -> League:
    league = League.objects.select_related("club").filter(pk=league_id, club__slug=slug).first()
    if league is None:
        raise Http404("There is no such league.")
    check_club_open(request, league.club)
    return league


def _organised_league(request, slug: str, league_id: int) -> League:
    """The league, when the user organises the club that runs it; 404 otherwise."""
    league = (
        League.objects.for_user(request.user).select_related("club").filter(pk=league_id, club__slug=slug)
    )
    if not league:
        raise Http404("No such league among your clubs.")
    return league[0]


# --- The club's leagues ---------------------------------------------------------------------------


class LeagueForm(forms.Form):
    name = forms.CharField(max_length=100, initial="Aberdeen Whist League", validators=[validate_one_line])
    season = forms.CharField(max_length=20, help_text="Such as 2026–27.", validators=[validate_one_line])
    clubs = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 8}), help_text="The clubs of the league, one on each line."
    )
    start = forms.DateField(
        label="First round",
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="Its date.",
    )
    days_between = DaysBetweenField()
    game = GameField(
        model_field=League._meta.get_field("game"),
        help_text="By the Laws of Whist: each stanza of 8 deals at a table played as games, honours on the "
        "cards, the match won by the club with more rubber points over its tables.",
    )

    def club_names(self) -> list[str]:
        return self.cleaned_data["clubs"].splitlines()


@login_when_needed
def league_list(request, slug: str):
    club = get_open_club(request, slug)
    context = {"club": club, "leagues": club.leagues.all(), "organises": organises_club(request.user, club)}
    return render(request, "tournaments/league_list.html", context)


@login_required
def league_new(request, slug: str):
    club = get_organised_club(request, slug)
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league = leagues.league_create(
                club=club,
                name=form.cleaned_data["name"],
                season=form.cleaned_data["season"],
                clubs=form.club_names(),
                start=form.cleaned_data["start"],
                days_between=form.cleaned_data["days_between"],
                game=form.cleaned_data["game"],
                user=request.user,
            )
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"{league} is set up: {league.fixtures.count()} matches.")
            for warning in leagues.league_holiday_warnings(league):
                messages.warning(request, warning)
            return redirect("tournaments:league", slug=slug, league_id=league.pk)
    return render(request, "tournaments/league_new.html", {"club": club, "form": form})


# --- A league's table, fixtures and results -------------------------------------------------------


@login_when_needed
def league_detail(request, slug: str, league_id: int):
    league = _league(request, slug, league_id)
    context = {
        "league": league,
        "standings": leagues.league_standings(league),
        "organises": organises_club(request.user, league.club),
    }
    return render(request, "tournaments/league_table.html", context)


def _rounds(league: League, *, agreed_only: bool) -> list[dict]:
    """The league's matches round by round, each with its result or how far its cards are."""
    fixtures = league.fixtures.select_related("home", "away", "result")
    if agreed_only:
        fixtures = fixtures.filter(result__isnull=False)
    unagreed = {} if agreed_only else leagues.unagreed_states(league)
    rounds: dict[int, dict] = {}
    for fixture in fixtures:
        result = getattr(fixture, "result", None)
        if result is not None:
            state = "agreed"
        elif fixture.pk in unagreed:
            state = "held" if unagreed[fixture.pk].state == rules.HELD else "cards in"
        else:
            state = ""
        shown = rounds.setdefault(
            fixture.round, {"round": fixture.round, "date": fixture.date, "matches": []}
        )
        shown["matches"].append({"fixture": fixture, "result": result, "state": state})
    if not agreed_only:  # with an odd number of clubs, one has the round off
        clubs = list(league.clubs.all())
        for shown in rounds.values():
            playing = {pk for m in shown["matches"] for pk in (m["fixture"].home_id, m["fixture"].away_id)}
            shown["byes"] = [club for club in clubs if club.pk not in playing]
    return list(rounds.values())


@login_when_needed
def league_fixtures(request, slug: str, league_id: int):
    league = _league(request, slug, league_id)
    rounds = _rounds(league, agreed_only=False)
    organises = organises_club(request.user, league.club)
    for shown in rounds:
        shown["holiday"] = rules.holiday(shown["date"]) if shown["date"] else ""
    context = {"league": league, "rounds": rounds, "page": "fixtures", "organises": organises}
    return render(request, "tournaments/league_fixtures.html", context)


class RoundMoveForm(forms.Form):
    date = forms.DateField(label="New date", widget=forms.DateInput(attrs={"type": "date"}))


@login_required
def league_round_move(request, slug: str, league_id: int, round_number: int):
    """The organiser moves a round (all its matches) to another day."""
    league = _organised_league(request, slug, league_id)
    if request.method != "POST":
        return redirect("tournaments:league-fixtures", slug=slug, league_id=league.pk)
    form = RoundMoveForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the round's new date.")
    else:
        try:
            leagues.league_round_move(
                league=league, round=round_number, date=form.cleaned_data["date"], user=request.user
            )
        except DomainError as error:
            messages.error(request, str(error))
        else:
            day = form.cleaned_data["date"]
            messages.success(request, f"Round {round_number} is now on {day:%a} {day.day} {day:%b %Y}.")
            for warning in leagues.league_holiday_warnings(league):
                messages.warning(request, warning)
    url = reverse("tournaments:league-fixtures", args=[slug, league.pk])
    return redirect(f"{url}#round-{round_number}")


@login_when_needed
def league_results(request, slug: str, league_id: int):
    league = _league(request, slug, league_id)
    context = {"league": league, "rounds": _rounds(league, agreed_only=True), "page": "results"}
    return render(request, "tournaments/league_fixtures.html", context)
