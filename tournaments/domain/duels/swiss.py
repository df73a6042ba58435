"""A Swiss round that leaves the night playable to its end, and what a table costs.

A round's pairing is taken only if the rounds still to play can each be paired too, with no
rematch and no second bye (the FIDE rule "the pairing must allow the tournament to be completed").
The bye is a phantom player met once: an odd field is an even one with the phantom, and every round
is a perfect matching of the players who have not met. Those who have not met make a regular graph
(everyone has played every round), so when each still has at least half the field to meet in the
last round, a pairing is sure (Dirac: such a graph has a Hamiltonian cycle, so a perfect matching);
otherwise the rest is searched. Six players over four rounds shows why it matters: rounds that
leave two groups of three who have all met cannot be followed by a fourth.

    >>> groups = [[Pairing(1, 4), Pairing(2, 5), Pairing(3, 6)]]
    >>> groups.append([Pairing(1, 5), Pairing(2, 6), Pairing(3, 4)])
    >>> can_complete(6, groups + [[Pairing(1, 6), Pairing(2, 4), Pairing(3, 5)]], 4)
    False
    >>> can_complete(6, groups + [[Pairing(1, 2), Pairing(3, 5), Pairing(4, 6)]], 4)
    True

When the preferred pairing fails that, the cheapest that passes is taken. A table's cost puts the
Dutch system's first wishes in order: fewest players paired out of their score, then the smallest
differences of score, then the top half of a score meeting its bottom half; the bye goes to the
lowest of those who have not had one. Over three rounds each score below meets itself; over four,
that would leave no fourth round, so the leaders' tables change.

    >>> field = [Entrant(1, 4), Entrant(6, 4), Entrant(2, 2), Entrant(4, 2), Entrant(3, 0), Entrant(5, 0)]
    >>> cheapest_round(field, groups, 3)
    [Pairing(a=1, b=6), Pairing(a=2, b=4), Pairing(a=3, b=5)]
    >>> cheapest_round(field, groups, 4)
    [Pairing(a=1, b=2), Pairing(a=6, b=4), Pairing(a=3, b=5)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from .schedules import Pairing

BYE = 0  # the phantom player an odd field meets for its bye

# The most players (the phantom counted) whose every pairing is tried in turn: 10,395 pairings of
# twelve. A larger field is sure of its rest under the round limit, so any pairing of it will do.
ENUMERATED = 12


@dataclass(frozen=True)
class Entrant:
    """A player as the next round sees them: game points so far, whether they had the bye, and how
    many more times they were named first at a table (dealt first) than second."""

    number: int
    points: int
    bye: bool = False
    firsts: int = 0


def _unmet(players: int, rounds: Sequence[Sequence[Pairing]]) -> dict[int, set[int]]:
    """Who each player (and the phantom, in an odd field) has still to meet."""
    everyone = list(range(1, players + 1)) + ([BYE] if players % 2 else [])
    unmet = {p: set(everyone) - {p} for p in everyone}
    for pairings in rounds:
        for pairing in pairings:
            b = BYE if pairing.b is None else pairing.b
            unmet[pairing.a].discard(b)
            unmet[b].discard(pairing.a)
    return unmet


def _matchings(unmet: dict[int, set[int]], left: frozenset[int]) -> Iterator[list[tuple[int, int]]]:
    """Every perfect matching of ``left`` within the unmet pairs, the lowest player paired first."""
    if not left:
        yield []
        return
    first = min(left)
    for other in sorted(unmet[first] & left):
        for rest in _matchings(unmet, left - {first, other}):
            yield [(first, other), *rest]


def _completes(unmet: dict[int, set[int]], rounds_left: int, failed: set[frozenset]) -> bool:
    if rounds_left <= 0:
        return True
    size = len(unmet)
    if min(len(others) for others in unmet.values()) - (rounds_left - 1) >= size / 2:
        return True  # Dirac, round after round
    key = frozenset(frozenset((a, b)) for a, others in unmet.items() for b in others if a < b)
    if key in failed:
        return False
    for matching in _matchings(unmet, frozenset(unmet)):
        for a, b in matching:
            unmet[a].discard(b)
            unmet[b].discard(a)
        done = _completes(unmet, rounds_left - 1, failed)
        for a, b in matching:
            unmet[a].add(b)
            unmet[b].add(a)
        if done:
            return True
    failed.add(key)
    return False


def can_complete(players: int, rounds: Sequence[Sequence[Pairing]], total: int) -> bool:
    """Whether the rounds after ``rounds`` (``total`` in all) can each be paired with no rematch
    and no second bye; ``rounds`` seat everyone once each, with no rematch (``check_swiss``)."""
    size = players + players % 2
    if 2 * (size - total) >= size:
        return True  # Dirac holds to the last round whatever came before: no graph to build
    return _completes(_unmet(players, rounds), total - len(rounds), set())


def _ranked(field: Sequence[Entrant]) -> list[Entrant]:
    return sorted(field, key=lambda e: (-e.points, e.number))


def table_costs(field: Sequence[Entrant], rounds: Sequence[Sequence[Pairing]]) -> dict[tuple[int, int], int]:
    """The cost of each table the next round may have, keyed by its players (lower number first; a
    bye as ``(player, BYE)``): a rematch or a second bye is no table at all."""
    ranked = _ranked(field)
    players = len(ranked)
    place = {e.number: i for i, e in enumerate(ranked)}
    group = {}  # each player's place within their score, and the score's size
    for points in {e.points for e in ranked}:
        members = [e.number for e in ranked if e.points == points]
        for i, number in enumerate(members):
            group[number] = (i, len(members))
    points = {e.number: e.points for e in ranked}
    # A table across scores floats a player through each score between: 4 v 0 past a 2 is two floats.
    level = {score: i for i, score in enumerate(sorted(set(points.values()), reverse=True))}
    spread = max(points.values()) - min(points.values())
    seeding = players * players  # above all seeding costs of a round together
    difference = seeding * (spread * spread * players + 1)  # above all differences together
    unmet = _unmet(players, rounds)
    costs = {}
    for a, b in combinations(sorted(points), 2):
        if b not in unmet[a]:
            continue
        high, low = sorted((a, b), key=place.__getitem__)
        apart = points[high] - points[low]
        at, size = group[high]
        wanted = at + size // 2  # the top half of a score meets its bottom half, in order
        off = abs(group[low][0] - wanted) if apart == 0 else place[low] - place[high]
        floats = level[points[low]] - level[points[high]]
        costs[(a, b)] = floats * difference + apart * apart * seeding + off
    if players % 2:
        # The bye's score comes first of all (the Dutch system's C.5): the lowest score that can.
        bye = difference * (len(level) * players + 1)
        for e in ranked:
            if not e.bye:
                above = len(level) - 1 - level[e.points]
                costs[(BYE, e.number)] = above * bye + players - 1 - place[e.number]
    return costs


def seated(field: Sequence[Entrant], tables: Sequence[tuple[int, int]]) -> list[Pairing]:
    """A round's pairings from its tables: the leading tables first and the bye last; at a table,
    the player who has dealt first fewer times is named first (the higher ranked, when even)."""
    place = {e.number: i for i, e in enumerate(_ranked(field))}
    firsts = {e.number: e.firsts for e in field}
    pairings = []
    for a, b in tables:
        if BYE in (a, b):
            continue
        first, second = sorted((a, b), key=lambda p: (firsts[p], place[p]))
        pairings.append(Pairing(first, second))
    pairings.sort(key=lambda p: min(place[p.a], place[p.b]))
    pairings += [Pairing(a or b, None) for a, b in tables if BYE in (a, b)]
    return pairings


def cheapest_round(
    field: Sequence[Entrant], rounds: Sequence[Sequence[Pairing]], total: int
) -> list[Pairing] | None:
    """The cheapest next round after ``rounds`` that leaves the rest of ``total`` playable, trying
    every pairing of a small field; None when there is none (or the field is too large to try)."""
    players = len(field)
    if players + players % 2 > ENUMERATED:
        return None
    costs = table_costs(field, rounds)
    unmet: dict[int, set[int]] = {}
    for a, b in costs:
        unmet.setdefault(a, set()).add(b)
        unmet.setdefault(b, set()).add(a)
    everyone = frozenset(e.number for e in field) | ({BYE} if players % 2 else set())
    if unmet.keys() != everyone:
        return None  # someone has nobody left to meet
    candidates = sorted(
        (sum(costs[table] for table in matching), matching) for matching in _matchings(unmet, everyone)
    )
    for _, matching in candidates:
        pairings = seated(field, matching)
        if can_complete(players, [*rounds, pairings], total):
            return pairings
    return None
