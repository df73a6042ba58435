"""A league's fixture list and the dates of its rounds.

Every club meets every other four times, twice at home and twice away. The list is
made by the circle method: one club stays put, the others turn one place a round, and the pairs
facing each other play; an odd number of clubs adds an empty place, and the club drawn against it
has the round off (a bye). One turn of the circle is a *leg*, in which each pair of clubs meets
once; the second leg plays the first with home and away swapped, and the third and fourth legs
play the first two again. Within a leg the home side alternates as far as the circle allows (the
club that stays put alternates round by round; the others sit at home on even places), and each
club has one bye a leg. Each leg's rounds are then played in an order that gives no club three
home (or three away) matches running over the whole season, where the legs meet too, nor the same
club two rounds running; the circle's own order where it already does.

Two clubs meet four times, in four rounds.

>>> [(f.round, f.home, f.away) for f in make_fixtures(["Dee", "Don"])]
[(1, 'Don', 'Dee'), (2, 'Dee', 'Don'), (3, 'Don', 'Dee'), (4, 'Dee', 'Don')]
"""

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date as Date

from ..errors import LeagueError

MEETINGS = 4  # each pair of clubs meets four times: twice at each club's home
MIN_CLUBS, MAX_CLUBS = 2, 20
MIN_DAYS_BETWEEN, MAX_DAYS_BETWEEN = 1, 60  # from one round to the next: a day to two months


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
