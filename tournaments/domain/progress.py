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


def places_shown_now(choice: str, *, closed: bool, in_play) -> tuple[bool, int | None]:
    """Whether a player's own page shows their place now, and the round (or a drive's hand) the
    standings stand after (None: as they stand now), by the club's choice: "live" (everything as
    it comes in), "rounds" (as after the last round every table has finished) or "close" (only once
    the evening is closed). ``in_play`` gives the round in play (None once every table has finished
    it all); it is asked only when the choice needs it.

    >>> places_shown_now("live", closed=False, in_play=lambda: 3)
    (True, None)
    >>> places_shown_now("rounds", closed=False, in_play=lambda: 3)
    (True, 2)
    >>> places_shown_now("rounds", closed=False, in_play=lambda: 1)  # nobody has finished round 1
    (False, None)
    >>> [places_shown_now("close", closed=closed, in_play=None) for closed in (False, True)]
    [(False, None), (True, None)]
    """
    if closed or choice == "live":
        return True, None
    if choice == "close":
        return False, None
    playing = in_play()
    if playing is None:
        return True, None
    if playing == 1:
        return False, None
    return True, playing - 1
