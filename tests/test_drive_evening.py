"""Whist drives played end to end through the commands: the seating of every hand follows the
format's rule as the tables finish, in any order; score cards and prizes add up."""

import json
import random
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournaments.domain.drives import Format, play_drive, start_seating
from tournaments.models import Drive, DriveResult, DriveSeat
from tournaments.services import drives


def _create(players: int, fmt: str = "progressive", hands: int = 24, **extra) -> Drive:
    out = StringIO()
    args = [f"--{k.replace('_', '-')}={v}" for k, v in extra.items()]
    call_command(
        "create_drive",
        "--club=Hall",
        "--name=Friday",
        f"--players={players}",
        f"--format={fmt}",
        f"--hands={hands}",
        *args,
        stdout=out,
    )
    return Drive.objects.get(pk=int(out.getvalue().split()[-1]))


def _state(drive: Drive) -> dict:
    out = StringIO()
    call_command("drive_state", str(drive.pk), "--format=json", stdout=out)
    return json.loads(out.getvalue())


def _seated(state: dict) -> dict:
    return {
        (h["hand"], t["table"]): (tuple(t["ns"]), tuple(t["ew"]))
        for h in state["seating"]
        for t in h["tables"]
    }


def _play_all(drive: Drive, tricks_at, seed: int = 0) -> dict:
    """Enter every hand the moment a table can play it, the tables finishing in a random order."""
    rng = random.Random(seed)
    while True:
        state = _state(drive)
        playable = [
            (h["hand"], t["table"], tuple(t["ns"]), tuple(t["ew"]))
            for h in state["seating"]
            for t in h["tables"]
            if not t["sit_out"]
            and not DriveResult.objects.filter(drive=drive, hand=h["hand"], table=t["table"]).exists()
        ]
        if not playable:
            return state
        hand, table, ns, ew = rng.choice(playable)
        call_command(
            "drive_result",
            str(drive.pk),
            f"--hand={hand}",
            f"--table={table}",
            f"--tricks={tricks_at(hand, table, ns, ew)}",
            stdout=StringIO(),
        )


def _tricks(seed):
    def tricks_at(hand, table, ns, ew):
        return random.Random(f"{seed}-{hand}-{ns}-{ew}").randint(0, 13)

    return tricks_at


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("players", "fmt"),
    [(16, "progressive"), (18, "progressive"), (16, "semi-partner"), (19, "winners-move"), (18, "partner")],
)
def test_a_drive_played_in_any_order_seats_as_the_rule_says(players, fmt):
    drive = _create(players, fmt, hands=8)
    tricks_at = _tricks(players)
    state = _play_all(drive, tricks_at, seed=players)
    assert state["hand"] is None
    # The same results, hand by hand, through the domain alone.
    seats = [f"{r}{k}" for k in range(1, 2 * (-(-players // 4)) + 1) for r in "LG"][:players]
    ladies, gents = [p for p in seats if p[0] == "L"], [p for p in seats if p[0] == "G"]
    expected, results = play_drive(
        Format(fmt), start_seating(ladies, gents), 8, lambda h, s: tricks_at(h, s.table, s.ns, s.ew)
    )
    assert _seated(state) == {
        (h, t): (s.ns, s.ew) for h, tables in expected.items() for t, s in tables.items()
    }
    scores = {p["player"]: p for p in state["players"]}
    assert len(scores) == players
    assert sum(p["hands_played"] + p["sat_out"] for p in scores.values()) == 8 * players
    # Every player's score is the tricks their couple took, hand by hand.
    for key, row in scores.items():
        got = 0
        for hand, tables in expected.items():
            table = next(s for s in tables.values() if key in s.players)
            if table.sit_out:
                got += 7
            else:
                ns = results[(hand, table.table)]
                got += ns if key in table.ns else 13 - ns
        assert row["score"] == got, key
    assert drives.drive_close(drive=drive).status == Drive.Status.FINISHED
    assert all(p["player"] or p["tie"] for p in _state(drive)["prizes"])


@pytest.mark.django_db
def test_the_commands_refuse_what_cannot_be_recorded():
    drive = _create(18, hands=4)
    with pytest.raises(CommandError, match="sit-out table in hand 1"):
        call_command("drive_result", str(drive.pk), "--hand=1", "--table=5", "--tricks=7")
    with pytest.raises(CommandError, match="not seated at table 1 yet"):
        call_command("drive_result", str(drive.pk), "--hand=2", "--table=1", "--tricks=7")
    with pytest.raises(CommandError, match="give 0 to 13"):
        call_command("drive_result", str(drive.pk), "--hand=1", "--table=1", "--tricks=14")
    with pytest.raises(CommandError, match="no table 9"):
        call_command("drive_result", str(drive.pk), "--hand=1", "--table=9", "--tricks=3")
    with pytest.raises(CommandError, match="no drive"):
        call_command("drive_state", "999")
    with pytest.raises(CommandError, match="at least 4 players"):
        call_command("create_drive", "--club=Hall", "--name=X", "--players=3")
    with pytest.raises(CommandError, match="whole couples"):
        call_command("create_drive", "--club=Hall", "--name=X", "--players=17", "--format=partner")
    assert not DriveResult.objects.exists()


@pytest.mark.django_db
def test_a_correction_changes_scores_not_where_people_sat():
    drive = _create(8, hands=3)
    for table, tricks in ((1, 9), (2, 4)):
        call_command("drive_result", str(drive.pk), "--hand=1", f"--table={table}", f"--tricks={tricks}")
    seated = list(
        DriveSeat.objects.filter(drive=drive, hand=2)
        .order_by("table", "seat")
        .values_list("table", "seat", "player")
    )
    drives.drive_result_correct(drive=drive, hand=1, table=1, ns_tricks=2, reason="Card misread")
    assert (
        list(
            DriveSeat.objects.filter(drive=drive, hand=2)
            .order_by("table", "seat")
            .values_list("table", "seat", "player")
        )
        == seated
    )
    assert _state(drive)["players"][-1]["score"] <= 4
    change = drive.result_changes.get(action="corrected")
    assert (change.before, change.after, change.reason) == ("9–4", "2–11", "Card misread")
    with pytest.raises(CommandError, match="only the organiser"):
        call_command("drive_result", str(drive.pk), "--hand=1", "--table=1", "--tricks=9")


@pytest.mark.django_db
@pytest.mark.parametrize(("option", "score", "text"), [("7", 7, "7"), ("average", 6.5, "6½")])
def test_the_sit_out_table_scores_the_drives_own_option(option, score, text):
    drive = _create(18, hands=4, sit_out_score=option)
    _play_all(drive, lambda hand, table, ns, ew: 9)
    state = drives.DriveState(drive)
    assert state.sit_out_score == score and state.sit_out_text == text
    sat_out = [line for card in state.scores.values() for line in card.lines if line.sat_out]
    assert sat_out and {line.tricks for line in sat_out} == {score}


@pytest.mark.django_db
def test_a_drives_trumps_follow_its_schedule_round_and_round():
    state = drives.DriveState(_create(16, hands=7, schedule="HDSCN"))
    assert [state.trumps(hand) for hand in range(1, 8)] == ["H", "D", "S", "C", "NT", "H", "D"]


@pytest.mark.django_db
def test_the_half_time_leaders_are_the_best_three_of_each_role_once_the_first_half_is_in():
    drive = _create(16, hands=4)
    assert drives.DriveState(drive).half_time_leaders() == []
    _play_all(drive, _tricks(3))
    state = drives.DriveState(drive)
    leaders = state.half_time_leaders()
    assert [s.role for s in leaders] == ["L"] * 3 + ["G"] * 3
    for role, chosen in (("L", leaders[:3]), ("G", leaders[3:])):
        field = sorted((s.first_half for s in state.scores.values() if s.role == role), reverse=True)
        assert [s.first_half for s in chosen] == field[:3]
