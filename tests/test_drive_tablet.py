"""A drive's tablet at the last hand: the sit-out table says who sits it out and what they score
while the other tables play it, and the drive is over only once every table has finished."""

import pytest
from django.urls import reverse

from tournaments.domain.drives import sit_out_score
from tournaments.models import Drive
from tournaments.services import drives

pytestmark = pytest.mark.django_db

NAMES = ["Mary Smith", "John Brown", "Ann Jones", "Bill Green", "Sue White", "Tom Black"]


@pytest.fixture(params=[Drive.SitOut.SEVEN, Drive.SitOut.AVERAGE])
def drive(club, request):
    """18 players at five tables, the fifth the sit-out table (two sit out each hand)."""
    drive = drives.drive_create(club=club, name="Village Hall Drive", date="2026-11-20", hands=4, halves=2)
    Drive.objects.filter(pk=drive.pk).update(sit_out=request.param)
    drive.refresh_from_db()
    for k in range(18):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"{NAMES[k % 6]} {k // 6 + 1}")
    return drives.drive_start(drive=drive)


def _play(drive, hands, but=()):
    for hand in hands:
        for table in range(1, 5):
            if (hand, table) not in but:
                drives.drive_result_record(drive=drive, hand=hand, table=table, ns_tricks=(hand + table) % 14)


def _page(client, drive, table: int, **query) -> str:
    url = reverse("tournaments:drive-table", args=[drive.table_accesses.get(table=table).token])
    return client.get(url, query).content.decode()


def test_the_sit_out_table_at_the_last_hand_names_who_sits_out_and_their_score(client, drive):
    _play(drive, range(1, 4))
    _play(drive, [4], but={(4, 2)})
    page = _page(client, drive, 5)
    state = drives.DriveState(Drive.objects.get(pk=drive.pk))
    sitting = state.seatings[4][5].players
    assert len(sitting) == 2
    assert "The drive is over at this table" not in page
    assert "Sit-out table: nobody plays hand 4 here" in page
    for key in sitting:
        assert f"{state.name(key)} ({key})" in page
    score = sit_out_score(average=drive.sit_out == Drive.SitOut.AVERAGE)
    assert f"Each of you scores {str(score).replace('.5', '½')} tricks for this hand." in page
    assert "the last hand" in page and "table 2" in page  # still playing it
    assert "go to table" not in page  # nobody moves after the last hand
    assert '<meta http-equiv="refresh"' in page

    _play(drive, [4])
    assert "The drive is over at this table" in _page(client, drive, 5)


def test_after_the_last_hand_a_table_is_told_the_drive_is_over_not_where_to_go(client, drive):
    _play(drive, range(1, 5))
    page = _page(client, drive, 1, played=4)
    assert "Hand 4 is over" in page
    assert "That was the last hand" in page
    assert "go to table" not in page and "Next hand" not in page
    after_three = _page(client, drive, 1, played=3)
    assert "go to table" in after_three and "Next hand" in after_three


def _post(client, drive, action: str, table: int, follow=True, **data) -> str:
    url = reverse(f"tournaments:drive-table-{action}", args=[drive.table_accesses.get(table=table).token])
    return client.post(url, data, follow=follow).content.decode()


def test_a_stale_no_enter_again_after_the_confirm_says_it_is_confirmed(client, drive):
    _post(client, drive, "enter", 1, hand=1, ns_tricks=8)
    _post(client, drive, "confirm", 1, hand=1, ns_tricks=8)
    # The back button shows the count waiting for E/W again; E/W tap "No, enter again".
    page = _post(client, drive, "reject", 1, hand=1)
    assert "Hand 1 is confirmed: only the organiser can change it now." in page
    assert "sent back" not in page
    assert drive.results.get(hand=1, table=1).confirmed


def test_a_count_is_not_sent_back_once_the_drive_is_closed(client, drive):
    _post(client, drive, "enter", 1, hand=1, ns_tricks=8)
    Drive.objects.filter(pk=drive.pk).update(status=Drive.Status.FINISHED)
    _post(client, drive, "reject", 1, follow=False, hand=1)
    assert drive.results.filter(hand=1, table=1, ns_tricks=8).exists()
