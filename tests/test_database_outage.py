"""The database gone for a moment (a PostgreSQL restart, a lost connection): the tablets are asked
to send again, the self-refreshing pages keep refreshing, and no page is a bare server error."""

from contextlib import contextmanager

import pytest
from django.db import InterfaceError, OperationalError, connection
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import DriveResult
from tournaments.services import drives

pytestmark = pytest.mark.django_db


@contextmanager
def database_gone(failure=OperationalError):
    """Every statement fails as it would while PostgreSQL restarts."""

    def refuse(execute, sql, params, many, context):
        raise failure("terminating connection due to administrator command")

    with connection.execute_wrapper(refuse):
        yield


@pytest.fixture
def drive(club):
    drive = drives.drive_create(club=club, name="Harvest Drive", date="2026-11-20", hands=4)
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    return drives.drive_start(drive=drive)


@pytest.fixture
def event(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    return event


@pytest.fixture
def desk(organiser):
    client = Client(raise_request_exception=False)
    client.force_login(organiser)
    return client


@pytest.mark.parametrize("failure", [OperationalError, InterfaceError])
def test_a_drive_tablet_is_asked_to_send_its_tricks_again(drive, failure):
    token = drive.table_accesses.get(table=1).token
    with database_gone(failure):
        response = Client(raise_request_exception=False).post(
            f"/d/{token}/enter/", {"hand": 1, "ns_tricks": 9}
        )
    assert response.status_code == 503 and response["Retry-After"] == "2"
    page = response.content.decode()
    assert "Not saved yet" in page and "data-retry" in page
    assert 'name="hand" value="1"' in page and 'name="ns_tricks" value="9"' in page
    assert reverse("tournaments:drive-table", args=[token]) in page
    assert not DriveResult.objects.exists()
    # Sent again once the database is back, the tricks are kept.
    assert Client().post(f"/d/{token}/enter/", {"hand": 1, "ns_tricks": 9}).status_code == 302
    assert DriveResult.objects.get(hand=1, table=1).ns_tricks == 9


def _url(page, drive, event) -> str:
    drive_token = drive.table_accesses.get(table=1).token
    event_token = event.table_accesses.get(table=1).token
    return {
        "drive live grid": reverse("tournaments:drive-live", args=[drive.pk]),
        "drive room display": reverse("tournaments:drive-room", args=[drive.pk]),
        "drive page": reverse("tournaments:drive-run", args=[drive.pk]),
        "drive tablet": reverse("tournaments:drive-table", args=[drive_token]),
        "event room display": reverse("tournaments:event-room", args=[event.pk]),
        "event live page": reverse("tournaments:event-live", args=[event.pk]),
        "event tablet": reverse("tournaments:table", args=[event_token]),
    }[page]


@pytest.mark.parametrize(
    "page",
    [
        "drive live grid",
        "drive room display",
        "drive page",
        "drive tablet",
        "event room display",
        "event live page",
        "event tablet",
    ],
)
def test_every_evening_page_keeps_refreshing_through_an_outage(desk, drive, event, page):
    url = _url(page, drive, event)
    assert desk.get(url).status_code == 200
    with database_gone():
        response = desk.get(url)
    assert response.status_code == 503 and response["Retry-After"] == "5"
    text = response.content.decode()
    assert '<meta http-equiv="refresh" content="5">' in text and "tries again by itself" in text
    # Once the database is back, the same address answers again.
    assert desk.get(url).status_code == 200


def test_an_organisers_action_during_an_outage_is_not_saved_and_leads_back(desk, drive):
    page = reverse("tournaments:drive-run", args=[drive.pk])
    with database_gone():
        response = desk.post(
            reverse("tournaments:drive-correct", args=[drive.pk]),
            {"hand": 1, "table": 1, "ns_tricks": 7, "reason": "card"},
            headers={"referer": f"http://testserver{page}"},
        )
    assert response.status_code == 503
    text = response.content.decode()
    assert "Nothing was saved" in text and 'http-equiv="refresh"' not in text
    assert f'href="http://testserver{page}"' in text
    assert not DriveResult.objects.exists()


def test_an_outage_page_leads_only_back_to_this_site(desk, drive):
    with database_gone():
        response = desk.post(
            reverse("tournaments:drive-move", args=[drive.pk]),
            headers={"referer": "https://elsewhere.example/"},
        )
    assert response.status_code == 503 and "elsewhere" not in response.content.decode()


def test_a_fault_that_is_not_the_databases_is_still_a_server_error(desk, drive, monkeypatch):
    def broken(drive):
        raise RuntimeError("a bug")

    monkeypatch.setattr(drives, "DriveState", broken)
    assert desk.get(reverse("tournaments:drive-live", args=[drive.pk])).status_code == 500
