"""Play against double dummy: the tricks each table took beside the tricks perfect play takes.

A board's double-dummy figure is the N/S tricks with its trumps and the whist lead (the dealer's
left), worked out once from its deal. Results are kept by the cards (``domain/arrow.py``): the
pair in ``ns_pair`` held the N/S hands, also on an arrow-switched round, so a table's N/S tricks
compare with the board's N/S figure as they stand. The side holding the N/S cards is that many
tricks above (+) or below (-) double dummy, the E/W side the same number the other way.

A result is left out, with a word, where double dummy cannot judge it: an adjusted score (no
tricks were played), a Minnesota hand played low (every side tries to lose tricks, which perfect
play for tricks does not model), a board whose deal was not recorded (dealt by hand at the
tables), or a board whose analysis has not come yet.

A pair's figure over an evening is the sum over the boards judged, and its average per board
judged. Board 1 (double dummy N/S 8) at two tables, N/S taking 9 and 6; board 2 adjusted:

    >>> results = [
    ...     Played(1, ("NS", 1), ("EW", 1), 9, table=1),
    ...     Played(1, ("NS", 2), ("EW", 2), 6, table=2),
    ...     Played(2, ("NS", 1), ("EW", 2), None, table=1),
    ... ]
    >>> report = against_double_dummy(results, {1: 8, 2: 7})
    >>> [(line.table, line.ns_difference, line.left_out) for board in report.boards for line in board.lines]
    [(1, 1, ''), (2, -2, ''), (1, None, 'adjusted score')]
    >>> report.pairs[("EW", 2)]
    PairFigure(judged=1, total=2)
    >>> report.pairs[("EW", 2)].average
    2.0
    >>> report.pairs[("NS", 1)].total, report.pairs[("NS", 1)].judged
    (1, 1)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

TRICKS = 13
ADJUSTED = "adjusted score"
PLAYED_LOW = "played low: double dummy plays for tricks"
NOT_ANALYSED = "analysis in progress"
NO_DEAL = "the deal was not recorded"


class Played(NamedTuple):
    """One table's result on a board, by the cards: ``ns_pair`` held the N/S hands (on an
    arrow-switched round the pair sitting E/W); ``ns_tricks`` None for an adjusted score.
    ``low``: a hand played for fewest tricks (a Minnesota hand nobody granded)."""

    board: int
    ns_pair: tuple
    ew_pair: tuple
    ns_tricks: int | None
    round: int = 0
    table: int = 0
    arrow_switched: bool = False
    low: bool = False
    ns_adjusted: str = ""  # the adjusted scores given, when ``ns_tricks`` is None
    ew_adjusted: str = ""


class Line(NamedTuple):
    """A result beside its board's double-dummy figure; ``left_out`` says why it is not judged."""

    result: Played
    dd_ns_tricks: int | None
    left_out: str

    @property
    def table(self) -> int:
        return self.result.table

    @property
    def ns_difference(self) -> int | None:
        """The N/S cards' tricks above (+) or below (-) double dummy; None when not judged.

        >>> Line(Played(1, ("NS", 1), ("EW", 1), 6), 8, "").ns_difference
        -2
        """
        return None if self.left_out else self.result.ns_tricks - self.dd_ns_tricks

    @property
    def shown_tricks(self) -> str:
        """The N/S tricks taken, or the adjusted scores given instead.

        >>> adjusted = Played(1, ("NS", 1), ("EW", 1), None, ns_adjusted="A+", ew_adjusted="A-")
        >>> Line(adjusted, 8, ADJUSTED).shown_tricks
        'A+/A-'
        """
        if self.result.ns_tricks is None:
            return f"{self.result.ns_adjusted}/{self.result.ew_adjusted}"
        return str(self.result.ns_tricks)

    @property
    def dd_ew_tricks(self) -> int | None:
        return None if self.dd_ns_tricks is None else TRICKS - self.dd_ns_tricks

    def difference_for(self, pair) -> int | None:
        """The pair's own side's tricks above or below double dummy (the E/W side's is N/S's
        negated), None when not judged or not the pair's.

        >>> line = Line(Played(1, ("NS", 1), ("EW", 1), 9), 8, "")
        >>> line.difference_for(("NS", 1)), line.difference_for(("EW", 1)), line.difference_for(("EW", 2))
        (1, -1, None)
        """
        difference = self.ns_difference
        if difference is None:
            return None
        if pair == self.result.ns_pair:
            return difference
        if pair == self.result.ew_pair:
            return -difference
        return None


class BoardLines(NamedTuple):
    board: int
    dd_ns_tricks: int | None
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class PairFigure:
    """A pair's (or a player's) tricks against double dummy over the results judged."""

    judged: int
    total: int

    @property
    def average(self) -> float | None:
        """The total per board judged, None when none was.

        >>> PairFigure(4, -3).average, PairFigure(0, 0).average
        (-0.75, None)
        """
        return self.total / self.judged if self.judged else None

    def __add__(self, other: PairFigure) -> PairFigure:
        """Two figures together (a pair's evenings into a season).

        >>> PairFigure(2, 1) + PairFigure(3, -4)
        PairFigure(judged=5, total=-3)
        """
        return PairFigure(self.judged + other.judged, self.total + other.total)


NO_FIGURE = PairFigure(0, 0)


@dataclass(frozen=True)
class DoubleDummyReport:
    """Every board's results beside double dummy, and each pair's figure over the evening."""

    boards: tuple[BoardLines, ...]
    pairs: dict  # pair key -> PairFigure, every pair with a result (judged or not)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The boards with results whose analysis has not come yet."""
        return tuple(
            board.board for board in self.boards if any(line.left_out == NOT_ANALYSED for line in board.lines)
        )

    @property
    def judged(self) -> int:
        return sum(1 for board in self.boards for line in board.lines if not line.left_out)

    def figure_of(self, pairs: Iterable) -> PairFigure:
        """Several pairs' figures together: a player's, over the partnerships they played in.

        >>> report = against_double_dummy([Played(1, ("NS", 1), ("EW", 1), 9)], {1: 8})
        >>> report.figure_of([("NS", 1), ("NS", 2)])
        PairFigure(judged=1, total=1)
        """
        figure = NO_FIGURE
        for pair in pairs:
            figure += self.pairs.get(pair, NO_FIGURE)
        return figure


def left_out(result: Played, dd_ns_tricks: int | None, *, dealt: bool = True) -> str:
    """Why double dummy does not judge this result ("" when it does).

    >>> left_out(Played(1, ("NS", 1), ("EW", 1), 7, low=True), 8)
    'played low: double dummy plays for tricks'
    >>> left_out(Played(1, ("NS", 1), ("EW", 1), 7), None)
    'analysis in progress'
    >>> left_out(Played(1, ("NS", 1), ("EW", 1), 7), None, dealt=False)
    'the deal was not recorded'
    """
    if result.ns_tricks is None:
        return ADJUSTED
    if result.low:
        return PLAYED_LOW
    if not dealt:
        return NO_DEAL
    if dd_ns_tricks is None:
        return NOT_ANALYSED
    return ""


def against_double_dummy(
    results: Iterable[Played], dd_ns_tricks: Mapping[int, int | None], *, not_dealt: Collection[int] = ()
) -> DoubleDummyReport:
    """Each result beside its board's double-dummy N/S tricks (``dd_ns_tricks``, by board number:
    None, or no entry, while the board waits for its analysis; ``not_dealt``, the boards whose deal
    is not known, wait for nothing), boards in order, tables in order; and each pair's figure over
    the results judged."""
    by_board: dict[int, list[Line]] = {}
    pairs: dict = {}
    for result in sorted(results, key=lambda r: (r.board, r.table, r.round)):
        dd = dd_ns_tricks.get(result.board)
        line = Line(result, dd, left_out(result, dd, dealt=result.board not in not_dealt))
        by_board.setdefault(result.board, []).append(line)
        for pair in (result.ns_pair, result.ew_pair):
            difference = line.difference_for(pair)
            figure = pairs.get(pair, NO_FIGURE)
            pairs[pair] = figure if difference is None else figure + PairFigure(1, difference)
    boards = tuple(
        BoardLines(number, dd_ns_tricks.get(number), tuple(lines)) for number, lines in by_board.items()
    )
    return DoubleDummyReport(boards, pairs)
