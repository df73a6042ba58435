import pytest

from tournaments.domain.progress import expected_boards, round_in_play


@pytest.mark.parametrize(
    "ns_pair, ew_pair, expected",
    [
        (1, 2, [3, 4, 5]),  # two real pairs: every board of the round
        (None, 2, []),  # the phantom sits N/S: its opponents sit out
        (1, None, []),
        (None, None, []),  # nobody at the table
    ],
)
def test_a_round_expects_a_result_a_board_only_between_two_real_pairs(ns_pair, ew_pair, expected):
    assert list(expected_boards(3, 5, ns_pair=ns_pair, ew_pair=ew_pair)) == expected


def test_a_sit_out_round_counts_as_played():
    expected = {
        (round_, table): len(expected_boards(1, 2, ns_pair=table, ew_pair=None if table == 2 else 9))
        for round_ in (1, 2)
        for table in (1, 2)
    }
    assert round_in_play(expected, {(1, 1): 2}) == (2, (1,))
