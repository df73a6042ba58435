"""Games and rubbers by the Laws of Whist (domain.md 5.2): the published and derived fixtures, the
honours rules, and what a table scores when its deals run out mid-game or mid-rubber."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.rubbers import (
    CLAIMS,
    RubberError,
    Score,
    game_value,
    honours_claim,
    play_deal,
    plays_rubbers,
    running,
    table_result,
)

# Games as deals (N/S tricks, honours), N/S's score at the end of each game in the comment.
WON_5_4 = [(7, ""), (4, ""), (6, ""), (11, "")]  # 1–0, 1–3, 1–4, 6→5–4
LOST_1_5 = [(7, ""), (2, "")]  # 1–0, 1–5
WON_5_0 = [(12, "")]  # 5–0
WON_5_3 = [(4, ""), (11, "")]  # 0–3, 5–3


@pytest.mark.parametrize(
    "deals, result, games",
    [
        # Bennet's published rubber: a single, their double, a treble, the rubber, theirs taken off.
        (WON_5_4 + LOST_1_5 + WON_5_0, 4, [(0, 1), (1, 2), (0, 3)]),
        # 5–0 then 5–3: 3 + 1 + 2, and no third game is played.
        (WON_5_0 + WON_5_3, 6, [(0, 3), (0, 1)]),
        # The same seen from the other side.
        (
            [
                (13 - t, h.replace("NS", "XX").replace("EW", "NS").replace("XX", "EW"))
                for t, h in WON_5_0 + WON_5_3
            ],
            -6,
            [(1, 3), (1, 1)],
        ),
        # The deals run out: a finished game counts its value without the rubber's 2.
        (WON_5_0, 3, [(0, 3)]),
        (WON_5_0 + LOST_1_5, 1, [(0, 3), (1, 2)]),
        # An unfinished game scores nothing.
        ([(10, ""), (3, "")], 0, []),
        ([], 0, []),
    ],
)
def test_a_tables_rubber_points(deals, result, games):
    scores = running(5, deals)
    assert table_result(5, deals) == (result, -result)
    assert [(g.winner, g.value) for g in (scores[-1].finished if scores else ())] == games


def test_after_a_two_game_rubber_the_next_rubber_starts():
    scores = running(5, WON_5_0 + WON_5_3 + [(8, "")])
    assert scores[-1].rubber == 2 and scores[-1].games == (0, 0) and scores[-1].points == (2, 0)
    assert scores[-1].line() == "N/S 2 · E/W 0, game to 5; rubber 2: 0–0"


def test_the_running_line_says_the_game_and_the_rubber():
    scores = running(5, [(12, ""), (9, ""), (5, "")])
    assert [s.line() for s in scores] == [
        "N/S 0 · E/W 0, game to 5; rubber 1–0",
        "N/S 3 · E/W 0, game to 5; rubber 1–0",
        "N/S 3 · E/W 2, game to 5; rubber 1–0",
    ]
    assert running(5, [(5, "EW2")])[-1].line(("We", "They")) == "We 0 · They 4, game to 5; rubber 0–0"


def test_a_side_at_four_holding_four_honours_and_taking_six_tricks_scores_nothing():
    after = play_deal(Score(5, points=(4, 0)), 6, "NS4")
    assert after.points == (4, 1)


@pytest.mark.parametrize(
    "game, at, counted",
    [(5, 3, True), (5, 4, False), (10, 8, True), (10, 9, False), (7, 5, True), (7, 6, False)],
)
def test_honours_count_unless_one_short_of_the_game(game, at, counted):
    after = play_deal(Score(game, points=(at, 0)), 6, "NS2")  # no odd trick either side
    assert after.points[0] == (min(at + 2, game) if counted else at) or after.finished


def test_honours_can_win_a_game():
    after = play_deal(Score(5, points=(3, 0)), 5, "NS2")  # E/W's tricks first: 2; then N/S's honours
    assert [(g.winner, g.score, g.value) for g in after.finished] == [(0, (5, 2), 2)]


def test_tricks_score_before_honours():
    # At 3–3, eight tricks (2) against three honours (2): the trick-takers win, a single.
    after = play_deal(Score(5, points=(3, 3)), 8, "EW2")
    assert [(g.winner, g.value) for g in after.finished] == [(0, 1)]
    assert after.rubber_points == (1, -1)


def test_points_past_the_game_do_not_carry():
    after = play_deal(Score(5, points=(4, 0)), 13, "")
    assert after.points == (0, 0) and after.finished[-1].score == (5, 0)


@pytest.mark.parametrize(
    "game, losers, value",
    [
        (5, 0, 3),
        (5, 1, 2),
        (5, 2, 2),
        (5, 3, 1),
        (5, 4, 1),
        (10, 0, 3),
        (10, 4, 2),
        (10, 5, 1),
        (10, 9, 1),
        (7, 3, 2),
        (7, 4, 1),
    ],
)
def test_a_games_value(game, losers, value):
    assert game_value(game, losers) == value


def test_the_american_game_plays_games_alone():
    assert not plays_rubbers(7)
    deals = [(13, "")] * 4  # 7 points a deal: four trebles, no rubber
    assert table_result(7, deals) == (12, -12)
    assert running(7, deals)[-1].line() == "N/S 0 · E/W 0, game to 7; games 4–0"


def test_long_whist_plays_rubbers_to_ten():
    deals = [(13, ""), (10, "")] * 2  # 7, then 11 → a treble each game; two games, the rubber
    assert table_result(10, deals) == (8, -8)


@pytest.mark.parametrize(
    "tricks, claim, message",
    [
        (14, "", "14 is not a number of tricks: give 0 to 13."),
        (-1, "", "-1 is not a number of tricks"),
        (7, "NS3", "'NS3' is not an honours claim"),
        (7, "both", "is not an honours claim"),
    ],
)
def test_bad_deals_are_refused_in_words(tricks, claim, message):
    with pytest.raises(RubberError, match=message):
        running(5, [(tricks, claim)])


def test_honours_go_to_one_side_only():
    with pytest.raises(RubberError, match="Only one side can hold honours"):
        honours_claim(2, 4)
    with pytest.raises(RubberError, match="not a count of honours"):
        honours_claim(3, 0)
    assert honours_claim(4, 0) == "NS4"


def test_a_game_is_five_seven_or_ten():
    with pytest.raises(RubberError, match="5, 7 or 10"):
        running(6, [])


@given(
    st.sampled_from([5, 7, 10]), st.lists(st.tuples(st.integers(0, 13), st.sampled_from(CLAIMS)), max_size=40)
)
def test_every_table_result_adds_to_nothing_and_games_stay_below_the_target(game, deals):
    scores = running(game, deals)
    assert table_result(game, deals)[0] + table_result(game, deals)[1] == 0
    for score in scores:
        assert max(score.points) < game
        assert all(g.value in (1, 2, 3) for g in score.finished)
        if plays_rubbers(game):
            assert max(score.games) < 2
