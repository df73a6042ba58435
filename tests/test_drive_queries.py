"""A drive's pages read in a fixed number of queries, whatever the number of tables."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.services import drives

pytestmark = pytest.mark.django_db


def _drive(club, tables: int):
    drive = drives.drive_create(club=club, name=f"{tables} tables", date="2026-11-20", hands=6)
    for k in range(4 * tables):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    for hand in (1, 2):
        for table in range(1, tables + 1):
            drives.drive_result_record(drive=drive, hand=hand, table=table, ns_tricks=(hand + table) % 14)
    return drive


def _count(client, url: str, method: str = "get", data=None) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = getattr(client, method)(url, data or {})
    assert response.status_code in (200, 302)
    return len(queries)


def test_the_pages_of_a_drive_do_not_grow_with_its_tables(client, organiser, club):
    client.force_login(organiser)
    counts = {}
    for tables in (4, 30):
        drive = _drive(club, tables)
        token = drive.table_accesses.get(table=1).token
        counts[tables] = {
            "run": _count(client, reverse("tournaments:drive-run", args=[drive.pk])),
            "room": _count(client, reverse("tournaments:drive-room", args=[drive.pk])),
            "live": _count(client, reverse("tournaments:drive-live", args=[drive.pk])),
            "tablet": _count(client, reverse("tournaments:drive-table", args=[token])),
            "enter": _count(
                client,
                reverse("tournaments:drive-table-enter", args=[token]),
                "post",
                {"hand": 3, "ns_tricks": 7},
            ),
            "confirm": _count(
                client,
                reverse("tournaments:drive-table-confirm", args=[token]),
                "post",
                {"hand": 3, "ns_tricks": 7},
            ),
        }
    assert counts[4] == counts[30]
    assert max(counts[30].values()) <= 15, counts[30]


@pytest.mark.parametrize("action, statements", [("enter", 6), ("confirm", 7)])
def test_a_score_from_a_drive_tablet_takes_at_most_seven_statements(
    client, club, django_assert_num_queries, action, statements
):
    """One statement reads the table and its drive, locking the drive; one reads the seats near the
    hand, with their players' cards and their tables' results; then the write and its line in the
    result's history, and for the confirmation that frees the next hand's tables their seats; and
    the transaction's two (here the savepoint inside the test's own transaction; in production
    BEGIN and COMMIT)."""
    drive = drives.drive_create(club=club, name="Four tables", date="2026-11-20", hands=6)
    for k in range(16):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    for table in (1, 2, 3):
        drives.drive_result_record(drive=drive, hand=1, table=table, ns_tricks=7)
    token = drive.table_accesses.get(table=4).token
    if action == "confirm":
        client.post(reverse("tournaments:drive-table-enter", args=[token]), {"hand": 1, "ns_tricks": 7})
    with django_assert_num_queries(statements):
        response = client.post(
            reverse(f"tournaments:drive-table-{action}", args=[token]), {"hand": 1, "ns_tricks": 7}
        )
    assert response.status_code == 302
    if action == "confirm":  # the confirmation seated the whole of hand 2
        assert len(drives.DriveState(drive).seatings[2]) == 4


def test_the_results_read_near_a_hand_are_the_rows_the_database_holds(club):
    """What a tablet's write reads (``DriveState(drive, near=hand)``) is what the database holds: the
    same results as any query, and saving one updates its own row (made through the model's own
    constructor with its primary key, never ``Model.from_db``)."""
    from pathlib import Path

    from tournaments.models import DriveResult

    drive = drives.drive_create(club=club, name="Four tables", date="2026-11-20", hands=6)
    for k in range(16):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    drives.drive_result_record(drive=drive, hand=1, table=2, ns_tricks=9)
    drives.drive_result_record(drive=drive, hand=1, table=3, ns_tricks=5, confirmed=False)
    near = drives.DriveState(drive, near=1).result_rows
    stored = {(r.hand, r.table): r for r in DriveResult.objects.filter(drive=drive)}
    assert sorted(near) == sorted(stored) == [(1, 2), (1, 3)]
    for key, result in near.items():
        fields = ("pk", "drive_id", "hand", "table", "ns_tricks", "confirmed")
        assert [getattr(result, f) for f in fields] == [getattr(stored[key], f) for f in fields]
    near[(1, 3)].confirmed = True
    near[(1, 3)].save()
    assert DriveResult.objects.filter(drive=drive).count() == 2
    assert DriveResult.objects.get(drive=drive, hand=1, table=3).confirmed
    services = Path(__file__).resolve().parents[1] / "tournaments" / "services"
    assert [p.name for p in services.rglob("*.py") if ".from_db(" in p.read_text()] == []
