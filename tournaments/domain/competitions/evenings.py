"""Which evenings count toward a competition, who competes on each, and what each scored.

**What counts.** An evening counts when it falls in the window (both ends included), is of a kind
the competition takes (duplicate events, drives, or both), carries its tag when one is asked for,
was picked by hand when evenings are picked, has at least the minimum field (tables, or players;
a drive's tables are its players over four, a part table counting), and has the measure (a
percentage only comes from a matchpoint event, Minnesota whist's by matchpoints too, ± tricks from a
total-tricks event and never from Minnesota whist's total points, a drive score from a drive;
placings come from any). The caller passes published evenings only.

**Drives without roles.** A list for each role (ladies, gents) takes only the drives played in
those roles: an individual drive (one list of players) and a team night (whose lady and gent are
only the two seats of a pair) count in one-list competitions alone, each player placed among all
the evening's players by the tricks they took, as a drive's players are.

**Who.** Individuals: each player of a pair takes the pair's score, whoever the partner.
Fixed pairs: the two players together, in either seat. A drive's players are individuals, in one
list or in a list for each role (the role played that evening). Members only leaves guests out;
otherwise guests compete under their name (they never get a page).

**The measure of an evening.**
- ``percentage``: the pair's matchpoint percentage; the total is the mean of the counted scores.
- ``tricks``: the pair's ± average tricks (whist totals); the total is their sum.
- ``placing``: points by the place in the entrant's field (a Mitchell's N/S and E/W lines are two
  fields, a Howell or an arrow-switched event one, a drive's role or all its players one): from a
  table (``6/4/3/2/1``, nothing below it) or by reverse placings (the winner of a field of N scores
  N, the last 1). Entrants sharing a place share the points of the places they cover:
  two equal second on 6/4/3/2/1 score (4 + 3) / 2 = 3.5 each. The total is their sum.
- ``drive``: the player's drive score (tricks over the evening); the total is their sum. A drive
  scored in points (Minnesota whist) has no drive score (``Entrant.drive_score`` None): its points
  are never added to tricks, and it counts by placings only.

Two pairs equal second of three at a two-table event: each scores (4 + 3) / 2 on 6/4/3/2/1, and
the event is short of a three-table minimum.

>>> ann, bob, cy, di, ed, flo = (Player(f"m{n}", name) for n, name in enumerate("ABCDEF", start=1))
>>> night = Evening("event:1", date(2026, 1, 5), "event", "Pairs", 2, 6, entrants=(
...     Entrant((ann, bob), "ALL", 1), Entrant((cy, di), "ALL", 2, 2), Entrant((ed, flo), "ALL", 2, 2)))
>>> placing, three_tables = Rules(measure="placing"), Rules(measure="placing", min_field=3)
>>> _raw(night.entrants[1], night, placing), counts(night, placing), counts(night, three_tables)
(3.5, True, False)
"""

import math
from collections import Counter
from dataclasses import dataclass
from datetime import date
from typing import NamedTuple

from .rules import Rules


class Player(NamedTuple):
    """One player: ``key`` names them across evenings ("m12" a member, "g:joan bellamy" a guest).
    A tuple, as are entrants and scores: a season holds thousands, kept in the cache between reads."""

    key: str
    name: str
    member: int | None = None


class Entrant(NamedTuple):
    """A pair (two players) or a drive's player (one) and what they scored on one evening.

    ``field`` is where they were placed: "NS", "EW", "ALL" (events) or a drive's role; ``place`` the
    first place of those sharing it, ``shared`` how many share it."""

    players: tuple[Player, ...]
    field: str
    place: int
    shared: int = 1
    percentage: float | None = None
    tricks: float | None = None
    drive_score: float | None = None


@dataclass(frozen=True)
class Evening:
    id: str  # "event:12", "drive:3"
    date: date
    kind: str  # "event" or "drive"
    name: str
    tables: int
    players: int
    tag: str = ""
    entrants: tuple[Entrant, ...] = ()
    roles: bool = False  # a drive played in roles, its players placed within their role

    def field_size(self, name: str) -> int:
        return sum(1 for entrant in self.entrants if entrant.field == name)


def tag_matches(tag: str, wanted: str) -> bool:
    """An evening's tag is the one asked for whatever its case and spaces; no tag asked takes any.

    >>> tag_matches("Tuesday ", "tuesday"), tag_matches("Friday", "Tuesday"), tag_matches("", "")
    (True, False, True)
    """
    return not wanted.strip() or tag.strip().casefold() == wanted.strip().casefold()


def evening_tables(evening: Evening) -> int:
    if evening.kind == "night":  # two at a table
        return math.ceil(evening.players / 2)
    return evening.tables if evening.kind == "event" else math.ceil(evening.players / 4)


def takes(evening: Evening, rules: Rules) -> bool:
    """Whether the competition takes an evening of this kind, date and tag (picked, when evenings
    are picked; played in roles, for a list for each role), whoever played it and whatever they
    scored: what a room display asks before the evening is over."""
    if evening.kind not in rules.kinds:
        return False
    if (rules.start and evening.date < rules.start) or (rules.end and evening.date > rules.end):
        return False
    if not tag_matches(evening.tag, rules.tag):
        return False
    if rules.picked is not None and evening.id not in rules.picked:
        return False
    return rules.lists != "roles" or evening.roles  # an individual drive, a team night: no roles


def counts(evening: Evening, rules: Rules) -> bool:
    """Whether the evening counts toward the competition (the caller gives published ones only):
    one it takes, of the minimum field, with the measure."""
    if not takes(evening, rules):
        return False
    size = evening_tables(evening) if rules.field_unit == "tables" else evening.players
    if size < rules.min_field:
        return False
    return any(_raw(entrant, evening, rules) is not None for entrant in evening.entrants)


def _raw(entrant: Entrant, evening: Evening, rules: Rules, sizes: Counter | None = None) -> float | None:
    """What the entrant scored on the evening by the competition's measure, before any handicap
    (``sizes``: the evening's field sizes, when already counted)."""
    if rules.measure == "percentage":
        return entrant.percentage
    if rules.measure == "tricks":
        return entrant.tricks
    if rules.measure == "drive":
        return entrant.drive_score
    size = sizes[entrant.field] if sizes is not None else evening.field_size(entrant.field)
    covered = range(entrant.place, entrant.place + entrant.shared)
    if rules.placing == "reverse":
        points = [size - place + 1 for place in covered]
    else:
        points = [rules.points[place - 1] if place <= len(rules.points) else 0 for place in covered]
    return sum(points) / len(points)


def _seniority(player: Player) -> tuple:
    """A pair's players in a fixed order: members by number, then guests by name."""
    return (player.member is None, player.member or 0, player.key)


def _competitors(entrant: Entrant, rules: Rules) -> list[tuple[str, str, tuple[int, ...], str]]:
    """Who the entrant's score goes to: (key, name, member ids, list) for each competitor."""
    listed = entrant.field if rules.lists == "roles" else ""
    players = entrant.players
    if rules.members_only and any(p.member is None for p in players):
        players = [p for p in players if p.member is not None] if rules.who == "individuals" else []
    if rules.who == "pairs":
        if len(players) < 2:
            return []
        pair = sorted(players, key=_seniority)
        members = tuple(p.member for p in pair if p.member is not None)
        return [("+".join(p.key for p in pair), " & ".join(p.name for p in pair), members, listed)]
    return [(p.key, p.name, (p.member,) if p.member is not None else (), listed) for p in players]
