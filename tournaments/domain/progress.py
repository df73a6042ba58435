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
"""


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


# What a player's own page shows of the standings during play, the club's choice (the values of
# ``Club.PlacesShown``): everything live, places as after the last round every table has finished,
# or places only at the close.
PLACES_LIVE, PLACES_ROUNDS, PLACES_CLOSE = "live", "rounds", "close"


def places_shown_after(choice: str, *, finished: bool, in_play) -> tuple[bool, int | None]:
    """Whether a player's page shows the standings now, and after which round they stand (None:
    as they stand now), for every kind of evening. ``in_play`` is asked only when places show
    after each round: it gives the round (or series) in play, None once every table has finished.

    >>> places_shown_after("live", finished=False, in_play=lambda: 3)
    (True, None)
    >>> places_shown_after("close", finished=False, in_play=lambda: 3)
    (False, None)
    >>> places_shown_after("close", finished=True, in_play=lambda: None)
    (True, None)
    >>> [places_shown_after("rounds", finished=False, in_play=lambda: r) for r in (1, 3, None)]
    [(False, None), (True, 2), (True, None)]
    """
    if finished or choice == PLACES_LIVE:
        return True, None
    if choice == PLACES_CLOSE:
        return False, None
    playing = in_play()
    if playing is None:
        return True, None
    return (False, None) if playing == 1 else (True, playing - 1)
