"""A recommended movement for the pairs who came tonight, in words an organiser understands.

Two pairs make a table; an odd pair makes a half table, filled by a phantom (its opponents sit
out in turn). A small field, 4 to 14 pairs, plays a Howell where whistdrive has one for its
number of tables: every pair meets every other and there is one winner; 12 pairs may play the ¾
Howell instead, 27 boards in 9 rounds (first when the club wants 27 boards). An odd number of tables
plays the standard Mitchell. An even number plays the skip
Mitchell, or the share-and-relay when there is a half table (a skip would make the same pair sit
out twice). Boards a round are chosen so each pair plays about 24 boards, the length of a club
evening; the evening's length is the boards played times the club's minutes a board. Pairs who
must stay at one table need seats that stay put: a Mitchell's N/S seats, a Howell's one stationary
pair (none when that pair is the missing one); a movement without enough of them is not offered.

    >>> best = recommend(18)[0]
    >>> best.tables, best.variant, best.rounds, best.boards_per_round, best.boards_played
    (9, 'standard', 9, 3, 27)
    >>> best = recommend(8)[0]
    >>> best.tables, best.variant, best.rounds, best.boards_per_round, best.boards_played
    (4, 'howell', 7, 3, 21)
    >>> best = recommend(8, staying=2)[0]
    >>> best.tables, best.variant, best.rounds, best.boards_per_round, best.boards_played
    (4, 'skip', 3, 8, 24)
"""

import math
from collections import Counter
from dataclasses import dataclass, replace

from .errors import MovementError
from .limits import MAX_PAIRS, MAX_TABLES
from .movements import THREE_QUARTER_HOWELL, build_movement, howell_card_sets, three_quarter_card_sets
from .movements.three_quarter import TABLES as THREE_QUARTER_TABLES

TARGET_BOARDS = 24
MIN_PAIRS = 4
HOWELL_PAIRS = range(4, 15)  # fields small enough for every pair to meet every other in an evening
HOWELL_RANGE = f"{HOWELL_PAIRS[0]} to {HOWELL_PAIRS[-1]} pairs"  # as the pages and the README say it


@dataclass(frozen=True)
class Proposal:
    tables: int
    variant: str
    phantom: bool
    boards_per_round: int
    rounds: int
    boards_in_play: int  # boards to deal
    boards_played: int  # by each pair that never sits out
    minutes: int
    why: str
    fewest_boards: int = 0  # by the pairs who sit out, when some do
    sit_out_rounds: int = 0  # rounds each of those pairs sits out
    stationary: tuple[tuple[str, int], ...] = ()  # the seats that stay put (Movement.stationary)

    @property
    def summary(self) -> str:
        half = " with a half table" if self.phantom else ""
        boards = f"{self.boards_per_round} board{'' if self.boards_per_round == 1 else 's'}"
        if self.variant in HOWELLS:
            each = f"{self.fewest_boards or self.boards_played} boards each"
            if self.sit_out_rounds:
                each += ", every pair sits out one round"
        elif self.sit_out_rounds:
            rounds = "round" if self.sit_out_rounds == 1 else "rounds"
            each = (
                f"{self.boards_played} boards for the N/S pairs, {self.fewest_boards} for the E/W pairs, "
                f"who each sit out {self.sit_out_rounds} {rounds} of {self.rounds}"
            )
        else:
            each = f"{self.boards_played} boards each"
        return (
            f"{self.tables} tables{half}, {NAMES[self.variant]}: {self.rounds} rounds of {boards} "
            f"({each}, {self.boards_in_play} to deal), about {_duration(self.minutes)}"
        )


NAMES = {
    "standard": "a standard Mitchell",
    "skip": "a skip Mitchell",
    "relay": "a share-and-relay Mitchell",
    "howell": "a Howell",
    THREE_QUARTER_HOWELL: "a ¾ Howell",
}
HOWELLS = ("howell", THREE_QUARTER_HOWELL)


def _duration(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest:02d} min" if hours else f"{rest} min"


def _proposal(tables, variant, phantom, k, rounds, minutes_per_board, why) -> Proposal:
    movement = build_movement(tables, variant=variant, boards_per_round=k, rounds=rounds, phantom=phantom)
    played = movement.rounds * k
    sit_outs = Counter(
        tr.ns if tr.ew is None else tr.ew for tr in movement.table_rounds if None in (tr.ns, tr.ew)
    )
    most_out = max(sit_outs.values(), default=0)
    return Proposal(
        tables,
        variant,
        phantom,
        k,
        movement.rounds,
        movement.boards,
        played,
        math.ceil(played * minutes_per_board),
        why,
        fewest_boards=(movement.rounds - most_out) * k,
        sit_out_rounds=most_out,
        stationary=movement.stationary,
    )


def staying_refusal(stationary: tuple[tuple[str, int], ...], staying: int, *, howell: bool) -> str:
    """Why a movement cannot keep ``staying`` pairs at one table each, given its seats that stay
    put (``Movement.stationary``), or "" when it can. The recommendation offers only movements that
    can; accepting one seats the pairs by the same rule.

    >>> staying_refusal((("NS", 1), ("NS", 2)), 2, howell=False)
    ''
    >>> staying_refusal((("NS", 8),), 2, howell=True)
    '2 pairs must not move, but a Howell keeps only pair 8 at its table; a Mitchell keeps its N/S pairs.'
    """
    if staying <= len(stationary):
        return ""
    must = f"{staying} pair{'s' if staying > 1 else ''} must not move"
    if howell and stationary:
        kept = [str(pair) for _, pair in stationary]
        kept = f" {kept[0]}" if len(kept) == 1 else "s " + ", ".join(kept[:-1]) + f" and {kept[-1]}"
        return f"{must}, but a Howell keeps only pair{kept} at its table; a Mitchell keeps its N/S pairs."
    if howell:
        return (
            f"{must}, but in this Howell nobody stays put (the stationary pair is the missing one); "
            "a Mitchell keeps its N/S pairs."
        )
    return f"{must}, but the movement has {len(stationary)} N/S seats."


def _boards_per_round(rounds: int) -> int:
    """About TARGET_BOARDS boards in all: from 1 a round in a very big field to 12 at two tables."""
    return max(1, min(12, round(TARGET_BOARDS / rounds)))


def _relay_boards_per_round(tables: int) -> int:
    """A share-and-relay needs two boards a round at least: the sharing tables play them in turn."""
    return max(2, _boards_per_round(tables))


def _curtailed(complete: int) -> tuple[int, int]:
    """Boards a round and rounds for a movement that may stop early: the whole of it when it fits the
    evening, else two boards a round for about TARGET_BOARDS boards."""
    k = max(2, _boards_per_round(complete))
    if complete * k <= TARGET_BOARDS + 6:
        return k, complete
    return 2, TARGET_BOARDS // 2


def recommend(
    pairs: int, *, minutes_per_board: float = 7.5, staying: int = 0, boards: int | None = None
) -> list[Proposal]:
    """The best movement for this many pairs first, then one or two alternatives; ``staying`` pairs
    must stay at one table (see ``staying_refusal``). ``boards`` is what the club wants each pair
    to play, when it says: 12 pairs who want 27 play the ¾ Howell (``_three_quarter``).

    >>> [p.variant for p in recommend(12, boards=27)]
    ['three-quarter-howell', 'howell', 'howell', 'skip']
    """
    proposals = _recommend(pairs, minutes_per_board, staying)
    three_quarter = _three_quarter(pairs, minutes_per_board, staying)
    if three_quarter is None:
        return proposals
    if boards is not None and abs(three_quarter.boards_played - boards) < min(
        abs(p.boards_played - boards) for p in proposals
    ):
        return [three_quarter, *proposals]
    return [*proposals, three_quarter]


def _three_quarter(pairs: int, minutes: float, staying: int) -> Proposal | None:
    """The ¾ Howell for a field that has one (12 pairs), when its stationary pairs are enough for
    those who must stay at one table: 9 rounds of 3 boards, as the published card."""
    tables = math.ceil(pairs / 2)
    if pairs % 2 or not three_quarter_card_sets(tables):
        return None
    proposal = _proposal(
        tables,
        THREE_QUARTER_HOWELL,
        False,
        3,
        None,
        minutes,
        f"A ¾ Howell, for a club that plays 27 boards: every pair meets 9 of the {pairs - 1} others "
        "in 9 rounds of 3 boards, pairs change direction, and all are ranked together, one winner. "
        "The EBU's Saffron card.",
    )
    return None if staying_refusal(proposal.stationary, staying, howell=True) else proposal


def _recommend(pairs: int, minutes_per_board: float, staying: int) -> list[Proposal]:
    if pairs < MIN_PAIRS:
        raise MovementError(
            f"A duplicate drive needs at least {MIN_PAIRS} pairs (two tables); {pairs} entered."
        )
    if pairs > MAX_PAIRS:
        raise MovementError(
            f"whistdrive runs up to {MAX_PAIRS} pairs ({MAX_TABLES} tables); {pairs} entered."
        )
    tables = math.ceil(pairs / 2)
    phantom = pairs % 2 == 1
    half = " One pair sits out each round (the half table)." if phantom else ""
    minutes = minutes_per_board
    proposals = []
    howell = pairs in HOWELL_PAIRS and bool(howell_card_sets(tables))
    not_howell = ""
    if howell:
        proposals += _howell_proposals(tables, phantom, minutes)
        not_howell = staying_refusal(proposals[0].stationary, staying, howell=True)
        if not_howell:
            howell, proposals = False, []
    if tables % 2:
        k, rounds = _curtailed(tables)
        if rounds == tables:
            proposals.append(
                _proposal(
                    tables,
                    "standard",
                    phantom,
                    k,
                    rounds,
                    minutes,
                    f"With {tables} tables (an odd number) the standard Mitchell: every E/W pair "
                    "meets every N/S pair and plays every set of boards." + half,
                )
            )
            if k > 2:
                proposals.append(
                    _proposal(
                        tables,
                        "standard",
                        phantom,
                        k - 1,
                        tables,
                        minutes,
                        "A shorter evening: one board fewer a round.",
                    )
                )
            proposals.append(
                _proposal(
                    tables,
                    "standard",
                    phantom,
                    k + 1,
                    tables,
                    minutes,
                    "A longer evening: one board more a round.",
                )
            )
        else:
            proposals.append(
                _proposal(
                    tables,
                    "standard",
                    phantom,
                    k,
                    rounds,
                    minutes,
                    f"With {tables} tables the standard Mitchell, stopped after {rounds} rounds "
                    "so the evening keeps its usual length." + half,
                )
            )
            proposals.append(
                _proposal(
                    tables,
                    "standard",
                    phantom,
                    2,
                    tables,
                    minutes,
                    "The whole movement: every E/W pair meets every N/S pair, a long evening.",
                )
            )
    elif phantom or tables == 2:
        k = _relay_boards_per_round(tables)
        why = (
            f"With {tables} tables and a half table, the share-and-relay Mitchell "
            "(a skip Mitchell would make "
            "the same pair sit out twice); the half table sits where the boards would be shared." + half
            if phantom
            else "With two tables, the share-and-relay Mitchell: both tables play the same boards "
            "each round and "
            "each E/W pair meets both N/S pairs."
        )
        proposals.append(_proposal(tables, "relay", phantom, k, tables, minutes, why))
        proposals.append(
            _proposal(
                tables, "relay", phantom, k + 1, tables, minutes, "A longer evening: one board more a round."
            )
        )
    else:
        k, rounds = _curtailed(tables - 1)
        proposals.append(
            _proposal(
                tables,
                "skip",
                False,
                k,
                rounds,
                minutes,
                f"With {tables} tables (an even number) the skip Mitchell: half-way through, E/W "
                "pairs move up two tables instead of one, so no pair meets the same boards twice."
                + ("" if rounds == tables - 1 else f" Stopped after {rounds} rounds."),
            )
        )
        k_relay = _relay_boards_per_round(tables)
        proposals.append(
            _proposal(
                tables,
                "relay",
                False,
                k_relay,
                tables,
                minutes,
                f"Or the share-and-relay Mitchell: every E/W pair meets every N/S pair, but tables "
                f"1 and {tables} share boards and one set rests on a relay stand.",
            )
        )
    if howell:  # the Howell and its longer form, then the best Mitchell to compare
        mitchell = proposals[2]
        return [*proposals[:2], replace(mitchell, why="Two winners instead of one. " + mitchell.why)]
    offered = [p for p in proposals if not staying_refusal(p.stationary, staying, howell=False)]
    if not offered:
        raise MovementError(staying_refusal(proposals[0].stationary, staying, howell=False))
    if not_howell:
        offered[0] = replace(offered[0], why=f"Not a Howell: {not_howell} {offered[0].why}")
    return offered


def opening_proposal(variant: str = "") -> Proposal:
    """The movement a new event holds until tonight's field is entered (the new-event page and
    ``create_event`` alike): the one recommended for the smallest field, or the ¾ Howell when the
    organiser chose it.

    >>> opening_proposal().tables
    2
    >>> opening_proposal(THREE_QUARTER_HOWELL).tables
    6
    """
    if variant == THREE_QUARTER_HOWELL:
        return _three_quarter(2 * THREE_QUARTER_TABLES, 7.5, 0)
    return recommend(MIN_PAIRS)[0]


def _howell_proposals(tables: int, phantom: bool, minutes: float) -> list[Proposal]:
    """A Howell for a small field, and a longer evening with one board more a round."""
    rounds = 2 * tables - 1
    k = _boards_per_round(rounds - phantom)  # with a missing pair, each pair sits out a round
    pairs = 2 * tables - phantom
    why = (
        f"With {pairs} pairs, a Howell: every pair meets every other pair, pairs change direction, and "
        "all are ranked together, one winner. A Mitchell would rank N/S and E/W apart, in two fields of "
        f"{tables}, and each pair would meet at most the {tables} pairs of the other direction."
    )
    if phantom:
        why += f" Pair {2 * tables} is the missing one: each round its opponent sits out."
    return [
        _proposal(tables, "howell", phantom, k, rounds, minutes, why),
        _proposal(tables, "howell", phantom, k + 1, rounds, minutes, "A Howell, one board more a round."),
    ]
