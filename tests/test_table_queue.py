"""An entry a tablet kept while the network was gone carries ``seen``: how often the organiser had
set its board (or hand) when the table typed it. The scorer refuses it if they have set it since."""

import pytest
from django.urls import reverse

from tests.tablets import everyone_checked_in
from tournaments import services
from tournaments.models import DriveResult, Result
from tournaments.services import drives


@pytest.fixture
def running(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    everyone_checked_in(event)
    return event


def _set_board_1(event, user, tricks=8):
    services.result_set_by_director(
        event=event,
        seating=event.seatings.get(round=1, table=1),
        board_number=1,
        ns_tricks=tricks,
        reason="from the traveller",
        user=user,
    )


def _post(client, event, action, **data):
    token = event.table_accesses.get(table=1).token
    return client.post(
        reverse(f"tournaments:table-{action}", args=[token]), {"board": 1, **data}, follow=True
    )


def test_the_table_page_sends_how_often_the_organiser_had_set_each_board(client, running, organiser):
    assert 'name="seen" value="0"' in _post(client, running, "enter", ns_tricks=9).content.decode()
    _set_board_1(running, organiser)
    token = running.table_accesses.get(table=1).token
    page = client.get(reverse("tournaments:table", args=[token])).content.decode()
    assert 'data-item="1" data-status="confirmed" data-tricks="8" data-seen="1"' in page


@pytest.mark.parametrize("action", ["enter", "confirm", "reject"])
def test_an_entry_typed_before_the_organiser_set_the_board_is_refused(client, running, organiser, action):
    _set_board_1(running, organiser)
    page = _post(client, running, action, ns_tricks=8, seen=0).content.decode()
    assert "The organiser has set board 1 since this tablet&#x27;s entry was typed: ask them." in page
    result = Result.objects.get()
    assert (result.ns_tricks, result.confirmed_at is not None) == (8, True)
    assert result.history.count() == 1


def test_an_entry_typed_after_the_organiser_set_the_board_is_checked_as_before(client, running, organiser):
    _post(client, running, "enter", ns_tricks=9, seen=0)
    _set_board_1(running, organiser, tricks=9)
    page = _post(client, running, "confirm", ns_tricks=9, seen=1).content.decode()
    assert "organiser has set" not in page
    assert "✓ confirmed" in page


def test_a_table_own_entries_never_count_as_the_organiser_s(client, running):
    _post(client, running, "enter", ns_tricks=9, seen=0)
    _post(client, running, "reject", seen=0)
    _post(client, running, "enter", ns_tricks=7, seen=0)
    page = _post(client, running, "confirm", ns_tricks=7, seen=0).content.decode()
    assert "organiser has set" not in page
    assert Result.objects.confirmed().get().ns_tricks == 7


def test_without_seen_an_entry_is_checked_as_before(client, running, organiser):
    _set_board_1(running, organiser, tricks=9)
    _post(client, running, "enter", ns_tricks=9)
    assert Result.objects.get().ns_tricks == 9


def test_a_drive_hand_typed_before_the_organiser_set_it_is_refused(client, club, organiser):
    drive = drives.drive_create(club=club, name="Village Hall Drive", date="2026-11-20", hands=4)
    for k in range(16):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drive = drives.drive_start(drive=drive)
    everyone_checked_in(drive)
    token = drive.table_accesses.get(table=1).token
    url = reverse("tournaments:drive-table", args=[token])
    assert 'name="seen" value="0"' in client.get(url).content.decode()
    drives.drive_result_correct(
        drive=drive, hand=1, table=1, ns_tricks=6, reason="score card", user=organiser
    )
    enter = reverse("tournaments:drive-table-enter", args=[token])
    page = client.post(enter, {"hand": 1, "ns_tricks": 8, "seen": 0}, follow=True).content.decode()
    assert "The organiser has set hand 1 at this table" in page
    assert list(DriveResult.objects.values_list("ns_tricks", flat=True)) == [6]
    page = client.post(enter, {"hand": 1, "ns_tricks": 6, "seen": 1}, follow=True).content.decode()
    assert "organiser has set" not in page
