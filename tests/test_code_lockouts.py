"""The live page counts a tablet as locked out exactly when its next code would be refused: after
ten wrong codes, not nine. Only wrong codes count: a table's own code, typed before the organiser
presses Start or after the close, opens its table's page, which says so."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import CodeGuard, Drive, Event
from tournaments.services import drives
from tournaments.services.core.codes import LIMITS, Tablet, table_link_create
from tournaments.services.tablets.access import TableError

pytestmark = pytest.mark.django_db

TYPO = Tablet(browser="a-tablet-with-typos", address="192.0.2.7")


@pytest.fixture
def event(club, make_event):
    event = make_event(club)
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    return event


def _wrong_codes(count: int):
    for _ in range(count):
        with pytest.raises(TableError, match="is not the code of a table"):
            services.table_code_lookup(code="ZZZZZ", tablet=TYPO)


def _locked_out_on_the_live_page(client, event) -> bool:
    return "locked out" in client.get(reverse("tournaments:event-live", args=[event.pk])).content.decode()


def test_a_tablet_is_counted_as_locked_when_its_next_code_is_refused(client, organiser, event):
    client.force_login(organiser)
    right = event.table_accesses.get(table=1).code
    services.table_code_lookup(code=right, tablet=TYPO)  # the club's tablet: its page shows the lockout
    _wrong_codes(LIMITS["browser"] - 1)
    assert services.code_lockouts() == 0 and not _locked_out_on_the_live_page(client, event)
    _wrong_codes(1)  # the last wrong code it may type
    assert services.code_lockouts() == 1 and _locked_out_on_the_live_page(client, event)
    with pytest.raises(TableError, match="Too many wrong codes"):
        services.table_code_lookup(code=right, tablet=TYPO)


def test_one_wrong_code_short_of_the_limit_the_right_code_still_opens_the_table(client, organiser, event):
    client.force_login(organiser)
    _wrong_codes(LIMITS["browser"] - 1)
    assert not _locked_out_on_the_live_page(client, event)
    access = services.table_code_lookup(code=event.table_accesses.get(table=1).code, tablet=TYPO)
    assert access.table == 1


@pytest.fixture
def ready(club, make_event):
    """Boards dealt, table cards printed: the organiser has not pressed Start."""
    event = make_event(club)
    services.event_set_status(event=event, status="ready")
    return event


def test_a_tables_code_typed_before_the_start_opens_its_table_and_counts_nothing(ready):
    access = ready.table_accesses.get(table=3)
    for _ in range(2 * LIMITS["browser"]):
        assert services.table_code_lookup(code=access.code, tablet=TYPO) == access
    assert services.code_lockouts() == 0
    _wrong_codes(LIMITS["browser"])  # the wrong ones still count, all ten of them
    assert services.code_lockouts() == 1


def test_the_start_page_sends_a_code_typed_before_the_start_to_its_ready_table(client, ready):
    access = ready.table_accesses.get(table=3)
    response = client.post(reverse("tournaments:table-start"), {"code": access.code}, follow=True)
    page = response.content.decode()
    assert response.redirect_chain == [(reverse("tournaments:table", args=[access.token]), 302)]
    assert response.status_code == 200
    assert "Table 3 is ready; play starts when the organiser presses Start" in page
    assert '<meta http-equiv="refresh"' in page
    assert "not the code" not in page


def test_the_ready_table_shows_play_once_the_organiser_presses_start(client, ready):
    token = ready.table_accesses.get(table=1).token
    url = reverse("tournaments:table", args=[token])
    assert "is ready" in client.get(url).content.decode()
    services.event_set_status(event=ready, status="running")
    page = client.get(url).content.decode()
    assert "is ready" not in page and "Who is at the table?" in page and "http-equiv" not in page
    client.post(reverse("tournaments:table-check-in", args=[token]), {"round": 1, "answer": "us"})
    assert "Board 1" in client.get(url).content.decode()


def test_a_finished_events_code_opens_its_table_to_say_it_has_finished(client, ready):
    access = ready.table_accesses.get(table=2)
    Event.objects.filter(pk=ready.pk).update(status="finished")
    response = client.post(reverse("tournaments:table-start"), {"code": access.code}, follow=True)
    assert "This event has finished" in response.content.decode()
    assert not CodeGuard.objects.filter(failures__gt=0).exists()


@pytest.fixture
def drive(club):
    drive = drives.drive_create(club=club, name="Friday Drive", date="2026-11-20", hands=4)
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    return drive


def test_a_drive_tables_code_typed_before_the_start_opens_its_ready_table(client, drive):
    link = table_link_create(drive=drive, table=2)  # a card printed before the start
    for _ in range(LIMITS["browser"] + 1):
        response = client.post(reverse("tournaments:table-start"), {"code": link.code.lower()}, follow=True)
    page = response.content.decode()
    assert response.redirect_chain == [(reverse("tournaments:drive-table", args=[link.token]), 302)]
    assert "Table 2 is ready; play starts when the organiser presses Start" in page
    assert '<meta http-equiv="refresh"' in page
    assert services.code_lockouts() == 0


def test_a_finished_drive_tables_code_opens_its_table(client, drive):
    drive = drives.drive_start(drive=drive)
    link = drive.table_accesses.get(table=1)
    Drive.objects.filter(pk=drive.pk).update(status=Drive.Status.FINISHED)
    page = client.post(reverse("tournaments:table-start"), {"code": link.code}, follow=True).content.decode()
    assert "The drive is over at this table" in page
    assert services.code_lockouts() == 0


def test_a_wrong_code_stays_in_the_box_to_be_corrected(client, ready):
    response = client.post(reverse("tournaments:table-start"), {"code": "uuwjh"}, follow=True)
    page = response.content.decode()
    assert "uuwjh&#x27; is not the code of a table in play" in page
    assert 'value="uuwjh"' in page


def test_a_code_a_two_player_nights_table_has_is_drawn_again_for_a_drives_table(drive, club):
    """One start page takes every code: a restored drive's table whose code a two-player night's
    table has since drawn gets a new one, not a code that opens two tables."""
    from tournaments.services.duels import duel_night_create, duel_night_start

    night = duel_night_create(
        club=club,
        name="German whist",
        date="2026-11-27",
        players=["Ann", "Bob", "Cy"],
        pairing="swiss",
        rounds=1,
    )
    taken = duel_night_start(night=night).tables.first().code
    link = table_link_create(drive=drive, table=2, code=taken)
    assert link.code != taken and len(link.code) == 5
