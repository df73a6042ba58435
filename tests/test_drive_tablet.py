"""A drive's tablet at the last hand: the sit-out table says who sits it out and what they score
while the other tables play it, and the drive is over only once every table has finished."""

import pytest
from django.urls import reverse

from tournaments.domain.drives import sit_out_score
from tournaments.models import Drive, DriveResult, DriveResultChange
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


def _lines(drive, hand: int, table: int) -> list[tuple]:
    lines = DriveResultChange.objects.filter(drive=drive, hand=hand, table=table).order_by("changed_at", "id")
    return list(lines.values_list("action", "before", "after", "source"))


def test_entering_sending_back_and_confirming_at_a_tablet_each_leave_a_line_with_the_table(client, drive):
    _post(client, drive, "enter", 2, hand=1, ns_tricks=8)
    _post(client, drive, "reject", 2, hand=1)
    _post(client, drive, "enter", 2, hand=1, ns_tricks=7)
    _post(client, drive, "confirm", 2, hand=1, ns_tricks=7)
    _post(client, drive, "confirm", 2, hand=1, ns_tricks=7)  # sent twice: nothing more to keep
    assert _lines(drive, 1, 2) == [
        ("created", "", "8–5", "table 2"),
        ("rejected", "8–5", "", "table 2"),
        ("created", "", "7–6", "table 2"),
        ("confirmed", "7–6", "7–6", "table 2"),
    ]
    assert DriveResult.objects.get(drive=drive, hand=1, table=2).confirmed


def test_the_organisers_record_and_correction_leave_lines_from_the_organiser(drive, organiser):
    drives.drive_result_record(drive=drive, hand=1, table=3, ns_tricks=6, user=organiser)
    drives.drive_result_correct(drive=drive, hand=1, table=3, ns_tricks=9, reason="card", user=organiser)
    assert _lines(drive, 1, 3) == [
        ("created", "", "6–7", "organiser"),
        ("corrected", "6–7", "9–4", "organiser"),
    ]
    assert set(DriveResultChange.objects.values_list("changed_by", flat=True)) == {organiser.pk}


def test_a_tablets_own_lines_are_not_the_organiser_setting_its_hand(client, drive):
    _post(client, drive, "enter", 1, hand=1, ns_tricks=8)
    _post(client, drive, "reject", 1, hand=1)
    assert drives.drive_hand_sets(drive.pk, 1, [1]) == {}
    page = _post(client, drive, "enter", 1, hand=1, ns_tricks=9, seen=0)
    assert "The organiser has set" not in page
    drives.drive_result_correct(drive=drive, hand=1, table=1, ns_tricks=4, reason="card")
    assert drives.drive_hand_sets(drive.pk, 1, [1]) == {1: 1}


def test_the_organisers_page_shows_the_tablets_lines_with_their_table(client, organiser, drive):
    _post(client, drive, "enter", 4, hand=1, ns_tricks=8)
    _post(client, drive, "reject", 4, hand=1)
    _post(client, drive, "enter", 4, hand=1, ns_tricks=6)
    _post(client, drive, "confirm", 4, hand=1, ns_tricks=6)
    client.force_login(organiser)
    drives.drive_result_correct(
        drive=drive, hand=1, table=4, ns_tricks=5, reason="from the card", user=organiser
    )
    page = client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    rows = [
        f"<td>1</td><td>4</td><td>Corrected</td><td>6–7</td><td>5–8</td><td>{organiser}</td>"
        "<td>from the card</td>",
        "<td>1</td><td>4</td><td>Confirmed</td><td>6–7</td><td>6–7</td><td>table 4</td><td></td>",
        "<td>1</td><td>4</td><td>Entered</td><td></td><td>6–7</td><td>table 4</td><td></td>",
        "<td>1</td><td>4</td><td>Rejected at the table</td><td>8–5</td><td></td><td>table 4</td><td></td>",
        "<td>1</td><td>4</td><td>Entered</td><td></td><td>8–5</td><td>table 4</td><td></td>",
    ]
    where = [page.index(row) for row in rows]
    assert where == sorted(where)  # newest first


def test_a_second_tablet_cannot_type_over_a_count_waiting_for_ew(client, drive):
    """The rule of an event's tablet: N/S's count waits for E/W, who confirm it or send it back; a
    second tablet at the table (or a page left open) cannot type another over it, and is told so in
    the same words, with "hand" for "board". The same count again is a retry, taken silently."""
    _post(client, drive, "enter", 1, hand=1, ns_tricks=8)
    page = _post(client, drive, "enter", 1, hand=1, ns_tricks=5)
    assert (
        "Hand 1 already has N/S 8 (waiting for E/W to confirm). If it is wrong, E/W can send it back "
        "before confirming; after that ask the organiser."
    ) in page
    assert drive.results.get(hand=1, table=1).ns_tricks == 8
    again = _post(client, drive, "enter", 1, hand=1, ns_tricks=8)
    assert "already has" not in again and 'class="error"' not in again
    assert [line[0] for line in _lines(drive, 1, 1)] == ["created"]
    _post(client, drive, "reject", 1, hand=1)
    _post(client, drive, "enter", 1, hand=1, ns_tricks=5)  # sent back: N/S enter it again
    assert drive.results.get(hand=1, table=1).ns_tricks == 5
    _post(client, drive, "confirm", 1, hand=1, ns_tricks=5)
    page = _post(client, drive, "enter", 1, hand=1, ns_tricks=9)
    assert "Hand 1 already has N/S 5 (confirmed): only the organiser can change it now." in page
