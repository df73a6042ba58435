import pytest

from tournaments.domain.boards import dealer, parse_schedule, trumps_for_board, validate_schedule
from tournaments.domain.errors import BoardError


@pytest.mark.parametrize(
    "board, expected_dealer",
    [(1, "N"), (2, "E"), (3, "S"), (4, "W"), (5, "N"), (16, "W"), (17, "N")],
)
def test_the_dealer_follows_law_2(board, expected_dealer):
    assert dealer(board) == expected_dealer


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
