"""Every table of a drive finishing a hand at once: each next seating is made exactly once, nothing
is lost or doubled, and nobody sits at two tables (run on PostgreSQL in CI, where rows really lock)."""

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tournaments.domain.drives import Format, play_drive, start_seating
from tournaments.models import DriveResult, DriveSeat
from tournaments.services import drives

pytestmark = pytest.mark.django_db(transaction=True)


def _tricks(hand: int, table: int) -> int:
    return (hand * 7 + table * 5) % 14


def test_every_tablet_confirming_at_once_seats_the_next_hand_once(club):
    drive = drives.drive_create(club=club, name="Rush", date="2026-11-20", hands=3, halves=1)
    for k in range(24):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    tokens = dict(drive.table_accesses.values_list("table", "token"))
    for hand in (1, 2):
        for table, token in tokens.items():
            Client().post(
                reverse("tournaments:drive-table-enter", args=[token]),
                {"hand": hand, "ns_tricks": _tricks(hand, table)},
            )
        start, statuses = threading.Barrier(len(tokens)), []

        def confirm(table, token, hand=hand, start=start, statuses=statuses):
            try:
                start.wait(10)
                response = Client().post(
                    reverse("tournaments:drive-table-confirm", args=[token]),
                    {"hand": hand, "ns_tricks": _tricks(hand, table)},
                )
                statuses.append(response.status_code)
            finally:
                connection.close()

        threads = [threading.Thread(target=confirm, args=item) for item in tokens.items()]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert statuses == [302] * len(tokens)
        assert DriveSeat.objects.filter(drive=drive, hand=hand + 1).values("table").distinct().count() == len(
            tokens
        )
    assert DriveResult.objects.filter(drive=drive, confirmed=True).count() == 2 * len(tokens)
    # Where everyone sat is what the rule gives for these results, whoever confirmed first.
    seats = [f"{r}{k}" for k in range(1, 13) for r in "LG"]
    expected, _ = play_drive(
        Format.PROGRESSIVE,
        start_seating([p for p in seats if p[0] == "L"], [p for p in seats if p[0] == "G"]),
        3,
        lambda h, s: _tricks(h, s.table),
    )
    state = drives.DriveState(drive)
    assert {h: state.seatings[h] for h in (1, 2, 3)} == expected
