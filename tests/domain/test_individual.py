"""The duplicate individual: the boards of a whist tournament's rounds, and the players' ranking."""

from collections import Counter
from itertools import combinations

import pytest

from tournaments.domain.errors import MovementError
from tournaments.domain.individuals import rank_individuals
from tournaments.domain.movements.individual import build_individual
from tournaments.domain.movements.whist import whist_schedule
from tournaments.domain.scoring import BoardResult, score_event

SIZES = range(8, 41)


def _build(players: int, rounds: int | None = None, boards_per_round: int = 2):
    return build_individual(whist_schedule(players, rounds), boards_per_round=boards_per_round)


@pytest.mark.parametrize("players", SIZES)
def test_every_board_is_played_at_every_table_that_plays_its_round(players):
    individual = _build(players)
    movement, schedule = individual.movement, individual.schedule
    played = Counter()
    for tr in movement.table_rounds:
        assert tr.board_set == tr.round and tr.boards == (2 * tr.round - 1, 2 * tr.round)
        if tr.ns is not None and tr.ew is not None:
            played.update(tr.boards)
    for round_tables in schedule.rounds:
        playing = sum(table.plays for table in round_tables)
        round_ = round_tables[0].round
        assert played[2 * round_ - 1] == played[2 * round_] == playing >= 1
    if not schedule.phantoms:  # a complete schedule: each board at every table
        assert set(played.values()) == {schedule.tables}


@pytest.mark.parametrize("players", SIZES)
def test_no_player_plays_a_board_twice_and_each_partnership_sits_once(players):
    individual = _build(players)
    boards_of = {p: [] for p in range(1, players + 1)}
    seated = {}
    for tr in individual.movement.table_rounds:
        for number in (tr.ns, tr.ew):
            if number is not None and tr.ns is not None and tr.ew is not None:
                partnership = individual.partnerships[number - 1]
                assert (partnership.round, partnership.table) == (tr.round, tr.table)
                for player in partnership.players:
                    boards_of[player].extend(tr.boards)
    for player, boards in boards_of.items():
        assert len(boards) == len(set(boards)), player
    for partnership in individual.partnerships:
        key = frozenset(partnership.players)
        assert key not in seated and len(key) == 2
        seated[key] = partnership.number
        assert individual.partnership_of(partnership.round, partnership.players[0]) == partnership
    if individual.schedule.round_count == len(whist_schedule(players).rounds):
        assert set(seated) <= {frozenset(p) for p in combinations(range(1, players + 1), 2)}


@pytest.mark.parametrize("players", SIZES)
def test_a_table_with_an_empty_seat_does_not_play(players):
    individual = _build(players)
    for round_tables in individual.schedule.rounds:
        for table in round_tables:
            tr = individual.movement.at(table.round, table.table)
            assert (tr.ns is not None and tr.ew is not None) == table.plays
            assert (tr.shares_with is not None) == (table.plays and sum(t.plays for t in round_tables) > 1)


def test_a_shorter_evening_plays_the_first_rounds():
    individual = _build(12, rounds=5, boards_per_round=3)
    assert individual.movement.rounds == individual.movement.sets == 5
    assert individual.movement.boards == 15
    assert len(individual.partnerships) == 5 * 3 * 2


@pytest.mark.parametrize(
    "players, boards, message",
    [
        (5, 2, "8 players or more"),
        (6, 2, "no round has two tables"),
        (7, 1, "no round has two tables"),
        (8, 0, "at least one board"),
    ],
)
def test_refusals_are_in_words(players, boards, message):
    with pytest.raises(MovementError, match=message):
        _build(players, boards_per_round=boards)


# Eight players, seven rounds of one board: Wh(8) as whist_schedule seats it (N, E, S, W), with the
# N/S tricks of table 1 and of table 2 each round. On a board played twice the EBU top is 2: the
# better N/S result scores 2 (its E/W opponents 0), the other N/S 0 (its E/W 2); a tie 1 each.
WH8 = (
    ((8, 2, 1, 4), (5, 3, 6, 7), 8, 7),  # table 1 N/S best: 8 and 1 score 2, table 2's E/W 3 and 7 too
    ((8, 3, 2, 5), (6, 4, 7, 1), 6, 7),  # table 2 N/S 6 and 7, table 1 E/W 3 and 5
    ((8, 4, 3, 6), (7, 5, 1, 2), 7, 7),  # a tie: everyone 1
    ((8, 5, 4, 7), (1, 6, 2, 3), 9, 5),  # 8 and 4; 6 and 3
    ((8, 6, 5, 1), (2, 7, 3, 4), 5, 8),  # 2 and 3; 6 and 1
    ((8, 7, 6, 2), (3, 1, 4, 5), 7, 6),  # 8 and 6; 1 and 5
    ((8, 1, 7, 3), (4, 2, 5, 6), 6, 9),  # 4 and 5; 1 and 3
)
# Each player's matchpoints out of 14, added up by hand from the lines above:
# 1: 2+0+1+0+2+2+2 = 9    2: 0+0+1+0+2+0+0 = 3   3: 2+2+1+2+2+0+2 = 11   4: 0+0+1+2+0+0+2 = 5
# 5: 0+2+1+0+0+2+2 = 7    6: 0+2+1+2+2+2+0 = 9   7: 2+2+1+0+0+0+0 = 5    8: 2+0+1+2+0+2+0 = 7
BY_HAND = {1: 9, 2: 3, 3: 11, 4: 5, 5: 7, 6: 9, 7: 5, 8: 7}
PLACES = {3: "1", 1: "2=", 6: "2=", 5: "4=", 8: "4=", 4: "6=", 7: "6=", 2: "8"}


def test_eight_players_scored_by_hand():
    individual = _build(8, boards_per_round=1)
    schedule = individual.schedule
    assert [tuple(t.seats for t in tables) for tables in schedule.rounds] == [line[:2] for line in WH8]
    results = []
    for tr in individual.movement.table_rounds:
        tricks = WH8[tr.round - 1][1 + tr.table]
        results.append(
            BoardResult(tr.round, ("ALL", tr.ns), ("ALL", tr.ew), tricks, round=tr.round, table=tr.table)
        )
    scores = score_event(results, expected={board: 2 for board in range(1, 8)}, one_field=True)
    pairs = {("ALL", p.number): p.players for p in individual.partnerships}
    ranked = rank_individuals(scores, pairs, range(1, 9))
    assert {s.player: s.score for s in ranked} == BY_HAND
    assert {s.player: s.top for s in ranked} == dict.fromkeys(range(1, 9), 14)
    assert {s.player: s.rank for s in ranked} == PLACES
    assert [round(s.percentage, 2) for s in ranked] == [78.57, 64.29, 64.29, 50.0, 50.0, 35.71, 35.71, 21.43]
    assert all(s.boards_played == 7 for s in ranked)


def test_tricks_methods_add_up_the_partnerships():
    individual = _build(8, boards_per_round=1)
    results = [
        BoardResult(tr.round, ("ALL", tr.ns), ("ALL", tr.ew), WH8[tr.round - 1][1 + tr.table])
        for tr in individual.movement.table_rounds
    ]
    scores = score_event(results, method="total_tricks", one_field=True)
    pairs = {("ALL", p.number): p.players for p in individual.partnerships}
    ranked = {s.player: s for s in rank_individuals(scores, pairs, range(1, 9))}
    # Round 1: table 1 N/S 8 against an average of 7.5: +0.5 to 8 and 1, -0.5 to their E/W 2 and 4.
    first = {s.pair: s.score for s in scores.standings}
    assert first[("ALL", 1)] == 0.5 and first[("ALL", 2)] == -0.5
    assert sum(s.versus_average for s in ranked.values()) == pytest.approx(0)
    assert ranked[1].top is None and ranked[1].percentage is None
