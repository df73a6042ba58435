"""Schedules for v = 4n + 2 players (10, 14, ..., 38), for whom no whist tournament exists.

Each seats the players at n tables in each of v rounds, two players sitting out each round and
every player exactly twice, so that every two players partner at most once and oppose at most
twice; v / 2 of the pairs never partner (the rounds hold v (v - 2) / 2 partnerships, the pairs
are v (v - 1) / 2).

The players are the elements (x, s) of Z_(2n+1) x {0, 1}, (x, s) being player 2x + s + 1. Two
initial rounds, each leaving out (0, 0) and (0, 1), are developed over Z_(2n+1): round t of the
first half (t = 1 .. 2n + 1) adds t - 1 to every x of the first initial round, round 2n + 1 + t
to every x of the second. So players 2t - 1 and 2t sit out rounds t and 2n + 1 + t, and after any
number of rounds the sit-outs are at most one apart. The initial rounds were found by
``scripts/find_whist_sitouts.py`` [derived] and are stored here as tables (N, E, S, W) of
elements x + (2n + 1) s; nothing is searched at run time, and the tests check every schedule from
scratch.

    >>> rounds, source = sitout_rounds(10)
    >>> len(rounds), rounds[0]
    (10, ((7, 4, 6, 10), (9, 8, 3, 5)))
    >>> source.startswith("10 players, two sitting out each round")
    True
"""

from functools import cache

# v: the two initial rounds, tables (N, E, S, W) of elements x + (v / 2) s.
INITIAL_ROUNDS: dict[int, tuple[tuple[tuple[int, int, int, int], ...], ...]] = {
    10: (((3, 6, 7, 9), (4, 8, 1, 2)), ((3, 6, 2, 4), (1, 7, 9, 8))),
    14: (((11, 10, 13, 9), (3, 5, 6, 8), (12, 4, 1, 2)), ((9, 5, 12, 4), (1, 11, 10, 3), (6, 8, 13, 2))),
    18: (
        ((15, 10, 16, 5), (11, 12, 8, 6), (1, 17, 14, 13), (2, 4, 3, 7)),
        ((2, 13, 11, 5), (8, 15, 3, 17), (7, 6, 14, 4), (12, 16, 1, 10)),
    ),
    22: (
        ((6, 14, 12, 18), (17, 20, 4, 15), (7, 8, 2, 9), (21, 1, 5, 3), (10, 13, 19, 16)),
        ((21, 14, 10, 7), (2, 15, 16, 17), (8, 13, 20, 3), (5, 4, 1, 12), (18, 9, 19, 6)),
    ),
}


@cache
def sitout_rounds(players: int) -> tuple[tuple[tuple[tuple[int, int, int, int], ...], ...], str]:
    """The rounds for ``players`` players, tables as (N, E, S, W) players 1..players, and their source."""
    m = players // 2

    def player(element: int, shift: int) -> int:
        s, x = divmod(element, m)
        return 2 * ((x + shift) % m) + s + 1

    rounds = tuple(
        tuple(tuple(player(p, shift) for p in table) for table in initial)
        for initial in INITIAL_ROUNDS[players]
        for shift in range(m)
    )
    # The organiser reads this under the schedule: in words, and no path to the script that
    # searched for the initial rounds (scripts/find_whist_sitouts.py).
    return rounds, (
        f"{players} players, two sitting out each round (no whist tournament exists for {players}): "
        f"two initial rounds developed over Z_{m}, found by a computer search"
    )
