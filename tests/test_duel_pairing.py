"""A two-player night's pairings from caissify-pairings, checked for every size of field from 3 to
40: the round robin's Berger tables and the FIDE Dutch Swiss with simulated results."""

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
