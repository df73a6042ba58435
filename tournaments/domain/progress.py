"""How far an evening has got: the round in play and the tables still playing it.

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
