import pytest

from tournaments.domain.progress import expected_boards, round_in_play, round_now


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


@pytest.mark.parametrize(
    "current, plays, in_play, now",
    [
        (2, {2, 3}, 1, 1),  # out in round 1 while round 1 is played
        (2, {2, 3}, 2, 2),  # round 1 over everywhere: their round 2
        (2, {1, 2, 3}, 1, 2),  # done with round 1 early: their next
        (3, {1, 3}, 1, 2),  # done with round 1 early, out in round 2
        (3, {1, 3}, 3, 3),
        (None, {1, 2}, 2, 3),  # out in the last round while round 2 is played
        (None, {1, 2}, None, None),  # every table has finished
    ],
)
def test_the_round_now_is_one_sat_out_until_the_evening_has_moved_past_it(current, plays, in_play, now):
    assert round_now(current, plays, lambda: (in_play, 3)) == now


def test_the_round_in_play_is_not_asked_of_someone_who_sits_out_nothing_before():
    def progress():
        raise AssertionError("asked")

    assert round_now(2, {1, 2, 3}, progress) == 2
