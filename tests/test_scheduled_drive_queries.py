"""The pages of the drives seated from a schedule (an individual drive, a team night) read as many
queries for a large room as for a small one: 40 players as 8, 25 teams as 3."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.services import drives

pytestmark = pytest.mark.django_db


def _individual(club, players: int):
    drive = drives.drive_create(
        club=club, name=f"{players} players", date="2026-11-20", format="individual", rounds=3
    )
    for k in range(players):
        drives.drive_player_add(drive=drive, guest=f"Player {k}")
    return drive


def _team_night(club, teams: int):
    lines = [(f"Team {t}", [f"P{t}-{k}" for k in range(4)]) for t in range(1, teams + 1)]
    return drives.team_night_create(club=club, name=f"{teams} teams", date="2026-11-21", teams=lines, hands=6)


def _count(client, url: str, method: str = "get", data=None) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = getattr(client, method)(url, data or {})
    assert response.status_code in (200, 302), url
    return len(queries)


def _counts(client, drive) -> dict[str, int]:
    counts = {"plan": _count(client, reverse("tournaments:drive-run", args=[drive.pk]))}
    drives.drive_start(drive=drive)
    tables = drives.DriveState(drive).tables
    for table in range(1, tables + 1):
        if (1, table) not in drives.DriveState(drive).results and not drives.DriveState(drive).seatings[1][
            table
        ].sit_out:
            drives.drive_result_record(drive=drive, hand=1, table=table, ns_tricks=7)
    token = drive.table_accesses.get(table=1).token
    tablet = Client()
    for name in ("drive-run", "drive-room", "drive-live", "drive-results"):
        counts[name] = _count(client, reverse(f"tournaments:{name}", args=[drive.pk]))
    counts["tablet"] = _count(tablet, reverse("tournaments:drive-table", args=[token]))
    counts["tablet after"] = _count(tablet, reverse("tournaments:drive-table", args=[token]) + "?played=1")
    for action in ("enter", "confirm"):
        counts[action] = _count(
            tablet,
            reverse(f"tournaments:drive-table-{action}", args=[token]),
            "post",
            {"hand": 2, "ns_tricks": 7},
        )
    return counts


@pytest.mark.parametrize(("make", "small", "large"), [(_individual, 8, 40), (_team_night, 3, 25)])
def test_the_pages_read_as_many_queries_for_a_large_room_as_for_a_small_one(
    client, organiser, club, make, small, large
):
    client.force_login(organiser)
    few, many = (_counts(client, make(club, size)) for size in (small, large))
    assert few == many
    assert max(many.values()) <= 16, many
