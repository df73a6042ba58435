"""A drive's game: what a hand's tricks score, who won it for the movement, what the sit-out scores."""

import pytest

from tournaments.domain.drives import TRICKS, winners
from tournaments.domain.drives.games import GRANDS, MINNESOTA, WHIST, Game, score_text
from tournaments.domain.drives.teams import Rule, game_points
from tournaments.domain.errors import DomainError
from tournaments.domain.minnesota import RULES

EVERY_HAND = [(rules, granded, t) for rules in RULES for granded in GRANDS for t in range(TRICKS + 1)]


@pytest.mark.parametrize(("rules", "granded", "ns_tricks"), EVERY_HAND)
def test_a_minnesota_hand_is_never_level_and_its_winners_on_points_move_as_winners(rules, granded, ns_tricks):
    game = Game(MINNESOTA, rules)
    ns, ew = game.points(ns_tricks, granded)
    assert ns != ew
    assert (winners(game.moving_tricks(ns_tricks, granded)) == "ns") == (ns > ew)


@pytest.mark.parametrize("ns_tricks", range(TRICKS + 1))
def test_a_whist_hand_scores_the_tricks_and_moves_by_them(ns_tricks):
    assert WHIST.points(ns_tricks) == (ns_tricks, TRICKS - ns_tricks)
    assert WHIST.moving_tricks(ns_tricks) == ns_tricks


@pytest.mark.parametrize(
    ("played", "average"),
    [
        ([], None),  # no table in yet: nothing to average
        ([(3, 0)], 1.5),
        ([(3, 0), (0, 2)], 1.5),  # 5 / 4 = 1.25: to the nearest half, a half rounding up
        ([(1, 0), (0, 0)], 0.5),  # 0.25 rounds up to a half
        ([(-3, 0), (0, -1)], -1.0),  # American points: -1
    ],
)
def test_the_sit_out_scores_the_hands_average_to_the_nearest_half(played, average):
    assert Game(MINNESOTA, "american").sit_out(played, fixed=7) == average
    assert WHIST.sit_out(played, fixed=7) == 7


@pytest.mark.parametrize(
    ("rule", "granded", "ns_tricks", "points"),
    [
        (Rule.MAJORITY, "NS", 9, (1, 0)),
        (Rule.MAJORITY, "NS", 5, (0, 1)),  # the granders failed: the others won on points
        (Rule.MAJORITY, "low", 4, (1, 0)),  # played low: the fewer tricks won
        (Rule.MAJORITY, "low", 0, (2, 0)),  # no trick played low: a clean sweep
        (Rule.MAJORITY, "EW", 0, (0, 2)),  # all thirteen in their grand
        (Rule.TRICKS, "EW", 5, (0, 2)),
        (Rule.TRICKS, "low", 9, (0, 3)),
    ],
)
def test_a_minnesota_team_nights_points(rule, granded, ns_tricks, points):
    assert game_points(rule, Game(MINNESOTA, "swedish"), ns_tricks, granded) == points


def test_a_minnesota_table_must_say_who_went_grand_and_whist_rules_are_refused():
    for said in (None, "", "N/S"):
        with pytest.raises(DomainError, match="Say who went grand"):
            Game(MINNESOTA, "swedish").check(8, said)
    with pytest.raises(DomainError, match="are not Minnesota rules"):
        Game(MINNESOTA, "whist")
    assert score_text(8, "EW") == "E/W grand 8–5" and score_text(8) == "8–5"
