"""The organiser's drive page, its actions, the room display and the printed cards."""

from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournaments.models import Drive, DriveResult, DriveSeating
from tournaments.services import drives

pytestmark = pytest.mark.django_db


@pytest.fixture
def drive(club):
    return drives.drive_create(club=club, name="Harvest Drive", date="2026-11-20", hands=4, prizes="full")


def _url(name, drive, *args):
    return reverse(f"tournaments:{name}", args=[drive.pk, *args])


def _text(response) -> str:
    return " ".join(page.extract_text() for page in PdfReader(BytesIO(response.content)).pages)


def test_an_organiser_enters_players_starts_corrects_and_closes(client, organiser, drive, club):
    client.force_login(organiser)
    club.members.create(first_name="Mary", last_name="Smith")
    for k in range(9):
        role = "L" if k % 2 == 0 else "G"
        name = "mary smith" if k == 0 else f"Guest {k}"
        client.post(_url("drive-player-add", drive), {"role": role, "name": name})
    page = client.get(_url("drive-run", drive))
    # 9 players fill 3 tables: 5 ladies and 4 gents fit (a gent's seat stays empty).
    assert page.status_code == 200 and "other role" not in page.content.decode()
    assert drive.players.get(card=1, role="L").member.last_name == "Smith"
    client.post(_url("drive-player-add", drive), {"role": "G", "name": "Guest 9"})
    client.post(_url("drive-start", drive))
    drive.refresh_from_db()
    assert drive.status == Drive.Status.RUNNING
    assert DriveSeating.objects.filter(drive=drive, hand=1).count() == 3
    page = client.get(_url("drive-run", drive)).content.decode()
    assert "hand 1 in play" in page and "Mary Smith" in page

    # Paper: the organiser types every hand in.
    for hand in range(1, 5):
        for table in (1, 2):
            client.post(_url("drive-correct", drive), {"hand": hand, "table": table, "ns_tricks": 6 + table})
    assert DriveResult.objects.filter(drive=drive, confirmed=True).count() == 8
    assert drive.result_changes.count() == 8
    bad = client.post(_url("drive-correct", drive), {"hand": 1, "table": 3, "ns_tricks": 7}, follow=True)
    assert "sit-out table" in bad.content.decode()

    client.post(_url("drive-move", drive))
    room = client.get(_url("drive-room", drive)).content.decode()
    assert "Move now" in room and "Half-time leaders" in room

    client.post(_url("drive-close", drive))
    drive.refresh_from_db()
    assert drive.status == Drive.Status.FINISHED and 1 <= drive.mystery_hand <= 4
    page = client.get(_url("drive-run", drive)).content.decode()
    assert "Highest lady" in page and "Mystery hand" in page

    cards = client.get(_url("drive-print", drive, "score-cards"))
    assert cards["Content-Type"] == "application/pdf"
    text = _text(cards)
    assert "L1 · Lady · Mary Smith" in text and "half-time subtotal" in text
    tables = _text(client.get(_url("drive-print", drive, "table-cards")))
    assert "Losing lady: up to table 2." in tables and "Sit-out table" in tables
    results = _text(client.get(_url("drive-print", drive, "results")))
    assert "Prizes" in results and "Highest gent" in results


def test_a_tied_prize_is_cut_for_and_recorded(client, organiser, drive):
    client.force_login(organiser)
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    for hand in range(1, 5):
        for table in (1, 2):
            drives.drive_result_record(drive=drive, hand=hand, table=table, ns_tricks=7 if table == 1 else 6)
    drives.drive_close(drive=drive)
    state = drives.DriveState(drive)
    tied = next(a for a in state.awards if a.tied)
    winner = state.players[tied.tied[0]]
    client.post(_url("drive-cut", drive), {"prize": tied.prize.value, "winner": winner.pk})
    after = next(a for a in drives.DriveState(drive).awards if a.prize == tied.prize)
    assert after.player == winner.key and after.cut


def test_another_clubs_drive_is_not_found_and_actions_refuse_get(
    client, drive, other_club, django_user_model
):
    client.force_login(django_user_model.objects.get(username="rival"))
    assert client.get(_url("drive-run", drive)).status_code == 404
    assert client.post(_url("drive-start", drive)).status_code == 404
    assert client.get(_url("drive-room", drive)).status_code == 404
    assert client.get(_url("drive-start", drive)).status_code == 405
