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

from tournaments.domain.duels import (
    DuelError,
    Entrant,
    Pairing,
    can_complete,
    cheapest_round,
    check_players,
    check_swiss,
    round_robin_rounds,
    seated,
    table_costs,
)
from tournaments.domain.duels.swiss import ENUMERATED

# The most players the library pairs: about a second a round at 64 on a club's machine, and its
# time grows as the field's power 3.5 (it runs a maximum-weight matching over the whole field for
# every score). A larger field is paired by a single matching of the same kind (under a second).
DUTCH_PLAYERS = 64


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


def _standing(players: int, history: Sequence[Sequence[Result]], win: int) -> tuple[dict, set]:
    """Each player as the library reads them after the rounds played, and who has met whom."""
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
    return field, met


def _entrants(players: int, history: Sequence[Sequence[Result]]) -> list[Entrant]:
    points = dict.fromkeys(range(1, players + 1), 0)
    byes: set[int] = set()
    firsts = dict.fromkeys(points, 0)
    for results in history:
        for result in results:
            points[result.a] += result.game_points_a
            if result.b is None:
                byes.add(result.a)
                continue
            points[result.b] += result.game_points_b
            firsts[result.a] += 1
            firsts[result.b] -= 1
    return [Entrant(n, points[n], n in byes, firsts[n]) for n in points]


def _matched(field: Sequence[Entrant], past: Sequence[Sequence[Pairing]]) -> list[Pairing] | None:
    """The cheapest round of a large field, by one maximum-weight matching over it (the phantom
    player stands for the bye); None when no round seats everyone."""
    # networkx takes a fifth of a second to import: only a night past the library's field needs it,
    # not every process that starts (the season's pages reach this module through the nights).
    import networkx as nx

    costs = table_costs(field, past)
    top = max(costs.values(), default=0) + 1
    graph = nx.Graph()
    graph.add_weighted_edges_from((a, b, top - cost) for (a, b), cost in costs.items())
    tables = [tuple(sorted(table)) for table in nx.max_weight_matching(graph, maxcardinality=True)]
    if 2 * len(tables) != len(field) + len(field) % 2:
        return None
    return seated(field, tables)


def _dutch(players: int, history: Sequence[Sequence[Result]], total_rounds: int, win: int) -> list[Pairing]:
    field, met = _standing(players, history, win)
    rows = generate_pairings(
        "dutch",
        list(field.values()),
        met,
        len(history) + 1,
        total_rounds,
        bye_value=1.0,
        max_byes_per_player=1,
    )
    return _pairings(rows)


def _playable(players: int, rounds: Sequence[Sequence[Pairing]], total_rounds: int) -> bool:
    try:
        check_swiss(players, rounds)
    except DuelError:
        return False
    return can_complete(players, rounds, total_rounds)


def swiss_round(
    players: int, history: Sequence[Sequence[Result]], total_rounds: int, win: int = 2
) -> list[Pairing]:
    """The next round of a Swiss of players 1..V (player 1 the top seed), from the results of the
    rounds played: no rematch, at most one bye each, and the rounds after it still pairable so.
    Up to ``DUTCH_PLAYERS`` players it is the FIDE Dutch system's pairing when that leaves the
    night playable, else the cheapest that does (``domain/duels/swiss.py``); a larger field is
    paired by one matching of its cheapest tables. Refused in words when no round can be paired."""
    check_players(players)
    number = len(history) + 1
    past = [[Pairing(r.a, r.b) for r in results] for results in history]
    if players <= DUTCH_PLAYERS:
        pairings = _dutch(players, history, total_rounds, win)
        if _playable(players, [*past, pairings], total_rounds):
            return pairings
    field = _entrants(players, history)
    if players + players % 2 <= ENUMERATED:
        pairings = cheapest_round(field, past, total_rounds)
    else:
        pairings = _matched(field, past)
    if pairings is None or not _playable(players, [*past, pairings], total_rounds):
        raise DuelError(
            f"Round {number} of {players} players cannot be paired without a rematch or a second bye."
        )
    return pairings
