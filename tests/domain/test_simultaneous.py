"""The field of a simultaneous evening, compared across clubs, with no database."""

import pytest

from tournaments.domain.errors import ScoringError
from tournaments.domain.scoring import BoardResult
from tournaments.domain.simultaneous import ClubField, field_expected, rank_totals, score_field


def _r(board, ns, ew, tricks=None, adjusted=("", ""), switched=False):
    return BoardResult(board, ("NS", ns), ("EW", ew), tricks, *adjusted, arrow_switched=switched)


def test_the_worked_example_factors_a_board_played_fewer_times_up_to_the_fields_most():
    a = ClubField("A", [_r(1, 1, 1, 8), _r(1, 2, 2, 7), _r(2, 1, 2, 7), _r(2, 2, 1, 7)])
    b = ClubField("B", [_r(1, 1, 1, 7), _r(2, 1, 1, 9), _r(2, 2, 2, 6)])
    scores = score_field([a, b])
    assert scores.expected == 4
    board_one = scores.boards[0]
    assert board_one.top == 6 and board_one.compared == 3
    assert [round(r.ns_score, 2) for r in board_one.results] == [5.67, 1.67, 1.67]
    assert [round(r.ew_score, 2) for r in board_one.results] == [0.33, 4.33, 4.33]
    assert [r.ns_score for r in scores.boards[1].results] == [3, 3, 6, 0]


@pytest.mark.parametrize(
    ("clubs", "expected"),
    [
        ([ClubField("A", [], {1: 3, 2: 3}), ClubField("B", [], {1: 5, 2: 5, 3: 5})], 8),
        ([ClubField("A", [_r(1, 1, 1, 7), _r(1, 2, 2, 7)]), ClubField("B", [_r(1, 1, 1, 7)])], 3),
        ([], 0),
    ],
)
def test_the_field_expects_on_a_board_the_sum_of_the_clubs_schedules(clubs, expected):
    assert field_expected(clubs) == expected


def test_pairs_are_told_apart_by_their_club_and_ranked_in_one_list_by_percentage():
    a = ClubField("A", [_r(1, 1, 1, 9)])
    b = ClubField("B", [_r(1, 1, 1, 5)])
    standings = score_field([a, b]).standings
    assert [(s.club, s.pair, s.percentage) for s in standings] == [
        ("A", ("NS", 1), 100.0),
        ("B", ("EW", 1), 100.0),
        ("A", ("EW", 1), 0.0),
        ("B", ("NS", 1), 0.0),
    ]
    assert [s.rank for s in standings] == ["1=", "1=", "3=", "3="]


def test_an_arrow_switch_at_one_club_changes_nothing_the_ns_cards_are_compared():
    plain = score_field([ClubField("A", [_r(1, 1, 1, 8)]), ClubField("B", [_r(1, 1, 1, 6)])])
    switched = score_field(
        [ClubField("A", [_r(1, 1, 1, 8, switched=True)]), ClubField("B", [_r(1, 1, 1, 6)])]
    )
    assert [s.percentage for s in plain.standings] == [s.percentage for s in switched.standings]


def test_an_adjusted_result_is_compared_with_none_and_gets_its_share_of_the_top():
    field = score_field(
        [
            ClubField("A", [_r(1, 1, 1, 8), _r(1, 2, 2, adjusted=("A+", "A-"))]),
            ClubField("B", [_r(1, 1, 1, 6)]),
        ]
    )
    board = field.boards[0]
    assert board.top == 4 and board.compared == 2
    adjusted = board.results[1]
    assert (adjusted.ns_score, adjusted.ew_score) == pytest.approx((2.4, 1.6))


def test_a_club_in_the_field_twice_is_refused():
    with pytest.raises(ScoringError, match="twice"):
        score_field([ClubField("A", []), ClubField("A", [])])


def test_a_simultaneous_drive_ranks_the_players_totals_across_the_clubs():
    standings = rank_totals({("A", "L1"): 90, ("B", "G3"): 95, ("B", "L2"): 90, ("A", "G1"): 70})
    assert [(s.club, s.player, s.rank) for s in standings] == [
        ("B", "G3", "1"),
        ("A", "L1", "2="),
        ("B", "L2", "2="),
        ("A", "G1", "4"),
    ]
