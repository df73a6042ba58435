"""Invariants the database enforces by itself, whatever the code above it does."""

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from tournaments.models import Board, Pair, Result


def _first_meeting(event):
    seating = event.seatings.select_related("ns_pair", "ew_pair").get(round=1, table=1)
    board = event.boards.get(number=seating.first_board)
    return seating, board


def _result(event, seating, board, **fields):
    values = {"ns_tricks": 7, **fields}
    return Result(
        event=event,
        board=board,
        round=1,
        table=1,
        ns_pair=seating.ns_pair,
        ew_pair=seating.ew_pair,
        entered_at=timezone.now(),
        **values,
    )


@pytest.mark.parametrize("tricks", [14, 99])
def test_the_database_refuses_tricks_above_13(club, make_event, tricks):
    event = make_event(club)
    seating, board = _first_meeting(event)
    with pytest.raises(IntegrityError), transaction.atomic():
        _result(event, seating, board, ns_tricks=tricks).save()


def test_the_database_refuses_an_update_to_impossible_tricks(club, make_event):
    event = make_event(club)
    seating, board = _first_meeting(event)
    _result(event, seating, board).save()
    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.update(ns_tricks=20)
    assert Result.objects.get().ns_tricks == 7


def test_a_result_needs_tricks_or_an_adjusted_score_for_each_side(club, make_event):
    event = make_event(club)
    seating, board = _first_meeting(event)
    with pytest.raises(IntegrityError), transaction.atomic():
        _result(event, seating, board, ns_tricks=None, ns_adjusted="A+").save()
    with pytest.raises(IntegrityError), transaction.atomic():
        _result(event, seating, board, ns_tricks=7, ns_adjusted="A", ew_adjusted="A").save()
    _result(event, seating, board, ns_tricks=None, ns_adjusted="A+", ew_adjusted="A-").save()


def test_one_result_per_board_per_pair_meeting(club, make_event):
    event = make_event(club)
    seating, board = _first_meeting(event)
    _result(event, seating, board).save()
    with pytest.raises(IntegrityError), transaction.atomic():
        _result(event, seating, board, ns_tricks=5).save()


def test_pair_numbers_are_unique_per_event_and_direction(club, make_event):
    event = make_event(club)
    with pytest.raises(IntegrityError), transaction.atomic():
        Pair.objects.create(event=event, direction="NS", number=1)
    Pair.objects.create(event=make_event(club, name="Another", build=False), direction="NS", number=1)


def test_board_numbers_are_unique_per_event(club, make_event):
    event = make_event(club)
    with pytest.raises(IntegrityError), transaction.atomic():
        Board.objects.create(event=event, number=1, dealer="N", trumps="H")
