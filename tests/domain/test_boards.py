import pytest

from tournaments.domain.boards import dealer, leader, parse_schedule, trumps_for_board, validate_schedule
from tournaments.domain.errors import BoardError


@pytest.mark.parametrize(
    "board, expected_dealer, expected_leader",
    [
        (1, "N", "E"),
        (2, "E", "S"),
        (3, "S", "W"),
        (4, "W", "N"),
        (5, "N", "E"),
        (16, "W", "N"),
        (17, "N", "E"),
    ],
)
def test_the_dealer_follows_law_2_and_the_dealers_left_leads(board, expected_dealer, expected_leader):
    assert dealer(board) == expected_dealer
    assert leader(board) == expected_leader


@pytest.mark.parametrize(
    "schedule, boards, expected",
    [
        ("HDSC", range(1, 9), ["H", "D", "S", "C", "H", "D", "S", "C"]),
        ("HDSCN", range(1, 7), ["H", "D", "S", "C", "NT", "H"]),
        ("NSHDC", range(1, 6), ["NT", "S", "H", "D", "C"]),
        ("shdcn", [5, 10], ["NT", "NT"]),
    ],
)
def test_trumps_cycle_by_board_number(schedule, boards, expected):
    strains = parse_schedule(schedule)
    assert [trumps_for_board(b, strains) for b in boards] == expected


@pytest.mark.parametrize("text, message", [("", "empty"), ("HDX", "'X'"), ("turned", "each deal")])
def test_a_bad_schedule_is_explained(text, message):
    with pytest.raises(BoardError, match=message):
        parse_schedule(text)


def test_turned_is_a_valid_schedule_name():
    assert validate_schedule("Turned") == "turned"
    assert validate_schedule(" hdsc ") == "HDSC"
