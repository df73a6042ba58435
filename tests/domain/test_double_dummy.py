"""Results against double dummy, board by board and pair by pair: no database."""

import pytest

from tournaments.domain.double_dummy import (
    ADJUSTED,
    NO_DEAL,
    NOT_ANALYSED,
    PLAYED_LOW,
    PairFigure,
    Played,
    against_double_dummy,
)

NS1, NS2, EW1, EW2 = ("NS", 1), ("NS", 2), ("EW", 1), ("EW", 2)


@pytest.mark.parametrize(
    "result, dd, not_dealt, difference, word",
    [
        (Played(1, NS1, EW1, 9), 8, (), 1, ""),
        (Played(1, NS1, EW1, 5), 8, (), -3, ""),
        (Played(1, NS1, EW1, 8), 8, (), 0, ""),
        (Played(1, NS1, EW1, None, ns_adjusted="A", ew_adjusted="A"), 8, (), None, ADJUSTED),
        (Played(1, NS1, EW1, 4, low=True), 8, (), None, PLAYED_LOW),
        (Played(1, NS1, EW1, 9), None, (), None, NOT_ANALYSED),
        (Played(1, NS1, EW1, 9), None, (1,), None, NO_DEAL),
        # On an arrow-switched round the result is kept by the cards: the same comparison.
        (Played(1, EW1, NS1, 10, arrow_switched=True), 8, (), 2, ""),
    ],
)
def test_each_result_is_judged_or_left_out_with_a_word(result, dd, not_dealt, difference, word):
    report = against_double_dummy([result], {1: dd}, not_dealt=not_dealt)
    (line,) = report.boards[0].lines
    assert (line.ns_difference, line.left_out) == (difference, word)


def test_each_pair_adds_its_own_sides_differences():
    results = [
        Played(1, NS1, EW1, 9, round=1, table=1),  # dd 8: N/S 1 +1, E/W 1 -1
        Played(1, NS2, EW2, 7, round=1, table=2),  # N/S 2 -1, E/W 2 +1
        Played(2, NS1, EW2, 3, round=2, table=1),  # dd 5: N/S 1 -2, E/W 2 +2
        Played(2, EW1, NS2, 6, round=2, table=2, arrow_switched=True),  # E/W 1 held N/S: +1
        Played(3, NS1, EW1, None, round=3, ns_adjusted="A+", ew_adjusted="A-"),  # not judged
    ]
    report = against_double_dummy(results, {1: 8, 2: 5, 3: 7})
    assert report.pairs == {
        NS1: PairFigure(2, -1),
        EW1: PairFigure(2, 0),
        NS2: PairFigure(2, -2),
        EW2: PairFigure(2, 3),
    }
    assert report.judged == 4 and report.waiting == ()
    assert [b.board for b in report.boards] == [1, 2, 3]
    assert report.figure_of([NS1, EW2]) == PairFigure(4, 2)  # a player of both partnerships
    assert report.pairs[EW2].average == 1.5


def test_the_boards_waiting_for_their_analysis_are_named():
    report = against_double_dummy([Played(1, NS1, EW1, 9), Played(2, NS1, EW1, 9)], {1: 8})
    assert report.waiting == (2,) and report.pairs[NS1] == PairFigure(1, 1)
