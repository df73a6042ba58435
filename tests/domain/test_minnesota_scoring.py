"""Minnesota whist in duplicate: the published hands, and one board at four tables compared on net
points (domain.md 5.1), by matchpoints and by total points."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.errors import ScoringError
from tournaments.domain.minnesota import RULES, hand_points, ns_net
from tournaments.domain.scoring import (
    BoardResult,
    ebu_matchpoints_by_score,
    ebu_matchpoints_by_tricks,
    score_event,
)

# N/S granded and made 9; E/W granded, N/S 8; all low, N/S 5; N/S granded, made 6.
FOUR_TABLES = (("NS", 9), ("EW", 8), ("", 5), ("NS", 6))


def _board(hands=FOUR_TABLES, board=1):
    return [
        BoardResult(board, ("NS", i), ("EW", i), ns_tricks=tricks, granded=granded)
        for i, (granded, tricks) in enumerate(hands, start=1)
    ]


@pytest.mark.parametrize(
    "granded, tricks, points",
    [
        ("us", 10, (4, 0)),  # granders 10 v 3: the granders +4
        ("us", 5, (0, 4)),  # granders 5 v 8: the others +4 (2 a trick over six)
        ("", 9, (0, 3)),  # low, 9 v 4: the side with 4 scores 3
    ],
)
def test_the_published_swedish_hands(granded, tricks, points):
    assert hand_points("swedish", granded=granded, tricks=tricks) == points


@pytest.mark.parametrize(
    "rules, ns_matchpoints, ns_nets",
    [("swedish", [4, 6, 2, 0], [3, 4, 2, -2]), ("american", [6, 3, 3, 0], [3, 2, 2, -1])],
)
def test_one_board_at_four_tables_is_matchpointed_on_net_points(rules, ns_matchpoints, ns_nets):
    scores = score_event(_board(), minnesota=rules)
    board = scores.boards[0]
    assert [ns_net(rules, r.result.granded, r.result.ns_tricks) for r in board.results] == ns_nets
    assert [s.ns_score for s in board.results] == ns_matchpoints
    assert [s.ew_score for s in board.results] == [6 - mp for mp in ns_matchpoints]
    assert board.top == 6
    assert scores.minnesota == rules
    assert [s.percentage for s in scores.field("NS")][0] is not None


def test_total_points_add_each_pairs_net_points():
    scores = score_event(_board(), method="total_points", minnesota="swedish")
    assert {s.pair: s.score for s in scores.standings} == {
        ("NS", 1): 3, ("NS", 2): 4, ("NS", 3): 2, ("NS", 4): -2,
        ("EW", 1): -3, ("EW", 2): -4, ("EW", 3): -2, ("EW", 4): 2,
    }  # fmt: skip
    assert [s.rank for s in scores.field("NS")] == ["1", "2", "3", "4"]
    # Points, never a percentage or tricks above the average: a competition reads neither.
    assert all(s.percentage is None and s.versus_average is None and s.top is None for s in scores.standings)


def test_an_adjusted_side_in_total_points_gets_its_directions_average_net_plus_or_minus_one():
    results = _board() + [BoardResult(1, ("NS", 5), ("EW", 5), ns_adjusted="A+", ew_adjusted="A-")]
    board = score_event(results, method="total_points", minnesota="swedish").boards[0]
    average = (3 + 4 + 2 - 2) / 4
    assert board.results[-1][1:] == (average + 1, -average - 1)


def test_adjusted_scores_in_minnesota_matchpoints_are_as_for_tricks():
    results = _board() + [BoardResult(1, ("NS", 5), ("EW", 5), ns_adjusted="A", ew_adjusted="A")]
    board = score_event(results, minnesota="swedish", adjusted="fixed").boards[0]
    assert board.results[-1][1:] == (4.0, 4.0)  # 50 % of the top of 8
    assert board.compared == 4


def test_a_scoring_method_must_fit_the_game():
    with pytest.raises(ScoringError, match="not a scoring method here"):
        score_event(_board(), method="total_tricks", minnesota="swedish")
    with pytest.raises(ScoringError, match="not a scoring method here"):
        score_event(_board(), method="total_points")
    with pytest.raises(ScoringError, match="not Minnesota rules"):
        score_event(_board(), minnesota="norwegian")


@given(st.lists(st.integers(0, 13), min_size=1, max_size=20))
def test_matchpoints_by_score_agree_with_matchpoints_by_tricks(tricks):
    by_tricks = ebu_matchpoints_by_tricks(tricks)
    assert {t: by_tricks[t] for t in tricks} == ebu_matchpoints_by_score(tricks)


@given(st.sampled_from(sorted(RULES)), st.sampled_from(["NS", "EW", ""]), st.integers(0, 13))
def test_net_points_stay_within_fourteen(rules, granded, tricks):
    assert -14 <= ns_net(rules, granded, tricks) <= 14
