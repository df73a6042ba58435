"""A widow whist series' pages: the new series, its page before and after the start, the tablet's
entry and agreement, corrections, the results with their CSV and JSON, the room display, and the
command line."""

import json
from io import BytesIO, StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournaments.models import AuditLine, Drive, DriveTable, WidowDeal
from tournaments.services import drives, widow

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client, organiser):
    client.force_login(organiser)
    return client


def _started(club, players=10, **options) -> Drive:
    drive = widow.widow_create(club=club, name="Widow Night", date="2026-11-27", **options)
    for k in range(1, players + 1):
        drives.drive_player_add(drive=drive, name=f"Widow Player {k}")
    return widow.widow_start(drive=drive)


def test_the_organiser_creates_a_series_and_enters_named_players(logged_in, club):
    response = logged_in.post(
        reverse("tournaments:widow-new"),
        {
            "club": club.pk,
            "name": "Friday Widow",
            "date": "2026-11-27",
            "series": 2,
            "deals_each": 12,
            "redraw": "totals",
        },
    )
    drive = Drive.objects.get()
    assert response.url == reverse("tournaments:drive-run", args=[drive.pk])
    assert (drive.format, drive.halves, drive.hands, drive.redraw) == ("widow", 2, 12, "totals")
    for name in ("Ann Smith", "Bob Jones", "Cy Lee", "Di Hart"):
        logged_in.post(reverse("tournaments:drive-player-add", args=[drive.pk]), {"name": name})
    page = logged_in.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    assert "Ann Smith" in page and "4 players: 1 table of 4." in page and "Pair" not in page


def test_deals_each_that_a_table_of_four_cannot_share_are_refused(logged_in, club):
    response = logged_in.post(
        reverse("tournaments:widow-new"),
        {
            "club": club.pk,
            "name": "Friday Widow",
            "date": "2026-11-27",
            "series": 2,
            "deals_each": 10,
            "redraw": "random",
        },
        follow=True,
    )
    assert "multiple of 3" in response.content.decode() and not Drive.objects.exists()


def test_five_players_are_refused_at_the_start_in_words(logged_in, club):
    drive = widow.widow_create(club=club, name="Small", date="2026-11-27")
    for k in range(1, 6):
        drives.drive_player_add(drive=drive, name=f"P {k}")
    response = logged_in.post(reverse("tournaments:widow-start", args=[drive.pk]), follow=True)
    assert "5 players cannot be split into tables of three and four" in response.content.decode()


def test_a_tablet_enters_a_deal_and_each_player_agrees_it(client, club):
    drive = _started(club)
    link = DriveTable.objects.get(drive=drive, table=2)
    url = reverse("tournaments:drive-table", args=[link.token])
    page = client.get(url).content.decode()
    assert "Who is at the table?" in page and "Deal 1 of 12" in page and "Who took the widow?" not in page
    client.post(reverse("tournaments:widow-table-check-in", args=[link.token]), {"round": 1, "answer": "us"})
    assert "Who took the widow?" in client.get(url).content.decode()
    now = widow.WidowState(drive).now_at(2)
    a, b, c = now.playing
    post = {"series": 1, "deal": 1, "widow": a, f"tricks_{a}": 2, f"tricks_{b}": 6, f"tricks_{c}": 6}
    refused = client.post(reverse("tournaments:widow-table-enter", args=[link.token]), post, follow=True)
    assert "add up to 13: these add up to 14" in refused.content.decode()
    post[f"tricks_{c}"] = 5
    client.post(reverse("tournaments:widow-table-enter", args=[link.token]), post)
    page = client.get(url).content.decode()
    assert "−2" in page or "-2" in page
    for player in (a, b, c):
        client.post(
            reverse("tournaments:widow-table-agree", args=[link.token]),
            post | {"player": player},
        )
    assert WidowDeal.objects.get().confirmed
    assert "Deal 2 of 12" in client.get(url).content.decode()


def test_a_table_of_four_names_its_dealer_who_sits_out(client, club):
    drive = _started(club)
    link = DriveTable.objects.get(drive=drive, table=1)
    state = widow.WidowState(drive)
    page = client.get(reverse("tournaments:drive-table", args=[link.token])).content.decode()
    assert f"<b>{state.name(state.tables[1][1][0])}</b> deals and sits out" in page
    assert "Deal 1 of 16" in page


def test_the_organiser_corrects_a_deal_and_the_results_count_it(logged_in, club):
    drive = _started(club)
    now = widow.WidowState(drive).now_at(3)
    a, b, c = now.playing
    response = logged_in.post(
        reverse("tournaments:widow-correct", args=[drive.pk]),
        {
            "series": 1,
            "table": 3,
            "deal": 1,
            "widow": "",
            f"tricks_{a}": 5,
            f"tricks_{b}": 4,
            f"tricks_{c}": 4,
            "reason": "typed from the card",
        },
        follow=True,
    )
    assert "deal 1 is corrected" in response.content.decode()
    results = logged_in.get(reverse("tournaments:drive-results", args=[drive.pk])).content.decode()
    assert "Widow whist" in results and widow.WidowState(drive).name(a) in results
    data = json.loads(logged_in.get(reverse("tournaments:widow-results-json", args=[drive.pk])).content)
    assert data["measure"] == "points" and data["standings"][0]["points"] == 2
    state = widow.WidowState(drive)
    seats = state.tables[1][3]
    assert data["series"][0]["tables"][2] == [state.name(p) for p in seats]
    assert data["deals"][0]["points"] == [{a: 2, b: 1, c: 1}.get(p) for p in seats]
    assert data["deals"][0]["tricks"] == [{a: 5, b: 4, c: 4}.get(p) for p in seats]
    csv = logged_in.get(reverse("tournaments:widow-results-csv", args=[drive.pk])).content.decode()
    assert csv.splitlines()[0] == "Place,Player,Points,Deals played,Series 1"
    room = logged_in.get(reverse("tournaments:drive-room", args=[drive.pk])).content.decode()
    assert "Series 1" in room and "Leaders" in room


def test_the_organiser_corrects_a_deal_at_a_table_of_four_leaving_the_dealers_box_empty(logged_in, club):
    """The page's form has a box for each of the four; the dealer sat out deal 2 and stays empty."""
    drive = _started(club)
    seats = widow.WidowState(drive).tables[1][1]
    now = widow.WidowState(drive).deal_now(1, 1, 2)
    b, c, d = now.playing
    assert now.sitting_out == seats[1]
    post = {"series": 1, "table": 1, "deal": 2, "widow": b, "reason": "typed from the card"}
    post |= {f"tricks_{p}": "" for p in seats} | {f"tricks_{b}": 5, f"tricks_{c}": 4, f"tricks_{d}": 4}
    response = logged_in.post(reverse("tournaments:widow-correct", args=[drive.pk]), post, follow=True)
    assert "Series 1, table 1, deal 2 is corrected." in response.content.decode()
    state = widow.WidowState(drive)
    assert state.scores(state.deals[(1, 1, 2)]) == {b: 1, c: 1, d: 1}
    assert seats[1] not in state.tricks(state.deals[(1, 1, 2)])
    post |= {f"tricks_{seats[1]}": 4, f"tricks_{d}": "", "deal": 3, "widow": ""}
    refused = logged_in.post(reverse("tournaments:widow-correct", args=[drive.pk]), post, follow=True)
    assert f"{state.name(seats[2])} dealt and sat out: none for them" in refused.content.decode()


def test_the_room_display_shows_every_player_tied_on_the_last_place_it_shows(logged_in, club):
    """Twelve players, four of them 8th equal: the ten leaders shown reach into the tie, so all four
    are shown, and the twelfth is not."""
    drive = _started(club, players=12)
    for table, tricks in zip((1, 2, 3, 4), ((7, 3, 3), (6, 4, 3), (5, 5, 3), (2, 5, 6)), strict=True):
        now = widow.WidowState(drive).now_at(table)
        widow.widow_deal_record(
            drive=drive, table=table, taker=None, tricks=dict(zip(now.playing, tricks, strict=True))
        )
    standings = widow.WidowState(drive).standings()
    assert [s["place"] for s in standings[7:]] == ["8=", "8=", "8=", "8=", "12"]
    room = logged_in.get(reverse("tournaments:drive-room", args=[drive.pk])).content.decode()
    shown = [s["name"] for s in standings if f'<td class="names">{s["name"]}</td>' in room]
    assert shown == [s["name"] for s in standings[:11]]


def test_the_live_grid_sends_the_organiser_to_the_series_page_where_its_tables_are(logged_in, club):
    drive = _started(club)
    response = logged_in.get(reverse("tournaments:drive-live", args=[drive.pk]))
    assert response.status_code == 302 and response.url == reverse("tournaments:drive-run", args=[drive.pk])


def test_results_are_private_until_published(client, club):
    drive = _started(club)
    response = client.get(reverse("tournaments:widow-results-json", args=[drive.pk]))
    assert response.status_code == 302


def test_create_drive_makes_a_widow_series_from_the_command_line(club):
    out = StringIO()
    call_command(
        "create_drive",
        "--club",
        club.name,
        "--name",
        "Widow Night",
        "--players",
        "10",
        "--format",
        "widow",
        stdout=out,
    )
    lines = out.getvalue().splitlines()
    drive = Drive.objects.get(pk=int(lines[-1]))
    assert drive.is_widow_series and drive.status == Drive.Status.RUNNING
    assert "10 players at 3 tables (4 + 3 + 3)" in lines[0]


def test_create_drive_refuses_five_players_and_writes_nothing(club):
    with pytest.raises(CommandError, match="5 players cannot be split"):
        call_command(
            "create_drive", "--club", club.name, "--name", "W", "--players", "5", "--format", "widow"
        )
    assert not Drive.objects.exists()


def test_movement_prints_the_first_series_tables_as_json():
    out = StringIO()
    call_command("movement", "--players", "10", "--seats", "3", "--format", "json", stdout=out)
    assert json.loads(out.getvalue()) == {"rounds": [[[1, 2, 3, 4], [5, 6, 7], [8, 9, 10]]]}
    out = StringIO()
    call_command("movement", "--players", "13", "--seats", "3", stdout=out)
    assert "Table 1: players 1, 2, 3, 4 (16 deals, the dealer sits out)" in out.getvalue()


def test_a_series_exports_and_restores_with_its_tables_and_deals(club):
    from tests.test_widow_series import play_series
    from tournaments.services.backups.drive import drive_export, drive_import

    drive = _started(club, 10, series=2, deals_each=3)
    play_series(drive)
    data = json.loads(json.dumps(drive_export(drive)))
    before = widow.WidowState(drive)
    standings = [(s["name"], s["points"], s["played"]) for s in before.standings()]
    drive.delete()
    restored = drive_import(data)
    after = widow.WidowState(restored)
    assert restored.is_widow_series and restored.redraw == "random"
    assert [(s["name"], s["points"], s["played"]) for s in after.standings()] == standings

    def named(state):
        return {
            s: {t: [state.name(p) for p in seats] for t, seats in tables.items()}
            for s, tables in state.tables.items()
        }

    assert after.series == 2 and named(after) == named(before)
    assert len(after.deals) == len(before.deals) and after.now_at(1).series == 2


def test_a_damaged_export_names_the_player_it_does_not_know(club):
    from tournaments.services.backups.drive import DriveBackupError, drive_export, drive_import

    drive = _started(club, 6)
    data = json.loads(json.dumps(drive_export(drive)))
    data["widow"]["seats"][0]["players"][0] = "P99"
    drive.delete()
    with pytest.raises(DriveBackupError, match="P99 is not one of the drive's players"):
        drive_import(data)
    assert not Drive.objects.exists()


@pytest.mark.parametrize("document", ["table-lists", "score-cards", "results"])
def test_the_papers_print_the_series_tables_cards_and_results(logged_in, club, document):
    from pypdf import PdfReader

    drive = _started(club)
    response = logged_in.get(reverse("tournaments:widow-print", args=[drive.pk, document]))
    assert response["Content-Type"] == "application/pdf"
    words = " ".join(page.extract_text() for page in PdfReader(BytesIO(response.content)).pages)
    state = widow.WidowState(drive)
    first = state.name(state.tables[1][1][0])
    assert first in words
    if document == "score-cards":
        assert "Series 1, table 1" in words and "Series 1, table 3" in words and "Widow" in words
    if document == "table-lists":
        assert "series 1" in words and "Players (the first deals first)" in words


def test_someone_else_at_the_table_holds_its_entry_until_the_organiser_answers(client, logged_in, club):
    drive = _started(club)
    link = DriveTable.objects.get(drive=drive, table=3)
    client.post(
        reverse("tournaments:widow-table-check-in", args=[link.token]), {"round": 1, "answer": "else"}
    )
    now = widow.WidowState(drive).now_at(3)
    post = {
        "series": 1,
        "deal": 1,
        "widow": "",
        **{f"tricks_{p}": n for p, n in zip(now.playing, (4, 4, 5), strict=True)},
    }
    refused = client.post(reverse("tournaments:widow-table-enter", args=[link.token]), post, follow=True)
    assert "Table 3 waits for the organiser" in refused.content.decode() and not WidowDeal.objects.exists()
    page = logged_in.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    assert "Table 3 waits for you</strong> (series 1)" in page
    trail = AuditLine.objects.get(drive=drive, action=AuditLine.Action.CHECKED_IN).detail
    assert trail.startswith("table 3, series 1: someone else is here")
    check_in = link.check_ins.get()
    logged_in.post(
        reverse("tournaments:check-in-resolve", args=[check_in.pk]),
        {"how": "direct", "message": "Ann Smith: go to table 2"},
    )
    directed = AuditLine.objects.get(drive=drive, action=AuditLine.Action.DIRECTED).detail
    assert directed == "table 3, series 1: told 'Ann Smith: go to table 2'"
    client.post(reverse("tournaments:widow-table-enter", args=[link.token]), post)
    assert WidowDeal.objects.filter(table=3).exists()
    assert (
        "Ann Smith: go to table 2"
        in client.get(reverse("tournaments:drive-table", args=[link.token])).content.decode()
    )


def test_a_series_is_played_through_from_the_command_line(club):
    out = StringIO()
    call_command(
        "create_drive",
        *("--club", club.name, "--name", "Widow Night", "--players", "10", "--format", "widow"),
        *("--series", "2", "--deals-each", "3", "--redraw", "totals"),
        stdout=out,
    )
    pk = out.getvalue().splitlines()[-1]
    shown = StringIO()
    call_command("widow", pk, "show", stdout=shown)
    assert (
        "series 1 of 2" in shown.getvalue()
        and "deal 1 of 4:" in shown.getvalue()
        and "sits out" in shown.getvalue()
    )
    with pytest.raises(CommandError, match="add up to 13: these add up to 12"):
        call_command("widow", pk, "deal", "--table", "2", "--tricks", "4,4,4")
    for series in (1, 2):
        for table, deals in ((1, 4), (2, 3), (3, 3)):
            for deal in range(deals):
                call_command(
                    "widow",
                    pk,
                    "deal",
                    "--table",
                    str(table),
                    "--tricks",
                    "5,4,4",
                    "--widow",
                    str(1 + deal % 3),
                )
        if series == 1:
            shown = StringIO()
            call_command("widow", pk, "show", stdout=shown)
            assert "series 2 of 2" in shown.getvalue()
    call_command("widow", pk, "close", stdout=StringIO())
    call_command("drive_status", pk, "publish", stdout=StringIO())
    results = StringIO()
    call_command("widow", pk, "results", stdout=results)
    lines = results.getvalue().splitlines()
    assert len(lines) == 10 and all(line.endswith("6 deals") for line in lines)
    drive = Drive.objects.get(pk=int(pk))
    assert drive.published and drive.status == Drive.Status.FINISHED
    # The widow was taken at each of the 20 deals: each scores 3 in all (13 tricks less 4 + 3 + 3).
    assert sum(s["points"] for s in widow.WidowState(drive).standings()) == 3 * 20
