"""The organiser's drive page, its actions, the room display and the printed cards."""

from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournaments.models import AuditLine, Drive, DriveResult, DriveSeat
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
    assert DriveSeat.objects.filter(drive=drive, hand=1).values("table").distinct().count() == 3
    page = client.get(_url("drive-run", drive)).content.decode()
    assert "hand 1 in play" in page and "Mary Smith" in page

    # Paper: the organiser types every hand in.
    for hand in range(1, 5):
        for table in (1, 2):
            client.post(
                _url("drive-correct", drive),
                {"hand": hand, "table": table, "ns_tricks": 6 + table, "reason": "from the score card"},
            )
    assert DriveResult.objects.filter(drive=drive, confirmed=True).count() == 8
    assert drive.result_changes.count() == 8
    bad = client.post(
        _url("drive-correct", drive), {"hand": 1, "table": 3, "ns_tricks": 7, "reason": "card"}, follow=True
    )
    assert "sit-out table" in bad.content.decode()

    live = client.get(_url("drive-live", drive)).content.decode()
    assert 'http-equiv="refresh"' in live and "7–6" in live and "out" in live

    client.post(_url("drive-move", drive))
    called = drive.changes.get(action=AuditLine.Action.MOVED)
    assert called.changed_by == organiser and called.drive_id == drive.pk
    room = client.get(_url("drive-room", drive)).content.decode()
    assert "Move now" in room and "At half-time" in room

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


def test_players_level_on_their_total_share_a_place_as_an_events_pairs_do(client, organiser, drive):
    client.force_login(organiser)
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    for table in (1, 2):  # hand 1: both N/S couples take 7, so L1 and L3 have 7, L2 and L4 have 6
        drives.drive_result_record(drive=drive, hand=1, table=table, ns_tricks=7)
    room = client.get(_url("drive-room", drive)).content.decode()
    ladies = room.split("<h2>", 2)[1]
    places = [cell.split("<", 1)[0] for cell in ladies.split('<td class="rank">')[1:]]
    assert places == ["1=", "1=", "3=", "3="]
    results = _text(client.get(_url("drive-print", drive, "results")))
    assert "1= L1" in results and "3= L2" in results


def test_a_running_drives_room_display_asks_a_screen_not_logged_in_to_log_in(client, organiser, drive):
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    response = client.get(_url("drive-room", drive))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login") + "?next=")
    client.force_login(organiser)
    assert client.get(response["Location"].split("next=", 1)[1]).status_code == 200


def test_another_clubs_drive_is_not_found_and_actions_refuse_get(
    client, drive, other_club, django_user_model
):
    client.force_login(django_user_model.objects.get(username="rival"))
    assert client.get(_url("drive-run", drive)).status_code == 404
    assert client.post(_url("drive-start", drive)).status_code == 404
    assert client.get(_url("drive-room", drive)).status_code == 404
    assert client.get(_url("drive-start", drive)).status_code == 405


def test_the_page_names_who_might_swap_roles_and_a_player_can_be_taken_out(client, organiser, drive):
    client.force_login(organiser)
    for k in range(10):
        drives.drive_player_add(drive=drive, role="L", guest=f"Lady {k + 1}")
    for k in range(6):
        drives.drive_player_add(drive=drive, role="G", guest=f"Gent {k + 1}")
    page = client.get(_url("drive-run", drive)).content.decode()
    # 16 players, 4 tables, 8 seats a role: two ladies must play gent; the last entered are named.
    assert "2 of them must play gent. Perhaps Lady 10 (L10), Lady 9 (L9)?" in page
    start = client.post(_url("drive-start", drive), follow=True).content.decode()
    assert "Ask 2 of the ladies to play the other role" in start
    for card in (9, 10):
        player = drive.players.get(role="L", card=card)
        client.post(reverse("tournaments:drive-player-remove", args=[drive.pk, player.pk]))
    for k in range(2):
        drives.drive_player_add(drive=drive, role="G", guest=f"Gent {k + 7}")
    client.post(_url("drive-start", drive))
    drive.refresh_from_db()
    assert drive.status == Drive.Status.RUNNING
    assert list(drive.players.filter(role="L").values_list("card", flat=True)) == list(range(1, 9))


def test_a_drive_kept_on_paper_closes_on_the_players_totals(client, organiser, drive):
    client.force_login(organiser)
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    refused = client.post(_url("drive-close", drive), follow=True).content.decode()
    assert "8 hands are not in yet" in refused and "type every player" in refused
    players = list(drive.players.order_by("role", "card"))
    form = {f"total-{p.pk}-{half}": str(20 + i + half / 2) for i, p in enumerate(players) for half in (1, 2)}
    client.post(_url("drive-totals", drive), form)
    bad = client.post(_url("drive-totals", drive), {f"total-{players[0].pk}-1": "lots"}, follow=True)
    assert "lots&#x27; is not a number of tricks" in bad.content.decode()
    client.post(_url("drive-close", drive))
    drive.refresh_from_db()
    assert drive.status == Drive.Status.FINISHED and drive.mystery_hand is None
    state = drives.DriveState(drive)
    first = state.scores[players[0].key]
    assert (first.first_half, first.last_half, first.score) == (20.5, 21.0, 41.5)
    assert state.awards[0].player is not None


@pytest.mark.parametrize("value", ["NaN", "Infinity", "lots"])
def test_a_typed_total_that_is_not_a_number_is_refused_in_plain_words(client, organiser, drive, value):
    client.force_login(organiser)
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    player = drive.players.first()
    page = client.post(
        _url("drive-totals", drive), {f"total-{player.pk}-1": value, "total-²-1": "3"}, follow=True
    )
    assert page.status_code == 200 and f"{value}&#x27; is not a number of tricks" in page.content.decode()
    assert not drive.totals.exists()


def test_a_tablet_confirms_only_the_count_it_showed_and_a_new_half_starts_together(client, club):
    drive = drives.drive_create(club=club, name="Halves", date="2026-11-20", hands=2, halves=2)
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    token = drive.table_accesses.get(table=1).token
    enter = reverse("tournaments:drive-table-enter", args=[token])
    confirm = reverse("tournaments:drive-table-confirm", args=[token])
    reject = reverse("tournaments:drive-table-reject", args=[token])
    client.post(enter, {"hand": 1, "ns_tricks": 8})
    # Sent back and entered again (a second tablet at the table, say), while this page still
    # showed the 8 for E/W to confirm.
    client.post(reject, {"hand": 1})
    client.post(enter, {"hand": 1, "ns_tricks": 9})
    stale = client.post(confirm, {"hand": 1, "ns_tricks": 8}, follow=True).content.decode()
    assert "now shows N/S 9, not 8" in stale
    client.post(confirm, {"hand": 1, "ns_tricks": 9})
    client.post(confirm, {"hand": 1, "ns_tricks": 9})  # sent twice: harmless
    assert DriveResult.objects.get(drive=drive, hand=1, table=1).confirmed
    page = client.get(reverse("tournaments:drive-table", args=[token])).content.decode()
    assert "Interval." in page and "still playing: table 2" in page
    assert not DriveSeat.objects.filter(drive=drive, hand=2).exists()
    drives.drive_result_record(drive=drive, hand=1, table=2, ns_tricks=4)
    assert DriveSeat.objects.filter(drive=drive, hand=2).values("table").distinct().count() == 2


def test_the_prizes_show_once_the_first_hand_is_scored_at_every_table(client, organiser, drive):
    client.force_login(organiser)
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    html = client.get(_url("drive-run", drive)).content.decode()
    assert "The prizes show once the first hand is scored at every table." in html
    assert "Tie, cut for it" not in html and "Highest lady" not in html
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=8)
    assert "Highest lady" not in client.get(_url("drive-run", drive)).content.decode()
    drives.drive_result_record(drive=drive, hand=1, table=2, ns_tricks=6)
    html = client.get(_url("drive-run", drive)).content.decode()
    assert "Highest lady" in html and "The prizes show once" not in html


def test_no_leader_is_shown_before_the_first_hand_is_in_at_every_table(client, organiser, drive):
    client.force_login(organiser)
    for k in range(18):  # 5 tables: the sit-out table's players score 7 before anyone has played
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    page = client.get(_url("drive-run", drive)).content.decode()
    room = client.get(_url("drive-room", drive)).content.decode()
    assert "The standings show once the first hand is scored at every table." in page
    assert "the leaders show once hand 1 is in at every table" in room
    assert (
        "Player 16" not in page.split("<h2>Standings")[1].split("<h2>Prizes")[0] and "Player 16" not in room
    )
    for table in range(1, 5):
        drives.drive_result_record(drive=drive, hand=1, table=table, ns_tricks=7)
    page = client.get(_url("drive-run", drive)).content.decode()
    room = client.get(_url("drive-room", drive)).content.decode()
    assert "The standings show once" not in page and "Player 16" in room and "provisional" in room


def test_the_organisers_standings_give_each_players_place_ties_shared(client, organiser, drive):
    client.force_login(organiser)
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    for table in (1, 2):
        drives.drive_result_record(drive=drive, hand=1, table=table, ns_tricks=7)
    html = client.get(_url("drive-run", drive)).content.decode()
    ladies = html.split("<th>Place</th>")[1].split("</table>")[0]
    assert ladies.count("<tr><td>1=</td>") == 2 and ladies.count("<tr><td>3=</td>") == 2
