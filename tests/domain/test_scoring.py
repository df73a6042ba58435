"""Scoring against the worked examples in the rules and cases worked by hand."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.domain.errors import ScoringError
from tournaments.domain.scoring import BoardResult, ebu_matchpoints_by_tricks, neuberg, score_event

TRAVELLER = [8, 7, 7, 9, 6, 7, 5]  # N/S tricks at seven tables on one board


def _board(tricks_list, board=1, offset=0):
    return [
        BoardResult(board, ("NS", i + 1 + offset), ("EW", i + 1 + offset), ns_tricks=t)
        for i, t in enumerate(tricks_list)
    ]


@pytest.mark.parametrize(
    "scale, ns_expected, ew_expected, top",
    [
        ("ebu", [10, 6, 6, 12, 2, 6, 0], [2, 6, 6, 0, 10, 6, 12], 12),
        ("acbl", [5, 3, 3, 6, 1, 3, 0], [1, 3, 3, 0, 5, 3, 6], 6),
    ],
)
def test_the_worked_traveller_scores_as_published(scale, ns_expected, ew_expected, top):
    board = score_event(_board(TRAVELLER), scale=scale).boards[0]
    assert [s.ns_score for s in board.results] == ns_expected
    assert [s.ew_score for s in board.results] == ew_expected
    assert board.top == top


@pytest.mark.parametrize(
    "mp, expected, actual, factored",
    [
        (18, 11, 10, 19.9),  # brenning.se: S = (11 / 10) * (18 + 1) - 1 = 19.9
        (0, 7, 6, 1 / 6),
        (10, 7, 7, 10),
        (0, 5, 1, 4),  # a lone result scores half the top
    ],
)
def test_neuberg_factors_as_published(mp, expected, actual, factored):
    assert neuberg(mp, expected, actual) == pytest.approx(factored)


def test_the_closed_form_counts_beaten_and_tied_results():
    """7 tricks among 8, 7, 7, 9, 6, 7, 5: two results beaten (6, 5), two others tied (7, 7)."""
    assert ebu_matchpoints_by_tricks([7, 8, 7, 9, 6, 7, 5])[7] == 2 * 2 + 2


def test_an_adjusted_score_is_not_compared_and_the_others_are_factored():
    results = _board([8, 7, 7, 9, 6, 7]) + [
        BoardResult(1, ("NS", 7), ("EW", 7), ns_adjusted="A+", ew_adjusted="A-")
    ]
    board = score_event(results).boards[0]
    assert (board.top, board.expected, board.compared) == (12, 7, 6)
    adjusted = board.results[-1]
    assert (adjusted.ns_score, adjusted.ew_score) == pytest.approx((7.2, 4.8))
    # 9 tricks beat the five others: M = 10 from 6 results, factored (10 + 1) * 7/6 - 1
    assert board.results[3].ns_score == pytest.approx(11 * 7 / 6 - 1)
    assert board.results[3].ew_score == pytest.approx(12 - (11 * 7 / 6 - 1))


def _session_with_adjustments():
    """Board 1 played: N/S 1 tops it (100 %) and E/W 1 bottoms it (0 %), pairs 2 sit at 50 %. On
    board 2 pairs 1 and 2 are given A+/A-, pairs 3 A-/A+ (pair 3: N/S 0 %, E/W 100 %)."""
    return _board([9, 7, 5]) + [
        BoardResult(2, ("NS", 1), ("EW", 1), ns_adjusted="A+", ew_adjusted="A-"),
        BoardResult(2, ("NS", 2), ("EW", 2), ns_adjusted="A+", ew_adjusted="A-"),
        BoardResult(2, ("NS", 3), ("EW", 3), ns_adjusted="A-", ew_adjusted="A+"),
    ]


@pytest.mark.parametrize("scale, top", [("ebu", 4), ("acbl", 2)])
def test_average_plus_and_minus_follow_the_pairs_session_by_default(scale, top):
    """WBF Laws Committee: "Average Plus is defined as 60% or session average, whichever is greater
    ... Average Minus is defined as 40% or session average, whichever is less"."""
    board = score_event(_session_with_adjustments(), scale=scale).boards[1]
    scores = [score for s in board.results for score in (s.ns_score, s.ew_score)]
    # Pair N/S 1 (100 %) keeps 100 % for its A+, E/W 1 (0 %) its 0 % for its A-; pairs 2 (50 %)
    # get the floor of 60 % and the ceiling of 40 %; N/S 3 (0 %) 0 % for A-, E/W 3 (100 %) 100 %.
    assert scores == pytest.approx([top, 0, 0.6 * top, 0.4 * top, 0, top])


def test_a_club_may_fix_average_plus_and_minus_at_sixty_and_forty():
    board = score_event(_session_with_adjustments(), adjusted="fixed").boards[1]
    scores = [score for s in board.results for score in (s.ns_score, s.ew_score)]
    assert scores == pytest.approx([2.4, 1.6, 2.4, 1.6, 1.6, 2.4])
    with pytest.raises(ScoringError, match="not a rule for adjusted scores"):
        score_event(_session_with_adjustments(), adjusted="60/40")


def test_the_session_rule_counts_in_the_standings():
    standings = {s.pair: s for s in score_event(_session_with_adjustments()).standings}
    assert standings[("NS", 1)].percentage == pytest.approx(100)
    assert standings[("EW", 1)].percentage == pytest.approx(0)
    assert standings[("NS", 2)].percentage == pytest.approx(55)


def test_a_board_missing_a_scheduled_result_is_factored_to_the_full_top():
    board = score_event(_board([8, 7, 6]), expected={1: 4}).boards[0]
    assert board.top == 6
    assert [s.ns_score for s in board.results] == pytest.approx([5 * 4 / 3 - 1, 3 * 4 / 3 - 1, 1 * 4 / 3 - 1])


def test_percentages_are_over_the_tops_of_the_boards_played():
    results = _board([8, 7, 6], board=1) + _board([5, 5, 9], board=2)
    scores = score_event(results)
    ns1 = next(s for s in scores.standings if s.pair == ("NS", 1))
    assert (ns1.score, ns1.top) == (4 + 1, 8)
    assert ns1.percentage == pytest.approx(62.5)
    assert ns1.tricks == 13 and ns1.boards_played == 2


def test_two_fields_rank_separately_and_ties_share_a_placing():
    results = _board([8, 8, 6])
    ns = score_event(results).field("NS")
    assert [(s.pair, s.rank) for s in ns] == [(("NS", 1), "1="), (("NS", 2), "1="), (("NS", 3), "3")]
    ew = score_event(results).field("EW")
    assert [(s.pair[1], s.rank) for s in ew] == [(3, "1"), (1, "2="), (2, "2=")]


def test_the_tie_break_by_total_tricks_splits_a_tie():
    # Every N/S pair scores 4 of 8 matchpoints; their tricks are 11, 12 and 15.
    results = _board([8, 7, 6], board=1) + _board([3, 5, 9], board=2)
    plain = score_event(results).field("NS")
    assert [s.rank for s in plain] == ["1=", "1=", "1="]
    broken = score_event(results, tie_break=True).field("NS")
    assert [(s.pair[1], s.rank, s.tricks) for s in broken] == [(3, "1", 15), (2, "2", 12), (1, "3", 11)]


def test_the_tie_break_compares_tricks_per_board_played():
    """N/S 1 and N/S 2 both score 50 %; N/S 1 took 9 tricks on its one played board (board 2 was
    A/A: no tricks), N/S 2 took 9 and 5 on two. A total would favour N/S 2 (14 to 9) for playing
    one board more; per board played N/S 1 is ahead (9 to 7)."""
    results = _board([9, 9]) + [
        BoardResult(2, ("NS", 1), ("EW", 1), ns_adjusted="A", ew_adjusted="A"),
        BoardResult(2, ("NS", 2), ("EW", 2), ns_tricks=5),
    ]
    ns = score_event(results, tie_break=True).field("NS")
    assert [(s.pair[1], s.rank, s.percentage, s.tricks) for s in ns] == [(1, "1", 50, 9), (2, "2", 50, 14)]


def test_an_arrow_switched_event_is_one_field():
    results = [
        BoardResult(1, ("NS", 1), ("EW", 1), ns_tricks=8),
        # Switched: E/W 2 held the N/S cards and took 6, so N/S 2 (holding E/W's) beat E/W 1.
        BoardResult(1, ("EW", 2), ("NS", 2), ns_tricks=6),
    ]
    scores = score_event(results, one_field=True)
    assert scores.fields == ("ALL",)
    assert [(s.pair, s.rank, s.score) for s in scores.standings] == [
        (("NS", 1), "1=", 2),
        (("NS", 2), "1=", 2),
        (("EW", 1), "3=", 0),
        (("EW", 2), "3=", 0),
    ]


def test_total_tricks_are_shown_against_the_direction_average():
    """Foster's compass whist: every pair played both boards, so board by board equals the classic
    total tricks minus the direction's average total (N/S totals 13, 13, 16; average 14)."""
    results = _board([8, 7, 6], board=1) + _board([5, 6, 10], board=2)
    scores = score_event(results, method="total_tricks")
    ns = {s.pair[1]: s for s in scores.field("NS")}
    assert (ns[1].tricks, ns[2].tricks, ns[3].tricks) == (13, 13, 16)
    assert [ns[p].score for p in (1, 2, 3)] == pytest.approx([-1, -1, 2])
    assert [ns[p].versus_average for p in (1, 2, 3)] == pytest.approx([-1, -1, 2])
    ew = {s.pair[1]: s for s in scores.field("EW")}
    assert [ew[p].score for p in (1, 2, 3)] == pytest.approx([1, 1, -2])
    assert ns[3].rank == "1" and ns[1].rank == "2=" and ns[3].top is None and ns[3].percentage is None


def test_total_tricks_rank_fairly_when_pairs_played_different_boards():
    """N/S 3 has not played board 2 yet: it is compared on board 1 only, not penalised for the
    tricks it has not had the chance to take."""
    results = _board([8, 7, 6], board=1) + _board([5, 7], board=2)
    ns = {s.pair[1]: s for s in score_event(results, method="total_tricks").field("NS")}
    assert [ns[p].score for p in (1, 2, 3)] == pytest.approx([1 - 1, 0 + 1, -1])
    assert (ns[3].boards_played, ns[3].tricks) == (1, 6)


def test_total_tricks_compare_arrow_switched_results_by_the_cards():
    switched = BoardResult(1, ("EW", 2), ("NS", 2), ns_tricks=9, arrow_switched=True)
    results = [BoardResult(1, ("NS", 1), ("EW", 1), ns_tricks=7), switched]
    scores = score_event(results, method="total_tricks", one_field=True)
    by_pair = {s.pair: s.score for s in scores.field("ALL")}
    # The N/S cards took 7 and 9 (average 8): E/W 2 held them and is +1, N/S 2 held E/W's and is -1.
    assert by_pair == pytest.approx({("NS", 1): -1, ("EW", 1): 1, ("EW", 2): 1, ("NS", 2): -1})


@pytest.mark.parametrize(
    "ns_adjusted, ew_adjusted, ns_score, ew_score",
    [("A", "A", 0, 0), ("A+", "A-", 1, -1), ("A-", "A+", -1, 1), ("A+", "A+", 1, 1)],
)
def test_an_adjusted_score_by_total_tricks_is_the_average_plus_or_minus_one(
    ns_adjusted, ew_adjusted, ns_score, ew_score
):
    results = _board([8, 6]) + [
        BoardResult(1, ("NS", 9), ("EW", 9), ns_adjusted=ns_adjusted, ew_adjusted=ew_adjusted)
    ]
    board = score_event(results, method="total_tricks").boards[0]
    played, adjusted = board.results[:2], board.results[2]
    # The played results are compared with each other only (average 7), not with the adjusted one.
    assert [(s.ns_score, s.ew_score) for s in played] == [(1, -1), (-1, 1)]
    assert (adjusted.ns_score, adjusted.ew_score) == (ns_score, ew_score)
    assert board.compared == 2


@pytest.mark.parametrize(
    "ns_adjusted, ew_adjusted, ns_score, ew_score",
    [("A", "A", 1, 0), ("A+", "A-", 2, 0), ("A-", "A+", 0, 1)],
)
def test_an_adjusted_score_by_odd_tricks_is_scored_from_the_average_tricks(
    ns_adjusted, ew_adjusted, ns_score, ew_score
):
    """N/S average 7 on the board: A gives N/S 7 (1 odd trick) and E/W 6 (none); A+ 8, A- for E/W 5."""
    results = _board([8, 6]) + [
        BoardResult(1, ("NS", 9), ("EW", 9), ns_adjusted=ns_adjusted, ew_adjusted=ew_adjusted)
    ]
    board = score_event(results, method="odd_tricks", honours={1: (4, 0)}).boards[0]
    assert (board.results[2].ns_score, board.results[2].ew_score) == (ns_score, ew_score)  # no honours


def test_an_adjusted_score_on_a_board_nobody_played_starts_from_six_and_a_half():
    results = [BoardResult(1, ("NS", 1), ("EW", 1), ns_adjusted="A+", ew_adjusted="A")]
    board = score_event(results, method="odd_tricks").boards[0]
    assert (board.results[0].ns_score, board.results[0].ew_score) == (1.5, 0.5)
    board = score_event(results, method="total_tricks").boards[0]
    assert (board.results[0].ns_score, board.results[0].ew_score) == (1, 0)


@pytest.mark.parametrize(
    "ns_tricks, ns_score, ew_score", [(7, 1, 0), (6, 0, 1), (13, 7, 0), (0, 0, 7), (9, 3, 0)]
)
def test_odd_tricks_score_the_side_with_seven_or_more(ns_tricks, ns_score, ew_score):
    board = score_event(_board([ns_tricks]), method="odd_tricks").boards[0]
    assert (board.results[0].ns_score, board.results[0].ew_score) == (ns_score, ew_score)


def test_odd_tricks_add_honours_when_given():
    board = score_event(_board([8, 5]), method="odd_tricks", honours={1: (4, 0)}).boards[0]
    assert [(s.ns_score, s.ew_score) for s in board.results] == [(6, 0), (4, 2)]


def test_a_pair_without_results_is_listed_last():
    scores = score_event(_board([8, 7]), pairs=[("NS", 1), ("NS", 2), ("NS", 3)])
    last = scores.field("NS")[-1]
    assert last.pair == ("NS", 3) and last.percentage is None and last.boards_played == 0


@pytest.mark.parametrize("method, scale", [("bridge", "ebu"), ("matchpoints", "imp")])
def test_an_unknown_method_or_scale_is_refused(method, scale):
    with pytest.raises(ScoringError):
        score_event([], method=method, scale=scale)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 6), st.integers(1, 6), st.data())
def test_board_by_board_equals_the_classic_total_when_every_pair_played_every_board(tables, boards, data):
    """Foster's total tricks ± the direction's average, whenever it is defined (section 2.7)."""
    results = [
        BoardResult(
            board,
            ("NS", ns),
            ("EW", (ns + board) % tables + 1),
            ns_tricks=data.draw(st.integers(0, 13)),
        )
        for board in range(1, boards + 1)
        for ns in range(1, tables + 1)
    ]
    scores = score_event(results, method="total_tricks")
    for field in ("NS", "EW"):
        standings = scores.field(field)
        average = sum(s.tricks for s in standings) / len(standings)
        for s in standings:
            assert s.score == pytest.approx(s.tricks - average)


@st.composite
def travellers(draw):
    """Boards with results (some adjusted), each possibly scheduled more often than played."""
    results, expected = [], {}
    for board in range(1, draw(st.integers(1, 6)) + 1):
        count = draw(st.integers(1, 12))
        for n in range(1, count + 1):
            if draw(st.integers(0, 9)) == 0:
                adjusted = draw(st.sampled_from(["A+", "A", "A-"])), draw(st.sampled_from(["A+", "A", "A-"]))
                results.append(BoardResult(board, ("NS", n), ("EW", n), None, *adjusted))
            else:
                results.append(BoardResult(board, ("NS", n), ("EW", n), draw(st.integers(0, 13))))
        expected[board] = count + draw(st.integers(0, 2))
    return results, expected


@settings(max_examples=300, deadline=None)
@given(travellers(), st.sampled_from(["ebu", "acbl"]))
def test_counting_by_trick_number_scores_as_comparing_every_result(traveller, scale):
    """The fast matchpoints (one count per trick number) against the simple way, kept as reference."""
    from .reference_scoring import pair_totals
    from .reference_scoring import score_event as reference_score_event

    results, expected = traveller
    scores = score_event(results, scale=scale, expected=expected, adjusted="fixed")
    totals = pair_totals(results, expected, scale)
    for standing in scores.standings:
        score, top, boards = totals[standing.pair]
        assert standing.score == pytest.approx(score) and standing.top == pytest.approx(top)
        assert standing.boards_played == boards
    reference = reference_score_event(results, expected=expected, scale=scale)
    assert [(s.pair, s.rank) for s in scores.standings] == [(s.pair, s.rank) for s in reference.standings]
    for ours, theirs in zip(scores.boards, reference.boards, strict=True):
        assert [r.ns_score for r in ours.results] == pytest.approx([r.ns_score for r in theirs.results])
        assert [r.ew_score for r in ours.results] == pytest.approx([r.ew_score for r in theirs.results])


@pytest.mark.parametrize("switched", [False, True])
def test_a_switched_rounds_scores_go_to_the_pairs_as_they_sat(switched):
    # N/S 1 and E/W 3 sat N/S and E/W; switched, E/W 3 held the N/S cards and took 9 of them.
    by_cards = (("EW", 3), ("NS", 1)) if switched else (("NS", 1), ("EW", 3))
    played = BoardResult(1, *by_cards, 9, round=2, table=1, arrow_switched=switched)
    other = BoardResult(1, ("NS", 2), ("EW", 4), 7, round=1, table=1)
    scored = next(s for s in score_event([played, other]).boards[0].results if s.result is played)
    seated_ns, seated_ew = scored.seated_scores()
    assert scored.ns_score == 2 and scored.ew_score == 0  # the N/S cards' 9 beat the other table's 7
    assert (seated_ns, seated_ew) == ((0, 2) if switched else (2, 0))
    assert played.seated().ns_pair == ("NS", 1)
