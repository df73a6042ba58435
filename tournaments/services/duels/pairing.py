"""A two-player night's pairings, from caissify-pairings: the FIDE Berger tables for a round robin
and the FIDE Dutch system for a Swiss.

The library pairs chess players, so this is the one place that speaks its language: a player's
score is their game points divided by a win's (a win 1, a tie ½, as in chess); the player named
first at a table ("white") deals first, so the Dutch system's colour rule also shares the first
deal out fairly; a bye is the library's pairing-allocated bye. Every round it returns is checked
against the night's rules (``domain/duels/schedules.py``) before it is used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from caissify_pairings import generate_pairings

from tournaments.domain.duels import DuelError, Pairing, check_players, check_swiss, round_robin_rounds


@dataclass(frozen=True)
class Result:
    """A past round's table as the Swiss reads it: each player's game points (a bye: ``b`` None)."""

    a: int
    b: int | None
    game_points_a: int
    game_points_b: int = 0


def _pairings(rows: list[dict]) -> list[Pairing]:
    return [Pairing(row["white_id"], row.get("black_id")) for row in rows]


def round_robin(players: int) -> list[list[Pairing]]:
    """Every round of a round robin of players 1..V, from the Berger tables: V − 1 rounds for an
    even V, V for an odd V (the player paired with the tables' phantom has the bye)."""
    check_players(players)
    field = [_player(number) for number in range(1, players + 1)]
    total = round_robin_rounds(players)
    return [
        _pairings(generate_pairings("round_robin", field, set(), number, total))
        for number in range(1, total + 1)
    ]


def _player(number: int) -> dict:
    return {
        "id": number,
        "name": str(number),
        "score": 0.0,
        "rating": 0,
        "starting_number": number,
        "color_hist": [],
        "float_history": [],
        "bye_count": 0,
    }


def swiss_round(
    players: int, history: Sequence[Sequence[Result]], total_rounds: int, win: int = 2
) -> list[Pairing]:
    """The next round of a Swiss of players 1..V (player 1 the top seed), from the results of the
    rounds played, by the FIDE Dutch system: no rematch, at most one bye each. Refused in words
    when the rounds asked leave no such pairing."""
    check_players(players)
    field = {number: _player(number) for number in range(1, players + 1)}
    met: set[tuple[int, int]] = set()
    for results in history:
        before = {number: field[number]["score"] for number in field}
        seated = set()
        for result in results:
            seated.add(result.a)
            a = field[result.a]
            a["score"] += float(Fraction(result.game_points_a, win))
            if result.b is None:
                a["bye_count"] += 1
                a["color_hist"].append("none")
                a["float_history"].append("none")
                continue
            seated.add(result.b)
            b = field[result.b]
            b["score"] += float(Fraction(result.game_points_b, win))
            met.add((result.a, result.b))
            a["color_hist"].append("white")
            b["color_hist"].append("black")
            up_a = before[result.a] < before[result.b]
            down_a = before[result.a] > before[result.b]
            a["float_history"].append("up" if up_a else "down" if down_a else "none")
            b["float_history"].append("down" if up_a else "up" if down_a else "none")
        for number in field.keys() - seated:
            field[number]["color_hist"].append("none")
            field[number]["float_history"].append("none")
    number = len(history) + 1
    rows = generate_pairings(
        "dutch",
        list(field.values()),
        met,
        number,
        total_rounds,
        bye_value=1.0,
        max_byes_per_player=1,
    )
    pairings = _pairings(rows)
    past = [[Pairing(r.a, r.b) for r in results] for results in history]
    try:
        check_swiss(players, [*past, pairings])
    except DuelError as error:
        raise DuelError(
            f"Round {number} of {players} players cannot be paired without a rematch "
            f"or a second bye ({error})"
        ) from None
    return pairings
