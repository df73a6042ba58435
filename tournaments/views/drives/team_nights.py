"""A team night's pages: the new night with its teams, the organiser's page (teams before the start,
then the drive's grid, corrections, close and publish with the team standings), the room display of
the running team totals, the results and their CSV. Its tablets are the drive's
(``views/tablets/drives.py``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ...domain.drives.teams import AWAY, HOME
from ...domain.errors import DomainError
from ...domain.rubbers import CLAIM_CHOICES
from ...domain.spreadsheet import csv_text
from ...forms import NewTeamNightForm, TeamForm, form_problems
from ...models import Drive
from ...services import drives
from ...services.season.competitions import evening_competitions
from ..common import (
    LoginNeeded,
    drive_grid_context,
    get_clubs_for_user,
    get_drive_for_results,
    get_drive_for_user,
)
from ..money import money_context


def _teams(state: drives.DriveState) -> list[dict]:
    """The teams best first, each with its place, points (home, away) and tricks."""
    return [
        {
            "place": place,
            "number": s.team,
            "name": state.teams[s.team].name,
            "home": s.home.points,
            "away": s.away.points,
            "points": s.points,
            "tricks": s.tricks,
        }
        for place, s in state.team_placings()
    ]


def _games(state: drives.DriveState) -> dict:
    """How the night scores, for its pages: the measure ("Rubber points"), and in games and rubbers
    the scoring in words and each visit's result at each table."""
    evening = state.drive.evening_format
    context = {"measure": str(evening.measure).capitalize(), "honours_choices": CLAIM_CHOICES}
    if not evening.rubbers:
        return context
    names = {n: team.name for n, team in state.teams.items()}
    return context | {
        "scoring": evening.scoring,
        "visits": [
            {
                "visit": v.visit,
                "table": v.table,
                "home": f"{v.home} {names[v.home]}",
                "away": f"{v.away} {names[v.away]}",
                "hands": v.hands,
                "games": v.score.games_line(("home", "away")),
                "points": v.score.points_line(("home", "away")).removeprefix("rubber points "),
            }
            for v in state.table_visits()
        ],
    }


def _pairs(state: drives.DriveState) -> list[dict]:
    return [
        {
            "place": place,
            "number": p.team,
            "team": state.teams[p.team].name,
            "pair": p.pair,
            "players": state.pair_names(p.team, p.pair),
            "points": p.points,
            "tricks": p.tricks,
            "hands": p.hands,
        }
        for place, p in state.pair_placings()
    ]


@login_required
def team_night_new(request):
    form = NewTeamNightForm(request.POST or None, clubs=get_clubs_for_user(request))
    if request.method == "POST" and form.is_valid():
        try:
            night = drives.team_night_create(**form.cleaned_data, user=request.user)
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"{night.name} is set up with {night.teams.count()} teams.")
            return redirect("tournaments:drive-run", drive_id=night.pk)
    return render(request, "tournaments/team_night_new.html", {"form": form})


def team_night_run(request, night: Drive):
    """The organiser's page of a team night (``drive_run`` sends a team night here)."""
    allows = drives.drive_allows(night)
    state = drives.DriveState(night)
    context = {
        "documents": drives.drive_documents(night),
        "drive": night,
        "allows": allows,
        "trail": night.changes.select_related("changed_by"),
        "teams": [
            {"team": team, "home": state.pair_names(n, HOME), "away": state.pair_names(n, AWAY)}
            for n, team in state.teams.items()
        ],
        "members": night.club.members.filter(active=True) if not allows["started"] else (),
    }
    context |= money_context(night, night.players.select_related("member", "second_member", "team"))
    if allows["started"]:
        context |= (
            drive_grid_context(state)
            | _games(state)
            | {
                "standings": _teams(state),
                "tables": night.table_accesses.all(),
                "history": night.result_changes.select_related("changed_by")[:20],
            }
        )
    return render(request, "tournaments/team_night_run.html", context)


@login_required
@require_POST
def team_night_team_add(request, drive_id: int):
    night = get_drive_for_user(request, drive_id)
    form = TeamForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_problems(form))
    else:
        try:
            team = drives.drive_team_add(
                drive=night, name=form.cleaned_data["name"], players=form.players, user=request.user
            )
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"Entered team {team.number}, {team.name}.")
    return redirect("tournaments:drive-run", drive_id=night.pk)


@login_required
@require_POST
def team_night_team_remove(request, drive_id: int, team_id: int):
    night = get_drive_for_user(request, drive_id)
    team = night.teams.filter(pk=team_id).first()
    if team is None:
        messages.error(request, "That team is not entered any more.")
    else:
        try:
            drives.drive_team_remove(drive=night, team=team, user=request.user)
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"{team.name} taken out.")
    return redirect("tournaments:drive-run", drive_id=night.pk)


def team_night_room(request, night: Drive, move_now: bool):
    """The hall's screen of a team night (``drive_room`` sends a team night here): the running team
    totals and the pairs', paged through when long."""
    state = drives.DriveState(night)
    allows = drives.drive_allows(night)
    scored = bool(state.results)
    return render(
        request,
        "tournaments/team_night_room.html",
        {
            "drive": night,
            "allows": allows,
            "hand": state.next_hand(),
            "teams": _teams(state) if scored else [],
            "pairs": _pairs(state) if scored else [],
            "scored": scored,
            "move_now": move_now,
            "competitions": evening_competitions(night),
            "counted": night.published,
            "rules": state.rules_words,
        }
        | _games(state),
    )


def team_night_results(request, night: Drive):
    """A team night's results (``drive_results`` sends a team night here): the teams, then the pairs."""
    state = drives.DriveState(night)
    return render(
        request,
        "tournaments/team_night_results.html",
        {
            "drive": night,
            "allows": drives.drive_allows(night),
            "teams": _teams(state),
            "pairs": _pairs(state),
            "rules": state.rules_words,
        }
        | _games(state),
    )


def team_night_csv(request, drive_id: int):
    """The team standings, then the pairs', as a spreadsheet reads them."""
    try:
        night = get_drive_for_results(request, drive_id)
    except LoginNeeded:
        return redirect_to_login(request.get_full_path())
    state = drives.DriveState(night)
    teams = _teams(state) if state.drive.evening_format.ranks_teams else []
    pairs = _pairs(state) if state.drive.evening_format.ranks_teams else []
    # The points are rubber points in games and rubbers (the JSON of drive_state says which measure).
    rows = [
        ["place", "team", "name", "home_points", "away_points", "points", "tricks"],
        *([t[k] for k in ("place", "number", "name", "home", "away", "points", "tricks")] for t in teams),
        [],
        ["place", "team", "name", "pair", "players", "points", "tricks"],
        *([p[k] for k in ("place", "number", "team", "pair", "players", "points", "tricks")] for p in pairs),
    ]
    response = HttpResponse(csv_text(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="team-night-{night.pk}.csv"'
    return response
