"""Every Swiss a night can be given plays to its last round: each size from the smallest field to
the largest, over each number of rounds it may have, with random results. Once with the Dutch
system's pairings where they are the library's (the small fields, where a round can strand the
next), and once with the preferred pairing replaced by a random one, often a round that would
strand the rest or has a rematch, which must never be taken."""

import random

import pytest

from tournaments.domain.duels import MAX_PLAYERS, MIN_PLAYERS, Pairing, check_swiss, swiss_round_limit
from tournaments.services.duels import pairing
from tournaments.services.duels.pairing import Result, swiss_round

NIGHTS = [
    (players, rounds)
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    for rounds in range(1, swiss_round_limit(players) + 1)
]
SMALL = [(players, rounds) for players, rounds in NIGHTS if players <= 12]


def _play(players, rounds, rng):
    history = []
    for _ in range(rounds):
        results = []
        for p in swiss_round(players, history, rounds):
            if p.bye:
                results.append(Result(p.a, None, 2))
            else:
                results.append(Result(p.a, p.b, *rng.choice([(2, 0), (0, 2), (1, 1)])))
        history.append(results)
    played = [[Pairing(r.a, r.b) for r in results] for results in history]
    check_swiss(players, played)
    return played


@pytest.mark.parametrize("players,rounds", SMALL)
def test_a_small_swiss_plays_to_its_end(players, rounds):
    for seed in range(3):
        assert len(_play(players, rounds, random.Random(seed))) == rounds


def _any_round(rng):
    """A random round in place of the Dutch system's: no care for what it leaves, and a rematch or a
    second bye when the players drawn first leave no other."""

    def pair(players, history, total_rounds, win):
        met = {frozenset((r.a, r.b or 0)) for results in history for r in results}
        for _ in range(20):  # a few draws, so that most rounds of a large field are valid
            left = list(range(1, players + 1)) + ([0] if players % 2 else [])
            rng.shuffle(left)
            tables, valid = [], True
            while left:
                a = left.pop()
                b = next((b for b in left if frozenset((a, b)) not in met), left[0])
                valid = valid and frozenset((a, b)) not in met
                left.remove(b)
                tables.append(Pairing(a or b, None) if 0 in (a, b) else Pairing(a, b))
            if valid:
                break
        return tables

    return pair


def test_every_swiss_plays_to_its_end_whatever_the_preferred_round(monkeypatch):
    rng = random.Random(1)
    monkeypatch.setattr(pairing, "DUTCH_PLAYERS", MAX_PLAYERS)
    monkeypatch.setattr(pairing, "_dutch", _any_round(rng))
    for players, rounds in NIGHTS:
        for _ in range(5 if (players, rounds) in SMALL else 1):
            assert len(_play(players, rounds, rng)) == rounds, (players, rounds)


@pytest.mark.parametrize("players", [pairing.DUTCH_PLAYERS + 1, MAX_PLAYERS])
def test_a_field_too_large_for_the_library_is_paired_by_score_to_its_end(players):
    rounds = swiss_round_limit(players)
    played = _play(players, rounds, random.Random(players))
    half = players // 2
    assert {frozenset((p.a, p.b)) for p in played[0] if not p.bye} == {
        frozenset((n, n + half)) for n in range(1, half + 1)
    }
    assert len(played) == rounds


def test_the_rounds_a_field_may_have_are_each_possible():
    # An even field can never have more rounds than its players less one, nor an odd field more
    # than its players (each has a bye at most once): the limit never asks for those.
    for players, rounds in NIGHTS:
        assert rounds <= players - 1 + players % 2
