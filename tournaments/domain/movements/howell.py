"""The Howell movement for small fields: every pair meets every other pair, one winner.

With T tables there are 2T pairs numbered 1..2T, in one numbering (pairs change direction), and
n = 2T - 1 rounds and sets of boards. The highest pair, 2T, stays at its seat all evening. A
Howell is defined by its first round (domain.md, section 1.7): from one round to the next every
other pair p becomes p + 1 and every set s becomes s + 1, n + 1 wrapping to 1, seat by seat. So a
seat's next occupant is always the pair numbered one below, and each seat's guide is the same
every round. The first rounds are the published ones of the EBU and ACBL card sets, so the pair
numbers on our cards match the cards clubs already own. Sets not in play in a round rest on the
relay stands.

The 3-table Howell has no cyclic form without sharing boards (domain.md, 1.7). whistdrive plays the
published one whose pairs still follow the cyclic rule and whose last round is shared: its sets are
given round by round (``SHARED_SETS``), and in round 5 all three tables play set 5, passing the
boards round.

With an odd number of pairs the stationary pair is the missing one and its opponent sits out.
Cut short (fewer rounds), not every pair meets every other: ``unmet_pairs`` says who.

Example, 2 tables (4 pairs), both tables on the same boards each round:

    >>> m = build_howell(2, boards_per_round=4)
    >>> [(tr.table, tr.ns, tr.ew, tr.boards) for tr in m.round_of(1)]
    [(1, 4, 1, (1, 2, 3, 4)), (2, 2, 3, (1, 2, 3, 4))]
    >>> [(tr.ns, tr.ew, tr.board_set) for tr in m.round_of(2)]
    [(4, 2, 2), (3, 1, 2)]
"""

from itertools import combinations

from ..errors import MovementError
from .mitchell import check_boards_per_round, check_three_pairs
from .types import Movement, RelayRound, TableRound, boards_of_set

# Round 1 of each published Howell: (N/S pair, E/W pair, set) table by table (domain.md, 1.7).
FIRST_ROUNDS: dict[int, dict[str, tuple[tuple[int, int, int], ...]]] = {
    2: {"standard": ((4, 1, 1), (2, 3, 1))},
    4: {
        "ebu": ((3, 6, 1), (7, 2, 3), (5, 4, 4), (8, 1, 5)),
        "acbl": ((8, 1, 1), (3, 6, 4), (2, 7, 6), (5, 4, 7)),
    },
    5: {
        "ebu": ((2, 4, 1), (8, 7, 2), (10, 1, 3), (6, 3, 4), (9, 5, 5)),
        "acbl": ((7, 3, 1), (5, 2, 2), (10, 1, 3), (9, 8, 4), (4, 6, 5)),
    },
    6: {"ebu": ((7, 3, 1), (12, 5, 2), (1, 11, 3), (9, 4, 4), (2, 10, 6), (8, 6, 7))},
    7: {
        "ebu": ((8, 13, 1), (2, 5, 2), (9, 11, 3), (14, 1, 4), (6, 7, 5), (4, 10, 6), (3, 12, 7)),
        "acbl": ((5, 12, 1), (2, 4, 2), (9, 10, 3), (14, 1, 4), (8, 13, 5), (7, 11, 6), (6, 3, 7)),
    },
    8: {
        "ebu": (
            (16, 1, 1),
            (10, 8, 2),
            (6, 2, 3),
            (13, 5, 4),
            (4, 3, 8),
            (14, 11, 9),
            (9, 15, 11),
            (12, 7, 15),
        ),
    },
}
# The 3-table Howell with its last round shared, as the open-source bridgescorer project publishes it
# ("Howell 6 teams 3 tables relay"; domain.md 1.7 counts the ACBL and EBU Blue cards of this kind):
# round 1 as above, the pairs then turn by the cyclic rule, the sets are the published ones, round
# by round, table by table.
FIRST_ROUNDS[3] = {"shared": ((6, 1, 1), (4, 3, 2), (2, 5, 4))}
SHARED_SETS = {3: ((1, 2, 4), (2, 3, 4), (3, 2, 1), (4, 3, 1), (5, 5, 5))}
CARD_SETS = ("ebu", "acbl")
CARD_SET_NAMES = {"ebu": "EBU", "acbl": "ACBL", "standard": "standard", "shared": "shared last round"}


def howell_tables_text() -> str:
    """The numbers of tables whistdrive has a Howell for, in words: ``2 to 8``.

    >>> howell_tables_text()
    '2 to 8'
    """
    tables = sorted(FIRST_ROUNDS)
    runs: list[list[int]] = []
    for t in tables:
        if runs and t == runs[-1][-1] + 1:
            runs[-1].append(t)
        else:
            runs.append([t])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]} to {run[-1]}" for run in runs)


def howell_card_sets(tables: int) -> tuple[str, ...]:
    """The published card sets whistdrive has for this many tables (the first is the default)."""
    return tuple(FIRST_ROUNDS.get(tables, {}))


def _step(value: int, rounds: int, n: int) -> int:
    """A pair or set number ``rounds`` rounds on: +1 a round, n + 1 wrapping to 1."""
    return (value - 1 + rounds) % n + 1


def build_howell(
    tables: int,
    *,
    boards_per_round: int,
    rounds: int | None = None,
    phantom: bool = False,
    card_set: str | None = None,
) -> Movement:
    sets_of = FIRST_ROUNDS.get(tables)
    if sets_of is None:
        raise MovementError(
            f"whistdrive has complete Howells for {howell_tables_text()} tables, not {tables}: for a bigger "
            "field play a Mitchell."
        )
    card_set = card_set or next(iter(sets_of))
    if card_set not in sets_of:
        raise MovementError(
            f"The {tables}-table Howell comes in the "
            + " and ".join(CARD_SET_NAMES[c] for c in sets_of)
            + f" card set, not {card_set.upper()}."
        )
    check_boards_per_round(boards_per_round)
    check_three_pairs(tables, phantom)
    if tables == 2 and boards_per_round < 2:
        raise MovementError(
            "Both tables of a 2-table Howell play the same boards each round, starting on different "
            "ones: give it at least 2 boards a round (one board cannot be at two tables at once)."
        )
    published_sets = SHARED_SETS.get(tables)
    if published_sets and boards_per_round < 3:
        raise MovementError(
            f"The {tables}-table Howell's last round is shared by all three tables, each starting on a "
            "different board: give it at least 3 boards a round."
        )
    n = 2 * tables - 1
    stationary = 2 * tables
    rounds = n if rounds is None else rounds
    if not 1 <= rounds <= n:
        raise MovementError(f"A {tables}-table Howell has {n} rounds; it can be cut short, not lengthened.")
    first = sets_of[card_set]

    table_rounds = []
    for r in range(1, rounds + 1):
        sets = published_sets[r - 1] if published_sets else tuple(_step(s, r - 1, n) for _, _, s in first)
        for table, ((ns, ew, _), board_set) in enumerate(zip(first, sets, strict=True), start=1):
            ns, ew = (p if p == stationary else _step(p, r - 1, n) for p in (ns, ew))
            if phantom:
                ns, ew = (None if p == stationary else p for p in (ns, ew))
            sharing = [t for t, other in enumerate(sets, start=1) if other == board_set and t != table]
            table_rounds.append(
                TableRound(
                    round=r,
                    table=table,
                    ns=ns,
                    ew=ew,
                    board_set=board_set,
                    boards=boards_of_set(board_set, boards_per_round),
                    shares_with=sharing[0] if sharing else None,
                )
            )
    return howell_movement(
        "howell",
        tables,
        boards_per_round=boards_per_round,
        sets=n,
        phantom=phantom,
        card_set=card_set,
        table_rounds=table_rounds,
    )


def howell_movement(
    variant: str,
    tables: int,
    *,
    boards_per_round: int,
    sets: int,
    phantom: bool,
    card_set: str,
    table_rounds: list[TableRound],
) -> Movement:
    """A Howell (or ¾ Howell) from its tables round by round: the sets not in play in a round rest
    on the relay stands."""
    rounds = max(tr.round for tr in table_rounds)
    in_play = {(tr.round, tr.board_set) for tr in table_rounds}
    relay = tuple(
        RelayRound(r, s, boards_of_set(s, boards_per_round))
        for r in range(1, rounds + 1)
        for s in range(1, sets + 1)
        if (r, s) not in in_play
    )
    return Movement(
        kind="howell",
        variant=variant,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        sets=sets,
        phantom=phantom,
        arrow_switch_rounds=(),
        table_rounds=tuple(table_rounds),
        relay=relay,
        card_set=card_set,
    )


def unmet_pairs(movement: Movement) -> tuple[tuple[int, int], ...]:
    """The pairs who do not meet (a Howell cut short, or with a missing pair), lowest first.

    >>> unmet_pairs(build_howell(2, boards_per_round=4, rounds=2))
    ((1, 2), (3, 4))
    """
    pairs = sorted({p for tr in movement.table_rounds for p in (tr.ns, tr.ew) if p is not None})
    met = {
        frozenset((tr.ns, tr.ew)) for tr in movement.table_rounds if tr.ns is not None and tr.ew is not None
    }
    return tuple((a, b) for a, b in combinations(pairs, 2) if frozenset((a, b)) not in met)
