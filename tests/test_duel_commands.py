"""Two-player nights from the command line: the round robin printed by ``movement --seats 2``, and a
Swiss German-whist night of 9 players created, played deal by deal and read back."""

import json
import random
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournaments.domain.duels import MAX_PLAYERS, Pairing, check_round_robin, check_swiss


def _run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("players", range(3, 41))
def test_movement_prints_a_round_robin_for_two_seats(players):
    data = json.loads(_run("movement", "--players", str(players), "--seats", "2", "--format", "json"))
    rounds = data["rounds"]
    assert len(rounds) == (players - 1 if players % 2 == 0 else players)
    pairings = [
        [Pairing(a, b) for a, b in tables] + ([Pairing(data["byes"][n], None)] if players % 2 else [])
        for n, tables in enumerate(rounds)
    ]
    check_round_robin(players, pairings)
    met = {frozenset(pair) for tables in rounds for pair in tables}
    assert len(met) == players * (players - 1) // 2


def test_movement_prints_a_round_robin_as_text_with_the_byes():
    text = _run("movement", "--players", "5", "--seats", "2")
    lines = text.splitlines()
    assert len(lines) == 5
    assert lines[0].startswith("Round 1: table 1: ") and "; bye: " in lines[0]


def test_movement_for_two_seats_refuses_in_words():
    with pytest.raises(CommandError, match=f"2 players: a two-player night takes 3 to {MAX_PLAYERS}"):
        _run("movement", "--players", "2", "--seats", "2")
    with pytest.raises(CommandError, match="Give --players"):
        _run("movement", "--seats", "2", "--tables", "3")


@pytest.mark.django_db
def test_a_swiss_german_whist_night_of_nine_runs_from_the_command_line():
    out = _run(
        "create_two_player_night",
        "--club",
        "Ribble Valley Whist Club",
        "--name",
        "German whist night",
        "--players",
        "9",
        "--rounds",
        "4",
        "--deals",
        "2",
        "--start",
    )
    night = int(out.splitlines()[-1])
    rng = random.Random(5)
    for number in range(1, 5):
        state = json.loads(_run("two_player_state", str(night), "--format", "json"))
        assert len(state["rounds"]) == number
        for match in state["rounds"][-1]["matches"]:
            if match["bye"]:
                continue
            for _ in range(2):
                a = rng.randint(0, 13)
                _run(
                    "two_player_deal",
                    str(night),
                    "--table",
                    str(match["table"]),
                    "--tricks",
                    str(a),
                    str(13 - a),
                )
    state = json.loads(_run("two_player_state", str(night), "--format", "json"))
    assert len(state["rounds"]) == 4 and all(m["finished"] for r in state["rounds"] for m in r["matches"])
    rounds = [[Pairing(*m["players"]) for m in r["matches"]] for r in state["rounds"]]
    check_swiss(9, rounds)
    assert [sum(m["bye"] for m in r["matches"]) for r in state["rounds"]] == [1, 1, 1, 1]
    assert sum(s["game_points"] for s in state["standings"]) == 4 * (4 * 2 + 2)
    text = _run("two_player_state", str(night))
    assert "Standings:" in text and "Player " in text
    with pytest.raises(CommandError, match="10 and 4 tricks make 14"):
        _run("two_player_deal", str(night), "--table", "1", "--tricks", "10", "4")
