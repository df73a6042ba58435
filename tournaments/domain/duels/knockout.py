"""A knock-out from the standings, with byes for the top seeds.

The cut: by default one entrant in four qualifies, fractions up (the American Cribbage Congress's
rule); the organiser may set another number. When the qualifiers are not a power of two, the top
seeds get byes so that the second round is one: 108 entrants → 27 qualifiers, 5 byes (11 matches in
the first round, 16 players in the second); 132 → 33, 31 byes; 60 → 15, 1 bye.

The bracket is the usual seeded one: seed 1 meets the lowest seed, and seeds 1 and 2 can meet only
in the final. The first round lists the bracket's matches in order, a bye as ``(seed, None)``; each
later round pairs the winners of neighbouring matches.

    >>> qualifiers(108), bracket_size(27) - 27, qualifiers(132), bracket_size(33) - 33
    (27, 5, 33, 31)
    >>> qualifiers(60), bracket_size(15) - 15
    (15, 1)
    >>> first_round(6)
    [(1, None), (4, 5), (2, None), (3, 6)]
    >>> next_round([1, 4, 6, 2])
    [(1, 4), (6, 2)]

The knock-out's rounds follow the night's rounds (the Swiss's or the round robin's) and are counted
from its own first: after four rounds, the night's fifth is "knock-out round 1" on every page,
paper and line of the trail.

    >>> round_name(4, 4), round_name(5, 4), round_name(6, 4)
    ('round 4', 'knock-out round 1', 'knock-out round 2')
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .scoring import DuelError


def qualifiers(entrants: int, cut: int = 0) -> int:
    """How many go through to the knock-out: ``cut`` when given, else one in four, fractions up."""
    wanted = cut or math.ceil(entrants / 4)
    if wanted < 2:
        raise DuelError(f"A knock-out needs 2 players or more: {wanted} would qualify of {entrants}.")
    if wanted > entrants:
        raise DuelError(f"{wanted} cannot qualify for the knock-out: only {entrants} played.")
    return wanted


def bracket_size(qualified: int) -> int:
    """The power of two at or above the qualifiers: the byes fill it."""
    return 1 << (qualified - 1).bit_length()


def _seed_order(size: int) -> list[int]:
    """Seeds in bracket order: 1, 8, 4, 5, 2, 7, 3, 6 for 8 (each match's seeds add to size + 1)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def first_round(qualified: int) -> list[tuple[int, int | None]]:
    """The first round's matches by seed, in bracket order; a top seed with a bye meets ``None``."""
    if qualified < 2:
        raise DuelError("A knock-out needs 2 players or more.")
    order = _seed_order(bracket_size(qualified))
    matches = []
    for high, low in zip(order[::2], order[1::2], strict=True):
        high, low = min(high, low), max(high, low)
        matches.append((high, low if low <= qualified else None))
    return matches


def next_round(winners: Sequence[int]) -> list[tuple[int, int]]:
    """The next round from the last round's winners, in bracket order (a bye's player counts as a
    winner)."""
    if len(winners) < 2 or len(winners) % 2:
        raise DuelError(f"{len(winners)} winners cannot be paired: a knock-out round halves the field.")
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


def round_name(number: int, rounds: int) -> str:
    """What the night's round ``number`` is called, its first ``rounds`` being those before the
    knock-out; lower case, as in a sentence ("Round 1 starts when …" capitalises it)."""
    if number > rounds:
        return f"knock-out round {number - rounds}"
    return f"round {number}"
