"""The lean row writer: a row as the ORM would write it, by a statement made once."""

from datetime import UTC, datetime

import pytest
from django.db import IntegrityError, transaction

from tournaments import services
from tournaments.models import Result, ResultChange
from tournaments.services.rows import insert, update


@pytest.fixture
def event(club, make_event):
    return make_event(club, tables=3, boards_per_round=2)


def _first_place(event):
    seating = event.seatings.order_by("round", "table").first()
    return seating, event.boards.get(number=seating.first_board)


def _new_result(seating, board, ns_tricks: int, when: datetime) -> Result:
    return Result(
        event_id=board.event_id,
        board=board,
        round=seating.round,
        table=seating.table,
        ns_pair=seating.ns_pair,
        ew_pair=seating.ew_pair,
        ns_tricks=ns_tricks,
        entered_at=when,
    )


def test_an_insert_is_the_row_save_would_write(event):
    seating, board = _first_place(event)
    when = datetime(2026, 11, 26, 19, 30, 15, 123456, tzinfo=UTC)
    ours = _new_result(seating, board, 8, when)
    insert(ours)
    assert ours.pk and not ours._state.adding
    stored = Result.objects.get(pk=ours.pk)
    assert (stored.ns_tricks, stored.ns_adjusted, stored.entered_at, stored.confirmed_at) == (
        8,
        "",
        when,
        None,
    )
    assert (stored.board_id, stored.ns_pair_id, stored.ew_pair_id) == (
        board.pk,
        seating.ns_pair_id,
        seating.ew_pair_id,
    )

    change = ResultChange(
        event=event,
        result=ours,
        board_number=board.number,
        ns_pair_number=1,
        ew_pair_number=2,
        action="created",
        after="N/S 8",
        changed_at=when,
    )
    insert(change)
    assert ResultChange.objects.get(pk=change.pk).after == "N/S 8"


def test_an_update_writes_only_the_fields_named(event):
    seating, board = _first_place(event)
    result = services.result_record_for_seating(seating=seating, board=board, ns_tricks=7, confirmed=False)
    confirmed = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)
    result.confirmed_at, result.ns_tricks = confirmed, 12  # the tricks are not written
    update(result, ("confirmed_at",))
    stored = Result.objects.get(pk=result.pk)
    assert (stored.confirmed_at, stored.ns_tricks) == (confirmed, 7)


def test_a_refused_insert_raises_the_databases_integrity_error(event):
    seating, board = _first_place(event)
    first = services.result_record_for_seating(seating=seating, board=board, ns_tricks=7)
    again = _new_result(seating, board, 3, first.entered_at)
    with pytest.raises(IntegrityError), transaction.atomic():
        insert(again)
    assert Result.objects.get().ns_tricks == 7
