"""The ¾ Howell for 6 tables: 12 pairs, 9 rounds, 27 boards, one winner; every pair meets 9 of
the 11 others once. An evening too short for the complete Howell's 11 rounds (domain.md, 1.7).

Pairs 1 to 9 move and pairs 10, 11 and 12 stay at their tables, so it is not the complete
Howell's cycle of 11: it is the published cards' own. From one round to the next every moving pair
p takes the seat of pair p - 1 (pair 1 the seat of pair 9) and every set s goes where set s - 1
was (set 1 where set 9 was), table by table; three of the nine sets rest on relay stands each
round, and no two tables share a set. The stationary pairs keep their table, but at some rounds a
table's two pairs sit the other way round (the card's ``swapped`` rounds): on the EBU's Saffron
card pair 12 sits E/W at table 6 every third round.

Two published cards (``../shared/data/three-quarter-howell-6-tables.json`` in the tests): the
EBU **Saffron** card (EBU24B T 6, the EBU's usual one; card set ``ebu``, the default) and the
**Yellow** card (EBU26 T 6, as the ACBL publishes it; card set ``acbl``).

    >>> m = build_three_quarter_howell(6, boards_per_round=3)
    >>> m.rounds, m.sets, m.boards
    (9, 9, 27)
    >>> [(tr.ns, tr.ew, tr.board_set) for tr in m.round_of(1)]
    [(5, 8, 1), (3, 2, 3), (9, 7, 4), (10, 6, 5), (11, 4, 7), (12, 1, 8)]
    >>> [(tr.ns, tr.ew, tr.board_set) for tr in m.round_of(3)][5]
    (3, 12, 1)
    >>> [rr.board_set for rr in m.relay if rr.round == 1]
    [2, 6, 9]
"""

from dataclasses import dataclass

from ..errors import MovementError
from .howell import howell_movement
from .mitchell import check_boards_per_round
from .types import Movement, TableRound, boards_of_set

THREE_QUARTER_HOWELL = "three-quarter-howell"
MOVING = 9  # pairs 1-9 move; as many sets and rounds
TABLES = 6  # the tables whistdrive has a ¾ Howell for


@dataclass(frozen=True)
class Card:
    """A published ¾ Howell card: round 1 as (N/S, E/W, set) table by table, and the rounds at
    which a table's pairs sit the other way round."""

    name: str
    first: tuple[tuple[int, int, int], ...]
    swapped: dict[int, tuple[int, ...]]


CARDS: dict[int, dict[str, Card]] = {
    TABLES: {
        "ebu": Card(
            "EBU Saffron",
            ((5, 8, 1), (3, 2, 3), (9, 7, 4), (10, 6, 5), (11, 4, 7), (12, 1, 8)),
            {6: (3, 6, 9)},
        ),
        "acbl": Card(
            "Yellow",
            ((12, 1, 1), (11, 4, 2), (10, 8, 3), (2, 7, 4), (9, 6, 5), (5, 3, 6)),
            {2: (4, 5, 8, 9), 3: (3, 4, 7, 8, 9)},
        ),
    },
}


def three_quarter_card_sets(tables: int) -> tuple[str, ...]:
    """The published ¾ Howell cards whistdrive has for this many tables (the first is the default)."""
    return tuple(CARDS.get(tables, {}))


def three_quarter_card(tables: int, card_set: str | None) -> Card:
    """The card of that card set (the default when None), or a MovementError in words."""
    cards = CARDS.get(tables)
    if cards is None:
        raise MovementError(
            f"whistdrive has the ¾ Howell for 6 tables (12 pairs), not for {tables}: for another field "
            "play a Howell or a Mitchell."
        )
    card_set = card_set or next(iter(cards))
    if card_set not in cards:
        raise MovementError(
            "The ¾ Howell comes on the "
            + " and ".join(f"{c.name} ({key.upper()})" for key, c in cards.items())
            + f" cards, not {card_set.upper()}."
        )
    return cards[card_set]


def _moved(pair: int, rounds: int) -> int:
    """A moving pair's (or a set's) number ``rounds`` rounds on: +1 a round, 10 wrapping to 1."""
    return pair if pair > MOVING else (pair - 1 + rounds) % MOVING + 1


def build_three_quarter_howell(
    tables: int,
    *,
    boards_per_round: int,
    rounds: int | None = None,
    phantom: bool = False,
    card_set: str | None = None,
) -> Movement:
    """The ¾ Howell of a published card; ``phantom``: pair 12 is missing and its opponent of each
    round sits out."""
    card = three_quarter_card(tables, card_set)
    card_set = card_set or three_quarter_card_sets(tables)[0]
    check_boards_per_round(boards_per_round)
    rounds = MOVING if rounds is None else rounds
    if not 1 <= rounds <= MOVING:
        raise MovementError(f"A ¾ Howell has {MOVING} rounds; it can be cut short, not lengthened.")
    missing = 2 * tables if phantom else None
    table_rounds = []
    for r in range(1, rounds + 1):
        for table, (ns, ew, board_set) in enumerate(card.first, start=1):
            ns, ew, board_set = (_moved(n, r - 1) for n in (ns, ew, board_set))
            if r in card.swapped.get(table, ()):
                ns, ew = ew, ns
            table_rounds.append(
                TableRound(
                    round=r,
                    table=table,
                    ns=None if ns == missing else ns,
                    ew=None if ew == missing else ew,
                    board_set=board_set,
                    boards=boards_of_set(board_set, boards_per_round),
                )
            )
    return howell_movement(
        THREE_QUARTER_HOWELL,
        tables,
        boards_per_round=boards_per_round,
        sets=MOVING,
        phantom=phantom,
        card_set=card_set,
        table_rounds=table_rounds,
    )
