"""An inter-club league's writes and reads: the league and its clubs, the fixture list with each
match's table links, the two sides' score cards and the agreed result, and the league table.

The rules are ``domain/leagues/``. Each side enters its own card of a table (the tricks it took on
each of the 24 deals): on the table's tablet, or the organiser from the paper cards. After each
card the match is looked at again: every card in and every deal adding up to 13, the result is
agreed (``MatchResult``) and counts in the league table; a deal that differs holds it, and the
pages say which deals, until a card is corrected. Each side's card at each table has its own link
and code (``MatchTable``): a tablet enters or corrects its own side's card of its own table, until
both cards of that table are in (it has seen the other's then); after that only the organiser
corrects a card. A match's tables (their codes and links) open the day
before its date and close once its result is agreed (``may_play_match``): a tablet may enter or
correct its table's cards only then; the organiser corrects a card at any time (from the paper
cards).
Every card, correction, hold and agreement has its line in the trail of the club that runs the
league.
"""

import secrets
from collections.abc import Mapping, Sequence
from datetime import date as Date
from datetime import timedelta

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from ..domain import leagues as rules
from ..domain.rubbers import GAMES, signed
from ..models import (
    AuditLine,
    CardDeal,
    Club,
    Fixture,
    League,
    LeagueClub,
    MatchResult,
    MatchTable,
)
from .core.audit import club_log
from .core.codes import free_table_codes
from .core.errors import ServiceError, require_one_line
from .core.verdicts import ALLOWED, Verdict, refused

SIDES = {CardDeal.Side.HOME: "the home side's card", CardDeal.Side.AWAY: "the visitors' card"}
BOTH_IN = (
    "Both cards of table {table} are in: a side can no longer change its card at the table. "
    "If a figure is wrong, the organiser corrects it from the paper card."
)


def _line(league: League, action: str, detail: str, user) -> None:
    club_log(club=league.club, action=action, detail=f"{league}: {detail}", user=user)


def _match_name(fixture: Fixture) -> str:
    return f"round {fixture.round}, {fixture.home.name} v {fixture.away.name}"


# --- The league and its fixtures -------------------------------------------------------------------


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


# --- Score cards ------------------------------------------------------------------------------------


Cards = dict[str, dict[tuple[int, int], int]]  # by side: (table, deal) -> a figure of that side's card


def match_figures(fixture: Fixture) -> tuple[Cards, Cards]:
    """Each side's card: (table, deal) -> the tricks it says it took; and the honours it gives, in
    games and rubbers (4 or 2 to its own side, -4 or -2 to the other's, none left out)."""
    cards: Cards = {side: {} for side in CardDeal.Side.values}
    honours: Cards = {side: {} for side in CardDeal.Side.values}
    figures = fixture.card_deals.values_list("side", "table", "deal", "tricks", "honours")
    for side, table, deal, tricks, claimed in figures:
        cards[side][table, deal] = tricks
        if claimed:
            honours[side][table, deal] = claimed
    return cards, honours


def match_cards(fixture: Fixture) -> Cards:
    """Each side's card: (table, deal) -> the tricks it says it took."""
    return match_figures(fixture)[0]


def _result(game: int, cards: Cards, honours: Cards) -> rules.MatchResult:
    home, away = CardDeal.Side.HOME, CardDeal.Side.AWAY
    return rules.match_result(
        cards[home], cards[away], game=game, home_honours=honours[home], away_honours=honours[away]
    )


def unagreed_states(league: League) -> dict[int, rules.MatchResult]:
    """How far each match with a card in but no agreed result has come (held or waiting), by the
    fixture's id: its cards read in one query, the rules asked as for one match."""
    figures: dict[int, tuple[Cards, Cards]] = {}
    deals = CardDeal.objects.filter(fixture__league=league, fixture__result__isnull=True)
    for fixture, side, table, deal, tricks, claimed in deals.values_list(
        "fixture", "side", "table", "deal", "tricks", "honours"
    ):
        cards, honours = figures.setdefault(
            fixture, tuple({s: {} for s in CardDeal.Side.values} for _ in "ch")
        )
        cards[side][table, deal] = tricks
        if claimed:
            honours[side][table, deal] = claimed
    return {fixture: _result(league.game, *sides) for fixture, sides in figures.items()}


def match_state(fixture: Fixture, figures: tuple[Cards, Cards] | None = None) -> rules.MatchResult:
    """The match's state from its cards (read now, or ``figures`` as ``match_figures`` gives them)."""
    return _result(fixture.league.game, *(figures if figures is not None else match_figures(fixture)))


def may_play_match(fixture: Fixture, *, today: Date | None = None, agreed: bool | None = None) -> Verdict:
    """May the match's tables be used now (its codes open, its tablets take cards)? From the day
    before its date (a match with no date: from the start) until its result is agreed. A code
    live all season is one more to guess: a 20-club league has some 4,560. ``agreed`` is whether
    its result is agreed, from a caller that has read it already; None asks the database.

    A match on Tue 3 Mar 2026 opens on Mon 2 Mar, and stays open, however late, until its cards
    agree."""
    today = today or timezone.localdate()
    if fixture.date is not None and today < fixture.date - timedelta(days=1):
        on = f"{fixture.date:%a} {fixture.date.day} {fixture.date:%b}"
        return refused(f"This match is on {on}; its tables open the day before.")
    if agreed is None:
        agreed = MatchResult.objects.filter(fixture=fixture).exists()
    if agreed:
        return refused(
            "This match is over: its result is agreed. Ask the organiser if a card needs correcting."
        )
    return ALLOWED


def may_enter_card(fixture: Fixture, *, at_table: bool, agreed: bool | None = None) -> str:
    """Why a card of this match cannot be entered now ("" when it can): a tablet's only while the
    match may be played; the organiser may always enter or correct one. ``agreed`` as for
    ``may_play_match``."""
    return may_play_match(fixture, agreed=agreed).reason if at_table else ""


def _changed_deals(before: Mapping[int, int], after: Mapping[int, int], word: str = "") -> str:
    return ", ".join(
        f"deal {deal} {word}{before[deal]} → {after[deal]}"
        for deal in rules.DEALS
        if before[deal] != after[deal]
    )


@transaction.atomic(durable=True)
def match_card_enter(
    *,
    fixture: Fixture,
    side: str,
    tables: Mapping[int, Mapping[int, int]],
    honours: Mapping[int, Mapping[int, int]] | None = None,
    at_table: bool = False,
    user=None,
) -> rules.MatchResult:
    """Enter one side's card of each table given (deal -> tricks that side took; in games and
    rubbers, ``honours`` deal -> the honours it gives, 4 or 2 to its side, -4 or -2 to the other's,
    none left out), or correct it, and look at the match again: agreed, held (which deals differ)
    or waiting for a card."""
    honours = honours or {}
    fixture = (
        Fixture.objects.select_for_update(of=("self",))
        .select_related("league__club", "home", "away")
        .get(pk=fixture.pk)
    )
    if side not in CardDeal.Side.values:
        raise ServiceError("A card is the home side's or the visitors'.")
    if not tables or set(tables) - set(rules.TABLES):
        raise ServiceError(f"A match is played at tables {rules.TABLES[0]} to {rules.TABLES[-1]}.")
    if any(honours.values()) and not fixture.league.game:
        raise ServiceError(f"{fixture.league} does not play games and rubbers: its cards give no honours.")
    for table, tricks in tables.items():
        rules.check_card(tricks, table=table, honours=honours.get(table))
    refused = may_enter_card(fixture, at_table=at_table)
    if refused:
        raise ServiceError(refused)
    cards, claims = match_figures(fixture)
    before = match_state(fixture, (cards, claims))
    if at_table:
        for table in sorted(tables):
            if rules.both_cards_in(before, table):
                raise ServiceError(BOTH_IN.format(table=table))
    league, where = fixture.league, "at the table" if at_table else "from the paper card"
    for table, tricks in sorted(tables.items()):
        old = {deal: cards[side].get((table, deal)) for deal in rules.DEALS}
        old_honours = {deal: claims[side].get((table, deal), 0) for deal in rules.DEALS}
        new_honours = {deal: honours.get(table, {}).get(deal) or 0 for deal in rules.DEALS}
        if old == dict(tricks) and old_honours == new_honours:
            continue
        CardDeal.objects.filter(fixture=fixture, side=side, table=table).delete()
        CardDeal.objects.bulk_create(
            CardDeal(
                fixture=fixture,
                side=side,
                table=table,
                deal=deal,
                tricks=tricks[deal],
                honours=new_honours[deal],
            )
            for deal in rules.DEALS
        )
        cards[side].update({(table, deal): tricks[deal] for deal in rules.DEALS})
        for deal, claimed in new_honours.items():
            if claimed:
                claims[side][table, deal] = claimed
            else:
                claims[side].pop((table, deal), None)
        what = f"{_match_name(fixture)}, table {table}: {SIDES[side]}"
        if None in old.values():
            _line(league, AuditLine.Action.CARD, f"{what} entered {where}", user)
        else:
            changes = ", ".join(
                change
                for change in (
                    _changed_deals(old, tricks),
                    _changed_deals(old_honours, new_honours, "honours "),
                )
                if change
            )
            _line(league, AuditLine.Action.CORRECTED, f"{what} corrected {where}: {changes}", user)
    after = match_state(fixture, (cards, claims))
    _settle(fixture, before, after, user)
    return after


def match_card_enter_at_table(
    *,
    link: MatchTable,
    tricks: Mapping[int, int],
    honours: Mapping[int, int] | None = None,
    user=None,
) -> rules.MatchResult:
    """Enter or correct the card of the side and table whose link (or code) the tablet opened:
    that side's card at that table, and no other; refused once both cards of the table are in."""
    return match_card_enter(
        fixture=link.fixture,
        side=link.side,
        tables={link.table: tricks},
        honours={link.table: honours} if honours is not None else None,
        at_table=True,
        user=user,
    )


def _settle(fixture: Fixture, before: rules.MatchResult, after: rules.MatchResult, user) -> None:
    """Keep the agreed result in step with the cards, with a line when the match's state changes."""
    name = _match_name(fixture)
    if after.state == rules.AGREED:
        if before == after:
            return
        MatchResult.objects.update_or_create(
            fixture=fixture,
            defaults={
                "home_tricks": after.home_tricks,
                "away_tricks": after.away_tricks,
                "home_rubber_points": after.home_rubber_points if after.game else None,
                "agreed_at": timezone.now(),
            },
        )
        detail = (
            f"{name}: {fixture.home.name} {after.home_tricks} tricks, {fixture.away.name} {after.away_tricks}"
        )
        if after.game:
            detail += (
                f"; rubber points {signed(after.home_rubber_points)} to {signed(after.away_rubber_points)}"
            )
        _line(fixture.league, AuditLine.Action.AGREED, detail, user)
        return
    MatchResult.objects.filter(fixture=fixture).delete()
    if after.state == rules.HELD and before.differences != after.differences:
        _line(fixture.league, AuditLine.Action.HELD, f"{name}: held, {after.reason}", user)


# --- Reads -------------------------------------------------------------------------------------------


def league_standings(league: League) -> list[tuple[rules.Standing, LeagueClub]]:
    """The league table from the agreed results, each row with its club."""
    clubs = {club.pk: club for club in league.clubs.all()}
    played = [
        rules.Played(home, away, home_tricks, away_tricks, rubber_points)
        for home, away, home_tricks, away_tricks, rubber_points in MatchResult.objects.filter(
            fixture__league=league
        ).values_list(
            "fixture__home_id", "fixture__away_id", "home_tricks", "away_tricks", "home_rubber_points"
        )
    ]
    return [(row, clubs[row.club]) for row in rules.league_table(list(clubs), played)]


def league_table_data(league: League) -> dict:
    """The league table as plain data (the command's JSON)."""
    return {
        "league": league.name,
        "season": league.season,
        "table": [
            {
                "place": row.place,
                "club": club.name,
                "played": row.played,
                "won": row.won,
                "tied": row.tied,
                "lost": row.lost,
                "tricks_for": row.tricks_for,
                "tricks_against": row.tricks_against,
                "points": row.points,
            }
            # In games and rubbers a row adds the rubber points, which place clubs level on points.
            | ({"rubber_points": row.rubber_points} if league.game else {})
            for row, club in league_standings(league)
        ],
        "game": league.game or None,
    }


def league_table_text(league: League) -> str:
    """The league table as the noticeboard's lines of text."""
    header = f"{'':4} {'Club':24} {'P':>3} {'W':>3} {'T':>3} {'L':>3} {'For':>6} {'Agst':>6} {'Pts':>4}"
    lines = [f"{league.name} {league.season}", header]
    for row, club in league_standings(league):
        lines.append(
            f"{row.place:4} {club.name[:24]:24} {row.played:3} {row.won:3} {row.tied:3} {row.lost:3} "
            f"{row.tricks_for:6} {row.tricks_against:6} {row.points:4}"
        )
    return "\n".join(lines)


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
