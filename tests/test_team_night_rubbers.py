"""A team night in games and rubbers, through the services, the tablets, the organiser's pages, the
command line and the backups: each visit's hands at a table are its games, honours claimed at the
table, the teams ranked by rubber points; competitions still count the players' tricks."""

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from pypdf import PdfReader

from tournaments.models import Drive, DriveResult
from tournaments.services import drives
from tournaments.services.core.errors import ServiceError
from tournaments.services.season.entrants import _drive_entrants

from .test_leagues import _run
from .test_team_night import TEAMS

pytestmark = pytest.mark.django_db

# Bennet's rubber at table 1 in the first visit of 8 hands: won 5–4, lost 1–5, won 5–0 (+4), then
# a hand of a new rubber. The other tables: E/W (visitors) 8 tricks every hand, a game of 2+2+1.
BENNET = [(7, ""), (4, ""), (6, ""), (11, ""), (7, ""), (2, ""), (12, ""), (8, "EW2")]


def _night(club, **options) -> Drive:
    options = {"hands": 8, "hands_per_visit": 8, "rubbers": 5, "halves": 1} | options
    night = drives.team_night_create(
        club=club, name="Rubber night", date="2026-11-24", teams=TEAMS[:3], **options
    )
    return drives.drive_start(drive=night)


def _play(night, table, deals, first=1):
    for hand, (tricks, honours) in enumerate(deals, start=first):
        drives.drive_result_record(drive=night, hand=hand, table=table, ns_tricks=tricks, honours=honours)


def test_the_away_pairs_stay_the_visit_and_the_teams_score_rubber_points(club):
    night = _night(club)
    state = drives.DriveState(night)
    assert {state.seatings[h][1] for h in range(1, 9)} == {state.seatings[1][1]}  # one visit of 8 hands
    _play(night, 1, BENNET)
    for table in (2, 3):
        _play(night, table, [(6, "")] * 8)  # E/W 1 a hand: 5 hands a game, then 3 points
    state = drives.DriveState(night)
    scores = state.team_scores
    # Table 1: Aces (home) +4, Queens' away pair −4; tables 2 and 3: the visitors won a game as
    # a treble (5–0), the rubber unfinished: +3 each. Aces' away pair visits table 2.
    assert (scores[1].home.points, scores[1].away.points) == (4, 3)
    assert (scores[2].home.points, scores[2].away.points) == (-3, 3)
    assert (scores[3].home.points, scores[3].away.points) == (-3, -4)
    assert [s.team for _, s in state.team_placings()] == [1, 2, 3]
    assert night.evening_format.measure == "rubber points"
    assert state.table_score(8, 1).line() == "N/S 2 · E/W 2, game to 5; rubber 2: 0–0"
    assert state.table_score(4, 1).line() == "N/S 0 · E/W 0, game to 5; rubber 1–0"


def test_honours_are_refused_where_no_games_are_played_and_a_bad_claim_in_words(club):
    plain = drives.drive_start(
        drive=drives.team_night_create(club=club, name="Plain", date="2026-11-24", teams=TEAMS[:2], hands=2)
    )
    with pytest.raises(ServiceError, match="does not play games and rubbers"):
        drives.drive_result_record(drive=plain, hand=1, table=1, ns_tricks=7, honours="NS4")
    night = _night(club)
    with pytest.raises(ServiceError, match="'NS3' is not an honours claim"):
        drives.drive_result_record(drive=night, hand=1, table=1, ns_tricks=7, honours="NS3")
    with pytest.raises(ServiceError, match="cannot be played in visits of 3"):
        _night(club, hands=8, hands_per_visit=3)
    assert not DriveResult.objects.filter(drive=night).exists()


def _post(client, night, action, table, **data) -> str:
    url = reverse(f"tournaments:drive-table-{action}", args=[night.table_accesses.get(table=table).token])
    return client.post(url, data, follow=True).content.decode()


def test_the_tablet_asks_honours_after_the_tricks_and_shows_the_running_score(client, club):
    night = _night(club)
    page = _post(client, night, "check-in", 1, round=1, answer="us")
    assert 'type="radio" name="ns_tricks"' in page and "Honours claimed?" in page
    assert 'value="NS4">N/S 4 (all four)' in page
    assert "N/S 0 · E/W 0, game to 5; rubber 0–0" in page
    page = _post(client, night, "enter", 1, hand=1, ns_tricks=9, honours="NS2")
    assert "N/S <b>9</b> · E/W <b>4</b>, N/S 2 honours" in page
    # E/W confirm what they were shown; a confirmation of other honours is refused.
    page = _post(client, night, "confirm", 1, hand=1, ns_tricks=9, honours="")
    assert "now shows N/S 9, N/S 2 honours, not 9" in page
    page = _post(client, night, "confirm", 1, hand=1, ns_tricks=9, honours="NS2")
    assert "Hand 1 is over: N/S 9, E/W 4, N/S 2 honours" in page
    assert "N/S 0 · E/W 0, game to 5; rubber 1–0" in page  # 3 + 2 honours: the game, a treble
    assert "stay at this table" in page and "go to table" not in page
    result = DriveResult.objects.get(drive=night, hand=1, table=1)
    assert (result.ns_tricks, result.honours, result.confirmed) == (9, "NS2", True)
    history = list(night.result_changes.values_list("after", flat=True))
    assert history == ["9–4, N/S 2 honours", "9–4, N/S 2 honours"]


def test_honours_claimed_by_a_side_at_four_are_shown_as_not_counted(client, organiser, club):
    """N/S are at 4 when hand 2 starts: their four honours score nothing (the Laws of Whist), and
    the tablet and the organiser's page say so beside the claim."""
    night = _night(club)
    _play(night, 1, [(10, "")])
    said = "N/S 4 honours (not counted: N/S were at 4, one point short of the game)"
    _post(client, night, "check-in", 1, round=2, answer="us")
    page = _post(client, night, "enter", 1, hand=2, ns_tricks=6, honours="NS4")
    assert f"N/S <b>6</b> · E/W <b>7</b>, {said}" in page
    page = _post(client, night, "confirm", 1, hand=2, ns_tricks=6, honours="NS4")
    assert f"Hand 2 is over: N/S 6, E/W 7, {said}" in page and "N/S 4 · E/W 1" in page
    client.force_login(organiser)
    page = client.post(
        reverse("tournaments:drive-correct", args=[night.pk]),
        {"hand": 2, "table": 1, "ns_tricks": 5, "honours": "NS4", "reason": "card"},
        follow=True,
    ).content.decode()
    assert f"Hand 2 at table 1: N/S 5, {said}." in page
    page = _post(client, night, "enter", 2, hand=1, ns_tricks=6, honours="NS4")
    assert "N/S 4 honours</p>" in page  # at love they count


def test_the_last_hand_of_a_visit_gives_the_tables_result(client, club):
    night = _night(club, hands=4, hands_per_visit=2)
    _play(night, 1, [(12, ""), (4, "")])
    url = reverse("tournaments:drive-table", args=[night.table_accesses.get(table=1).token])
    page = client.get(url, {"played": 2}).content.decode()
    assert "This table's result:</b> rubber points N/S +3 · E/W −3" in page
    assert "go to table" in page  # the away pair moves on after the visit


def test_the_pages_say_rubber_points_and_each_visits_games(client, organiser, club):
    night = _night(club)
    _play(night, 1, BENNET)
    client.force_login(organiser)
    run = client.get(reverse("tournaments:drive-run", args=[night.pk])).content.decode()
    assert "Games to 5 and rubbers by the Laws of Whist" in run and "<th>Rubber points</th>" in run
    assert '<option value="NS4">N/S 4 (all four)</option>' in run
    results = client.get(reverse("tournaments:drive-results", args=[night.pk])).content.decode()
    assert "Games and rubbers, table by table" in results
    assert "home 5–4, away 5–1, home 5–0" in results and "home +4 · away −4" in results
    page = client.post(
        reverse("tournaments:drive-correct", args=[night.pk]),
        {"hand": 8, "table": 1, "ns_tricks": 9, "honours": "EW2", "reason": "card"},
        follow=True,
    ).content.decode()
    assert "Hand 8 at table 1: N/S 9, E/W 2 honours." in page
    assert DriveResult.objects.get(drive=night, hand=8, table=1).honours == "EW2"
    pdf = client.get(reverse("tournaments:drive-print", args=[night.pk, "score-cards"]))
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    # Aces' card: nothing until the visit's last hand, then both its tables' rubber points.
    aces = text.split("Team 1 · Aces")[1].split("Team 2 · Kings")[0]
    assert "home pair of Kings 4 +" in aces and "Total 4" in aces


def test_the_results_say_each_rubbers_games_apart(client, organiser, club):
    """Four trebles at table 1 in one visit: two rubbers of two games, each said as its own."""
    night = _night(club, hands=4, hands_per_visit=4)
    _play(night, 1, [(12, "")] * 4)
    client.force_login(organiser)
    results = client.get(reverse("tournaments:drive-results", args=[night.pk])).content.decode()
    assert "rubber 1: home 5–0, home 5–0; rubber 2: home 5–0, home 5–0" in results


def test_a_team_card_writes_a_pairs_lost_rubber_points_with_a_minus(monkeypatch, club):
    """Aces' home pair gets nothing at table 1 (no game finished); their away pair, E/W at table
    2, lose a treble there: the card says "0 − 3", never "0+-3", and runs to −3."""
    from tournaments.services.drives import paper

    night = _night(club, hands=2, hands_per_visit=2)
    _play(night, 1, [(6, ""), (6, "")])
    _play(night, 2, [(12, ""), (6, "")])
    printed = []
    monkeypatch.setattr(paper, "render_drive", lambda data, document: printed.append(data) or b"")
    drives.drive_print(drive=night, document="score-cards", base_url="http://hall")
    aces = next(card for card in printed[0].cards if card.title == "Team 1 · Aces")
    assert aces.rows[1][5:] == ("0 − 3", "−3") and aces.total == "−3"


def test_competitions_count_the_players_tricks_never_the_rubber_points(club):
    night = _night(club)
    _play(night, 1, BENNET)
    state = drives.DriveState(night)
    _, entrants = _drive_entrants(night, state)
    assert {e.drive_score for e in entrants} == {float(s.score) for s in state.scores.values()}
    ann = state.players["L1"]  # Aces' home lady: her couple's tricks at table 1
    assert state.scores[ann.key].score == sum(t for t, _ in BENNET)


def test_from_the_command_line(club):
    options = "--name Rubbers --teams 3 --hands 4 --halves 1 --rubbers 5 --hands-per-visit 4"
    made = _run("create_team_night", "--club", club.name, *options.split())
    assert "Games to 5 and rubbers by the Laws of Whist" in made and "(4 a visit)" in made
    night = int(made.split()[-1])
    for hand, (tricks, honours) in enumerate(BENNET[:4], start=1):
        args = ["drive_result", str(night), "--hand", str(hand), "--table", "1", "--tricks", str(tricks)]
        _run(*args, *(["--honours", honours] if honours else []))
    _run("drive_result", str(night), "--hand", "1", "--table", "2", "--tricks", "1", "--honours", "EW4")
    state = json.loads(_run("drive_state", str(night), "--format", "json"))
    assert state["measure"] == "rubber points" and state["game_to"] == 5 and state["game"] == "whist"
    table_1 = next(v for v in state["rubbers"] if v["table"] == 1)
    assert table_1["games"] == [{"winner": "ns", "value": 1}] and table_1["rubber_points"] == {
        "home": 1,
        "away": -1,
    }
    assert "rubber points" in _run("drive_state", str(night))
    with pytest.raises(CommandError, match="not an honours claim"):
        _run("drive_result", str(night), "--hand", "1", "--table", "3", "--tricks", "7", "--honours", "both")


def _export(drive_id: int) -> dict:
    out = io.StringIO()
    call_command("export_drive", str(drive_id), stdout=out)
    return json.loads(out.getvalue())


def test_the_setting_and_the_honours_round_trip_through_a_backup(club, tmp_path):
    night = _night(club)
    _play(night, 1, BENNET)
    before = [(p, s.team, s.points) for p, s in drives.DriveState(night).team_placings()]
    data = _export(night.pk)
    assert data["drive"]["rubbers"] == 5 and data["drive"]["hands_per_round"] == 8
    assert data["results"][-1]["honours"] == "EW2"
    night.delete()
    path = tmp_path / "night.json"
    path.write_text(json.dumps(data))
    restored = Drive.objects.get(pk=int(_run("import_drive", str(path)).split()[-1]))
    assert restored.rubbers == 5 and restored.results.get(hand=8, table=1).honours == "EW2"
    assert [(p, s.team, s.points) for p, s in drives.DriveState(restored).team_placings()] == before
    older = json.loads(json.dumps(data))  # a file from before games and rubbers
    del older["drive"]["rubbers"]
    for result in older["results"]:
        del result["honours"]
    restored.delete()
    path.write_text(json.dumps(older))
    assert Drive.objects.get(pk=int(_run("import_drive", str(path)).split()[-1])).rubbers == 0


def test_an_organiser_sets_up_a_night_in_rubbers_on_the_new_page(client, organiser, club):
    from .test_team_night_pages import _new

    client.force_login(organiser)
    form = client.get(reverse("tournaments:team-night-new")).content.decode()
    assert "Games to 5 and rubbers (short whist)" in form and "Length of a visit" in form
    assert "A fixed number of deals: five, no trumps, spades, hearts, diamonds, clubs" in form
    _new(client, club, hands=8, rubbers=10, hands_per_visit=4)
    night = Drive.objects.get()
    assert (night.rubbers, night.hands_per_round) == (10, 4)
    assert night.evening_format.scoring == "Games to 10 and rubbers by the Laws of Whist"
    page = _new(client, club, name="Odd", hands=6, rubbers=5, hands_per_visit=4).content.decode()
    assert "6 hands cannot be played in visits of 4" in page


@pytest.mark.parametrize("page", ["event-new", "drive-new"])
def test_an_organiser_finds_the_fixed_number_of_deals_under_that_name(client, organiser, page):
    client.force_login(organiser)
    form = client.get(reverse(f"tournaments:{page}")).content.decode()
    assert (
        '<option value="NSHDC">A fixed number of deals: five, no trumps, spades, hearts, diamonds, clubs'
        in form
    )
    assert "is the NSHDC schedule" in form


def test_a_players_page_averages_rubber_points_apart_from_team_points(client, club):
    from tournaments import services

    joan = services.member_create(club=club, first_name="Joan", last_name="Player")
    for name, rubbers, tricks in (("Points night", 0, 13), ("Rubber night", 5, 12)):
        teams = [
            ("Aces", [str(joan), "Bob", "Cy", "Di"]),
            ("Kings", ["Ed", "Flo", "Gus", "Hal"]),
        ]
        night = drives.team_night_create(
            club=club, name=name, date="2026-11-24", teams=teams, hands=1, halves=1, rubbers=rubbers
        )
        drives.drive_start(drive=night)
        drives.drive_result_record(drive=night, hand=1, table=1, ns_tricks=tricks)  # Aces at home
        drives.drive_result_record(drive=night, hand=1, table=2, ns_tricks=6)
        drives.drive_close(drive=night)
        drives.drive_publish(drive=night)
    page = " ".join(client.get(reverse("tournaments:player", args=[joan.pk])).content.decode().split())
    # Points: 2 at home, 1 away (E/W 7 at table 2). Rubbers: a treble at home (+3), −0 away.
    assert "<dt>Average team points (team nights)</dt><dd>3.0</dd>" in page
    assert "<dt>Average rubber points (team nights)</dt><dd>3.0</dd>" in page


def test_the_game_is_fixed_once_the_night_starts_and_a_drive_of_players_has_none(club):
    night = _night(club)
    with pytest.raises(ServiceError, match="has started"):
        drives.drive_update(drive=night, values={"rubbers": 10})
    progressive = drives.drive_create(club=club, name="Harvest Drive", date="2026-11-20", hands=4)
    with pytest.raises(ServiceError, match="Games and rubbers are a team night's"):
        drives.drive_update(drive=progressive, values={"rubbers": 5})


def test_a_minnesota_night_is_refused_games_and_rubbers_in_words(client, organiser, club):
    # The rubbers score classic whist's tricks and honours of trumps: Minnesota whist has neither.
    from django.db import IntegrityError, transaction

    from .test_team_night_pages import _new

    said = "Minnesota whist has no trumps, so it cannot be played in rubbers"
    with pytest.raises(ServiceError, match=said):
        drives.team_night_create(
            club=club, name="Both", date="2026-11-24", teams=TEAMS[:3], hands=4, rubbers=5, game="minnesota"
        )
    assert not Drive.objects.exists()  # nothing half-written
    with pytest.raises(CommandError, match=said):
        _run(
            "create_team_night",
            "--club",
            club.name,
            *"--name Both --teams 3 --hands 4 --rubbers 5".split(),
            "--game",
            "minnesota",
        )
    client.force_login(organiser)
    page = _new(client, club, name="Both", rubbers=5, game="minnesota").content.decode()
    assert "it cannot be played in rubbers" in page and not Drive.objects.exists()
    # Before the start, a night in rubbers cannot become a Minnesota one, nor the other way round.
    night = drives.team_night_create(
        club=club, name="Rubbers", date="2026-11-24", teams=TEAMS[:3], hands=4, rubbers=5
    )
    with pytest.raises(ServiceError, match=said):
        drives.drive_update(drive=night, values={"game": "minnesota"})
    minnesota = drives.team_night_create(
        club=club, name="Minnesota", date="2026-11-24", teams=TEAMS[:3], hands=4, game="minnesota"
    )
    with pytest.raises(ServiceError, match=said):
        drives.drive_update(drive=minnesota, values={"rubbers": 7})
    assert [(d.game, d.rubbers) for d in Drive.objects.order_by("pk")] == [("whist", 5), ("minnesota", 0)]
    with pytest.raises(IntegrityError), transaction.atomic():  # and the database holds none
        Drive.objects.filter(pk=night.pk).update(game="minnesota")
