"""A Minnesota whist drive: the tables say who went grand and N/S's tricks, each couple scores its
points under the drive's rules, the winners on points move as winners, the sit-out players score
the hand's average, a team night counts its pairs' points; the cards, the JSON and the commands
say the rules."""

import json
from datetime import date
from decimal import Decimal
from io import BytesIO, StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.test_drive_backup import _export, _import
from tournaments.domain import competitions as rules
from tournaments.models import AuditLine, Drive, DriveResult, DriveResultChange
from tournaments.services import drives
from tournaments.services.core.errors import ServiceError
from tournaments.services.drives.check_in import drive_table_check_in
from tournaments.services.drives.state import DriveStateError
from tournaments.services.season.club_season import club_evenings

pytestmark = pytest.mark.django_db


def _drive(club, players: int = 10, **options):
    drive = drives.drive_create(
        club=club,
        name="Minnesota Drive",
        date=date(2026, 11, 20),
        hands=2,
        halves=1,
        game="minnesota",
        **options,
    )
    for k in range(players):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    return drives.drive_start(drive=drive)


def test_a_hand_scores_each_couples_points_and_the_sit_out_the_hands_average(club):
    drive = _drive(club)
    state = drives.DriveState(drive)
    assert state.seatings[1][3].sit_out and state.seatings[1][3].ns == ("L5", "G5")
    # Table 1 played low and N/S took 4: N/S score 3 (a trick under seven each), E/W nothing.
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=4, granded="low")
    # Table 2: E/W went grand and took 8 (N/S 5): E/W score 2.
    drives.drive_result_record(drive=drive, hand=1, table=2, ns_tricks=5, granded="EW")
    scores = drives.DriveState(drive).scores
    players = ("L1", "G1", "L2", "G2", "L3", "G3", "L4", "G4")
    assert [scores[p].score for p in players] == [3, 3, 0, 0, 0, 0, 2, 2]
    # The sit-out players: the hand's average, (3 + 0 + 0 + 2) / 4 = 1.25, to the nearest half.
    assert scores["L5"].score == scores["G5"].score == 1.5
    # N/S won table 1 on points with 4 tricks: at a progressive drive the winners stay, the
    # winning gent crossing; the losers moved out.
    hand_2 = drives.DriveState(drive).seatings[2]
    assert hand_2[1].ns[0] == "L1" and hand_2[1].ew[1] == "G1"
    assert "L2" not in hand_2[1].players and "G2" not in hand_2[1].players


def test_american_points_may_be_negative(club):
    drive = _drive(club, 8, minnesota_rules="american")
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=9, granded="low")
    drives.drive_result_record(drive=drive, hand=1, table=2, ns_tricks=6, granded="NS")
    scores = drives.DriveState(drive).scores
    assert [scores[p].score for p in ("L1", "L2", "L3", "L4")] == [-3, 0, 0, 1]
    assert drives.DriveState(drive).seatings[2][1].ew[0] == "L2"  # E/W won table 1: she stays


def test_the_tablet_asks_who_went_grand_and_ew_confirm_both(club):
    drive = _drive(club, 8)
    link = drive.table_accesses.get(table=1)
    token = link.token
    drive_table_check_in(link=link, hand=1, here=True)
    tablet = Client()
    page = tablet.get(f"/d/{token}/").content.decode()
    assert "Who went grand" in page and "No trumps" in page and "Trumps <span" not in page
    assert "Swedish (classic) rules" in page
    refused = tablet.post(f"/d/{token}/enter/", {"hand": 1, "ns_tricks": 8}, follow=True)
    assert "Say who went grand" in refused.content.decode()
    assert not DriveResult.objects.exists()
    tablet.post(f"/d/{token}/enter/", {"hand": 1, "ns_tricks": 8, "granded": "NS"})
    waiting = tablet.get(f"/d/{token}/").content.decode()
    assert "N/S grand · N/S <b>8</b>" in waiting and 'name="granded" value="NS"' in waiting
    other = tablet.post(f"/d/{token}/confirm/", {"hand": 1, "ns_tricks": 8, "granded": "EW"}, follow=True)
    assert "now shows N/S 8 (N/S grand), not 8 (E/W grand)" in other.content.decode()
    done = tablet.post(f"/d/{token}/confirm/", {"hand": 1, "ns_tricks": 8, "granded": "NS"}, follow=True)
    text = done.content.decode()
    assert "Hand 1 is over: N/S grand, N/S 8, E/W 5" in text and "N/S <b>2</b>, E/W <b>0</b>" in text
    lines = DriveResultChange.objects.filter(drive=drive, hand=1, table=1).order_by("id")
    assert [line.after for line in lines] == ["N/S grand 8–5", "N/S grand 8–5"]


def test_e_w_check_each_couples_points_before_confirming(club):
    drive = _drive(club, 8)
    link = drive.table_accesses.get(table=1)
    drive_table_check_in(link=link, hand=1, here=True)
    drives.drive_table_enter(link=link, hand=1, ns_tricks=5, granded="NS")
    page = Client().get(f"/d/{link.token}/").content.decode()
    # N/S went grand and took 5: a failed grand, E/W score 2 a trick over six (Swedish rules).
    assert "E/W: is this right?" in page and "Points: N/S <b>0</b>, E/W <b>4</b>" in page


def test_a_hand_sent_back_asks_n_s_who_went_grand_as_well_as_their_tricks(club):
    drive = _drive(club, 8)
    link = drive.table_accesses.get(table=1)
    drive_table_check_in(link=link, hand=1, here=True)
    drives.drive_table_enter(link=link, hand=1, ns_tricks=8, granded="EW")
    page = Client().post(f"/d/{link.token}/reject/", {"hand": 1}, follow=True).content.decode()
    assert "Hand 1 sent back: N/S, tap who went grand and your tricks again." in page
    assert "Who went grand" in page and not DriveResult.objects.exists()


def test_a_correction_carries_who_went_grand_into_the_history_and_the_trail(club, organiser):
    drive = _drive(club, 8)
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=8, granded="NS")
    with pytest.raises(DriveStateError, match="Say who went grand"):
        drives.drive_result_correct(drive=drive, hand=1, table=1, ns_tricks=8, reason="card")
    browser = Client()
    browser.force_login(organiser)
    run = browser.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    assert '<select name="granded" required>' in run
    browser.post(
        reverse("tournaments:drive-correct", args=[drive.pk]),
        {"hand": 1, "table": 1, "ns_tricks": 8, "granded": "EW", "reason": "E/W went grand"},
    )
    result = DriveResult.objects.get(drive=drive, hand=1, table=1)
    assert (result.ns_tricks, result.granded) == (8, "EW")
    line = DriveResultChange.objects.filter(drive=drive, action="corrected").get()
    assert (line.before, line.after, line.reason) == ("N/S grand 8–5", "E/W grand 8–5", "E/W went grand")
    trail = AuditLine.objects.filter(drive=drive, action=AuditLine.Action.CORRECTED).get()
    assert "N/S grand 8–5 → E/W grand 8–5" in trail.detail
    # E/W granded and failed with 5: N/S score 2 a trick over six, 4.
    assert drives.DriveState(drive).scores["L1"].score == 4


def _finish(drive, hands):
    for hand, results in hands.items():
        for table, (tricks, granded) in results.items():
            drives.drive_result_record(drive=drive, hand=hand, table=table, ns_tricks=tricks, granded=granded)
    drives.drive_close(drive=drive)
    return drives.drive_publish(drive=drive)


def test_drive_state_json_and_the_printed_cards_say_the_rules_and_the_points(club, organiser):
    drive = _drive(club, 8)
    drive = _finish(drive, {1: {1: (4, "low"), 2: (9, "NS")}, 2: {1: (7, "EW"), 2: (10, "NS")}})
    out = StringIO()
    call_command("drive_state", str(drive.pk), "--format", "json", stdout=out)
    report = json.loads(out.getvalue())
    assert report["game"] == "minnesota" and report["measure"] == "points"
    assert report["rules"]["key"] == "swedish" and "2 a trick over six" in report["rules"]["summary"]
    assert report["hands"][0] == {
        "hand": 1,
        "table": 1,
        "ns_tricks": 4,
        "granded": "low",
        "ns_points": 3,
        "ew_points": 0,
    }
    text = StringIO()
    call_command("drive_state", str(drive.pk), stdout=text)
    assert "  Minnesota whist, Swedish (classic) rules: Grand: the granders score 1" in text.getvalue()
    browser = Client()
    browser.force_login(organiser)
    pdf = browser.get(reverse("tournaments:drive-print", args=[drive.pk, "score-cards"]))
    text = " ".join(page.extract_text() for page in PdfReader(BytesIO(pdf.content)).pages)
    text = " ".join(text.split())
    assert "Swedish (classic) rules" in text and "Grand" in text and "Points" in text and "Trumps" not in text
    assert text.count("Low: each side scores 1 a trick under seven.") == 8  # on every player's card
    results = browser.get(reverse("tournaments:drive-print", args=[drive.pk, "results"]))
    pages = PdfReader(BytesIO(results.content)).pages
    text = " ".join(" ".join(page.extract_text().split()) for page in pages)
    assert "the other side scores 2 a trick over six" in text


def test_create_drive_makes_a_minnesota_drive(db):
    out = StringIO()
    call_command(
        "create_drive",
        "--club",
        "Duluth",
        "--name",
        "Grand or low",
        "--players",
        "8",
        "--hands",
        "4",
        "--game",
        "minnesota",
        "--minnesota-rules",
        "south-dakota",
        stdout=out,
    )
    drive = Drive.objects.get(pk=int(out.getvalue().split()[-1]))
    assert (drive.game, drive.minnesota_rules) == ("minnesota", "south-dakota")
    assert drive.evening_format.measure.amount("31") == "31 points"
    with pytest.raises(CommandError, match="Say who went grand"):
        call_command("drive_result", str(drive.pk), "--hand", "1", "--table", "1", "--tricks", "5")
    said = StringIO()
    call_command(
        "drive_result",
        str(drive.pk),
        "--hand",
        "1",
        "--table",
        "1",
        "--tricks",
        "5",
        "--granded",
        "NS",
        stdout=said,
    )
    assert said.getvalue().strip() == "Hand 1, table 1: N/S grand 5–8"
    # South Dakota: granders who fail lose a point a trick under seven; the others score nothing.
    assert drives.DriveState(drive).points(1, 1) == (-2, 0)
    call_command(
        "create_team_night", "--club", "Duluth", "--name", "Teams", "--teams", "2", "--game", "minnesota"
    )
    night = Drive.objects.get(name="Teams")
    assert (night.game, night.minnesota_rules, night.evening_format.evening.singular) == (
        "minnesota",
        "swedish",
        "Minnesota team night",
    )


@pytest.mark.parametrize(("rule", "points"), [("majority", [1, 0, 0, 1]), ("tricks", [3, 0, 0, 2])])
def test_a_minnesota_team_night_scores_its_pairs_points(club, rule, points):
    night = drives.team_night_create(
        club=club,
        name="Minnesota teams",
        date=date(2026, 11, 21),
        teams=[(name, [f"{name} {k}" for k in range(4)]) for name in ("Aces", "Kings")],
        hands=1,
        halves=1,
        team_points=rule,
        game="minnesota",
    )
    drives.drive_start(drive=night)
    # Table 1: low, Aces' home pair N/S took 4 (3 points, the hand's winners); table 2: E/W
    # (Aces' away pair) went grand and made 8 (2 points).
    drives.drive_result_record(drive=night, hand=1, table=1, ns_tricks=4, granded="low")
    drives.drive_result_record(drive=night, hand=1, table=2, ns_tricks=5, granded="EW")
    scores = drives.DriveState(night).team_scores
    pairs = (scores[1].home, scores[2].away, scores[2].home, scores[1].away)
    assert [pair.points for pair in pairs] == points


def test_a_minnesota_drive_counts_in_a_competition_by_placing_never_added_to_tricks(club, make_played_drive):
    make_played_drive(club)
    minnesota = _finish(_drive(club, 8), {1: {1: (4, "low"), 2: (9, "NS")}, 2: {1: (7, "EW"), 2: (10, "NS")}})
    evenings = {e.id: e for e in club_evenings(club)}
    ours = evenings[f"drive:{minnesota.pk}"]
    assert all(entrant.drive_score is None for entrant in ours.entrants)
    drive_scores = rules.Rules(kinds=frozenset({"drive"}), measure="drive")
    placings = rules.Rules(kinds=frozenset({"drive"}), measure="placing")
    assert not rules.counts(ours, drive_scores) and rules.counts(ours, placings)
    assert sum(rules.counts(e, drive_scores) for e in evenings.values()) == 1


def test_a_players_season_keeps_minnesota_points_apart_from_tricks(club):
    from tournaments.models import Member
    from tournaments.services.season.players import member_season

    ann = Member.objects.create(club=club, first_name="Ann", last_name="Grand")
    classic = drives.drive_create(club=club, name="Classic", date=date(2026, 11, 1), hands=1, halves=1)
    minnesota = drives.drive_create(
        club=club, name="Minnesota", date=date(2026, 11, 2), hands=1, halves=1, game="minnesota"
    )
    for drive in (classic, minnesota):
        drives.drive_player_add(drive=drive, role="L", member=ann)
        for k in range(3):
            drives.drive_player_add(drive=drive, role="GLG"[k], guest=f"Guest {k}")
        drives.drive_start(drive=drive)
    _finish(classic, {1: {1: (9, "")}})
    _finish(minnesota, {1: {1: (9, "NS")}})
    groups = {m.average_label: m.average for m in member_season(ann).drives_measured}
    assert groups == {"Average tricks (drives)": "9.0", "Average points (Minnesota drives)": "3.0"}


def test_the_results_page_and_the_room_display_say_the_rules_and_the_points(club, organiser):
    drive = _finish(_drive(club, 8), {1: {1: (4, "low"), 2: (9, "NS")}, 2: {1: (7, "EW"), 2: (10, "NS")}})
    browser = Client()
    results = browser.get(reverse("tournaments:drive-results", args=[drive.pk])).content.decode()
    assert "Swedish (classic) rules" in results and "2 a trick over six" in results
    assert "s total is the points their couples scored, hand by hand" in results
    room = browser.get(reverse("tournaments:drive-room", args=[drive.pk])).content.decode()
    assert "Minnesota whist, no trumps: Swedish (classic) rules." in room


def test_a_minnesota_drive_round_trips_with_its_rules_and_who_went_grand(club, tmp_path):
    drive = _drive(club, 8, minnesota_rules="south-dakota")
    drive = _finish(drive, {1: {1: (4, "low"), 2: (9, "NS")}, 2: {1: (7, "EW"), 2: (3, "NS")}})
    exported = _export(drive.pk)
    assert (exported["drive"]["game"], exported["drive"]["minnesota_rules"]) == ("minnesota", "south-dakota")
    assert [r["granded"] for r in exported["results"]] == ["low", "NS", "EW", "NS"]
    standings = [(s.player, s.score) for s in drives.DriveState(drive).standings()]
    Drive.objects.all().delete()
    restored = _import(tmp_path, exported)
    again = _export(restored.pk)
    assert again["trail"].pop()["action"] == "restored"
    assert again == exported
    assert [(s.player, s.score) for s in drives.DriveState(restored).standings()] == standings


def test_an_export_from_before_minnesota_drives_imports_as_whist(club, tmp_path, make_played_drive):
    exported = _export(make_played_drive(club).pk)
    del exported["drive"]["game"], exported["drive"]["minnesota_rules"]
    for result in exported["results"]:
        del result["granded"]
    exported["drive"]["name"] = "Before"
    restored = _import(tmp_path, exported)
    assert restored.game == "whist" and not restored.results.exclude(granded="").exists()


def test_a_minnesota_team_nights_cards_say_who_went_grand_and_its_rules(club, organiser):
    night = drives.team_night_create(
        club=club,
        name="Minnesota teams",
        date=date(2026, 11, 21),
        teams=[(name, [f"{name} {k}" for k in range(4)]) for name in ("Aces", "Kings", "Queens")],
        hands=2,
        halves=1,
        game="minnesota",
        minnesota_rules="american",
    )
    drives.drive_start(drive=night)
    for table, (tricks, granded) in enumerate([(4, "low"), (5, "EW"), (9, "NS")], start=1):
        drives.drive_result_record(drive=night, hand=1, table=table, ns_tricks=tricks, granded=granded)
    browser = Client()
    browser.force_login(organiser)
    pdf = browser.get(reverse("tournaments:drive-print", args=[night.pk, "score-cards"]))
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(BytesIO(pdf.content)).pages)
    assert "Grand" in text and "Trumps" not in text and "American rules" in text
    # Aces' home pair played low at table 1, its away pair at table 2, where E/W (they) went grand.
    assert "1 Low, Us 2" in text
    room = browser.get(reverse("tournaments:drive-room", args=[night.pk])).content.decode()
    assert "Minnesota whist, no trumps: American rules." in room


def test_a_hand_of_ten_tricks_counts_only_as_a_grand_the_couple_made(club):
    drive = _drive(club, 8)
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=10, granded="NS")  # 4 points
    drives.drive_result_record(drive=drive, hand=1, table=2, ns_tricks=3, granded="low")  # N/S 4 points
    scores = drives.DriveState(drive).scores
    assert (scores["L1"].score, scores["L1"].big_hands) == (4, 1)
    # E/W's ten tricks in a hand played low are the worst result there, not a big hand.
    assert (scores["L3"].score, scores["L3"].big_hands, scores["L4"].big_hands) == (4, 0, 0)


def test_the_ten_plus_prize_goes_to_a_made_grand_not_ten_tricks_played_low(club):
    drive = _drive(club, 8)
    drive.prizes = "overall,ten-plus"
    drive.save(update_fields=["prizes"])
    drives.drive_result_record(drive=drive, hand=1, table=1, ns_tricks=6, granded="low")
    drives.drive_result_record(drive=drive, hand=1, table=2, ns_tricks=2, granded="low")  # E/W 11, low
    awards = {line.award.prize: line.award for line in drives.prize_lines(drives.DriveState(drive))}
    assert awards["ten-plus"].score == 0  # nobody made a hand of ten tricks in a grand of theirs


def test_a_typed_total_of_minnesota_points_is_checked_against_the_rules(club):
    drive = _drive(club, 8, minnesota_rules="american")
    player = drive.players.get(role="L", card=1)
    with pytest.raises(ServiceError, match="cannot be below 0: enter that part's hands one by one"):
        drives.drive_totals_set(drive=drive, totals={player.pk: {1: Decimal("-2")}})
    with pytest.raises(ServiceError, match="give whole or half points from 0 to 14"):
        drives.drive_totals_set(drive=drive, totals={player.pk: {1: Decimal("15")}})
    assert drives.drive_totals_set(drive=drive, totals={player.pk: {1: Decimal("3.5")}}) == 1


def test_a_minnesota_drive_and_team_night_are_created_from_their_pages(client, organiser, club):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:drive-new")).content.decode()
    assert '<option value="minnesota">Minnesota whist' in page and "South Dakota rules" in page
    client.post(
        reverse("tournaments:drive-new"),
        {
            "club": club.pk,
            "name": "Grand or low",
            "date": "2026-11-27",
            "format": "winners-move",
            "hands": 12,
            "halves": 2,
            "trump_schedule": "HDSC",
            "game": "minnesota",
            "minnesota_rules": "swedish-set-1",
            "sit_out": "7",
            "lady_label": "Lady",
            "gent_label": "Gent",
            "prizes": ["lady-1", "gent-1"],
        },
    )
    drive = Drive.objects.get(name="Grand or low")
    assert (drive.format, drive.game, drive.minnesota_rules) == ("winners-move", "minnesota", "swedish-set-1")
    assert "Minnesota whist, Swedish rules, set bonus 1" in drive.changes.get(action="created").detail
    night_page = client.get(reverse("tournaments:team-night-new")).content.decode()
    assert 'name="game"' in night_page and 'name="minnesota_rules"' in night_page
    client.post(
        reverse("tournaments:team-night-new"),
        {
            "club": club.pk,
            "name": "Minnesota cup",
            "date": "2026-11-24",
            "team_points": "tricks",
            "hands": 4,
            "halves": 1,
            "trump_schedule": "HDSC",
            "game": "minnesota",
            "minnesota_rules": "american",
            "teams": "Aces: Ann Ace, Bob Ace, Cy Ace, Di Ace\nKings: Ed King, Flo King, Gus King, Hal King",
        },
    )
    night = Drive.objects.get(name="Minnesota cup")
    assert (night.format, night.game, night.minnesota_rules) == ("teams", "minnesota", "american")
