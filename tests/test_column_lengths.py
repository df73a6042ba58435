"""Every string a write path stores fits its column. SQLite ignores lengths; PostgreSQL does not,
so CI runs this on PostgreSQL too. Each case writes the longest value its path can take."""

from datetime import date

import pytest

from tournaments import services
from tournaments.domain.boards import MAX_SCHEDULE
from tournaments.domain.errors import DomainError
from tournaments.models import Event, ResultChange


@pytest.fixture
def running(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    services.event_deal_boards(event=event, seed="x" * 64, analyse=False)
    services.event_start(event=event)
    return event


def test_correcting_an_unconfirmed_result_keeps_its_history(running, organiser):
    access = running.table_accesses.get(table=1)
    services.table_result_enter(access=access, board_number=1, ns_tricks=13)
    seating = running.seatings.get(round=1, table=1)
    services.result_set_by_director(
        event=running,
        seating=seating,
        board_number=1,
        ns_adjusted="A+",
        ew_adjusted="A-",
        reason="r" * 200,
        user=organiser,
    )
    change = ResultChange.objects.get(action=ResultChange.Action.CORRECTED)
    assert (change.before, change.after, len(change.reason)) == ("13–0 (unconfirmed)", "A+/A-", 200)


def test_every_round_of_the_largest_movement_may_be_arrow_switched(club):
    rounds = ",".join(str(r) for r in range(1, 41))
    event = services.event_create(
        club=club,
        name="n" * 100,
        date=date(2026, 11, 26),
        tables=40,
        boards_per_round=1,
        variant="skip",
        rounds=40,
        arrow_switch_rounds=rounds,
        trump_schedule="HDSCN" * (MAX_SCHEDULE // 5),
    )
    event.refresh_from_db()
    assert event.arrow_switch_rounds == rounds and len(event.trump_schedule) == MAX_SCHEDULE


def test_a_longer_trump_schedule_is_refused_in_words(club):
    with pytest.raises(DomainError, match="at most 20"):
        services.event_create(
            club=club,
            name="Drive",
            date=date(2026, 11, 26),
            tables=3,
            boards_per_round=2,
            trump_schedule="HDSC" * 6,
        )
    assert not Event.objects.exists()


def test_the_longest_guest_names_are_entered(club, make_event):
    event = make_event(club, build=False)
    entry = services.entry_add(event=event, first="G" * 120, second="H" * 120)
    assert len(entry.guest1) == len(entry.guest2) == 120
