"""How far an evening has got: the results each table's round expects, the round in play and the
tables still playing it.

A table's round expects one result a board when two real pairs meet there, and none where the
phantom sits (its opponents sit out, or nobody is at the table):

    >>> expected_boards(5, 6, ns_pair=3, ew_pair=4)
    range(5, 7)
    >>> len(expected_boards(5, 6, ns_pair=None, ew_pair=4))
    0

Each table plays its rounds in order; its current round is the first with a board still to come.
The round in play is the earliest current round of the tables not yet finished, and the tables
still playing are the ones on it (the others are already on the next round, waiting for their
players to arrive). Rounds where nobody plays at a table (a sit-out) count as played.

    >>> expected = {(1, 1): 2, (1, 2): 2, (2, 1): 2, (2, 2): 2}
    >>> round_in_play(expected, {(1, 1): 2, (1, 2): 1})
    (1, (2,))
    >>> round_in_play(expected, {(1, 1): 2, (1, 2): 2, (2, 1): 2})
    (2, (2,))
    >>> round_in_play(expected, {key: 2 for key in expected})
    (None, ())

A pair (or an individual event's player) is on the first of their rounds not yet over for them: a
round they play, until every board of it is confirmed at their table, so a pair who finished early
already reads their next; a round they sit out, until the evening has moved past it (the round in
play is later), so a pair out in round 1 reads "you sit out" while round 1 is played, not round 2:

    >>> round_now(2, {2, 3}, lambda: (1, 3)), round_now(2, {2, 3}, lambda: (2, 3))
    (1, 2)
    >>> round_now(3, {1, 3}, lambda: (1, 3))  # round 1 done early, round 2 out while round 1 is played
    2

What a player's own page shows of the standings while play goes on is the club's choice
(``places_now``): everything live, the standings as they stood after the last round every table
has finished, or nothing until the close. With places after each round, in round 3:

    >>> places_now("rounds", closed=False, playing=lambda: 3)
    PlacesNow(shown=True, after=2)
    >>> places_now("rounds", closed=False, playing=lambda: 1), places_now("close", closed=True, playing=None)
    (PlacesNow(shown=False, after=None), PlacesNow(shown=True, after=None))
"""

from collections.abc import Callable
from dataclasses import dataclass

LIVE, ROUNDS, CLOSE = "live", "rounds", "close"  # the club's choices (``Club.PlacesShown``)


def expected_boards(first_board: int, last_board: int, *, ns_pair, ew_pair) -> range:
    """The boards a table's round expects a result on: all of its boards when two real pairs meet
    there, none at a sit-out (``ns_pair`` or ``ew_pair`` missing: the phantom's place)."""
    if ns_pair is None or ew_pair is None:
        return range(0)
    return range(first_board, last_board + 1)


def round_in_play(
    expected: dict[tuple[int, int], int], confirmed: dict[tuple[int, int], int]
) -> tuple[int | None, tuple[int, ...]]:
    """From the results each (round, table) expects and has confirmed: the round in play (None once
    every table has finished) and the tables still playing it, lowest first."""
    current: dict[int, int] = {}
    for round_, table in sorted(expected):
        if table in current:
            continue
        if expected[(round_, table)] and confirmed.get((round_, table), 0) < expected[(round_, table)]:
            current[table] = round_
    if not current:
        return None, ()
    earliest = min(current.values())
    return earliest, tuple(sorted(t for t, r in current.items() if r == earliest))


def round_now(
    current: int | None, plays: set[int], progress: Callable[[], tuple[int | None, int]]
) -> int | None:
    """The round a pair (or a player) is on now: ``current`` is their first round played with a
    board not yet confirmed at their table (None: every one they play is), ``plays`` the rounds they
    play at all. A round they sit out comes first while the evening has not moved past it;
    ``progress()`` gives the round in play (None once every table has finished) and the evening's
    number of rounds, asked only when a round they sit out may come first, since reading it may
    cost. None once their rounds are over."""
    if current is not None and all(r in plays for r in range(1, current)):
        return current
    in_play, rounds = progress()
    if in_play is None:
        return current
    end = rounds + 1 if current is None else current
    return next((r for r in range(in_play, end) if r not in plays), current)


@dataclass(frozen=True)
class PlacesNow:
    """What a player's own page shows of the standings now: nothing (``shown`` False), the
    standings as they stand (``after`` None), or as they stood after round ``after``."""

    shown: bool
    after: int | None = None


def places_now(choice: str, *, closed: bool, playing: Callable[[], int | None] | None) -> PlacesNow:
    """The standings a player's page shows, by the club's ``choice`` (``LIVE``, ``ROUNDS`` or
    ``CLOSE``): everything once the evening is ``closed``. ``playing`` gives the round in play
    (None once every table has finished); it is asked only for places after each round, since
    reading it may cost."""
    if closed or choice == LIVE:
        return PlacesNow(True)
    if choice == CLOSE:
        return PlacesNow(False)
    now = playing()
    if now is None:
        return PlacesNow(True)
    if now <= 1:
        return PlacesNow(False)
    return PlacesNow(True, now - 1)
