"""A half-table event (a phantom pair, like the demo's): the phantom's table sits out each round,
and a round sat out is no result the board expected. With every result in, no board is factored
by Neuberg: its top is that of the results played."""

import random

import pytest
from django.db.models import Q

from tournaments import services

pytestmark = pytest.mark.django_db


def _play_everything(event):
    rng = random.Random(3)
    for access in event.table_accesses.all():
        while (state := services.table_state(access)).seating is not None:
            for entry in state.entries:
                tricks = rng.randint(0, 13)
                board = entry.board.number
                services.table_result_enter(access=access, board_number=board, ns_tricks=tricks)
                services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks)


@pytest.mark.parametrize("tables", [3, 5])
def test_a_round_sat_out_is_no_expected_result(club, make_event, tables):
    event = make_event(club, tables=tables, boards_per_round=2, phantom=True)
    assert event.seatings.filter(Q(ns_pair__isnull=True) | Q(ew_pair__isnull=True)).exists()
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    _play_everything(event)
    boards = services.event_report(event).scores.boards
    assert boards
    for board in boards:
        assert board.expected == board.compared == len(board.results), board.board
        assert board.top == 2 * (board.compared - 1)
        for scored in board.results:  # unfactored matchpoints are whole numbers
            assert scored.ns_score == int(scored.ns_score) and scored.ns_score + scored.ew_score == board.top
