"""An inter-club whist league, as the Aberdeen Whist League plays it: the fixture list, a match's
result from its two score cards, and the league table.

**Fixtures.** Every club meets every other four times, twice at home and twice away. The list is
made by the circle method: one club stays put, the others turn one place a round, and the pairs
facing each other play; an odd number of clubs adds an empty place, and the club drawn against it
has the round off (a bye). One turn of the circle is a *leg*, in which each pair of clubs meets
once; the second leg plays the first with home and away swapped, and the third and fourth legs
play the first two again. Within a leg the home side alternates as far as the circle allows (the
club that stays put alternates round by round; the others sit at home on even places), and each
club has one bye a leg. Each leg's rounds are then played in an order that gives no club three
home (or three away) matches running over the whole season, where the legs meet too, nor the same
club two rounds running; the circle's own order where it already does.

**A match** is six a side: three pairs a club at three tables, 24 deals. The home pairs sit N/S
and stay; the visiting pairs move one table on after every 8 deals, so each home pair meets each
visiting pair over one stanza of 8 deals (``match_movement``).

**Score cards.** Each side keeps its own card at each table and writes down the tricks *it* took
on each deal, as a whist card does; a side may change its card at the table until both cards of
that table are in (``both_cards_in``), and no further: it has seen the other side's by then. The
two cards of a table agree on a deal when their figures
add up to 13. Until every deal of every table agrees, the match's result counts for nothing: it
is *waiting* while a card is to come, and *held* as soon as a deal of a table whose two cards are
in differs (whatever other tables are still to send); the caller shows which deals differ, and
the cards are corrected.

**The result** (our reading of the league's rules, which do not say it): the side with more tricks
over all three tables wins the match; the same number of tricks is a tie. A win scores 3 points,
a tie 1, a loss 0.

**Games and rubbers** (a league's choice, ``game`` 5, 7 or 10; ``domain/rubbers``): each card also
gives, deal by deal, the honours claimed, from its side's view (4 or 2 for its own side, −4 or −2
for the other's, 0 for none), and the two cards agree on a deal when their tricks make 13 and
their honours are the same claim seen from both sides (4 on one, −4 on the other). Each stanza of
8 deals at a table is that table's games (new pairs, new games): the home pair N/S. A table's
result is its rubber points over its three stanzas, an unfinished game scoring nothing and an
unfinished rubber its finished games without the 2; the club with more rubber points over its
tables wins the match (3 points, 1 a tie), and the league table places clubs level on points by
their rubber points, then as before.

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

The same agreed cards in games to 5, honours claimed by nobody: at table 1 the home pairs take a
point a deal, so each stanza of 8 deals is a game won at the fifth deal as a treble (the visitors
have nothing) and a game unfinished, +3 a stanza, +9 at the table; the visitors the same at tables
2 and 3, −18: −9 to the home club, which loses.

>>> rubbers = match_result(home, {k: 13 - t for k, t in home.items()}, game=5)
>>> rubbers.state, rubbers.home_rubber_points, rubbers.home_points, rubbers.away_points
('agreed', -9, 0, 3)
"""

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date as Date

from .errors import DomainError
from .places import shared_places
from .rubbers import Score, play_deal, table_result, void_claim

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
# (table, deal) -> the honours claimed, from the card's side: 4 or 2 its own, -4 or -2 the other's.
Honours = Mapping[tuple[int, int], int]
HONOURS = (-4, -2, 0, 2, 4)


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
    twice at each home; a club missing from a round has a bye. The rounds of each leg are played
    in an order (``_season_order``) that gives no club three home or three away matches running."""
    if not MIN_CLUBS <= len(clubs) <= MAX_CLUBS:
        raise LeagueError(f"A league has {MIN_CLUBS} to {MAX_CLUBS} clubs, not {len(clubs)}.")
    if len(set(clubs)) != len(clubs):
        raise LeagueError("Each club can be in the league once only.")
    places = list(clubs) + ([None] if len(clubs) % 2 else [])
    leg = _leg(len(places))
    legs = [leg, [[(away, home) for home, away in pairs] for pairs in leg]] * (MEETINGS // 2)
    byes = {place for place, club in enumerate(places) if club is None}
    fixtures = []
    for number, pairs in enumerate(_season_order(legs, byes), start=1):
        for home, away in pairs:
            if home not in byes and away not in byes:
                fixtures.append(Fixture(number, places[home], places[away]))
    return fixtures


SEARCH_STEPS = 100_000  # rounds tried before the circle's own order is kept; a 20-club league needs 81


def _season_order(legs: list[list[list[tuple[int, int]]]], byes: set[int]) -> list[list[tuple[int, int]]]:
    """The season's rounds, each leg's in an order where no club plays three home (or three away)
    matches running, across the legs too (a bye between counts for nothing), no club is more than
    two home matches ahead of its away ones (or behind) after any round, and no club meets the same
    club in two rounds running. Each leg's rounds are tried in the circle's order first, so a leg
    that needs no change keeps it. When no order is found within ``SEARCH_STEPS`` (two clubs meet
    every round), the circle's order is kept.

    Four clubs: the circle's order puts three away matches running where the second leg begins;
    its first two rounds swapped, no club has such a run.

    >>> legs = [_leg(4), [[(a, h) for h, a in pairs] for pairs in _leg(4)]] * 2
    >>> [legs[1].index(pairs) for pairs in _season_order(legs, set())[3:6]]
    [1, 0, 2]
    """
    state: dict[int, tuple[tuple[bool, ...], int, int | None]] = {}  # last two venues, balance, opponent
    order: list[list[tuple[int, int]]] = []
    steps = 0

    def played(pairs: list[tuple[int, int]]) -> dict[int, tuple[tuple[bool, ...], int, int | None]] | None:
        """Each club's state after this round, or None when the round breaks a rule for one."""
        after = {place: (last, balance, None) for place, (last, balance, _) in state.items()}
        for home, away in pairs:
            if home in byes or away in byes:
                continue
            for place, at_home, other in ((home, True, away), (away, False, home)):
                last, balance, opponent = state.get(place, ((), 0, None))
                balance += 1 if at_home else -1
                if last == (at_home, at_home) or abs(balance) > 2 or opponent == other:
                    return None
                after[place] = ((*last, at_home)[-2:], balance, other)
        return after

    def place_rounds(leg: int, left: list[int]) -> bool:
        nonlocal state, steps
        if not left:
            return leg + 1 == len(legs) or place_rounds(leg + 1, list(range(len(legs[leg + 1]))))
        for index in left:
            steps += 1
            if steps > SEARCH_STEPS:
                return False
            after = played(legs[leg][index])
            if after is None:
                continue
            before, state = state, after
            order.append(legs[leg][index])
            if place_rounds(leg, [other for other in left if other != index]):
                return True
            state = before
            order.pop()
        return False

    if place_rounds(0, list(range(len(legs[0])))):
        return order
    return [pairs for leg in legs for pairs in leg]


# Days a club's members keep for their families: a round generated on one is said, to be moved.
HOLIDAYS = {(12, 25): "Christmas Day", (12, 26): "Boxing Day", (1, 1): "New Year's Day"}


def holiday(day: Date) -> str:
    """The holiday ``day`` is, "" when none.

    >>> holiday(Date(2026, 12, 25)), holiday(Date(2027, 1, 1)), holiday(Date(2026, 12, 24))
    ('Christmas Day', "New Year's Day", '')
    """
    return HOLIDAYS.get((day.month, day.day), "")


def holiday_warnings(rounds: Mapping[int, Date | None]) -> list[str]:
    """What to say of the rounds (number -> date) that fall on a holiday, in order.

    >>> [said] = holiday_warnings({12: Date(2026, 12, 21), 13: Date(2026, 12, 28), 14: Date(2027, 1, 1)})
    >>> said.split(":")[0]
    "Round 14 falls on New Year's Day, Fri 1 Jan 2027"
    """
    return [
        f"Round {number} falls on {holiday(day)}, {day:%a} {day.day} {day:%b %Y}: "
        "move it to another day if the clubs will not play then."
        for number, day in sorted(rounds.items())
        if day is not None and holiday(day)
    ]


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


def check_card(tricks: Mapping[int, int], *, table: int, honours: Mapping[int, int] | None = None) -> None:
    """A table's card as entered: a figure of 0 to 13 tricks for each of the 24 deals (and, in
    games and rubbers, the honours claimed: 4 or 2 for the card's side, -4 or -2 for the other)."""
    for deal, claimed in (honours or {}).items():
        if claimed not in HONOURS:
            raise LeagueError(
                f"Table {table}, deal {deal}: honours are 4 or 2 to your side, -4 or -2 to the other "
                f"side, or none; not {claimed}."
            )
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
    home_honours: int = 0  # in games and rubbers: the honours each card gives, from its side
    away_honours: int = 0


@dataclass(frozen=True)
class MatchResult:
    state: str  # AGREED, HELD (a deal differs) or WAITING (a card is still to come, none differs)
    differences: tuple[Difference, ...] = ()
    missing: tuple[tuple[str, int], ...] = ()  # (side, table) of the cards still to come
    home_tricks: int = 0
    away_tricks: int = 0
    game: int = 0  # games and rubbers to this many points (0: the tricks decide)
    home_rubber_points: int = 0  # the home tables' rubber points (the visitors': as many less)

    @property
    def away_rubber_points(self) -> int:
        return -self.home_rubber_points

    @property
    def home_points(self) -> int:
        return _points(*self._measure) if self.state == AGREED else 0

    @property
    def away_points(self) -> int:
        return _points(*reversed(self._measure)) if self.state == AGREED else 0

    @property
    def _measure(self) -> tuple[int, int]:
        """What decides the match: the tricks, or in games and rubbers the rubber points."""
        if self.game:
            return self.home_rubber_points, self.away_rubber_points
        return self.home_tricks, self.away_tricks

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


def both_cards_in(result: MatchResult, table: int) -> bool:
    """Are both sides' cards of ``table`` in? From then on a side's tablet may no longer change its
    card (it has seen the other's): the organiser corrects one from the paper cards.

    >>> both_cards_in(MatchResult(state=WAITING, missing=(("away", 2),)), 1)
    True
    >>> both_cards_in(MatchResult(state=WAITING, missing=(("away", 2),)), 2)
    False
    """
    return all(missing != table for _, missing in result.missing)


def _points(tricks: int, against: int) -> int:
    return WIN if tricks > against else TIE if tricks == against else LOSS


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _deals(deals: Sequence[int]) -> str:
    return ("deal " if len(deals) == 1 else "deals ") + _and([str(deal) for deal in deals])


def match_result(
    home_card: Card,
    away_card: Card,
    *,
    game: int = 0,
    home_honours: Honours | None = None,
    away_honours: Honours | None = None,
) -> MatchResult:
    """The match's result from the two sides' cards, each mapping (table, deal) to the tricks that
    side took. Every table of both cards complete and every deal adding up to 13: agreed. A table
    whose two cards are in is compared at once, so a deal that differs holds the result while
    other tables' cards are still to come (its players hear of it while they are at the table).
    In games and rubbers to ``game``, the honours of the two cards must agree too, and the tables'
    rubber points decide."""
    home_honours, away_honours = home_honours or {}, away_honours or {}
    missing = tuple(
        (side, table)
        for side, card in (("home", home_card), ("away", away_card))
        for table in TABLES
        if any((table, deal) not in card for deal in DEALS)
    )
    differences = tuple(
        Difference(table, deal, home_card[table, deal], away_card[table, deal], *claims)
        for table in TABLES
        if ("home", table) not in missing and ("away", table) not in missing
        for deal in DEALS
        for claims in [(home_honours.get((table, deal), 0), away_honours.get((table, deal), 0))]
        if home_card[table, deal] + away_card[table, deal] != TRICKS or (game and claims[0] != -claims[1])
    )
    if differences:
        return MatchResult(state=HELD, differences=differences, missing=missing, game=game)
    if missing:
        return MatchResult(state=WAITING, missing=missing, game=game)
    home = sum(home_card[table, deal] for table in TABLES for deal in DEALS)
    rubber_points = (
        sum(stanza_result(game, home_card, home_honours, meeting)[0] for meeting in match_movement())
        if game
        else 0
    )
    return MatchResult(
        state=AGREED,
        home_tricks=home,
        away_tricks=len(TABLES) * len(DEALS) * TRICKS - home,
        game=game,
        home_rubber_points=rubber_points,
    )


def stanza_deals(home_card: Card, home_honours: Honours, meeting: Meeting) -> list[tuple[int, str]]:
    """A stanza's deals at a table as games and rubbers score them: N/S (the home pair) tricks and
    the honours claimed, "NS4" or "EW2", from the home card's figures (those in so far). Given the
    visitors' card, the visitors are N/S."""
    deals = []
    for deal in meeting.deals:
        if (meeting.table, deal) not in home_card:
            break
        claimed = home_honours.get((meeting.table, deal), 0)
        claim = f"NS{claimed}" if claimed > 0 else f"EW{-claimed}" if claimed < 0 else ""
        deals.append((home_card[meeting.table, deal], claim))
    return deals


def void_claims(game: int, card: Card, honours: Honours, sides: Sequence[str] = ("we", "they")) -> dict:
    """The honours claimed on one side's card that score nothing, by (table, deal), each with
    why in words: each stanza played from the card's own figures, its side first.

    >>> card = {(1, 1): 10, (1, 2): 6}
    >>> void_claims(5, card, {(1, 2): 4})
    {(1, 2): 'not counted: we were at 4, one point short of the game'}
    """
    void = {}
    for meeting in match_movement():
        score = Score(game)
        for (tricks, claim), deal in zip(stanza_deals(card, honours, meeting), meeting.deals, strict=False):
            if words := void_claim(score, tricks, claim, sides):
                void[(meeting.table, deal)] = words
            score = play_deal(score, tricks, claim)
    return void


def stanza_result(game: int, home_card: Card, home_honours: Honours, meeting: Meeting) -> tuple[int, int]:
    """A stanza's rubber points at its table, the home pair's and the visitors'."""
    return table_result(game, stanza_deals(home_card, home_honours, meeting))


@dataclass(frozen=True)
class Played:
    """An agreed match, as the league table counts it."""

    home: Hashable
    away: Hashable
    home_tricks: int
    away_tricks: int
    home_rubber_points: int | None = None  # in games and rubbers (None: the tricks decide)


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
    rubber_points: int = 0  # in games and rubbers: the rubber points over the club's matches

    @property
    def difference(self) -> int:
        return self.tricks_for - self.tricks_against


def league_table(clubs: Sequence[Hashable], played: Sequence[Played]) -> list[Standing]:
    """The league table of the clubs from their agreed matches: by points, then trick difference,
    then tricks for; clubs level on all three share a place and are listed in the order given."""
    figures = {club: [0, 0, 0, 0, 0, 0] for club in clubs}  # played, won, tied, lost, for, against
    rubbers = dict.fromkeys(clubs, 0)
    for match in played:
        home_rubbers = match.home_rubber_points
        for club, tricks, against, own in (
            (match.home, match.home_tricks, match.away_tricks, home_rubbers),
            (
                match.away,
                match.away_tricks,
                match.home_tricks,
                None if home_rubbers is None else -home_rubbers,
            ),
        ):
            row = figures[club]
            row[0] += 1
            decided = (tricks, against) if own is None else (own, -own)
            row[1 + (WIN, TIE, LOSS).index(_points(*decided))] += 1
            row[4] += tricks
            row[5] += against
            rubbers[club] += own or 0
    rows = [(club, row, row[1] * WIN + row[2] * TIE + row[3] * LOSS) for club, row in figures.items()]
    rows.sort(key=lambda entry: (-entry[2], -rubbers[entry[0]], -(entry[1][4] - entry[1][5]), -entry[1][4]))
    places = shared_places([(points, rubbers[club], row[4] - row[5], row[4]) for club, row, points in rows])
    return [
        Standing(place, club, *row, points, rubbers[club])
        for place, (club, row, points) in zip(places, rows, strict=True)
    ]
