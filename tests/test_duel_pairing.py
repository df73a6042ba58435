"""A two-player night's pairings from caissify-pairings, checked for every size of field from 3 to
40: the round robin's Berger tables and the FIDE Dutch Swiss with simulated results; and small
Swiss rounds whose right pairing is known, which the library gives only when it is told each
player's score (game points over a win's), who floated which way and who had the bye."""

import math
import random
import warnings

import pytest
from caissify_pairings import MissingFloatHistoryWarning

from tournaments.domain.duels import DuelError, Pairing, check_round_robin, check_swiss, swiss_round_limit
from tournaments.services.duels.pairing import Result, round_robin, swiss_round

SIZES = range(3, 41)


@pytest.mark.parametrize("players", SIZES)
def test_a_round_robin_meets_every_two_players_once(players):
    rounds = round_robin(players)
    check_round_robin(players, rounds)
    assert len(rounds) == (players - 1 if players % 2 == 0 else players)
    byes = [p.a for pairings in rounds for p in pairings if p.bye]
    assert sorted(byes) == (list(range(1, players + 1)) if players % 2 else [])


def _simulate(players, rounds, seed):
    rng = random.Random(seed)
    history = []
    for _ in range(rounds):
        results = []
        for pairing in swiss_round(players, history, rounds):
            if pairing.bye:
                results.append(Result(pairing.a, None, 2))
            else:
                results.append(Result(pairing.a, pairing.b, *rng.choice([(2, 0), (0, 2), (1, 1), (2, 0)])))
        history.append(results)
    return history


@pytest.mark.parametrize("players", SIZES)
def test_a_swiss_has_no_rematch_and_one_bye_at_most_each(players):
    rounds = swiss_round_limit(players)
    assert rounds < players and rounds <= math.log2(players) + 2
    with warnings.catch_warnings():
        warnings.simplefilter("error", MissingFloatHistoryWarning)
        history = _simulate(players, rounds, seed=players)
    check_swiss(players, [[Pairing(r.a, r.b) for r in results] for results in history])


def test_the_first_round_pairs_the_top_half_against_the_bottom_half():
    first = swiss_round(8, [], 3)
    assert sorted(tuple(sorted((p.a, p.b))) for p in first) == [(1, 5), (2, 6), (3, 7), (4, 8)]


def test_a_field_too_small_for_the_rounds_is_refused_in_words():
    with pytest.raises(DuelError, match="cannot be paired without a rematch or a second bye"):
        swiss_round(3, _simulate(3, 3, seed=1), 4)


def _pairs(pairings):
    """A round's tables as sets (who is named first aside), and the player with the bye."""
    tables = {frozenset((p.a, p.b)) for p in pairings if not p.bye}
    return tables, next((p.a for p in pairings if p.bye), None)


def test_winners_named_second_at_their_tables_lead_and_meet():
    # 3 and 4, each named second at their table, won: they lead on a win each and meet.
    history = [[Result(1, 3, 0, 2), Result(2, 4, 0, 2)]]
    assert _pairs(swiss_round(4, history, 3)) == ({frozenset((3, 4)), frozenset((1, 2))}, None)


def test_a_score_is_game_points_over_a_win_so_the_bye_goes_to_the_lowest_score():
    # 3, 4 and 5 (the bye) have a win's score, 1 and 2 none: the bye goes to 2, the lower seed of the
    # two without a point; 1, left alone, meets the lowest of the leaders (5); 3 and 4 meet.
    history = [[Result(1, 3, 0, 2), Result(4, 2, 2, 0), Result(5, None, 2)]]
    assert _pairs(swiss_round(5, history, 3)) == ({frozenset((1, 5)), frozenset((3, 4))}, 2)


def test_a_player_paired_up_last_round_is_not_paired_up_again_when_another_can_be():
    # After round 2, 2 leads alone and is paired down to one of the next score: not 1, who was
    # paired up in round 2 (against 6, then ahead of 1), but 6; 4 is paired down to 3, who is last.
    history = [
        [Result(1, 4, 0, 2), Result(5, 2, 0, 2), Result(3, 6, 0, 2)],
        [Result(2, 4, 2, 0), Result(6, 1, 0, 2), Result(5, 3, 2, 0)],
    ]
    tables, _ = _pairs(swiss_round(6, history, 3))
    assert tables == {frozenset((2, 6)), frozenset((1, 5)), frozenset((3, 4))}


def test_a_round_that_would_leave_the_next_unpairable_is_not_taken():
    # The same round of a night of four rounds: 2 v 6, 1 v 5, 3 v 4 would leave 1, 2, 3 and 4, 5, 6
    # having met all of the other three, with no round 4. The next cheapest leaves one: 2 meets 1
    # (a float down each, as before, the smallest differences of score), 3 meets 4, 5 meets 6.
    history = [
        [Result(1, 4, 0, 2), Result(5, 2, 0, 2), Result(3, 6, 0, 2)],
        [Result(2, 4, 2, 0), Result(6, 1, 0, 2), Result(5, 3, 2, 0)],
    ]
    third = swiss_round(6, history, 4)
    assert _pairs(third) == ({frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}, None)
    history.append([Result(p.a, p.b, 1, 1) for p in third])
    played = [[Pairing(r.a, r.b) for r in results] for results in history]
    check_swiss(6, [*played, swiss_round(6, history, 4)])


def test_a_player_who_had_the_bye_never_gets_a_second():
    # 5, 4 and 3 had the byes of rounds 1 to 3, and 4 and 3 are last: the bye of round 4 goes to 1,
    # the lower score of the two who have not had one (2 leads).
    history = [
        [Result(1, 3, 1, 1), Result(4, 2, 0, 2), Result(5, None, 2)],
        [Result(2, 1, 1, 1), Result(3, 5, 0, 2), Result(4, None, 2)],
        [Result(5, 2, 0, 2), Result(1, 4, 2, 0), Result(3, None, 2)],
    ]
    assert _pairs(swiss_round(5, history, 4)) == ({frozenset((2, 3)), frozenset((4, 5))}, 1)
