"""Each format from nothing to its published ranking with manage.py commands alone: an individual
event, an individual drive, a team night and an inter-club league. Every ranking is checked against
what the scores entered imply, worked out here from the rules, not read back from the output."""

import json
import random
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def _run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def _last_line(text: str) -> int:
    return int(text.strip().splitlines()[-1])


def _places(scores: dict) -> dict:
    """Shared places as the pages write them: 1, 2=, 2=, 4."""
    places = {}
    for who, score in scores.items():
        place = 1 + sum(other > score for other in scores.values())
        level = sum(other == score for other in scores.values()) > 1
        places[who] = f"{place}=" if level else str(place)
    return places


# --- An individual event (duplicate) -------------------------------------------------------------


def test_an_individual_event_runs_from_the_command_line(tmp_path):
    event = _last_line(
        _run("create_event", "--club", "Kirk Club", "--name", "Individual", "--players", "8",
             "--boards-per-round", "1", "--names", "Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal")
    )  # fmt: skip
    pbn = tmp_path / "boards.pbn"
    pbn.write_text(_run("deals", "--boards", "7", "--seed", "cli", "--format", "pbn"), encoding="utf-8")
    _run("import_pbn", str(event), str(pbn), "--no-analysis")
    assert "running" in _run("event_status", str(event), "start")

    # The schedule names each round's four players at each table, seats (N, E, S, W); round r
    # plays board r. The travellers name the players and give N/S's tricks.
    rounds = json.loads(_run("movement", "--players", "8", "--format", "json"))["rounds"]
    tricks = random.Random(26)
    played = []  # (board, north, east, south, west, ns_tricks)
    for board, tables in enumerate(rounds, 1):
        for north, east, south, west in tables:
            played.append((board, north, east, south, west, tricks.randint(3, 10)))
    travellers = tmp_path / "travellers.csv"
    bad = tmp_path / "bad.csv"
    bad.write_text("board,north,south,east,west,ns_tricks\n1,8,2,1,4,7\n", encoding="utf-8")
    problems = StringIO()
    with pytest.raises(CommandError, match="Nothing was imported"):
        call_command("import_results", str(event), str(bad), stderr=problems)
    assert "Line 2: players 8 and 2 (N/S) against 1 and 4 (E/W) do not play board 1" in problems.getvalue()
    rows = [f"{b},{n},{s},{e},{w},{t}" for b, n, e, s, w, t in played]
    travellers.write_text(
        "board,north,south,east,west,ns_tricks\n" + "\n".join(rows) + "\n", encoding="utf-8"
    )
    assert "Imported 14 results" in _run("import_results", str(event), str(travellers))
    assert "finished" in _run("event_status", str(event), "close")
    assert ", published" in _run("event_status", str(event), "publish")

    # Matchpoints, two tables a board: the better N/S score takes the top of 2, a tie 1 each;
    # each player's partnerships add up, over a top of 2 on each of their 7 boards.
    points = {player: 0 for player in range(1, 9)}
    for board in range(1, 8):
        (_, *first, a), (_, *second, b) = (row for row in played if row[0] == board)
        for (north, east, south, west), ns, other in ((first, a, b), (second, b, a)):
            ns_points = 2 if ns > other else 1 if ns == other else 0
            for player in (north, south):
                points[player] += ns_points
            for player in (east, west):
                points[player] += 2 - ns_points
    expected = {player: 100 * score / 14 for player, score in points.items()}

    results = json.loads(_run("results", str(event), "--format", "json"))
    assert results["status"] == "final"
    ranking = {row["player"]: row for row in results["rankings"]}
    assert set(ranking) == set(expected)
    for player, percentage in expected.items():
        assert ranking[player]["percentage"] == pytest.approx(percentage)
        assert ranking[player]["rank"] == _places(expected)[player]
    names = "Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal".split(",")
    leader = max(expected, key=expected.get)
    assert names[leader - 1] in _run("results", str(event))


# --- An individual drive --------------------------------------------------------------------------


def test_an_individual_drive_runs_from_the_command_line():
    drive = _last_line(
        _run(
            "create_drive",
            "--club",
            "Kirk Club",
            "--name",
            "Drive",
            "--players",
            "8",
            "--format",
            "individual",
        )
    )
    seating = json.loads(_run("drive_state", str(drive), "--format", "json"))["seating"]
    with pytest.raises(CommandError, match="hands are not in yet"):
        call_command("drive_status", str(drive), "close")
    tricks = random.Random(8)
    scores = {f"P{n}": 0 for n in range(1, 9)}
    for hand in seating:
        for table in hand["tables"]:
            ns = tricks.randint(2, 11)
            _run("drive_result", str(drive), "--hand", str(hand["hand"]), "--table", str(table["table"]),
                 "--tricks", str(ns))  # fmt: skip
            for player in table["ns"]:
                scores[player] += ns
            for player in table["ew"]:
                scores[player] += 13 - ns
    assert "finished" in _run("drive_status", str(drive), "close")
    assert ", published" in _run("drive_status", str(drive), "publish")

    state = json.loads(_run("drive_state", str(drive), "--format", "json"))
    assert state["status"] == "finished"
    assert {p["player"]: p["score"] for p in state["players"]} == scores
    best = max(scores.values())
    leaders = sorted(player for player, score in scores.items() if score == best)
    overall = next(prize for prize in state["prizes"] if prize["prize"] == "overall")
    assert overall["score"] == best
    if len(leaders) == 1:
        assert overall["player"].startswith(leaders[0]) or leaders[0] in overall["player"]
    else:
        assert sorted(overall["tied"]) == leaders


# --- A team night ---------------------------------------------------------------------------------


def test_a_team_night_runs_from_the_command_line():
    night = _last_line(
        _run("create_team_night", "--club", "Kirk Club", "--name", "Teams", "--teams", "3", "--hands", "4",
             "--points", "majority")
    )  # fmt: skip
    teams, hands = 3, 4
    tricks = random.Random(3)
    home_tricks = {(h, t): tricks.randint(3, 10) for h in range(1, hands + 1) for t in range(1, teams + 1)}
    for (hand, table), ns in home_tricks.items():
        _run("drive_result", str(night), "--hand", str(hand), "--table", str(table), "--tricks", str(ns))
    assert "finished" in _run("drive_status", str(night), "close")
    assert ", published" in _run("drive_status", str(night), "publish")

    # The home pair of team t sits N/S at table t; in hand h the away pair of team a plays at
    # table a + k(h) round the tables, k(h) = (h - 1) mod (T - 1) + 1. Majority: 1 a hand for
    # 7 tricks or more (2 for all thirteen).
    def majority(taken):
        return 2 if taken == 13 else 1 if taken >= 7 else 0

    points = dict.fromkeys(range(1, teams + 1), 0)
    taken = dict.fromkeys(range(1, teams + 1), 0)
    for (_hand, table), ns in home_tricks.items():
        points[table] += majority(ns)
        taken[table] += ns
    for hand in range(1, hands + 1):
        for team in range(1, teams + 1):
            table = (team - 1 + (hand - 1) % (teams - 1) + 1) % teams + 1
            assert table != team
            points[team] += majority(13 - home_tricks[hand, table])
            taken[team] += 13 - home_tricks[hand, table]
    order = {team: (points[team], taken[team]) for team in points}

    state = json.loads(_run("drive_state", str(night), "--format", "json"))
    by_name = {team["name"]: team for team in state["teams"]}
    assert len(by_name) == teams
    for team in range(1, teams + 1):
        row = next(row for name, row in by_name.items() if name.endswith(str(team)))
        assert (row["points"], row["tricks"]) == order[team]
        assert str(row["place"]) == _places(order)[team]
    assert "points" in _run("drive_state", str(night))


# --- An inter-club league -------------------------------------------------------------------------


def _first_match() -> int:
    made = _run("league_fixtures", "Dee", "Don", "--club", "Kirk Club", "--name", "L", "--season", "2026")
    league = int(made.splitlines()[0].rsplit("league ", 1)[1].rstrip(")"))
    return int(_run("league_match", "--league", str(league)).split()[0])


def _card(figures):
    return ",".join(str(f) for f in figures)


def test_a_league_runs_from_the_command_line(tmp_path):
    made = _run("league_fixtures", "Dee", "Don", "--club", "Kirk Club", "--name", "North League",
                "--season", "2026-27", "--start", "2026-10-05", "--days", "7")  # fmt: skip
    league = int(made.splitlines()[0].rsplit("league ", 1)[1].rstrip(")"))
    listing = _run("league_match", "--league", str(league)).splitlines()
    assert len(listing) == 4  # two clubs meet four times
    fixtures = [(int(line.split()[0]), line.split(",")[1].split(":")[0].strip()) for line in listing]

    tricks = random.Random(4)
    tricks_for = {"Dee": 0, "Don": 0}
    points = {"Dee": 0, "Don": 0}
    for number, (fixture, match) in enumerate(fixtures):
        home, away = (name.strip() for name in match.split(" v "))
        cards = {t: [tricks.randint(4, 9) for _ in range(24)] for t in (1, 2, 3)}
        if number == 0:
            cards[1] = [7] * 24  # a drawn table on the first match, to be sure the figures add
        card = tmp_path / f"home{fixture}.csv"
        rows = [f"{t},{d},{cards[t][d - 1]}" for t in cards for d in range(1, 25)]
        card.write_text("table,deal,tricks\n" + "\n".join(rows) + "\n", encoding="utf-8")
        assert "waiting for" in _run("league_card", str(fixture), "--side", "home", "--file", str(card))
        for table in (1, 2, 3):
            away_figures = [13 - f for f in cards[table]]
            if number == 1 and table == 2:
                away_figures[4] += 1  # the visitors' card says one trick too many on deal 5
            said = _run("league_card", str(fixture), "--side", "away", "--table", str(table),
                        "--tricks", _card(away_figures))  # fmt: skip
        if number == 1:
            assert "held, table 2 deal 5 differs" in said
            says = cards[2][4]
            assert f"{home}'s card says {says}, {away}'s {14 - says}, which make 14, not 13" in said
            away_figures[4] -= 1
            said = _run("league_card", str(fixture), "--side", "away", "--table", "2",
                        "--tricks", _card([13 - f for f in cards[2]]))  # fmt: skip
        assert "agreed" in said
        home_tricks = sum(sum(figures) for figures in cards.values())
        away_tricks = 3 * 24 * 13 - home_tricks
        tricks_for[home] += home_tricks
        tricks_for[away] += away_tricks
        points[home] += 3 if home_tricks > away_tricks else 1 if home_tricks == away_tricks else 0
        points[away] += 3 if away_tricks > home_tricks else 1 if home_tricks == away_tricks else 0
        match_data = json.loads(_run("league_match", str(fixture), "--format", "json"))
        assert (match_data["home_tricks"], match_data["away_tricks"]) == (home_tricks, away_tricks)
        assert match_data["cards"]["home"]["3"] == cards[3]

    table = json.loads(_run("league_table", str(league), "--format", "json"))["table"]
    against = {"Dee": tricks_for["Don"], "Don": tricks_for["Dee"]}
    order = {club: (points[club], tricks_for[club] - against[club], tricks_for[club]) for club in points}
    for row in table:
        club = row["club"]
        assert (row["points"], row["tricks_for"], row["tricks_against"]) == (
            points[club],
            tricks_for[club],
            against[club],
        )
        assert str(row["place"]) == _places(order)[club]
    assert [row["club"] for row in table] == sorted(order, key=order.get, reverse=True)


def _refusal(*arguments) -> str:
    """What league_card says when it refuses a card: each problem, then why it stopped."""
    err = StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("league_card", *arguments, stderr=err)
    return err.getvalue() + str(refused.value)


@pytest.mark.parametrize(
    "arguments, message",
    [
        (("--table", "2", "--tricks", "7,8"), "Table 2: give the tricks of all 24 deals, not 2"),
        (
            ("--table", "2", "--tricks", ",".join(["7"] * 23 + ["x"])),
            "Table 2, deal 24: tricks 'x' is not a number",
        ),
        (
            ("--table", "2", "--tricks", ",".join(["7"] * 23 + ["14"])),
            "Table 2, deal 24: 14 tricks is not possible",
        ),
        (("--table", "4", "--tricks", ",".join(["7"] * 24)), "A match is played at tables 1 to 3"),
        ((), "Give a table's figures"),
    ],
)
def test_a_bad_league_card_is_refused_in_words_and_nothing_is_kept(arguments, message):
    fixture = _first_match()
    assert message in _refusal(str(fixture), "--side", "home", *arguments)
    assert "waiting for" in _run("league_match", str(fixture))
    assert all(
        f is None
        for f in json.loads(_run("league_match", str(fixture), "--format", "json"))["cards"]["home"]["2"]
    )


@pytest.mark.parametrize(
    "text, message",
    [
        ("table,tricks\n1,7\n", "Line 1: the header should read table,deal,tricks"),
        ("table,deal,tricks\n1,1,7\n1,1,6\n", "Line 3: table 1, deal 1 is given twice (also line 2)"),
        (
            "table,deal,tricks\n" + "".join(f"1,{d},7\n" for d in range(1, 24)),
            "Table 1: the tricks of deal 24",
        ),
    ],
)
def test_a_bad_league_card_file_is_refused_in_words(tmp_path, text, message):
    fixture = _first_match()
    card = tmp_path / "card.csv"
    card.write_text(text, encoding="utf-8")
    assert message in _refusal(str(fixture), "--side", "away", "--file", str(card))


def test_a_league_card_file_with_bad_lines_is_refused_with_every_problem_and_nothing_entered(tmp_path):
    fixture = _first_match()
    rows = [f"{table},{deal},7" for table in (1, 2) for deal in range(1, 25)]
    rows[2] = "1,3,x"
    rows[5] = "1,6,14"
    rows[30] = "4,7,6"
    rows[40] = "2,16,7,9"
    card = tmp_path / "card.csv"
    card.write_text("table,deal,tricks\n" + "\n".join(rows) + "\n", encoding="utf-8")
    said = _refusal(str(fixture), "--side", "away", "--file", str(card))
    assert said.splitlines() == [
        "Line 4: tricks 'x' is not a number.",
        "Line 7: 14 tricks is not possible; a side takes 0 to 13 tricks of a deal.",
        "Line 32: there is no table 4, deal 7: a match has tables 1 to 3, deals 1 to 24.",
        "Line 42: more values than the header has columns.",
        "Table 1: the tricks of deals 3 and 6 are missing.",
        "Table 2: the tricks of deals 7 and 17 are missing.",
        f"Nothing was entered: 6 problem(s) in {card}.",
    ]
    cards = json.loads(_run("league_match", str(fixture), "--format", "json"))["cards"]["away"]
    assert all(f is None for table in cards.values() for f in table)


def test_an_event_is_published_only_once_closed():
    event = _last_line(_run("create_event", "--club", "Kirk Club", "--name", "Pairs", "--tables", "3"))
    with pytest.raises(CommandError, match="Finish Pairs before publishing its results"):
        call_command("event_status", str(event), "publish")
    with pytest.raises(CommandError, match="boards have no deal yet"):
        call_command("event_status", str(event), "start")
