"""What a two-player night's pairings must be, checked whole.

A round robin of V players: every two players meet once, in V − 1 rounds for an even V, or in V
rounds for an odd V with one bye a round and one a player. A Swiss of R rounds (fewer than V, and
at most about log2(V) + 2 so the leaders can be told apart): nobody meets the same player twice,
and nobody has more than one bye. The pairings themselves come from the published Berger tables
and the FIDE Dutch system (``services/duels/pairing.py``); these rules check them, in the tests and
before a round is stored.

    >>> rounds = [[Pairing(1, 3), Pairing(2, None)], [Pairing(2, 1), Pairing(3, None)]]
    >>> rounds.append([Pairing(3, 2), Pairing(1, None)])
    >>> check_round_robin(3, rounds)
    >>> check_swiss(3, rounds[:2])
    >>> check_swiss(3, [[Pairing(1, 2), Pairing(3, None)], [Pairing(2, 1), Pairing(3, None)]])
    Traceback (most recent call last):
    ...
    tournaments.domain.duels.scoring.DuelError: Round 2 pairs 2 and 1 again: they met in an earlier round.
    >>> swiss_round_limit(9), swiss_round_limit(40)
    (5, 7)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .scoring import DuelError

# The largest field: a Swiss round of 150 pairs in well under a second (bench/duel_pairing.py).
MIN_PLAYERS, MAX_PLAYERS = 3, 150


@dataclass(frozen=True)
class Pairing:
    """A table of a round: players ``a`` and ``b`` by number, ``b`` None for a bye."""

    a: int
    b: int | None

    @property
    def bye(self) -> bool:
        return self.b is None


def check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise DuelError(f"{players} players: a two-player night takes {MIN_PLAYERS} to {MAX_PLAYERS}.")


def round_robin_rounds(players: int) -> int:
    """V − 1 rounds for an even V, V for an odd V (a bye each)."""
    return players - 1 if players % 2 == 0 else players


def swiss_round_limit(players: int) -> int:
    """The most rounds a Swiss of this many players is given: fewer than the players, and at most
    log2(V) + 2, fractions down."""
    return max(1, min(players - 1, int(math.log2(players)) + 2))


def check_swiss_rounds(players: int, rounds: int) -> None:
    check_players(players)
    limit = swiss_round_limit(players)
    if not 1 <= rounds <= limit:
        raise DuelError(
            f"A Swiss of {players} players plays 1 to {limit} rounds ({rounds} asked): more would pair "
            "players who have met, or give a second bye."
        )


def _check_round(players: int, number: int, pairings: Sequence[Pairing]) -> None:
    seen: list[int] = []
    for pairing in pairings:
        seen.extend(p for p in (pairing.a, pairing.b) if p is not None)
    if sorted(seen) != list(range(1, players + 1)):
        raise DuelError(f"Round {number} does not seat each of the {players} players once.")
    if sum(p.bye for p in pairings) != players % 2:
        byes = sum(p.bye for p in pairings)
        raise DuelError(f"Round {number} gives {byes} byes: an odd field has one, an even none.")


def check_swiss(players: int, rounds: Sequence[Sequence[Pairing]]) -> None:
    """Every player once a round, no rematch, at most one bye each."""
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for number, pairings in enumerate(rounds, start=1):
        _check_round(players, number, pairings)
        for pairing in pairings:
            if pairing.b is None:
                if pairing.a in byes:
                    raise DuelError(f"Round {number} gives player {pairing.a} a second bye.")
                byes.add(pairing.a)
                continue
            meeting = frozenset((pairing.a, pairing.b))
            if meeting in met:
                raise DuelError(
                    f"Round {number} pairs {pairing.a} and {pairing.b} again: they met in an earlier round."
                )
            met.add(meeting)


def check_round_robin(players: int, rounds: Sequence[Sequence[Pairing]]) -> None:
    """A Swiss's rules, with every two players meeting and the right number of rounds."""
    if len(rounds) != round_robin_rounds(players):
        wanted = round_robin_rounds(players)
        raise DuelError(f"A round robin of {players} players has {wanted} rounds, not {len(rounds)}.")
    check_swiss(players, rounds)
    meetings = sum(not p.bye for pairings in rounds for p in pairings)
    if meetings != players * (players - 1) // 2:
        raise DuelError(f"A round robin of {players} players leaves some two players unmet.")


def rounds_as_dict(rounds: Sequence[Sequence[Pairing]]) -> dict:
    """``{"rounds": [[[a, b], ...], ...], "byes": [p, ...]}``: each round's tables, the player with a
    bye left out of its round and named in ``byes`` (one a round for an odd field, none for an even).

    >>> rounds_as_dict([[Pairing(1, 3), Pairing(2, None)], [Pairing(2, 1), Pairing(3, None)]])
    {'rounds': [[[1, 3]], [[2, 1]]], 'byes': [2, 3]}
    """
    return {
        "rounds": [[[p.a, p.b] for p in pairings if not p.bye] for pairings in rounds],
        "byes": [p.a for pairings in rounds for p in pairings if p.bye],
    }


def rounds_as_text(rounds: Sequence[Sequence[Pairing]]) -> str:
    """Each round on a line, its tables in order and the bye last.

    >>> print(rounds_as_text([[Pairing(1, 3), Pairing(2, None)], [Pairing(2, 1), Pairing(3, None)]]), end="")
    Round 1: table 1: 1 v 3; bye: 2
    Round 2: table 1: 2 v 1; bye: 3
    """
    lines = []
    for number, pairings in enumerate(rounds, start=1):
        tables = [
            f"table {t}: {p.a} v {p.b}" for t, p in enumerate((p for p in pairings if not p.bye), start=1)
        ]
        byes = [f"bye: {p.a}" for p in pairings if p.bye]
        lines.append(f"Round {number}: " + "; ".join([*tables, *byes]) + "\n")
    return "".join(lines)
