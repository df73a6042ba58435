"""A team night set up: the drive, then its teams of four, each a home pair and an away pair.

It is a drive of the ``teams`` format, and runs as every drive does (``play``): its hands are seated
from the schedule of ``domain/drives/teams`` when it starts, so its tablets, corrections, close and
backup are the drive's. Team t's players hold cards 2t - 1 (the home pair) and 2t (the away pair),
one of each role in a pair: the cards the seating and the score cards go by.
"""

from collections.abc import Sequence
from datetime import date as Date

from django.db import transaction
from django.db.models import Max

from ...domain.drives.teams import Rule, check_teams, check_visits, pair_card
from ...domain.errors import DriveError
from ...domain.rubbers import GAMES
from ...models import AuditLine, Club, Drive, DrivePlayer, DriveTeam
from ..core.audit import drive_log
from ..core.errors import ServiceError, require_one_line
from ..core.verdicts import require
from ..events.entries import member_or_guest
from . import lifecycle
from .setup import drive_create
from .state import DriveStateError

Action = AuditLine.Action
PAIRS = (DrivePlayer.Pair.HOME, DrivePlayer.Pair.HOME, DrivePlayer.Pair.AWAY, DrivePlayer.Pair.AWAY)
ROLES = (DrivePlayer.Role.LADY, DrivePlayer.Role.GENT) * 2


@transaction.atomic
def team_night_create(
    *,
    club: Club,
    name: str,
    date: Date,
    teams: Sequence[tuple[str, Sequence[str]]],
    hands: int = 24,
    halves: int = 2,
    team_points: str = Rule.MAJORITY,
    trump_schedule: str = "HDSC",
    tag: str = "",
    game: str = Drive.Game.WHIST,
    minnesota_rules: str = "swedish",
    rubbers: int = 0,
    hands_per_visit: int = 1,
    user=None,
) -> Drive:
    """A team night with its teams, each given as its name and its four players (the home pair's
    two, then the away pair's two). All or nothing. A Minnesota team night (``game``) scores each
    hand from its pairs' Minnesota points (``domain.drives.teams.game_points``). ``rubbers`` (5, 7
    or 10) plays each visit's ``hands_per_visit`` hands at a table as games and rubbers
    (``domain/drives/team_rubbers``): classic whist only, never a Minnesota night."""
    if team_points not in Drive.TeamPoints.values:
        raise ServiceError(f"'{team_points}' is not a points rule: give majority or tricks.")
    if rubbers and rubbers not in GAMES:
        raise ServiceError(f"A game is played to 5, 7 or 10 points, not {rubbers}.")
    try:
        check_teams(len(teams))
        check_visits(hands, hands_per_visit)
    except DriveError as error:
        raise ServiceError(str(error)) from None
    drive = drive_create(
        club=club,
        name=name,
        date=date,
        format=Drive.Format.TEAMS,
        hands=hands,
        halves=halves,
        trump_schedule=trump_schedule,
        tag=tag,
        team_points=team_points,
        game=game,
        minnesota_rules=minnesota_rules,
        rubbers=rubbers,
        hands_per_round=hands_per_visit,
        user=user,
    )
    for team_name, players in teams:
        _add(drive, team_name, players, user)
    return drive


@transaction.atomic
def drive_team_add(*, drive: Drive, name: str, players: Sequence[str], user=None) -> DriveTeam:
    """Enter a team before the start: its name and four players, the home pair's two first."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    return _add(drive, name, players, user)


def _add(drive: Drive, name: str, players: Sequence[str], user) -> DriveTeam:
    if not drive.evening_format.enters_teams:
        raise ServiceError(f"{drive.name} is not a team night: enter its players one by one.")
    require(lifecycle.may_change_players(drive), DriveStateError)
    require_one_line(name, *players)
    name = " ".join(name.split())
    if not name:
        raise ServiceError("Give the team a name.")
    if len(name) > 60:
        raise ServiceError("A team's name can be at most 60 characters: shorten it.")
    if drive.teams.filter(name__iexact=name).exists():
        raise ServiceError(f"There is already a team called {name}: give each team its own name.")
    names = [" ".join(player.split()) for player in players]
    if len(names) != 4 or not all(names):
        raise ServiceError(f"{name}: a team is four players, two in its home pair and two in its away pair.")
    number = (drive.teams.aggregate(top=Max("number"))["top"] or 0) + 1
    team = DriveTeam.objects.create(drive=drive, number=number, name=name)
    entered = set(drive.players.exclude(member=None).values_list("member_id", flat=True))
    for player_name, pair, role in zip(names, PAIRS, ROLES, strict=True):
        member, guest = member_or_guest(drive.club, player_name)
        if member is not None and member.pk in entered:
            raise ServiceError(f"{member} is already entered: a player plays in one team.")
        if member is not None:
            entered.add(member.pk)
        DrivePlayer.objects.create(
            drive=drive,
            role=role,
            card=pair_card(number, pair),
            member=member,
            guest=guest,
            team=team,
            pair=pair,
        )
    detail = f"entered team {number}, {name}: {names[0]} & {names[1]} at home, {names[2]} & {names[3]} away"
    drive_log(drive=drive, action=Action.PLAYERS, detail=detail, user=user)
    return team


@transaction.atomic
def drive_team_remove(*, drive: Drive, team: DriveTeam, user=None) -> None:
    """Take a team out before the start; the teams after it move up a number, so that the tables
    stay 1, 2, 3, … (their players' cards with them)."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    require(lifecycle.may_change_players(drive), DriveStateError)
    team = DriveTeam.objects.filter(pk=team.pk, drive=drive).first()
    if team is None:
        return
    number, name = team.number, team.name
    team.delete()
    for later in drive.teams.filter(number__gt=number).order_by("number"):
        later.number -= 1
        later.save(update_fields=["number"])
        for player in later.players.order_by("role"):
            player.card -= 2
            player.save(update_fields=["card"])
    drive_log(drive=drive, action=Action.PLAYERS, detail=f"removed team {number}, {name}", user=user)
