"""Two-player nights' rules: a deal's points, a match, the standings and the knock-out bracket."""

import pytest

from tournaments.domain.duels import (
    Deal,
    DuelError,
    MatchRules,
    Played,
    Scoring,
    bracket_size,
    first_round,
    next_round,
    qualifiers,
    rank_players,
    round_name,
    score_match,
)


@pytest.mark.parametrize(
    "game, rule, deal, points",
    [
        ("german", "", Deal(10, 3), (4, 0)),
        ("german", "", Deal(6, 7), (0, 1)),
        ("german", "last-13", Deal(0, 13), (0, 7)),
        ("german", "all-26", Deal(15, 11), (4, 0)),
        ("german", "all-26", Deal(13, 13), (0, 0)),
        ("german", "all-26", Deal(8, 18), (0, 10)),
        ("german", "high-low", Deal(10, 3), (4, 0)),
        ("german", "high-low", Deal(10, 3, black=True), (0, 4)),
        ("humbug", "", Deal(9, 4), (3, 0)),
        ("humbug", "", Deal(6, 7), (0, 1)),
    ],
)
def test_a_deal_scores_as_the_published_rules_say(game, rule, deal, points):
    assert Scoring(game, rule).points(deal) == points


@pytest.mark.parametrize(
    "scoring, deal, words",
    [
        (Scoring(), Deal(10, 4), "10 and 4 tricks make 14: the last 13 tricks of German whist add up to 13."),
        (
            Scoring("german", "all-26"),
            Deal(13, 12),
            "13 and 12 tricks make 25: the 26 tricks of German whist add up to 26.",
        ),
        (Scoring("humbug"), Deal(14, -1), "14 tricks: a player takes 0 to 13."),
        (
            Scoring(),
            Deal(10, 3, True),
            "Only a high/low game of German whist asks the colour of the 27th card.",
        ),
    ],
)
def test_tricks_that_cannot_be_are_refused_in_words(scoring, deal, words):
    with pytest.raises(DuelError) as refused:
        scoring.points(deal)
    assert str(refused.value) == words


def test_scorings_and_rules_that_do_not_exist_are_refused():
    with pytest.raises(DuelError, match="not a scoring of German whist"):
        Scoring("german", "all-13")
    with pytest.raises(DuelError, match="Humbug whist has one scoring"):
        Scoring("humbug", "all-26")
    with pytest.raises(DuelError, match="give one of the two"):
        MatchRules(deals=4, target=20)
    with pytest.raises(DuelError, match="a tie no more than a win"):
        MatchRules(deals=4, win=1, tie=2)


def test_a_match_of_deals_ends_after_them_and_a_game_at_its_target():
    rules = MatchRules(deals=3)
    two = score_match(Scoring(), rules, [Deal(10, 3), Deal(3, 10)])
    assert (two.a, two.b, two.finished, two.game_points(rules)) == (4, 4, False, (0, 0))
    tied = score_match(Scoring(), rules, [Deal(10, 3), Deal(3, 10), Deal(6, 7)])
    assert tied.finished and tied.winner == "b" and tied.game_points(rules) == (0, 2)
    won = score_match(Scoring(), rules, [Deal(10, 3), Deal(3, 10), Deal(7, 6)])
    assert won.game_points(MatchRules(deals=3, win=3, tie=1)) == (3, 0)
    game = MatchRules(target=7)
    assert score_match(Scoring(), game, [Deal(10, 3), Deal(9, 4)]).winner == "a"
    with pytest.raises(DuelError, match="over after 2 deals: deal 3 is not played"):
        score_match(Scoring(), game, [Deal(10, 3), Deal(9, 4), Deal(7, 6)])


def test_a_tie_shares_the_game_points_and_a_knockout_tie_plays_on():
    rules = MatchRules(deals=2)
    deals = [Deal(10, 3), Deal(3, 10)]
    assert score_match(Scoring(), rules, deals).game_points(rules) == (1, 1)
    assert not score_match(Scoring(), rules, deals, knockout=True).finished
    decided = score_match(Scoring(), rules, [*deals, Deal(7, 6)], knockout=True)
    assert decided.finished and decided.winner == "a"


def test_standings_break_ties_by_games_won_then_spread_then_their_own_match():
    played = [
        Played(1, 3, 5, 0, 2, 0),
        Played(2, 3, 5, 0, 2, 0),
        Played(2, 1, 1, 0, 2, 0),
        Played(1, 4, 1, 0, 2, 0),
        Played(4, 2, 0, 4, 0, 2),
    ]
    ranked = rank_players([1, 2, 3, 4], played)
    # 2 has three wins; 1 has two: games won decide before the spread.
    assert [(s.place, s.player, s.game_points, s.won) for s in ranked][:2] == [("1", 2, 6, 3), ("2", 1, 4, 2)]
    # Level on points, games won and spread: their own match decides.
    level = [Played(1, 3, 3, 0, 2, 0), Played(2, 4, 3, 0, 2, 0)]
    level += [Played(2, 1, 1, 0, 2, 0), Played(3, 1, 0, 1, 0, 2)]
    ranked = rank_players([1, 2, 3, 4], level)
    first_two = [(s.place, s.player, s.game_points, s.won, s.spread) for s in ranked][:2]
    assert first_two == [("1", 2, 4, 2, 4), ("2", 1, 4, 2, 3)]
    # Level on everything and never met: a shared place.
    shared = rank_players([1, 2, 3, 4], [Played(1, 3, 4, 0, 2, 0), Played(2, 4, 4, 0, 2, 0)])
    assert [(s.place, s.player) for s in shared] == [("1=", 1), ("1=", 2), ("3=", 3), ("3=", 4)]


def test_games_won_come_before_the_spread_when_game_points_are_level():
    played = [
        Played(1, 3, 1, 0, 2, 0),  # 1 wins by a point
        Played(4, 1, 5, 0, 2, 0),  # and loses by five: 2 game points, a game won, a spread of -4
        Played(2, 5, 3, 3, 1, 1),  # 2 ties twice: 2 game points, no game won, a spread of 0
        Played(2, 6, 3, 3, 1, 1),
    ]
    ranked = {s.player: s for s in rank_players(range(1, 7), played)}
    one, two = ranked[1], ranked[2]
    assert (one.game_points, one.won, one.spread) == (2, 1, -4)
    assert (two.game_points, two.won, two.spread) == (2, 0, 0)
    assert (one.place, two.place) == ("2", "3")  # 4 is first: 2 game points, a game won, +5


def test_their_own_match_separates_players_level_on_the_first_three():
    played = [Played(1, 3, 2, 0, 2, 0), Played(2, 4, 2, 0, 2, 0)]
    played += [Played(2, 1, 2, 2, 1, 1), Played(3, 4, 1, 1, 1, 1)]
    assert [(s.place, s.player) for s in rank_players([1, 2, 3, 4], played)][:2] == [("1=", 1), ("1=", 2)]
    beat = [Played(1, 3, 2, 0, 2, 0), Played(2, 4, 2, 0, 2, 0)]
    beat += [Played(1, 4, 3, 0, 2, 0), Played(2, 3, 3, 0, 2, 0)]
    beat += [Played(3, 4, 0, 0, 1, 1), Played(2, 1, 0, 0, 1, 1)]
    assert [(s.place, s.player) for s in rank_players([1, 2, 3, 4], beat)][:2] == [("1=", 1), ("1=", 2)]
    ahead = [Played(1, 3, 2, 0, 2, 0), Played(2, 4, 3, 1, 2, 0)]
    ahead += [Played(1, 2, 2, 1, 2, 0), Played(4, 1, 1, 0, 2, 0)]
    ahead += [Played(2, 3, 1, 0, 2, 0)]
    # 1 and 2 both 4 game points, 2 wins, spread: 1 → 2+1−1 = 2, 2 → 2−1+1 = 2; 1 beat 2.
    assert [(s.place, s.player) for s in rank_players([1, 2, 3, 4], ahead)][:2] == [("1", 1), ("2", 2)]


def test_a_bye_scores_a_win_but_no_game_won_and_no_spread():
    (line,) = [s for s in rank_players([1, 2, 3], [Played(3, 0, 0, 0, 2, 0)]) if s.player == 3]
    assert (line.game_points, line.won, line.byes, line.spread, line.place) == (2, 0, 1, 0, "1")


# The American Cribbage Congress's published cut, and two small fields.
FIXTURES = [(108, 27, 5), (132, 33, 31), (60, 15, 1), (16, 4, 0), (9, 3, 1)]


@pytest.mark.parametrize("entrants, qualified, byes", FIXTURES)
def test_the_cut_is_one_in_four_fractions_up_with_byes_to_the_next_power_of_two(entrants, qualified, byes):
    assert qualifiers(entrants) == qualified
    assert bracket_size(qualified) - qualified == byes
    matches = first_round(qualified)
    assert sorted(m[0] for m in matches if m[1] is None) == list(range(1, byes + 1))


@pytest.mark.parametrize("qualified", range(2, 41))
def test_every_bracket_gives_the_byes_to_the_top_seeds_and_a_second_round_of_a_power_of_two(qualified):
    matches = first_round(qualified)
    seeds = sorted(s for match in matches for s in match if s is not None)
    assert seeds == list(range(1, qualified + 1))
    bye_seeds = sorted(m[0] for m in matches if m[1] is None)
    assert bye_seeds == list(range(1, bracket_size(qualified) - qualified + 1))
    second = len(matches)  # every match sends one player on
    assert second & (second - 1) == 0
    # Seeds 1 and 2 can meet only in the final: they are in different halves.
    half = len(matches) // 2
    top, bottom = matches[:half] or matches, matches[half:] or matches
    if qualified > 2:
        assert any(1 in m for m in top) and any(2 in m for m in bottom)
    # Playing it out, higher seed winning, ends with seed 1.
    winners = [min(s for s in m if s is not None) for m in matches]
    while len(winners) > 1:
        winners = [min(pair) for pair in next_round(winners)]
    assert winners == [1]
    assert qualifiers(qualified * 4) == qualified == qualifiers(qualified * 4 - 3)


def test_a_cut_that_cannot_be_is_refused():
    with pytest.raises(DuelError, match="only 9 played"):
        qualifiers(9, cut=12)
    with pytest.raises(DuelError, match="needs 2 players or more"):
        qualifiers(4)


@pytest.mark.parametrize(
    "number, rounds, name",
    [(1, 4, "round 1"), (4, 4, "round 4"), (5, 4, "knock-out round 1"), (6, 4, "knock-out round 2")],
)
def test_a_knockout_round_is_counted_from_the_knockouts_first(number, rounds, name):
    assert round_name(number, rounds) == name
