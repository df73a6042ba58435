"""The movement and create_event commands."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournaments import services
from tournaments.models import Board, Event, Pair, Seating


def _run(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_movement_prints_the_seven_table_grid_a_director_knows():
    text = _run("movement", "--tables", "7", "--format", "text")
    lines = text.splitlines()
    assert lines[0].startswith("7-table standard Mitchell: 7 rounds of 3 boards")
    header = next(line for line in lines if line.startswith("Round"))
    assert header.split("  ")[-1].strip() == "Table 7"
    round_2 = next(line for line in lines if line.startswith("2 "))
    assert round_2.split() == [
        "2",
        "1v7",
        "4-6",
        "2v1",
        "7-9",
        "3v2",
        "10-12",
        "4v3",
        "13-15",
        "5v4",
        "16-18",
        "6v5",
        "19-21",
        "7v6",
        "1-3",
    ]


def test_movement_json_has_the_documented_shape():
    data = json.loads(
        _run(
            "movement",
            "--tables",
            "8",
            "--variant",
            "relay",
            "--boards-per-round",
            "2",
            "--phantom",
            "--arrow-switch",
            "8",
            "--format",
            "json",
        )
    )
    assert (data["tables"], data["variant"], data["rounds"], data["boards_per_round"]) == (8, "relay", 8, 2)
    assert len(data["schedule"]) == 64
    first = data["schedule"][0]
    assert first == {"round": 1, "table": 1, "ns": 1, "ew": 1, "boards": [1, 2], "arrow_switched": False}
    assert {e["ns"] for e in data["schedule"] if e["table"] == 8} == {None}
    assert data["relay"][4] == {"round": 5, "boards": [1, 2], "stand": "between tables 4 and 5"}
    assert all(e["arrow_switched"] == (e["round"] == 8 and e["table"] != 8) for e in data["schedule"])


def test_movement_json_has_no_relay_for_a_skip():
    data = json.loads(_run("movement", "--tables", "6", "--format", "json"))
    assert (data["variant"], data["rounds"], data["relay"]) == ("skip", 5, [])


@pytest.mark.parametrize(
    "args, message",
    [
        (["--tables", "1"], "at least 2 tables"),
        (["--tables", "7", "--variant", "skip"], "only for an even number"),
        (["--tables", "8", "--rounds", "9"], "at most 8 rounds"),
        (["--tables", "7", "--arrow-switch", "last"], "not a round number"),
        (["--tables", "7", "--boards-per-round", "0"], "at least one board"),
    ],
)
def test_movement_explains_an_impossible_request(args, message):
    with pytest.raises(CommandError, match=message):
        _run("movement", *args)


@pytest.mark.django_db
def test_create_event_makes_the_club_event_pairs_boards_and_schedule():
    out = _run(
        "create_event",
        "--club",
        "Clitheroe Whist",
        "--name",
        "Friday Drive",
        "--tables",
        "5",
        "--boards-per-round",
        "4",
        "--schedule",
        "HDSCN",
        "--scoring",
        "odd_tricks",
        "--date",
        "2026-12-04",
    )
    event = Event.objects.get(pk=int(out.strip().splitlines()[-1]))
    assert (event.club.name, event.name, str(event.date), event.scoring) == (
        "Clitheroe Whist",
        "Friday Drive",
        "2026-12-04",
        "odd_tricks",
    )
    assert Pair.objects.filter(event=event).count() == 10
    assert [p.names for p in event.pairs.filter(direction="NS")[:2]] == ["N/S 1", "N/S 2"]
    assert Board.objects.filter(event=event).count() == 20
    assert event.boards.get(number=5).trumps == "NT"
    assert Seating.objects.filter(event=event).count() == 25


@pytest.mark.django_db
def test_create_event_refuses_an_impossible_movement_and_creates_nothing():
    with pytest.raises(CommandError, match="cannot have a phantom"):
        _run("create_event", "--club", "Clitheroe Whist", "--name", "X", "--tables", "8", "--phantom")
    with pytest.raises(CommandError, match="not a suit"):
        _run("create_event", "--club", "Clitheroe Whist", "--name", "X", "--tables", "7", "--schedule", "HDX")
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    "tables, card_set, first",
    [
        (
            4,
            "ebu",
            [
                (3, 6, [1, 2, 3, 4]),
                (7, 2, [9, 10, 11, 12]),
                (5, 4, [13, 14, 15, 16]),
                (8, 1, [17, 18, 19, 20]),
            ],
        ),
        (
            4,
            "acbl",
            [
                (8, 1, [1, 2, 3, 4]),
                (3, 6, [13, 14, 15, 16]),
                (2, 7, [21, 22, 23, 24]),
                (5, 4, [25, 26, 27, 28]),
            ],
        ),
        (2, None, [(4, 1, [1, 2, 3, 4]), (2, 3, [1, 2, 3, 4])]),
    ],
)
def test_movement_prints_a_howell_with_the_published_first_round(tables, card_set, first):
    args = [
        "movement",
        "--tables",
        str(tables),
        "--variant",
        "howell",
        "--boards-per-round",
        "4",
        "--format",
        "json",
    ]
    data = json.loads(_run(*args, *(["--card-set", card_set] if card_set else [])))
    assert data["variant"] == "howell" and data["rounds"] == 2 * tables - 1
    assert [(e["ns"], e["ew"], e["boards"]) for e in data["schedule"] if e["round"] == 1] == first
    pairs = {p for e in data["schedule"] for p in (e["ns"], e["ew"])}
    assert pairs == set(range(1, 2 * tables + 1))
    assert all(r["boards"] for r in data["relay"])


def test_movement_prints_a_howell_grid():
    text = _run("movement", "--tables", "4", "--variant", "howell", "--boards-per-round", "4")
    assert text.startswith("4-table Howell: 7 rounds of 4 boards") and "Pair 8 stays at table 4, N/S" in text
    round_1 = next(line for line in text.splitlines() if line.startswith("1 "))
    assert round_1.split()[:3] == ["1", "3-6", "1-4"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--tables", "3", "--boards-per-round", "2"], "at least 3 boards a round"),
        (["--tables", "9"], "for a bigger field play a Mitchell"),
        (["--tables", "6", "--card-set", "acbl"], "EBU card set, not ACBL"),
        (["--tables", "4", "--arrow-switch", "7"], "nothing to arrow-switch"),
    ],
)
def test_an_impossible_howell_is_explained_by_the_command(args, message):
    with pytest.raises(CommandError, match=message):
        _run("movement", "--variant", "howell", *args)


def test_the_three_table_howell_shares_its_last_round():
    text = _run("movement", "--variant", "howell", "--tables", "3", "--boards-per-round", "4")
    assert "in the last round all three tables play the same set" in text
    round_5 = next(line for line in text.splitlines() if line.startswith("5 "))
    assert round_5.split()[:8] == ["5", "6-5", "17-20", "=2,3", "3-2", "17-20", "=1,3", "1-4"]


def test_the_variant_help_names_every_size_of_howell():
    from tournaments.management.commands.movement import Command

    help_text = " ".join(Command().create_parser("manage.py", "movement").format_help().split())
    assert "howell for 2 to 8 tables" in help_text


def test_movement_prints_a_whist_tournament_as_json():
    data = json.loads(_run("movement", "--players", "9", "--format", "json"))

    assert list(data) == ["rounds"]
    assert len(data["rounds"]) == 9
    assert all(len(tables) == 2 and all(len(table) == 4 for table in tables) for tables in data["rounds"])
    assert [sorted(p for table in tables for p in table) for tables in data["rounds"]][0] == list(
        range(2, 10)
    )


def test_movement_json_leaves_out_the_tables_with_an_empty_seat():
    data = json.loads(_run("movement", "--players", "11", "--rounds", "5", "--format", "json"))

    assert len(data["rounds"]) == 5
    assert all(len(tables) == 2 for tables in data["rounds"])
    assert all(None not in table for tables in data["rounds"] for table in tables)


def test_movement_prints_a_whist_tournament_as_a_grid_with_its_sit_outs():
    lines = _run("movement", "--players", "5", "--format", "text").splitlines()

    assert lines[0] == "Whist tournament for 5 players: 5 rounds of 1 table."
    assert "Every two players partner exactly once and oppose exactly twice." in lines
    assert lines[5].split() == ["Round", "Table", "1", "Sits", "out"]
    assert lines[6].split() == ["1", "2+5", "v", "3+4", "1"]


def test_movement_says_what_empty_seats_cost():
    text = _run("movement", "--players", "7")

    assert "7 players use the 8-player schedule with one empty seat" in text
    assert "--+" in text or "+--" in text


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "8", "--tables", "2"], "not both"),
        (["--players", "3"], "at least 4 players"),
        (["--players", "41"], "at most 40 players"),
        (["--players", "9", "--rounds", "10"], "between 1 and 9 rounds"),
        (["--players", "9", "--variant", "howell"], "--variant is for a pairs movement"),
        (["--players", "9", "--phantom"], "--phantom is for a pairs movement"),
        ([], "Give --tables for a pairs movement or --players for an individual event"),
    ],
)
def test_movement_explains_an_impossible_individual_request(args, message):
    with pytest.raises(CommandError, match=message):
        _run("movement", *args)


@pytest.mark.django_db
def test_create_event_starts_an_individual_as_the_new_event_page_does(client, club, organiser):
    from tournaments.management.commands.create_event import Command

    help_text = " ".join(Command().create_parser("manage.py", "create_event").format_help().split())
    assert (
        "an individual event takes none: it starts, as on the new-event page, from the movement "
        "recommended for the smallest field, and its tables follow from its --players" in help_text
    )
    out = _run("create_event", "--club", club.name, "--name", "Command Line", "--players", "12")
    by_command = Event.objects.get(pk=int(out.strip().splitlines()[-1]))
    client.force_login(organiser)
    page = {"club": club.pk, "name": "New Event Page", "date": "2026-11-27", "trump_schedule": "HDSC"}
    client.post(reverse("tournaments:event-new"), {**page, "scoring": "matchpoints", "individual": "1"})
    by_page = Event.objects.get(name="New Event Page")
    services.individuals_enter(event=by_page, names=[f"Player {n}" for n in range(1, 13)], boards_per_round=3)
    by_page.refresh_from_db()
    assert (by_command.tables, by_command.players) == (by_page.tables, by_page.players) == (3, 12)
    assert "3 tables" in out
