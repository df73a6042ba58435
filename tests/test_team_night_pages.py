"""A team night's pages: set up with its teams, run, its tablets naming the two teams and sending
the away pair on, the room display's running totals, the results, the CSV and the paper."""

import csv
import io
from io import BytesIO

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tournaments.forms import parse_team_line
from tournaments.models import Drive
from tournaments.services import drives

pytestmark = pytest.mark.django_db

LINES = """Aces: Ann Aston, Bob Aston, Cy Archer, Di Archer
Kings: Ed King, Flo King, Gus Kemp, Hal Kemp

Queens: Ida Quinn, Jo Quinn, Kay Quill, Len Quill
"""


def _url(name, night, *args):
    return reverse(f"tournaments:{name}", args=[night.pk, *args])


def _new(client, club, **changes):
    data = {
        "club": club.pk,
        "name": "Cup night",
        "date": "2026-11-24",
        "team_points": "majority",
        "hands": 4,
        "halves": 1,
        "trump_schedule": "HDSC",
        "teams": LINES,
    } | changes
    return client.post(reverse("tournaments:team-night-new"), data)


def test_an_organiser_sets_up_a_night_adds_a_team_and_starts_it(client, organiser, club):
    client.force_login(organiser)
    assert "Create the team night" in client.get(reverse("tournaments:team-night-new")).content.decode()
    response = _new(client, club)
    night = Drive.objects.get(name="Cup night")
    assert response.url == _url("drive-run", night)
    assert list(night.teams.values_list("name", flat=True)) == ["Aces", "Kings", "Queens"]
    page = client.get(_url("drive-run", night)).content.decode()
    assert "Cy Archer &amp; Di Archer" in page and "Start the team night" in page
    client.post(
        _url("team-night-team-add", night),
        {"name": "Jacks", "home_1": "Mo", "home_2": "Ned", "away_1": "Olive", "away_2": "Pat"},
    )
    client.post(_url("team-night-team-remove", night, night.teams.get(name="Kings").pk))
    client.post(_url("drive-start", night))
    night.refresh_from_db()
    assert night.status == Drive.Status.RUNNING and drives.DriveState(night).tables == 3
    page = client.get(_url("drive-run", night)).content.decode()
    assert "hand 1 in play" in page and "Team cards (PDF)" in page


def test_a_team_line_without_four_players_is_refused_in_words(client, organiser, club):
    client.force_login(organiser)
    response = _new(client, club, teams="Aces: Ann, Bob, Cy\nKings: Ed, Flo, Gus, Hal")
    assert "four players joined by commas" in response.content.decode()
    response = _new(client, club, teams="Aces: Ann, Bob, Cy, Di")
    assert "at least two teams" in response.content.decode()
    assert not Drive.objects.exists()
    assert parse_team_line(" Aces :Ann,  Bob , Cy,Di") == ("Aces", ["Ann", "Bob", "Cy", "Di"])


@pytest.fixture
def night(club):
    teams = [parse_team_line(line) for line in LINES.splitlines() if line.strip()]
    night = drives.team_night_create(club=club, name="Cup night", date="2026-11-24", teams=teams, hands=4)
    return drives.drive_start(drive=night)


def test_the_tablet_names_the_two_teams_and_sends_the_away_pair_on(night):
    token = night.table_accesses.get(table=2).token
    tablet = Client()
    page = tablet.get(f"/d/{token}/").content.decode()
    assert "Team 2 <b>Kings</b> (home) v Team 1 <b>Aces</b> (visiting)" in page
    tablet.post(f"/d/{token}/enter/", {"hand": 1, "ns_tricks": 8})
    tablet.post(f"/d/{token}/confirm/", {"hand": 1, "ns_tricks": 8})
    after = tablet.get(f"/d/{token}/?played=1").content.decode()
    assert "<b>Team 1&#x27;s away pair</b> (Aces: Cy Archer &amp; Di Archer): go to table 3." in after
    assert "<b>Team 2&#x27;s home pair</b> (Kings: Ed King &amp; Flo King): stay at this table." in after
    # Hand 2's visitors, Queens' away pair, are still playing hand 1 at table 1.
    page = tablet.get(f"/d/{token}/").content.decode()
    assert "Hand 2 starts here when table 1 has finished hand 1" in page
    drives.drive_result_record(drive=night, hand=1, table=1, ns_tricks=6)
    page = tablet.get(f"/d/{token}/").content.decode()
    assert "Team 2 <b>Kings</b> (home) v Team 3 <b>Queens</b> (visiting)" in page


def test_the_room_shows_the_running_team_totals_and_the_results_the_teams_then_the_pairs(
    client, organiser, night
):
    client.force_login(organiser)
    room = client.get(_url("drive-room", night)).content.decode()
    assert "the totals show once the first hand is in" in room
    drives.drive_result_record(drive=night, hand=1, table=1, ns_tricks=13)
    room = client.get(_url("drive-room", night)).content.decode()
    assert '<td class="names">Aces</td><td class="pct">2</td>' in room
    assert '<td class="names">Aces, home</td>' in room
    results = client.get(_url("drive-results", night)).content.decode()
    assert results.index("Teams") < results.index("Pairs") and "Ann Aston &amp; Bob Aston" in results
    rows = list(csv.reader(io.StringIO(client.get(_url("team-night-csv", night)).content.decode())))
    assert rows[0][:3] == ["place", "team", "name"] and rows[1][:3] == ["1", "1", "Aces"]
    assert ["1", "1", "Aces", "home", "Ann Aston & Bob Aston", "2", "13"] in rows


def test_results_and_csv_are_closed_to_strangers_until_published(night):
    stranger = Client()
    assert stranger.get(_url("drive-results", night)).status_code in (302, 403, 404)
    assert stranger.get(_url("team-night-csv", night)).status_code in (302, 403, 404)


def _pdf_text(response) -> str:
    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(BytesIO(response.content)).pages
    )


def test_the_team_cards_table_cards_and_results_print(client, organiser, night):
    client.force_login(organiser)
    for hand in range(1, 5):
        for table in (1, 2, 3):
            drives.drive_result_record(drive=night, hand=hand, table=table, ns_tricks=7)
    cards = _pdf_text(client.get(_url("drive-print", night, "score-cards")))
    assert "Team 1 · Aces" in cards and "Away at" in cards
    tables = _pdf_text(client.get(_url("drive-print", night, "table-cards")))
    assert "home pair" in tables and "one table up" in tables
    results = _pdf_text(client.get(_url("drive-print", night, "results")))
    assert "Teams" in results and "Aces" in results and "Pairs" in results


def _queries(client, url) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_pages_read_as_many_queries_for_25_teams_as_for_3(client, organiser, club, night):
    client.force_login(organiser)
    teams = [(f"Team {n}", [f"P{n}-{k}" for k in range(4)]) for n in range(1, 26)]
    big = drives.team_night_create(club=club, name="Big night", date="2026-11-25", teams=teams, hands=18)
    drives.drive_start(drive=big)
    for evening in (night, big):
        for table in range(1, drives.DriveState(evening).tables + 1):
            drives.drive_result_record(drive=evening, hand=1, table=table, ns_tricks=7)
    for name in ("drive-room", "drive-results", "drive-run", "team-night-csv"):
        assert _queries(client, _url(name, night)) == _queries(client, _url(name, big)), name
    tablet = Client()
    small_token, big_token = (e.table_accesses.get(table=1).token for e in (night, big))
    assert _queries(tablet, f"/d/{small_token}/?played=1") == _queries(tablet, f"/d/{big_token}/?played=1")


def test_a_members_page_gives_their_teams_place_and_points(client, club):
    member = club.members.create(first_name="Ann", last_name="Aston")
    teams = [("Aces", [str(member), "Bob", "Cy", "Di"]), ("Kings", ["Ed", "Flo", "Gus", "Hal"])]
    night = drives.team_night_create(
        club=club, name="Cup night", date="2026-11-24", teams=teams, hands=1, halves=1
    )
    drives.drive_start(drive=night)
    drives.drive_result_record(drive=night, hand=1, table=1, ns_tricks=13)  # Aces at home: 2
    drives.drive_result_record(drive=night, hand=1, table=2, ns_tricks=7)  # Kings at home: 1
    drives.drive_close(drive=night)
    drives.drive_publish(drive=night)
    page = client.get(reverse("tournaments:player", args=[member.pk])).content.decode()
    assert "Cup night" in page and '1 of 2<br><span class="hint nowrap">Teams</span>' in page


def test_the_results_never_leave_a_heading_alone_at_the_foot_of_a_page(client, organiser, club):
    """However many teams, the Pairs heading is printed above its first rows, not alone at the foot
    of the page before them."""
    client.force_login(organiser)
    long = ("Featherstonehaugh-Winterbottom Wanderers", "Montgomery-Wetherington Whist Club", "Sabden")
    for count in range(14, 26):
        teams = [(f"{long[n % 3]} {n}", [f"P{n}-{k}" for k in range(4)]) for n in range(count)]
        night = drives.team_night_create(
            club=club, name=f"Night {count}", date="2026-11-24", teams=teams, hands=1, halves=1
        )
        drives.drive_start(drive=night)
        for table in range(1, count + 1):
            drives.drive_result_record(drive=night, hand=1, table=table, ns_tricks=table % 14)
        response = client.get(_url("drive-print", night, "results"))
        for page in PdfReader(BytesIO(response.content)).pages:
            lines = page.extract_text().splitlines()
            if "Pairs" in lines:
                assert "Place" in " ".join(lines[lines.index("Pairs") :]), (count, lines[-4:])


@pytest.mark.parametrize("teams, hands", [(5, 8), (25, 18)])
def test_every_player_has_the_place_their_team_has_on_the_results_page_the_csv_and_drive_state(
    client, organiser, club, teams, hands
):
    """A team night ranks teams: each of a team's four players stands where the team stands, on the
    results page, in its CSV, in ``drive_state`` (JSON and text) and on their own page."""
    import json

    from django.core.management import call_command

    from tournaments.services.season.evenings import drives_evenings

    entered = [(f"Team {n}", [f"P{n}-{k} Player" for k in range(4)]) for n in range(1, teams + 1)]
    for _, names in entered:
        for name in names:
            club.members.create(first_name=name.split()[0], last_name="Player")
    night = drives.team_night_create(
        club=club, name="Big night", date="2026-11-25", teams=entered, hands=hands
    )
    drives.drive_start(drive=night)
    for hand in range(1, hands + 1):
        for table in range(1, teams + 1):
            drives.drive_result_record(
                drive=night, hand=hand, table=table, ns_tricks=(3 * hand + 5 * table) % 14
            )
    client.force_login(organiser)
    shown = {t["number"]: t["place"] for t in client.get(_url("drive-results", night)).context["teams"]}
    rows = list(csv.reader(io.StringIO(client.get(_url("team-night-csv", night)).content.decode())))
    assert {int(row[1]): row[0] for row in rows[1 : teams + 1]} == shown
    state = drives.DriveState(night)
    team_of = {key: player.team.number for key, player in state.players.items()}
    out = io.StringIO()
    call_command("drive_state", str(night.pk), "--format", "json", stdout=out)
    players = json.loads(out.getvalue())["players"]
    assert len(players) == 4 * teams
    assert {p["player"]: p["place"] for p in players} == {key: shown[team] for key, team in team_of.items()}
    text = io.StringIO()
    call_command("drive_state", str(night.pk), stdout=text)
    for p in players:
        assert f"{p['place']:>4} {p['player']:>4} {p['name']}" in text.getvalue()
    pages = {member_id: evening.place for member_id, evening in drives_evenings([night])}
    members = {player.member_id: team_of[key] for key, player in state.players.items()}
    assert len(pages) == 4 * teams and pages == {member: shown[team] for member, team in members.items()}


def test_a_team_nights_tablet_check_in_and_live_page_name_players_without_cards(client, organiser, night):
    """Only a lady/gent drive's players carry score cards (L1, G3): a team night's are named by name
    at the table, when checking in, in the trail and on the organiser's live page."""
    import re

    from tournaments.models import AuditLine

    link = night.table_accesses.get(table=2)
    tablet = Client()
    page = tablet.get(reverse("tournaments:drive-table", args=[link.token])).content.decode()
    assert "Ed King &amp; Flo King" in page and "Cy Archer &amp; Di Archer" in page
    cards = re.compile(r"\b[LG]\d+\b")
    assert not cards.search(page.split('<section class="pairs">', 1)[1]), page
    tablet.post(
        reverse("tournaments:drive-table-check-in", args=[link.token]), {"round": 1, "answer": "else"}
    )
    client.force_login(organiser)
    live = client.get(reverse("tournaments:drive-live", args=[night.pk])).content.decode()
    waiting = live.split('id="check-in-2"', 1)[1].split("</p>", 1)[0]
    assert "Ed King" in waiting and not cards.search(waiting), waiting
    line = AuditLine.objects.filter(drive=night, action=AuditLine.Action.CHECKED_IN).get()
    assert "Ed King" in line.detail and not cards.search(line.detail), line.detail


def test_a_team_card_names_the_team_and_the_pair_each_of_its_pairs_meets(monkeypatch, night):
    """Team 1 (Aces) in hand 1 of three teams: its home pair meets the away pair of Queens at
    table 1, its away pair the home pair of Kings at table 2."""
    from tournaments.services.drives import paper

    printed = []
    monkeypatch.setattr(paper, "render_drive", lambda data, document: printed.append(data) or b"")
    drives.drive_print(drive=night, document="score-cards", base_url="http://hall")
    (data,) = printed
    assert data.card_columns[2:5] == ("Away at", "Home pair v", "Away pair v")
    aces = next(card for card in data.cards if card.title == "Team 1 · Aces")
    assert aces.rows[0][:5] == ("1", "♥", "2", "away pair of Queens", "home pair of Kings")


def test_a_team_card_names_a_pair_of_a_team_called_boss_without_a_stray_apostrophe(monkeypatch, club):
    from tournaments.services.drives import paper

    teams = [("Boss", ["A A", "B B", "C C", "D D"]), ("Aces", ["E E", "F F", "G G", "H H"])]
    night = drives.drive_start(
        drive=drives.team_night_create(club=club, name="Cup night", date="2026-11-24", teams=teams, hands=2)
    )
    printed = []
    monkeypatch.setattr(paper, "render_drive", lambda data, document: printed.append(data) or b"")
    drives.drive_print(drive=night, document="score-cards", base_url="http://hall")
    aces = next(card for card in printed[0].cards if card.title == "Team 2 · Aces")
    assert "home pair of Boss" in aces.rows[0] and not any("Boss'" in cell for cell in aces.rows[0])


def test_a_team_card_and_the_run_page_call_it_a_team_card(client, organiser, night):
    """Each team carries a team card, not a player's score card: the printed card's line and the
    run page's link say so, as the format calls it."""
    client.force_login(organiser)
    response = client.get(_url("drive-print", night, "score-cards"))
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(BytesIO(response.content)).pages)
    assert "· team card" in text and "score card" not in text.lower()
    page = client.get(reverse("tournaments:drive-run", args=[night.pk])).content.decode()
    assert "Team cards (PDF)" in page and "Score cards" not in page


def test_a_team_or_player_named_like_a_formula_stays_text_in_the_csv(client, organiser, club):
    lines = "=1+2 HYPERLINK(A1): @SUM(A1), Bob Aston, Cy Archer, Di Archer\n" + LINES
    teams = [parse_team_line(line) for line in lines.splitlines()[:2] if line.strip()]
    night = drives.drive_start(
        drive=drives.team_night_create(club=club, name="Cup night", date="2026-11-24", teams=teams, hands=4)
    )
    drives.drive_result_record(drive=night, hand=1, table=1, ns_tricks=13)
    client.force_login(organiser)
    body = client.get(_url("team-night-csv", night)).content.decode()
    assert "=1+2" in body and "@SUM" in body
    cells = [cell for row in csv.reader(io.StringIO(body)) for cell in row]
    assert not [c for c in cells if c.startswith(("=", "@", "+"))], cells
    assert "'=1+2 HYPERLINK(A1)" in cells and "'@SUM(A1) & Bob Aston" in cells
