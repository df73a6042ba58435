"""A league and its fixtures: the league set up with its clubs and fixture list (each match's
table links made with it), the list made afresh, a round moved to another day, the league
deleted. Every change has its line in the trail of the club that runs the league."""

import secrets
from collections.abc import Sequence
from datetime import date as Date
from datetime import timedelta

from django.db import transaction
from django.db.models import Q, QuerySet

from ...domain import leagues as rules
from ...domain.rubbers import GAMES
from ...models import AuditLine, CardDeal, Club, Fixture, League, LeagueClub, MatchTable
from ..core.audit import club_log
from ..core.codes import free_table_codes
from ..core.errors import ServiceError, require_one_line


def _line(league: League, action: str, detail: str, user) -> None:
    club_log(club=league.club, action=action, detail=f"{league}: {detail}", user=user)


def _make_fixtures(league: League, *, start: Date | None, days_between: int) -> int:
    clubs = list(league.clubs.order_by("pk"))
    fixtures = [
        Fixture(
            league=league,
            round=planned.round,
            date=start + timedelta(days=days_between * (planned.round - 1)) if start else None,
            home=planned.home,
            away=planned.away,
        )
        for planned in rules.make_fixtures(clubs)
    ]
    Fixture.objects.bulk_create(fixtures)
    sides = CardDeal.Side.values
    codes = iter(free_table_codes(len(fixtures) * len(rules.TABLES) * len(sides)))
    MatchTable.objects.bulk_create(
        MatchTable(fixture=fixture, table=table, side=side, token=secrets.token_urlsafe(24), code=next(codes))
        for fixture in fixtures
        for table in rules.TABLES
        for side in sides
    )
    return len(fixtures)


def league_club_names(names: Sequence[str]) -> list[str]:
    """The clubs' names as a league takes them: trimmed, blank lines left out, each once, 2 to 20."""
    cleaned = [name.strip() for name in names if name.strip()]
    seen: set[str] = set()
    for name in cleaned:
        if name.casefold() in seen:
            raise ServiceError(f"{name} is listed twice: each club plays in the league once.")
        seen.add(name.casefold())
    rules.make_fixtures(cleaned)  # the number of clubs
    return cleaned


def _clubs_to_link(club: Club, user) -> QuerySet[Club]:
    """The clubs a league's clubs may be linked to by name: those whoever sets the league up can
    run (the club that runs it, and the user's own clubs; every club for a superuser). Another
    organiser's club of the same name is not one of them."""
    if user is not None and user.is_superuser:
        return Club.objects.all()
    if user is not None and user.is_authenticated:
        return Club.objects.filter(Q(pk=club.pk) | Q(organisers=user)).distinct()
    return Club.objects.filter(pk=club.pk)


@transaction.atomic  # not durable: the organiser site calls it inside its own transaction
def league_create(
    *,
    club: Club,
    name: str,
    season: str,
    clubs: Sequence[str],
    start: Date | None = None,
    days_between: int = 7,
    game: int = 0,
    user=None,
) -> League:
    """A league run by ``club``, its clubs named (each linked to our club of that name, if it is
    one ``user`` can run), and its fixture list, the first round on ``start`` and one every
    ``days_between`` days; ``game`` 5, 7 or 10 plays its matches in games and rubbers."""
    name, season = name.strip(), season.strip()
    if not name or not season:
        raise ServiceError("A league needs a name and a season.")
    require_one_line(name, season, *clubs)
    if game and game not in GAMES:
        raise ServiceError(f"A game is played to 5, 7 or 10 points, not {game}.")
    rules.check_days_between(days_between)
    if League.objects.filter(club=club, name=name, season=season).exists():
        raise ServiceError(f"{club} already runs {name} {season}.")
    names = league_club_names(clubs)
    league = League.objects.create(club=club, name=name, season=season, game=game)
    ours = {c.name: c for c in _clubs_to_link(club, user).filter(name__in=names)}
    LeagueClub.objects.bulk_create(LeagueClub(league=league, name=n, club=ours.get(n)) for n in names)
    made = _make_fixtures(league, start=start, days_between=days_between)
    _line(league, AuditLine.Action.CREATED, f"{len(names)} clubs, {made} matches", user)
    return league


@transaction.atomic(durable=True)
def league_fixtures_make(*, league: League, start: Date | None, days_between: int = 7, user=None) -> int:
    """Make the league's fixture list afresh (after its clubs changed); refused once a card of
    any match is in, so no result is lost. Returns the number of matches."""
    rules.check_days_between(days_between)
    league = League.objects.select_for_update().get(pk=league.pk)
    if CardDeal.objects.filter(fixture__league=league).exists():
        raise ServiceError("Cards of this league's matches are in: its fixture list stays as it is.")
    rules.make_fixtures(list(league.clubs.all()))
    league.fixtures.all().delete()
    made = _make_fixtures(league, start=start, days_between=days_between)
    first = f", round 1 on {start:%-d %B %Y}" if start else ""
    _line(league, AuditLine.Action.CHANGED, f"fixture list made: {made} matches{first}", user)
    return made


def league_holiday_warnings(league: League) -> list[str]:
    """What to say of the league's rounds that fall on Christmas Day, Boxing Day or New Year's Day."""
    return rules.holiday_warnings(dict(league.fixtures.order_by("round").values_list("round", "date")))


@transaction.atomic(durable=True)
def league_round_move(*, league: League, round: int, date: Date, user=None) -> int:
    """Move every match of the league's round ``round`` to ``date`` (a round on a holiday, or a
    hall not free that day); refused when another round is on that day, which would ask a club to
    play twice at once. Returns the number of matches moved."""
    league = League.objects.select_for_update().get(pk=league.pk)
    matches = league.fixtures.filter(round=round)
    was = matches.values_list("date", flat=True).first()
    if not matches.exists():
        raise ServiceError(f"{league} has no round {round}.")
    clash = league.fixtures.filter(date=date).exclude(round=round).values_list("round", flat=True).first()
    if clash is not None:
        raise ServiceError(
            f"Round {clash} is on {date:%a} {date.day} {date:%b %Y} already: choose another day."
        )
    moved = matches.update(date=date)
    before = f"{was:%a} {was.day} {was:%b %Y}" if was else "no date"
    _line(
        league,
        AuditLine.Action.CHANGED,
        f"round {round} moved: {before} → {date:%a} {date.day} {date:%b %Y}",
        user,
    )
    return moved


@transaction.atomic  # not durable: the organiser site calls it inside its own transaction
def league_delete(*, league: League, user=None) -> None:
    """Delete a league with its fixtures, cards and results; the line stays in its club's trail."""
    name, club = str(league), league.club
    matches = league.fixtures.count()
    league.delete()
    club_log(
        club=club,
        action=AuditLine.Action.DELETED,
        detail=f"{name}: the league and its {matches} matches",
        user=user,
    )
