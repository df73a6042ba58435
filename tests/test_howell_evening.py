"""A Howell evening end to end: recommended for a small field, seated, played at the tablets, scored
as one field. The movement itself is checked in ``tests/domain/test_howell.py``."""

import random
from collections import Counter
from datetime import date
from itertools import combinations

import pytest

from tournaments import services
from tournaments.domain.movements import build_howell
from tournaments.models import Event, Pair


@pytest.fixture
def draft(club):
    return services.event_create(
        club=club, name="Tuesday Howell", date=date(2026, 12, 1), tables=3, boards_per_round=2
    )


def _enter(event, count, stationary=()):
    for n in range(1, count + 1):
        services.entry_add(event=event, first=f"Guest {n}a", second=f"Guest {n}b", stationary=n in stationary)


def _play(event, rng) -> list:
    """Every table plays every round on its tablet: N/S enter, E/W confirm. Returns the moves told."""
    told = []
    event.refresh_from_db()  # the tablets read the event as it is now
    for access in event.table_accesses.all():
        while (state := services.table_state(access)).seating is not None:
            if state.moves:
                told.append((access.table, state.moves["round"], state.moves["pair_moves"]))
            for entry in state.entries:
                tricks = rng.randint(0, 13)
                board = entry.board.number
                services.table_result_enter(access=access, board_number=board, ns_tricks=tricks)
                services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks)
    return told


def test_eight_pairs_are_offered_a_howell_and_seated_in_one_numbering(draft):
    _enter(draft, 8, stationary={5})
    best = services.event_proposals(draft)[0]
    assert best.variant == "howell" and best.tables == 4 and "every pair meets every other pair" in best.why
    services.event_accept_proposal(event=draft, choice=0)
    draft.refresh_from_db()
    assert draft.is_howell and (draft.tables, draft.rounds, draft.boards_per_round) == (4, 7, 3)
    assert sorted(draft.pairs.values_list("direction", "number")) == [("ALL", n) for n in range(1, 9)]
    # The pair that must not move is the Howell's stationary pair, the highest.
    assert draft.pairs.get(number=8).names == "Guest 5a & Guest 5b"
    assert str(draft.pairs.get(number=3)) == "Pair 3"
    # Published first round (EBU): 3-6@1 7-2@3 5-4@4 8-1@5; sets not in play rest on relay stands.
    first = [(s.ns_pair.number, s.ew_pair.number, s.board_set) for s in draft.seatings.filter(round=1)]
    assert first == [(3, 6, 1), (7, 2, 3), (5, 4, 4), (8, 1, 5)]
    assert list(draft.relay_stands.filter(round=1).values_list("board_set", flat=True)) == [2, 6, 7]


def test_a_second_stationary_pair_is_refused_in_a_howell(draft):
    _enter(draft, 8, stationary={1, 2})
    with pytest.raises(services.ServiceError, match="in a Howell only pair 8 stays at its table"):
        services.event_accept_proposal(event=draft, choice=0)


def test_an_eight_pair_howell_is_played_on_the_tablets_and_scored_as_one_field(draft):
    _enter(draft, 8)
    services.event_accept_proposal(event=draft, choice=0)
    services.event_deal_boards(event=draft, seed="howell", analyse=False)
    services.event_start(event=draft)
    told = _play(draft, random.Random(7))
    assert services.event_progress(draft) == {"expected": 84, "confirmed": 84, "awaiting": 0, "missing": 0}
    services.event_close(event=draft)

    # Every pair met every other pair once, and played every board once.
    met = Counter()
    boards_of = Counter()
    for ns, ew in draft.results.values_list("ns_pair__number", "ew_pair__number"):
        met[frozenset((ns, ew))] += 1
        boards_of[ns] += 1
        boards_of[ew] += 1
    every_two = {frozenset(p): 3 for p in combinations(range(1, 9), 2)}  # one round of three boards
    assert met == every_two
    assert set(boards_of.values()) == {21}

    report = services.event_report(draft)
    assert report.scores.fields == ("ALL",)
    standings = report.scores.field("ALL")
    assert sorted(s.pair for s in standings) == [("ALL", n) for n in range(1, 9)]
    assert all(s.boards_played == 21 and s.top == 21 * 6 for s in standings)
    # EBU scale, four results a board: the matchpoints of each board add up to 4 x 3 x 2 / 2 x 2.
    assert all(sum(s.ns_score + s.ew_score for s in b.results) == 24 for b in report.scores.boards)
    assert report.name(("ALL", 1)) == draft.pairs.get(number=1).names

    # The tablets told both pairs where to sit next, by the movement's cyclic rule: each pair takes the
    # seat of the pair numbered one below (the stationary pair 8 stays).
    movement = build_howell(4, boards_per_round=3)
    for table, round_, pair_moves in told:
        here = movement.at(round_, table)
        for (pair, text), number in zip(pair_moves, (here.ns, here.ew), strict=True):
            assert pair.number == number
            seat = movement.seat_of(round_ + 1, "", number)
            if number == 8:
                assert text == "stay where you are"
            elif seat.table == table:
                assert text == f"stay at this table, sit {'N/S' if seat.direction == 'NS' else 'E/W'}"
            else:
                assert text == f"go to table {seat.table}, sit {'N/S' if seat.direction == 'NS' else 'E/W'}"
    assert len(told) == 4 * 6


def test_seven_pairs_play_a_howell_with_the_stationary_pair_missing(draft):
    _enter(draft, 7)
    best = services.event_proposals(draft)[0]
    assert (best.variant, best.phantom, best.boards_per_round) == ("howell", True, 4)
    services.event_accept_proposal(event=draft, choice=0)
    services.event_deal_boards(event=draft, seed="seven", analyse=False)
    services.event_start(event=draft)
    _play(draft, random.Random(3))
    services.event_close(event=draft)
    standings = services.event_report(draft).scores.field("ALL")
    # Each pair sits out one round of seven, opposite the missing pair 8.
    assert len(standings) == 7 and {s.boards_played for s in standings} == {24}
    assert not Pair.objects.filter(event=draft, number=8).exists()


@pytest.mark.parametrize("method", [Event.Scoring.TOTAL_TRICKS, Event.Scoring.ODD_TRICKS])
def test_a_howell_scores_by_tricks_against_each_boards_direction_average(draft, method):
    _enter(draft, 4)
    services.event_accept_proposal(event=draft, choice=0)
    Event.objects.filter(pk=draft.pk).update(scoring=method)
    draft.refresh_from_db()
    services.event_deal_boards(event=draft, seed="tricks", analyse=False)
    services.event_start(event=draft)
    _play(draft, random.Random(11))
    standings = services.event_report(draft).scores.field("ALL")
    assert len(standings) == 4
    if method == Event.Scoring.TOTAL_TRICKS:
        # ± the board's direction average: the four pairs' figures balance to nothing.
        assert sum(s.versus_average for s in standings) == pytest.approx(0)
