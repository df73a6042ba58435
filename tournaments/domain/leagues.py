"""An inter-club whist league, as the Aberdeen Whist League plays it: the fixture list, a match's
result from its two score cards, and the league table.

**Fixtures.** Every club meets every other four times, twice at home and twice away. The list is
made by the circle method: one club stays put, the others turn one place a round, and the pairs
facing each other play; an odd number of clubs adds an empty place, and the club drawn against it
has the round off (a bye). One turn of the circle is a *leg*, in which each pair of clubs meets
once; the second leg plays the first with home and away swapped, and the third and fourth legs
play the first two again. Within a leg the home side alternates as far as the circle allows (the
club that stays put alternates round by round; the others sit at home on even places), so no club
plays more than two rounds running at home or away inside a leg, and each club has one bye a leg.

**A match** is six a side: three pairs a club at three tables, 24 deals. The home pairs sit N/S
and stay; the visiting pairs move one table on after every 8 deals, so each home pair meets each
visiting pair over one stanza of 8 deals (``match_movement``).

**Score cards.** Each side keeps its own card at each table and writes down the tricks *it* took
on each deal, as a whist card does. The two cards of a table agree on a deal when their figures
add up to 13. Until every deal of every table agrees, the match's result counts for nothing: it
is *waiting* while a card is to come, and *held* as soon as a deal of a table whose two cards are
in differs (whatever other tables are still to send); the caller shows which deals differ, and
the cards are corrected.

**The result** (our reading of the league's rules, which do not say it): the side with more tricks
over all three tables wins the match; the same number of tricks is a tie. A win scores 3 points,
a tie 1, a loss 0.

**The league table**: played, won, tied, lost, tricks for and against, points; in order of
points, then trick difference (for minus against), then tricks for; clubs level on all three share
a place (``domain.places.shared_places``).

Worked example: two clubs meet four times, in four rounds.

>>> [(f.round, f.home, f.away) for f in make_fixtures(["Dee", "Don"])]
[(1, 'Don', 'Dee'), (2, 'Dee', 'Don'), (3, 'Don', 'Dee'), (4, 'Dee', 'Don')]

A match where the cards agree on every deal: the home side took 7 tricks of each deal at
table 1 and 6 at tables 2 and 3.

>>> home = {(t, d): 7 if t == 1 else 6 for t in TABLES for d in DEALS}
>>> away = {key: 13 - tricks for key, tricks in home.items()}
>>> result = match_result(home, away)
>>> result.state, result.home_tricks, result.away_tricks, result.home_points, result.away_points
('agreed', 456, 480, 0, 3)

The visitors' card at table 2 says they took 8 on deals 5 and 9, where the home card says 6:

>>> away[(2, 5)] = away[(2, 9)] = 8
>>> held = match_result(home, away)
>>> held.state, held.reason
('held', 'table 2 deals 5 and 9 differ')

>>> table = league_table(["Dee", "Don"], [Played("Dee", "Don", 456, 480)])
>>> [(row.place, row.club, row.points, row.difference) for row in table]
[('1', 'Don', 3, 24), ('2', 'Dee', 0, -24)]
"""

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from .errors import DomainError
from .places import shared_places

MEETINGS = 4  # each pair of clubs meets four times: twice at each club's home
TABLES = (1, 2, 3)  # six a side: three pairs a club
DEALS = range(1, 25)  # 24 deals a match
STANZA = 8  # deals before the visiting pairs move one table on
TRICKS = 13
MIN_CLUBS, MAX_CLUBS = 2, 20
MIN_DAYS_BETWEEN, MAX_DAYS_BETWEEN = 1, 60  # from one round to the next: a day to two months
WIN, TIE, LOSS = 3, 1, 0

AGREED, HELD, WAITING = "agreed", "held", "waiting"
CARD_NAMES = {"home": "home side's", "away": "visitors'"}

Card = Mapping[tuple[int, int], int]  # (table, deal) -> the tricks the card's side took


class LeagueError(DomainError):
    """A league, fixture list or score card that breaks the league's rules."""


@dataclass(frozen=True)
class Fixture:
    round: int
    home: Hashable
    away: Hashable


def _leg(count: int) -> list[list[tuple[int, int]]]:
    """One turn of the circle for an even ``count`` of places: each round's (home, away) places."""
    fixed = count - 1
    turning = list(range(count - 1))
    rounds = []
    for number in range(count - 1):
        circle = turning[number:] + turning[:number]
        first = (fixed, circle[0]) if number % 2 == 0 else (circle[0], fixed)
        pairs = [first]
        for place in range(1, count // 2):
            left, right = circle[place], circle[count - 1 - place]
            pairs.append((right, left) if place % 2 else (left, right))
        rounds.append(pairs)
    return rounds


def make_fixtures(clubs: Sequence[Hashable]) -> list[Fixture]:
    """The league's fixture list: rounds numbered from 1, every pair of clubs meeting four times,
    twice at each home; a club missing from a round has a bye."""
    if not MIN_CLUBS <= len(clubs) <= MAX_CLUBS:
        raise LeagueError(f"A league has {MIN_CLUBS} to {MAX_CLUBS} clubs, not {len(clubs)}.")
    if len(set(clubs)) != len(clubs):
        raise LeagueError("Each club can be in the league once only.")
    places = list(clubs) + ([None] if len(clubs) % 2 else [])
    leg = _leg(len(places))
    legs = [leg, [[(away, home) for home, away in pairs] for pairs in leg]] * (MEETINGS // 2)
    fixtures = []
    for number, pairs in enumerate((pairs for one in legs for pairs in one), start=1):
        for home, away in pairs:
            if places[home] is not None and places[away] is not None:
                fixtures.append(Fixture(number, places[home], places[away]))
    return fixtures


def check_days_between(days: int) -> None:
    """Rounds are 1 to 60 days apart: two on one day would ask a club to play twice at once."""
    if not MIN_DAYS_BETWEEN <= days <= MAX_DAYS_BETWEEN:
        raise LeagueError(f"Rounds are {MIN_DAYS_BETWEEN} to {MAX_DAYS_BETWEEN} days apart, not {days}.")


@dataclass(frozen=True)
class Meeting:
    """Who plays whom at a table over one stanza of a match."""

    table: int
    home_pair: int
    away_pair: int
    deals: range


def match_movement() -> list[Meeting]:
    """The match's movement: home pair k sits N/S at table k all match; visiting pair k starts at
    table k and moves one table on (3 to 1) after every 8 deals.

    >>> [(m.table, m.home_pair, m.away_pair, m.deals[0]) for m in match_movement() if m.table == 1]
    [(1, 1, 1, 1), (1, 1, 3, 9), (1, 1, 2, 17)]
    """
    return [
        Meeting(
            table=table,
            home_pair=table,
            away_pair=(table - 1 - stanza) % len(TABLES) + 1,
            deals=range(stanza * STANZA + 1, (stanza + 1) * STANZA + 1),
        )
        for stanza in range(len(DEALS) // STANZA)
        for table in TABLES
    ]


def check_card(tricks: Mapping[int, int], *, table: int) -> None:
    """A table's card as entered: a figure of 0 to 13 tricks for each of the 24 deals."""
    missing = [deal for deal in DEALS if tricks.get(deal) is None]
    if missing:
        raise LeagueError(f"Table {table}: the tricks of {_deals(missing)} are missing.")
    for deal in DEALS:
        if not 0 <= tricks[deal] <= TRICKS:
            raise LeagueError(
                f"Table {table}, deal {deal}: {tricks[deal]} tricks is not possible; "
                f"a side takes 0 to {TRICKS} tricks of a deal."
            )
    if set(tricks) - set(DEALS):
        raise LeagueError(f"A match has deals 1 to {len(DEALS)} only.")


@dataclass(frozen=True)
class Difference:
    table: int
    deal: int
    home_says: int  # the home card's figure: the tricks the home side took
    away_says: int  # the visitors' card's figure: the tricks the visitors took


@dataclass(frozen=True)
class MatchResult:
    state: str  # AGREED, HELD (a deal differs) or WAITING (a card is still to come, none differs)
    differences: tuple[Difference, ...] = ()
    missing: tuple[tuple[str, int], ...] = ()  # (side, table) of the cards still to come
    home_tricks: int = 0
    away_tricks: int = 0

    @property
    def home_points(self) -> int:
        return _points(self.home_tricks, self.away_tricks) if self.state == AGREED else 0

    @property
    def away_points(self) -> int:
        return _points(self.away_tricks, self.home_tricks) if self.state == AGREED else 0

    @property
    def reason(self) -> str:
        """Why the result is not agreed, in the words the pages show: "table 2 deals 5 and 9 differ"."""
        if self.state == WAITING:
            cards = [f"the {CARD_NAMES[side]} card of table {table}" for side, table in self.missing]
            return "waiting for " + _and(cards)
        by_table: dict[int, list[int]] = {}
        for difference in self.differences:
            by_table.setdefault(difference.table, []).append(difference.deal)
        return "; ".join(
            f"table {table} {_deals(deals)} {'differs' if len(deals) == 1 else 'differ'}"
            for table, deals in by_table.items()
        )


def _points(tricks: int, against: int) -> int:
    return WIN if tricks > against else TIE if tricks == against else LOSS


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _deals(deals: Sequence[int]) -> str:
    return ("deal " if len(deals) == 1 else "deals ") + _and([str(deal) for deal in deals])


def match_result(home_card: Card, away_card: Card) -> MatchResult:
    """The match's result from the two sides' cards, each mapping (table, deal) to the tricks that
    side took. Every table of both cards complete and every deal adding up to 13: agreed. A table
    whose two cards are in is compared at once, so a deal that differs holds the result while
    other tables' cards are still to come (its players hear of it while they are at the table)."""
    missing = tuple(
        (side, table)
        for side, card in (("home", home_card), ("away", away_card))
        for table in TABLES
        if any((table, deal) not in card for deal in DEALS)
    )
    differences = tuple(
        Difference(table, deal, home_card[table, deal], away_card[table, deal])
        for table in TABLES
        if ("home", table) not in missing and ("away", table) not in missing
        for deal in DEALS
        if home_card[table, deal] + away_card[table, deal] != TRICKS
    )
    if differences:
        return MatchResult(state=HELD, differences=differences, missing=missing)
    if missing:
        return MatchResult(state=WAITING, missing=missing)
    home = sum(home_card[table, deal] for table in TABLES for deal in DEALS)
    return MatchResult(state=AGREED, home_tricks=home, away_tricks=len(TABLES) * len(DEALS) * TRICKS - home)


@dataclass(frozen=True)
class Played:
    """An agreed match, as the league table counts it."""

    home: Hashable
    away: Hashable
    home_tricks: int
    away_tricks: int


@dataclass(frozen=True)
class Standing:
    place: str
    club: Hashable
    played: int
    won: int
    tied: int
    lost: int
    tricks_for: int
    tricks_against: int
    points: int

    @property
    def difference(self) -> int:
        return self.tricks_for - self.tricks_against


def league_table(clubs: Sequence[Hashable], played: Sequence[Played]) -> list[Standing]:
    """The league table of the clubs from their agreed matches: by points, then trick difference,
    then tricks for; clubs level on all three share a place and are listed in the order given."""
    figures = {club: [0, 0, 0, 0, 0, 0] for club in clubs}  # played, won, tied, lost, for, against
    for match in played:
        for club, tricks, against in (
            (match.home, match.home_tricks, match.away_tricks),
            (match.away, match.away_tricks, match.home_tricks),
        ):
            row = figures[club]
            row[0] += 1
            row[1 + (WIN, TIE, LOSS).index(_points(tricks, against))] += 1
            row[4] += tricks
            row[5] += against
    rows = [(club, row, row[1] * WIN + row[2] * TIE + row[3] * LOSS) for club, row in figures.items()]
    rows.sort(key=lambda entry: (-entry[2], -(entry[1][4] - entry[1][5]), -entry[1][4]))
    places = shared_places([(points, row[4] - row[5], row[4]) for _, row, points in rows])
    return [
        Standing(place, club, *row, points) for place, (club, row, points) in zip(places, rows, strict=True)
    ]
