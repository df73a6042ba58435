"""An individual drive: players without roles, every hand seated from a whist tournament schedule,
shared seats, sit-outs scored by the drive's rule, the tablets telling each player where to go."""

import itertools
import json
import re
from collections import Counter
from io import BytesIO, StringIO

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from tournaments.domain.drives import COMPASS, plan_drive
from tournaments.domain.movements.whist import whist_schedule
from tournaments.models import Drive, DrivePlayer
from tournaments.services import drives
from tournaments.services.core.errors import ServiceError

pytestmark = pytest.mark.django_db


def _drive(club, players: int, *, shared: dict[int, str] | None = None, **options) -> Drive:
    drive = drives.drive_create(
        club=club, name="Family Drive", date="2026-11-20", format=Drive.Format.INDIVIDUAL, **options
    )
    shared = shared or {}
    for k in range(1, players + 1):
        drives.drive_player_add(drive=drive, name=f"Player {k}", shared_with=shared.get(k, ""))
    return drive


def _play(drive: Drive, tricks=lambda hand, table: (hand + table) % 14) -> None:
    drive.refresh_from_db()
    state = drives.DriveState(drive)
    for hand in range(1, drive.hands + 1):
        for table, seated in sorted(state.seatings[hand].items()):
            if not seated.sit_out:
                drives.drive_result_record(drive=drive, hand=hand, table=table, ns_tricks=tricks(hand, table))


def _meetings(state) -> tuple[Counter, Counter]:
    partners, opponents = Counter(), Counter()
    for hand in state.seatings.values():
        for seated in hand.values():
            if seated.sit_out:
                continue
            for couple in (seated.ns, seated.ew):
                partners[frozenset(couple)] += 1
            for a, b in itertools.product(seated.ns, seated.ew):
                opponents[frozenset((a, b))] += 1
    return partners, opponents


def test_eight_players_partner_each_other_once_and_oppose_twice(club):
    drive = drives.drive_start(drive=_drive(club, 8))
    assert drive.hands == 7 and drive.status == Drive.Status.RUNNING
    state = drives.DriveState(drive)
    assert state.tables == 2 and set(state.players) == {f"P{k}" for k in range(1, 9)}
    partners, opponents = _meetings(state)
    pairs = {frozenset(p) for p in itertools.combinations(state.players, 2)}
    assert set(partners) == pairs and set(partners.values()) == {1}
    assert set(opponents) == pairs and set(opponents.values()) == {2}
    # The seating is the schedule's, hand by hand: nothing waits on who won.
    plan = plan_drive(Drive.Format.INDIVIDUAL, [f"P{k}" for k in range(1, 9)])
    assert all(state.seatings[h] == plan.by_hand(h) for h in range(1, 8))
    _play(drive)
    drives.drive_close(drive=drive)
    state = drives.DriveState(drive)
    assert {len(s.lines) for s in state.scores.values()} == {7}
    assert [a.prize.value for a in state.awards] == ["overall", "second", "third", "booby"]
    assert len({a.player for a in state.awards}) == 4


def test_hands_a_round_repeat_the_rounds_seats_and_the_tablet_says_stay(client, club):
    drive = drives.drive_start(drive=_drive(club, 8, hands_per_round=2, halves=1))
    assert drive.hands == 14
    state = drives.DriveState(drive)
    assert state.seatings[1] == state.seatings[2] and state.seatings[2] != state.seatings[3]
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=7)
    token = drive.table_accesses.get(table=1).token
    page = client.get(reverse("tournaments:drive-table", args=[token]) + "?played=1").content.decode()
    assert page.count("stay in your seat") == 4


def test_the_tablet_names_each_players_next_table_seat_and_partner(client, club):
    drive = drives.drive_start(drive=_drive(club, 8, shared={3: "Bob Jones"}))
    state = drives.DriveState(drive)
    assert state.name("P3") == "Player 3 + Bob Jones"
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=8)
    token = drive.table_accesses.get(table=1).token
    page = client.get(reverse("tournaments:drive-table", args=[token]) + "?played=1").content.decode()
    for player in state.seatings[1][1].players:
        going = next(t for t in state.seatings[2].values() if player in t.players)
        seat = COMPASS[(*going.ns, *going.ew).index(player)]
        partner = state.name(going.partner_of(player))
        if going.table != 1:
            said = f"table {going.table}, sit {seat}"
        elif seat == COMPASS[(*state.seatings[1][1].ns, *state.seatings[1][1].ew).index(player)]:
            said = f"stay in your seat ({seat})"
        else:
            said = f"stay here, sit {seat}"
        assert said in page and f"partner {partner}" in page, player
    assert "Player 3 + Bob Jones" in page or "P3" not in state.seatings[1][1].players


def test_a_table_waits_for_the_tables_its_next_players_come_from(client, club):
    drive = drives.drive_start(drive=_drive(club, 8))
    state = drives.DriveState(drive)
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=8)
    now = drives.DriveState(drive).now_at(1)
    coming_from = {
        t for t, s in state.seatings[1].items() if set(s.players) & set(state.seatings[2][1].players)
    }
    assert coming_from == {1, 2}
    assert (now.hand, now.seating, now.waiting_for) == (2, None, (2,))
    drives.drive_result_record(drive=drive, hand=1, table=2, ns_tricks=5)
    now = drives.DriveState(drive).now_at(1)
    assert now.hand == 2 and now.seating == state.seatings[2][1]


def test_seven_players_fill_a_schedule_for_eight_and_the_phantoms_table_sits_out(club):
    drive = _drive(club, 7, sit_out=Drive.SitOut.AVERAGE)
    plan = drives.drive_plan(drive=drive)
    assert "one empty seat" in plan.shortfall and plan.tables == 2 and plan.sits_out
    drive = drives.drive_start(drive=drive)
    state = drives.DriveState(drive)
    for hand in range(1, drive.hands + 1):
        out = [s for s in state.seatings[hand].values() if s.sit_out]
        assert len(out) == 1 and len(out[0].players) == 3
    _play(drive)
    state = drives.DriveState(drive)
    assert {len(s.lines) for s in state.scores.values()} == {7}
    assert all(line.tricks == 6.5 for s in state.scores.values() for line in s.lines if line.sat_out)
    partners, _ = _meetings(state)
    assert set(partners.values()) == {1}


def test_nine_players_each_sit_out_once_at_the_sit_out_table_and_score_by_the_rule(client, club):
    drive = drives.drive_start(drive=_drive(club, 9))
    state = drives.DriveState(drive)
    assert (drive.hands, state.tables) == (9, 3)
    out = [state.seatings[h][3].players for h in range(1, 10)]
    assert all(state.seatings[h][3].sit_out for h in range(1, 10))
    assert sorted(p for players in out for p in players) == sorted(state.players)
    partners, opponents = _meetings(state)
    assert set(partners.values()) == {1} and len(partners) == 36 and set(opponents.values()) == {2}
    # The tablet of a table that finished tells who sits out the next hand.
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=2)
    token = drive.table_accesses.get(table=1).token
    page = client.get(reverse("tournaments:drive-table", args=[token]) + "?played=1").content.decode()
    (sitting,) = out[1]
    assert f"Sitting out hand 2: <b>{state.name(sitting)}</b>" in page
    # The sit-out table's tablet stays on its hand until every table has played it.
    sit_out = drive.table_accesses.get(table=3).token
    page = client.get(reverse("tournaments:drive-table", args=[sit_out])).content.decode()
    assert "Sit-out table: nobody plays hand 1 here" in page and "Each of you scores 7 tricks" in page
    _play(drive)
    state = drives.DriveState(drive)
    assert {len(s.lines) for s in state.scores.values()} == {9}
    assert {s.sat_out for s in state.scores.values()} == {1}
    assert all(line.tricks == 7 for s in state.scores.values() for line in s.lines if line.sat_out)


def test_six_players_play_the_rounds_with_a_table_and_the_shortfall_is_said(client, club, organiser):
    drive = _drive(club, 6)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    assert "6 players: 2 tables, 3 rounds, 3 hands" in page and "never partner" in page
    drive = drives.drive_start(drive=drive)
    _play(drive)
    state = drives.DriveState(drive)
    assert {len(s.lines) for s in state.scores.values()} == {3}
    partners, _ = _meetings(state)
    assert set(partners.values()) == {1}


def test_players_are_entered_without_roles_and_role_prizes_are_refused(club):
    drive = _drive(club, 0)
    player = drives.drive_player_add(drive=drive, role="L", name="Ann Smith", shared_with="Bob Jones")
    assert (player.role, player.key, player.name) == ("P", "P1", "Ann Smith + Bob Jones")
    with pytest.raises(ServiceError, match="one list of players"):
        drives.drive_create(
            club=club, name="X", date="2026-11-20", format=Drive.Format.INDIVIDUAL, prizes="classic"
        )
    progressive = drives.drive_create(club=club, name="Y", date="2026-11-20")
    with pytest.raises(ServiceError, match="Choose the player's role"):
        drives.drive_player_add(drive=progressive, role="P", name="Ann")


def test_a_member_enters_once_even_as_the_second_of_a_shared_seat(club):
    ann = club.members.create(first_name="Ann", last_name="Smith")
    drive = _drive(club, 0)
    drives.drive_player_add(drive=drive, name="Joe Bloggs", shared_with="Ann Smith")
    assert DrivePlayer.objects.get(drive=drive).second_member == ann
    with pytest.raises(ServiceError, match="already entered"):
        drives.drive_player_add(drive=drive, name="Ann Smith")


@pytest.mark.parametrize(
    "first, again",
    [
        ({"name": "Ann Smith"}, {"member": "ann"}),
        ({"name": "Joe Bloggs", "shared_with": "Ann Smith"}, {"guest": "Cy Day", "second_member": "ann"}),
    ],
    ids=["on a card of her own", "sharing a seat"],
)
def test_the_database_refuses_a_member_entered_twice_past_the_service(club, first, again):
    ann = club.members.create(first_name="Ann", last_name="Smith")
    drive = _drive(club, 0)
    drives.drive_player_add(drive=drive, **first)
    with pytest.raises(ServiceError, match="Ann Smith is already entered"):
        drives.drive_player_add(drive=drive, name="Ann Smith")
    row = {field: ann if value == "ann" else value for field, value in again.items()}
    with pytest.raises(IntegrityError), transaction.atomic():
        DrivePlayer.objects.create(drive=drive, role=DrivePlayer.Role.PLAYER, card=9, **row)
    assert drive.players.count() == 1


def test_the_database_refuses_a_member_sharing_a_seat_with_herself_past_the_service(club):
    ann = club.members.create(first_name="Ann", last_name="Smith")
    drive = _drive(club, 0)
    with pytest.raises(ServiceError, match="Ann Smith cannot share a seat with themselves"):
        drives.drive_player_add(drive=drive, name="Ann Smith", shared_with="Ann Smith")
    with pytest.raises(IntegrityError), transaction.atomic():
        DrivePlayer.objects.create(
            drive=drive, role=DrivePlayer.Role.PLAYER, card=1, member=ann, second_member=ann
        )
    assert not drive.players.exists()


def test_too_few_players_are_refused_at_the_start_in_words(club):
    drive = _drive(club, 3)
    with pytest.raises(ServiceError, match="at least 4 players"):
        drives.drive_start(drive=drive)
    assert drive.seats.count() == 0


def _finished(club, players=8, **options) -> Drive:
    drive = drives.drive_start(drive=_drive(club, players, **options))
    _play(drive)
    drives.drive_close(drive=drive)
    return drives.drive_publish(drive=drive)


def test_a_competition_and_the_player_pages_count_every_player_and_both_of_a_shared_seat(client, club):
    from tournaments.services.season import competitions, players

    ann = club.members.create(first_name="Player", last_name="1")
    bob = club.members.create(first_name="Bob", last_name="Jones")
    _finished(club, 8, shared={1: "Bob Jones"})
    competition = competitions.competition_create(
        club=club,
        values={
            "name": "Drive Cup",
            "start": "2026-01-01",
            "end": "2026-12-31",
            "kinds": "drive",
            "measure": "drive",
        },
    )
    table = competitions.competition_standings(competition)
    rows = {r.key: r for r in table.standings.rows}
    assert rows[f"m{ann.pk}"].total == rows[f"m{bob.pk}"].total > 0
    for member in (ann, bob):
        season = players.member_season(member)
        assert [e.name for e in season.evenings] == ["Family Drive"]
        assert season.evenings[0].field_name == "Players" and season.evenings[0].card == "Player 1"
        page = client.get(reverse("tournaments:player", args=[member.pk])).content.decode()
        assert "Family Drive" in page
    assert set(players.club_players(club)) == {ann, bob}


def test_an_individual_drive_with_a_shared_seat_exports_and_imports_as_it_was(club):
    from tournaments.services.backups.drive import drive_export, drive_import

    club.members.create(first_name="Bob", last_name="Jones")
    drive = _finished(club, 7, shared={2: "Bob Jones"}, hands_per_round=2, halves=2)
    data = drive_export(drive)
    before = drives.DriveState(drive)
    standings = [(s.player, s.score, len(s.lines)) for s in before.standings()]
    drive.delete()
    again = drive_import(data)
    assert (again.format, again.hands, again.hands_per_round) == ("individual", 14, 2)
    after = drives.DriveState(again)
    assert [(s.player, s.score, len(s.lines)) for s in after.standings()] == standings
    assert after.players["P2"].name == "Player 2 + Bob Jones" and after.players["P2"].second_member
    assert drive_export(again)["players"] == data["players"]


@pytest.mark.django_db(transaction=True)
def test_the_whole_club_backup_carries_an_individual_drive(club, tmp_path):
    from django.core.management import call_command

    drive = _finished(club, 8, shared={5: "Carol King"})
    before = [(s.player, s.score) for s in drives.DriveState(drive).standings()]
    path = tmp_path / "club.json.gz"
    call_command("backup", str(path), stderr=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore", str(path), stdout=StringIO())
    again = Drive.objects.get(name="Family Drive")
    state = drives.DriveState(again)
    assert again.format == "individual" and state.players["P5"].name == "Player 5 + Carol King"
    assert [(s.player, s.score) for s in state.standings()] == before


def test_another_clubs_individual_drive_is_not_found(client, club, other_club, django_user_model):
    drive = _drive(club, 8)
    client.force_login(django_user_model.objects.get(username="rival"))
    assert client.get(reverse("tournaments:drive-run", args=[drive.pk])).status_code == 404
    assert (
        client.post(reverse("tournaments:drive-player-add", args=[drive.pk]), {"name": "X"}).status_code
        == 404
    )
    assert client.post(reverse("tournaments:drive-start", args=[drive.pk])).status_code == 404
    assert drive.players.count() == 8 and drive.seats.count() == 0


def test_the_run_page_shows_the_plan_before_the_start_and_enters_one_field(client, club, organiser):
    client.force_login(organiser)
    drive = _drive(club, 7)
    url = reverse("tournaments:drive-run", args=[drive.pk])
    page = client.get(url).content.decode()
    assert 'name="role"' not in page and 'name="shared_with"' in page
    assert "7 players: 2 tables, 7 rounds, 7 hands" in page and "with one empty seat" in page
    client.post(
        reverse("tournaments:drive-player-add", args=[drive.pk]),
        {"name": "Ann Smith", "shared_with": "Bob Jones"},
    )
    assert drive.players.get(card=8).name == "Ann Smith + Bob Jones"
    client.post(reverse("tournaments:drive-start", args=[drive.pk]))
    drive.refresh_from_db()
    assert drive.status == Drive.Status.RUNNING
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=8)
    drives.drive_result_record(drive=drive, hand=1, table=2, ns_tricks=6)
    page = client.get(url).content.decode()
    assert "<h2>Players</h2>" in page and "Ann Smith + Bob Jones" in page and "Ladies" not in page


def test_create_drive_and_drive_state_on_the_command_line(capsys):
    from django.core.management import call_command

    call_command(
        "create_drive",
        "--club",
        "Family",
        "--name",
        "Family Drive",
        "--players",
        "8",
        "--format",
        "individual",
    )
    out = capsys.readouterr().out
    assert "8 players at 2 tables, 7 hands" in out
    drive = Drive.objects.get(pk=int(out.split()[-1]))
    state = drives.DriveState(drive)
    for hand in range(1, 8):
        for table in (1, 2):
            call_command(
                "drive_result", str(drive.pk), "--hand", str(hand), "--table", str(table), "--tricks", "7"
            )
    capsys.readouterr()
    call_command("drive_state", str(drive.pk), "--format", "json")
    report = json.loads(capsys.readouterr().out)
    assert report["hand"] is None and len(report["players"]) == 8
    assert {p["role"] for p in report["players"]} == {"P"} and sum(
        p["score"] for p in report["players"]
    ) == 7 * 2 * 26
    assert state.tables == 2


def test_the_new_drive_page_offers_an_individual_drive_with_one_lists_prizes(client, club, organiser):
    client.force_login(organiser)
    url = reverse("tournaments:drive-new") + "?format=individual"
    form = client.get(url).context["form"]
    assert form["format"].initial == "individual" and form["prizes"].initial == [
        "overall",
        "second",
        "third",
        "booby",
    ]
    fields = {
        "club": club.pk,
        "name": "Family Drive",
        "date": "2026-11-20",
        "format": "individual",
        "hands": 24,
        "hands_per_round": 2,
        "rounds": 5,
        "halves": 2,
        "trump_schedule": "HDSC",
        "sit_out": "average",
        "lady_label": "Lady",
        "gent_label": "Gent",
        "prizes": ["overall", "booby"],
    }
    client.post(url, fields)
    drive = Drive.objects.get(name="Family Drive")
    assert (drive.hands_per_round, drive.rounds, drive.prizes) == (2, 5, "overall,booby")
    refused = client.post(url, {**fields, "name": "Other", "prizes": ["lady-1", "gent-1"]}, follow=True)
    assert (
        "one list of players" in refused.content.decode() and not Drive.objects.filter(name="Other").exists()
    )
    for k in range(8):
        drives.drive_player_add(drive=drive, name=f"Player {k}")
    drive = drives.drive_start(drive=drive)
    assert drive.hands == 10


def _pdf_text(response) -> str:
    from pypdf import PdfReader

    return " ".join(page.extract_text() for page in PdfReader(BytesIO(response.content)).pages)


def test_itinerary_score_and_table_cards_print_for_an_individual_drive(client, club, organiser, other_club):
    client.force_login(organiser)
    drive = _drive(club, 9, shared={4: "Bob Jones"})

    def url(document):
        return reverse("tournaments:drive-print", args=[drive.pk, document])

    assert (
        "Itinerary cards (PDF)"
        in client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    )
    before = client.get(url("itinerary-cards"))
    assert before["Content-Type"] == "application/pdf"
    text = _pdf_text(before)
    assert "Player 4 + Bob Jones" in text and "sits out" in text and "Family Drive" in text
    partners = {line.partner for line in whist_schedule(9).itinerary(1) if line.partner}
    assert len(partners) == 8 and all(f"Player {p}" in text for p in partners if p != 4)
    drives.drive_start(drive=drive)
    _play(drive)
    assert "Player 4 + Bob Jones" in _pdf_text(client.get(url("itinerary-cards")))
    cards = _pdf_text(client.get(url("score-cards")))
    # Only a lady and gent drive's players carry score cards: here a card's title numbers its player.
    assert "Player 4 · Player 4 + Bob Jones" in cards and "sits out" in cards and "P4" not in cards
    tables = _pdf_text(client.get(url("table-cards")))
    assert "Everyone moves by the schedule after every hand" in tables and "Sit-out table" in tables
    results = _pdf_text(client.get(url("results")))
    assert "Players" in results and "Ladies" not in results
    assert "No." in results and "Card" not in results and "P4" not in results
    progressive = drives.drive_create(club=club, name="Progressive", date="2026-11-20")
    assert (
        client.get(reverse("tournaments:drive-print", args=[progressive.pk, "itinerary-cards"])).status_code
        == 404
    )
    client.force_login(organiser.__class__.objects.get(username="rival"))
    assert client.get(url("itinerary-cards")).status_code == 404


def test_itinerary_cards_for_too_few_players_say_why(client, club, organiser):
    client.force_login(organiser)
    drive = _drive(club, 3)
    response = client.get(reverse("tournaments:drive-print", args=[drive.pk, "itinerary-cards"]), follow=True)
    assert response.redirect_chain and "3" in " ".join(str(m) for m in response.context["messages"])


def test_a_drive_with_players_entered_keeps_its_kind_of_format(club):
    drive = _drive(club, 4)
    with pytest.raises(ServiceError, match="take them out first"):
        drives.drive_update(drive=drive, values={"format": "progressive", "prizes": "classic"})
    drives.drive_update(drive=drive, values={"hands_per_round": 3, "rounds": 2})
    drive.refresh_from_db()
    assert (drive.format, drive.hands_per_round, drive.rounds) == ("individual", 3, 2)
    assert drive.changes.filter(action="changed").count() == 1
    drives.drive_start(drive=drive)
    with pytest.raises(ServiceError, match="has started"):
        drives.drive_update(drive=drive, values={"hands_per_round": 1})


def test_a_correction_changes_the_scores_keeps_the_seats_and_writes_the_trail(client, club, organiser):
    drive = drives.drive_start(drive=_drive(club, 8))
    _play(drive)
    seats = list(drive.seats.order_by("hand", "table", "seat").values_list("hand", "table", "seat", "player"))
    before = drives.DriveState(drive).scores
    client.force_login(organiser)
    client.post(
        reverse("tournaments:drive-correct", args=[drive.pk]),
        {"hand": 1, "table": 1, "ns_tricks": 13, "reason": "from the score card"},
    )
    after = drives.DriveState(drive)
    north = after.seatings[1][1].ns[0]
    assert after.results[(1, 1)] == 13 and after.scores[north].score > before[north].score
    assert (
        list(drive.seats.order_by("hand", "table", "seat").values_list("hand", "table", "seat", "player"))
        == seats
    )
    assert drive.result_changes.get(action="corrected").reason == "from the score card"
    assert drive.changes.filter(action="corrected").count() == 1


def test_both_people_of_a_shared_seat_are_sent_the_results(club):
    from tournaments.services.season.mail import results_queue

    club.members.create(first_name="Player", last_name="1", email="ann@example.org")
    club.members.create(first_name="Bob", last_name="Jones", email="bob@example.org")
    drive = _finished(club, 8, shared={1: "Bob Jones"})
    assert results_queue(evening=drive) == 2
    assert sorted(drive.mails.values_list("to", flat=True)) == ["ann@example.org", "bob@example.org"]


def test_the_live_grid_and_the_room_display_of_a_running_individual_drive(client, club, organiser):
    client.force_login(organiser)
    drive = drives.drive_start(drive=_drive(club, 9))
    live = client.get(reverse("tournaments:drive-live", args=[drive.pk])).content.decode()
    assert "out" in live  # the sit-out table's cells
    room = client.get(reverse("tournaments:drive-room", args=[drive.pk])).content.decode()
    assert "<h2>Players" in room and "Ladies" not in room and "Hand 1</b> in play" in room
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=9)
    drives.drive_result_record(drive=drive, hand=1, table=2, ns_tricks=4)
    room = client.get(reverse("tournaments:drive-room", args=[drive.pk])).content.decode()
    assert "Hand 2</b> in play" in room and room.count('class="rank"') == 9


def test_drive_state_gives_each_player_the_place_the_results_page_gives(client, club, organiser):
    from django.core.management import call_command

    drive = _drive(club, 8)
    drives.drive_start(drive=drive)
    _play(drive)
    client.force_login(organiser)
    [(_, rows)] = client.get(reverse("tournaments:drive-results", args=[drive.pk])).context["roles"]
    shown = {row["key"]: row["place"] for row in rows}
    out = StringIO()
    call_command("drive_state", str(drive.pk), "--format", "json", stdout=out)
    report = json.loads(out.getvalue())
    assert {p["player"]: p["place"] for p in report["players"]} == shown
    assert len(shown) == 8 and report["players"][0]["place"] in ("1", "1=")
    text = StringIO()
    call_command("drive_state", str(drive.pk), stdout=text)
    best = report["players"][0]
    assert f"{best['place']:>4} {best['player']:>4} {best['name']}" in text.getvalue()


def test_its_pages_and_messages_number_players_without_card_codes(client, club, organiser):
    client.force_login(organiser)
    drive = drives.drive_create(
        club=club, name="Family Drive", date="2026-11-20", format=Drive.Format.INDIVIDUAL
    )
    run = reverse("tournaments:drive-run", args=[drive.pk])
    add = reverse("tournaments:drive-player-add", args=[drive.pk])
    said = client.post(add, {"role": "P", "name": "Ann Smith"}, follow=True).content.decode()
    assert "Entered Ann Smith (Player 1)." in said
    for k in range(2, 9):
        drives.drive_player_add(drive=drive, name=f"Player {k}")
    page = client.get(run).content.decode()
    assert "<th>No.</th>" in page and "<th>Card</th>" not in page and "<td>P1</td>" not in page
    drives.drive_start(drive=drive)
    _play(drive)
    drives.drive_close(drive=drive)
    drives.drive_publish(drive=drive)
    pages = [
        client.get(reverse(name, args=[drive.pk])).content.decode()
        for name in ("tournaments:drive-run", "tournaments:drive-results", "tournaments:drive-room")
    ]
    for page in pages:
        assert not re.search(r">P\d+<", page)
    assert '<th class="card">No.</th>' in pages[1] and re.search(r'<td class="card">\d+</td>', pages[1])
    trail = " ".join(drive.changes.values_list("detail", flat=True))
    assert "entered Ann Smith (Player 1)" in trail and "P1" not in trail


def test_a_lady_and_gent_drive_keeps_its_card_codes(client, club, organiser):
    client.force_login(organiser)
    drive = drives.drive_create(club=club, name="Village Drive", date="2026-11-20")
    add = reverse("tournaments:drive-player-add", args=[drive.pk])
    said = client.post(add, {"role": "L", "name": "Ann Smith"}, follow=True).content.decode()
    assert "Entered Ann Smith (L1)." in said
    page = client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    assert "<th>Card</th>" in page and "<td>L1</td>" in page
