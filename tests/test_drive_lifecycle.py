"""What may happen to a drive now: one module answers, and the services, pages, tablets and the
organiser site ask it; every step of a drive has its line in the trail, shown on the drive's page."""

import json
from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournaments.models import AuditLine, Drive, DriveResult
from tournaments.services import ServiceError, drives
from tournaments.services.drives import lifecycle

pytestmark = pytest.mark.django_db
A = AuditLine.Action


@pytest.fixture
def drive(club, organiser):
    drive = drives.drive_create(
        club=club, name="Harvest Drive", date=date(2026, 11, 20), hands=4, prizes="full", user=organiser
    )
    for n in range(1, 9):
        drives.drive_player_add(drive=drive, role="LG"[n % 2], guest=f"Player {n}", user=organiser)
    return drive


def _started(drive, user=None):
    drives.drive_start(drive=drive, user=user)
    drive.refresh_from_db()
    return drive


def _play_every_hand(drive):
    """Each table enters its hands as soon as it is seated, as the tablets would."""
    while True:
        state = drives.DriveState(drive)
        todo = [
            (hand, table)
            for hand, tables in state.seatings.items()
            for table, seated in tables.items()
            if not seated.sit_out and (hand, table) not in state.results
        ]
        if not todo:
            return
        hand, table = todo[0]
        drives.drive_result_record(drive=drive, hand=hand, table=table, ns_tricks=(hand + table) % 14)


def _actions(drive):
    return list(drive.changes.order_by("changed_at", "id").values_list("action", flat=True))


@pytest.mark.parametrize(
    "status, published, players, change_settings, prizes, start, play, correct, close, publish",
    [
        ("entries", False, True, True, True, True, False, False, False, False),
        ("running", False, False, False, True, False, True, True, True, False),
        ("finished", False, False, False, True, False, False, True, False, True),
        ("finished", True, False, False, False, False, False, True, False, True),
    ],
)
def test_each_stage_of_a_drive_allows_what_it_should(
    drive, status, published, players, change_settings, prizes, start, play, correct, close, publish
):
    Drive.objects.filter(pk=drive.pk).update(status=status, published=published)
    drive.refresh_from_db()
    assert bool(lifecycle.may_change_players(drive)) is players
    assert bool(lifecycle.may_change_settings(drive)) is change_settings
    assert bool(lifecycle.may_change_prizes(drive)) is prizes
    assert bool(lifecycle.may_start(drive)) is start
    assert bool(lifecycle.may_play(drive)) is play
    assert bool(lifecycle.may_correct(drive)) is correct
    assert bool(lifecycle.may_close(drive)) is close
    assert bool(lifecycle.may_publish(drive)) is publish
    allows = drives.drive_allows(drive)
    assert allows["change_players"] is players and allows["play"] is play and allows["close"] is close
    assert allows["publish"] is (publish and not published) and allows["unpublish"] is published
    assert allows["started"] is (status != "entries") and allows["finished"] is (status == "finished")


def test_every_refusal_of_a_drive_says_why(drive):
    for verdict in (lifecycle.may_correct(drive), lifecycle.may_close(drive), lifecycle.may_publish(drive)):
        assert not verdict and "Harvest Drive" in verdict.reason
    _started(drive)
    for verdict in (lifecycle.may_change_players(drive), lifecycle.may_start(drive)):
        assert not verdict and "Harvest Drive has" in verdict.reason


def test_the_services_refuse_with_the_lifecycles_reason(drive):
    with pytest.raises(ServiceError, match="Harvest Drive has not started"):
        drives.drive_result_correct(drive=drive, hand=1, table=1, ns_tricks=7, reason="card")
    with pytest.raises(ServiceError, match="Close Harvest Drive before publishing"):
        drives.drive_publish(drive=drive)
    _started(drive)
    with pytest.raises(ServiceError, match="Harvest Drive has started: players can no longer"):
        drives.drive_player_add(drive=drive, role="L", guest="Late")
    with pytest.raises(ServiceError, match="Harvest Drive has already started"):
        drives.drive_start(drive=drive)


def test_a_drive_correction_without_a_reason_is_refused(drive):
    _started(drive)
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=8)
    for reason in ("", "   "):
        with pytest.raises(ServiceError, match="Say why the hand is corrected"):
            drives.drive_result_correct(drive=drive, hand=1, table=1, ns_tricks=3, reason=reason)
    assert DriveResult.objects.get(drive=drive, hand=1, table=1).ns_tricks == 8
    assert (
        not drive.result_changes.filter(action="corrected").exists()
        and not drive.changes.filter(action=A.CORRECTED).exists()
    )


def test_the_drive_page_refuses_a_correction_without_a_reason(client, organiser, drive):
    _started(drive)
    client.force_login(organiser)
    url = reverse("tournaments:drive-correct", args=[drive.pk])
    page = client.post(url, {"hand": 1, "table": 1, "ns_tricks": 9, "reason": " "}, follow=True).content
    assert b"Say why the hand is corrected" in page
    assert not DriveResult.objects.filter(drive=drive).exists() and not drive.result_changes.exists()
    run = client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    assert '<input name="reason" maxlength="200" required' in run


def test_every_step_of_a_drive_is_kept_with_who_did_it(drive, organiser):
    _started(drive, organiser)
    _play_every_hand(drive)
    drives.drive_result_correct(
        drive=drive, hand=2, table=1, ns_tricks=13, reason="Card misread", user=organiser
    )
    drives.drive_close(drive=drive, user=organiser)
    drives.drive_publish(drive=drive, user=organiser)
    drives.drive_publish(drive=drive, published=False, user=organiser)

    assert _actions(drive) == [
        A.CREATED,
        *[A.PLAYERS] * 8,
        A.STARTED,
        A.CORRECTED,
        A.CLOSED,
        A.PUBLISHED,
        A.UNPUBLISHED,
    ]
    assert set(drive.changes.values_list("changed_by", flat=True)) == {organiser.pk}
    assert set(drive.changes.values_list("club", flat=True)) == {drive.club_id}
    assert not drive.changes.filter(event__isnull=False).exists()
    corrected = drive.changes.get(action=A.CORRECTED).detail
    assert corrected.startswith("hand 2, table 1: ") and corrected.endswith("→ 13–0 (Card misread)")
    drive.refresh_from_db()
    assert drive.changes.get(action=A.CLOSED).detail.endswith(
        f"the mystery hand drawn: hand {drive.mystery_hand}"
    )
    assert drive.changes.get(action=A.STARTED).detail == "2 tables, 4 ladies, 4 gents"


def test_the_drive_page_shows_its_trail(client, organiser, drive):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    trail = page[page.index("The drive's trail") :]
    assert (
        "Created: for Ribble Valley Whist Club" in trail and "Players changed: entered Player 2 (L1)" in trail
    )
    client.post(reverse("tournaments:drive-start", args=[drive.pk]))
    client.post(
        reverse("tournaments:drive-correct", args=[drive.pk]),
        {"hand": 1, "table": 2, "ns_tricks": 4, "reason": "slip lost"},
    )
    page = client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    trail = page[page.index("The drive's trail") :]
    corrected = trail.index("Result corrected: hand 1, table 2: — → 4–9 (slip lost)")
    assert corrected < trail.index("Started: 2 tables") < trail.index("Created")
    assert "organiser" in trail


def test_a_restored_drive_says_so_in_its_trail(drive, tmp_path):
    _started(drive)
    out = StringIO()
    call_command("export_drive", str(drive.pk), stdout=out)
    data = json.loads(out.getvalue())
    data["drive"]["name"] = "Harvest Drive again"
    path = tmp_path / "drive.json"
    path.write_text(json.dumps(data))
    call_command("import_drive", str(path), stdout=StringIO())
    restored = Drive.objects.get(name="Harvest Drive again")
    # The export carries the drive's trail; the restore adds its own line after it, and, the drive
    # being still here, says the restored one is a copy, an evening of its own.
    assert _actions(restored) == _actions(drive) + [A.RESTORED]
    detail = restored.changes.order_by("pk").last().detail
    assert detail == "from an export, as a copy with an identity of its own"


def test_the_tablet_of_a_drive_not_started_says_so(client, drive):
    _started(drive)
    token = drive.table_accesses.get(table=1).token
    Drive.objects.filter(pk=drive.pk).update(status=Drive.Status.ENTRIES)
    page = client.get(reverse("tournaments:drive-table", args=[token])).content.decode()
    assert "Table 1 is ready; play starts when the organiser presses Start" in page
    Drive.objects.filter(pk=drive.pk).update(status=Drive.Status.FINISHED)
    with pytest.raises(ServiceError, match="This drive has finished"):
        drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=7)
