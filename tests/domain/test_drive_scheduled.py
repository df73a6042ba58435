"""An individual drive's plan for every number of players the schedules offer: every player seated
once a hand, the same tables every hand, partners at most once (exactly once when the schedule
is complete), and each player told the seat and partner the next hand gives them."""

import itertools
from collections import Counter

import pytest

from tournaments.domain.drives import COMPASS, Format, moves, plan_drive, plan_from_rounds
from tournaments.domain.errors import DriveError
from tournaments.domain.limits import MAX_HANDS


def _players(v: int) -> list[str]:
    return [f"P{k}" for k in range(1, v + 1)]


@pytest.mark.parametrize("v", range(4, 41))
def test_every_player_has_a_seat_every_hand_and_partners_at_most_once(v):
    plan = plan_drive(Format.INDIVIDUAL, _players(v))
    partners = Counter()
    for hand in range(1, plan.hands + 1):
        tables = plan.seating(hand)
        assert [t.table for t in tables] == list(range(1, plan.tables + 1))
        seated = [p for t in tables for p in t.players]
        assert sorted(seated) == sorted(_players(v))
        for t in tables:
            if not t.sit_out:
                partners.update(frozenset(c) for c in (t.ns, t.ew))
    assert set(partners.values()) <= {1}
    assert plan.tables == -(-v // 4)  # what a drive's export expects of its players
    if not plan.shortfall:
        assert len(partners) == v * (v - 1) // 2


@pytest.mark.parametrize("v", [10, 14, 22])
def test_with_4n_plus_2_players_the_two_left_out_wait_at_a_sit_out_table(v):
    plan = plan_drive(Format.INDIVIDUAL, _players(v))
    out = Counter()
    for hand in range(1, plan.hands + 1):
        *playing, sit_out = plan.seating(hand)
        assert sit_out.table == plan.sit_out_table == v // 4 + 1 and len(sit_out.players) == 2
        assert not any(t.sit_out for t in playing)
        out.update(sit_out.players)
    assert set(out.values()) == {2} and len(out) == v


@pytest.mark.parametrize("v", [8, 9, 10, 13])
def test_each_player_is_told_the_table_seat_and_partner_of_the_next_hand(v):
    plan = plan_drive(Format.INDIVIDUAL, _players(v), hands_per_round=2)
    for hand in range(1, plan.hands):
        now, after = plan.by_hand(hand), plan.by_hand(hand + 1)
        for table in now:
            for player, move in moves(now, after, table).items():
                going = after[move.table]
                assert player in going.players
                if going.sit_out:
                    assert move.sits_out
                    continue
                assert move.partner == going.partner_of(player)
                assert move.seat == COMPASS[(*going.ns, *going.ew).index(player)]
                if hand % 2:  # the second hand of a round: the same seats
                    assert move.text == f"stay in your seat ({move.seat})"


def test_too_many_hands_and_too_few_players_are_refused_in_words():
    with pytest.raises(DriveError, match=f"{MAX_HANDS} at most"):
        plan_drive(Format.INDIVIDUAL, _players(40), hands_per_round=2)
    with pytest.raises(DriveError, match="at least 4 players"):
        plan_drive(Format.INDIVIDUAL, _players(3))
    full = [(1, "P1", "P2", "P3", "P4"), (2, "P5", "P6", "P7", "P8")]
    with pytest.raises(DriveError, match="unevenly"):
        plan_from_rounds(_players(8), [full, full[:1]])


def test_a_shorter_evening_plays_the_first_rounds_with_partners_still_distinct():
    plan = plan_drive(Format.INDIVIDUAL, _players(12), rounds=5)
    assert plan.rounds == 5
    pairs = [frozenset(c) for r in plan.seatings for t in r if not t.sit_out for c in (t.ns, t.ew)]
    assert len(pairs) == len(set(pairs)) == 5 * 6
    assert list(itertools.chain(plan.seating(1))) == list(plan.seatings[0])


@pytest.mark.parametrize("v", [5, 6, 7, 9, 10, 14, 35, 38])
def test_every_shorter_evening_seats_everyone_every_hand(v):
    full = plan_drive(Format.INDIVIDUAL, _players(v)).rounds
    for rounds in range(1, full + 1):
        plan = plan_drive(Format.INDIVIDUAL, _players(v), rounds=rounds)
        assert plan.rounds == rounds
        assert all(sorted(p for t in r for p in t.players) == sorted(_players(v)) for r in plan.seatings)
