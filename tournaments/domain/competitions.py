"""A club's competitions over a season: which evenings count, who competes, what each evening
scores, how many scores count, the handicap, and the order of the standings.

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

**Counting.** All scores; the best N; or all but the lowest k. A minimum of evenings played to
qualify: those short of it are listed apart, with how many more they need.

**Handicap** (percentage only): ``round(50 − running average)``, half up, held to ±10 points; no
history gives 0. So a 45 % player plays off +5 and a 53 % player off −3. The running average is
the mean of the competitor's percentages before: before the window opens (``fixed``, one figure
for the season) or before each evening (``moving``). It is added to each evening's percentage.

**Ties** on the total are shared (``2=``) or, by the stated rule, broken by more evenings counted,
then the best single score, and shared only when those are equal too.

Worked example: best 2 of three evenings, one list.

>>> from datetime import date
>>> joan, harold = Player("m1", "Joan"), Player("m2", "Harold")
>>> def night(n, scores):
...     entrants = tuple(
...         Entrant((who,), "ALL", place, percentage=pct)
...         for place, (who, pct) in enumerate(scores, start=1)
...     )
...     return Evening(f"event:{n}", date(2026, 1, n), "event", f"Night {n}", 2, 8, entrants=entrants)
>>> rules = Rules(measure="percentage", counting="best", count=2)
>>> table = standings([night(1, [(joan, 60), (harold, 55)]), night(2, [(harold, 58), (joan, 40)]),
...                    night(3, [(harold, 52), (joan, 61)])], rules)
>>> [(row.place, row.name, row.total_text) for row in table.rows]
[('1', 'Joan', '60.50'), ('2', 'Harold', '56.50')]
"""

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from datetime import date
from typing import NamedTuple

from .errors import DomainError
from .places import shared_places

KINDS = ("event", "drive", "night")  # a two-player night counts by its placings only
KIND_WORDS = {"event": "duplicate events", "drive": "drives", "night": "two-player nights"}
MEASURES = ("percentage", "tricks", "placing", "drive")
PLACINGS = ("table", "reverse")
COUNTINGS = ("all", "best", "drop")
HANDICAPS = ("none", "fixed", "moving")
TIES = ("shared", "counted-then-best")
WHO = ("individuals", "pairs")
LISTS = ("one", "roles")
FIELD_UNITS = ("tables", "players")
HANDICAP_LIMIT = 10
PAR = 50.0  # the percentage a handicap brings everyone towards


class CompetitionError(DomainError):
    """A competition whose rules cannot be applied as asked."""


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


@dataclass(frozen=True)
class Rules:
    start: date | None = None
    end: date | None = None
    kinds: frozenset[str] = frozenset(KINDS)
    tag: str = ""
    picked: frozenset[str] | None = None  # evening ids picked by hand; None: every one that fits
    min_field: int = 0
    field_unit: str = "tables"
    who: str = "individuals"
    lists: str = "one"
    members_only: bool = False
    measure: str = "percentage"
    placing: str = "table"
    points: tuple[float, ...] = (6, 4, 3, 2, 1)
    counting: str = "all"
    count: int = 0  # N of the best N, or k of the lowest k dropped
    qualify: int = 0  # evenings played to qualify
    handicap: str = "none"
    ties: str = "shared"


def check_rules(rules: Rules) -> None:
    """Raise CompetitionError naming the first rule that cannot work."""
    for value, allowed, what in (
        (rules.measure, MEASURES, "measure"),
        (rules.placing, PLACINGS, "placing"),
        (rules.counting, COUNTINGS, "counting"),
        (rules.handicap, HANDICAPS, "handicap"),
        (rules.ties, TIES, "tie rule"),
        (rules.who, WHO, "entry"),
        (rules.lists, LISTS, "list"),
        (rules.field_unit, FIELD_UNITS, "field size"),
    ):
        if value not in allowed:
            raise CompetitionError(f"'{value}' is not a {what}: use {', '.join(allowed)}.")
    if not rules.kinds or not set(rules.kinds) <= set(KINDS):
        raise CompetitionError("Choose duplicate events, drives, both, or two-player nights.")
    if rules.start and rules.end and rules.start > rules.end:
        raise CompetitionError("The competition ends before it starts.")
    if rules.counting != "all" and rules.count < 1:
        word = "best scores to count" if rules.counting == "best" else "lowest scores to drop"
        raise CompetitionError(f"Say how many {word}.")
    if rules.who == "pairs" and rules.kinds - {"event"}:
        raise CompetitionError("Fixed pairs are for duplicate events: a drive's players change partners.")
    if rules.lists == "roles" and rules.kinds != frozenset({"drive"}):
        raise CompetitionError("A list for each role is for drives only.")
    if rules.measure in ("percentage", "tricks") and "event" not in rules.kinds:
        raise CompetitionError("Percentages and ± tricks come from duplicate events: include them.")
    if rules.measure == "drive" and rules.kinds != frozenset({"drive"}):
        raise CompetitionError("A drive score counts drives only.")
    if rules.handicap != "none" and rules.measure != "percentage":
        raise CompetitionError("A handicap goes with the average percentage.")
    if rules.measure == "placing" and rules.placing == "table" and not rules.points:
        raise CompetitionError("Give the points for the places, such as 6/4/3/2/1.")


def check_picks(rules: Rules) -> None:
    """Raise CompetitionError when evenings are picked by hand of a kind the competition does not
    count: they would never count, and the organiser who ticked them would not know why.

    >>> try:
    ...     check_picks(Rules(kinds=frozenset({"event"}), picked=frozenset({"event:1", "night:4"})))
    ... except CompetitionError as error:
    ...     print(str(error).partition(":")[0])
    Two-player nights are picked, but the competition counts duplicate events only
    """
    other = [kind for kind in KINDS if kind not in rules.kinds]
    picked = [kind for kind in other if any(e.startswith(kind + ":") for e in rules.picked or ())]
    if picked:
        counted = " and ".join(KIND_WORDS[kind] for kind in KINDS if kind in rules.kinds)
        words = " and ".join(KIND_WORDS[kind] for kind in picked)
        raise CompetitionError(
            f"{words[0].upper()}{words[1:]} are picked, but the competition counts {counted} only: "
            "untick them, or change which evenings count."
        )


def parse_points(text: str) -> tuple[float, ...]:
    """ "6/4/3/2/1" (or with commas or spaces) -> (6, 4, 3, 2, 1), highest place first.

    >>> parse_points("4/3/2/1")
    (4.0, 3.0, 2.0, 1.0)
    """
    parts = [part for part in text.replace(",", "/").replace(" ", "/").split("/") if part]
    try:
        points = tuple(float(part) for part in parts)
    except ValueError:
        raise CompetitionError(f"'{text}' is not a list of points: write them like 6/4/3/2/1.") from None
    if any(p < 0 for p in points):
        raise CompetitionError("Points for a place cannot be below nothing.")
    if list(points) != sorted(points, reverse=True):
        raise CompetitionError("Points go down the places: the winner's first, like 6/4/3/2/1.")
    return points


def handicap_for(average: float | None) -> int:
    """The handicap for a running average: round(50 − average), half up, held to ±10; none → 0.

    >>> handicap_for(45), handicap_for(53), handicap_for(None), handicap_for(30), handicap_for(47.5)
    (5, -3, 0, 10, 3)
    """
    if average is None:
        return 0
    return max(-HANDICAP_LIMIT, min(HANDICAP_LIMIT, math.floor(PAR - average + 0.5)))


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


class Score(NamedTuple):
    evening: str
    value: float  # with the handicap
    handicap: int = 0
    counted: bool = False


@dataclass(frozen=True)
class Row:
    list: str  # "" for one list, else a drive's role
    place: str  # "1", "2=", or "" for those not qualified yet
    key: str
    name: str
    members: tuple[int, ...]
    scores: tuple[Score, ...]  # in the evenings' order
    total: float
    needs: int  # evenings more to qualify (0: qualified)
    percentage: bool = False  # the total is a mean of percentages (for showing)

    @property
    def qualified(self) -> bool:
        return self.needs == 0

    @property
    def played(self) -> int:
        return len(self.scores)

    @property
    def counted(self) -> int:
        return sum(1 for s in self.scores if s.counted)

    @property
    def best(self) -> float:
        return max((s.value for s in self.scores), default=0.0)

    @property
    def handicap(self) -> int | None:
        """The handicap of the latest evening (None without a handicap)."""
        return self.scores[-1].handicap if self.scores else None

    @property
    def total_text(self) -> str:
        return format_figure(self.total, percentage=self.percentage)

    @property
    def status(self) -> str:
        return "" if self.qualified else f"needs {self.needs} more"


def format_figure(value: float, *, percentage: bool = False) -> str:
    """Two places for a percentage, else as few as the figure needs (7, 3.5, +2.25 for tricks)."""
    if percentage:
        return f"{math.floor(value * 100 + 0.5) / 100:.2f}"
    rounded = math.floor(value * 100 + 0.5) / 100
    return f"{rounded:g}"


@dataclass(frozen=True)
class Standings:
    rules: Rules
    evenings: tuple[Evening, ...]  # those that count, in date order
    rows: tuple[Row, ...]  # each list's qualified rows in order, then those listed apart

    @property
    def lists(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(row.list for row in self.rows))

    def qualified(self, listed: str | None = None) -> tuple[Row, ...]:
        return tuple(r for r in self.rows if r.qualified and (listed is None or r.list == listed))

    def apart(self, listed: str | None = None) -> tuple[Row, ...]:
        return tuple(r for r in self.rows if not r.qualified and (listed is None or r.list == listed))

    def row_of(self, member: int) -> Row | None:
        return next((r for r in self.rows if member in r.members), None)


def _ordered(evenings) -> list[Evening]:
    return sorted(evenings, key=lambda e: (e.date, e.kind, e.id))


def _running_averages(evenings: list[Evening], rules: Rules) -> list[dict[str, float]]:
    """For each evening (in order), each competitor's mean percentage over the evenings before it."""
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    before = []
    everyone = replace(rules, members_only=False)  # a guest's history is theirs too
    for evening in evenings:
        before.append({key: total / n for key, (total, n) in sums.items()})
        for entrant in evening.entrants:
            if entrant.percentage is None:
                continue
            for key, *_ in _competitors(entrant, everyone):
                tally = sums[key]
                tally[0] += entrant.percentage
                tally[1] += 1
    return before


def _counted(values: list[float], rules: Rules) -> set[int]:
    """The indexes of the scores that count; among equal scores the earlier counts."""
    order = sorted(range(len(values)), key=lambda i: (-values[i], i))
    if rules.counting == "best":
        return set(order[: rules.count])
    if rules.counting == "drop":
        return set(order[: max(0, len(values) - rules.count)])
    return set(order)


def standings(evenings, rules: Rules) -> Standings:
    """The standings of the competition from the club's published evenings (any order; those
    before the window give the handicaps their history)."""
    check_rules(rules)
    every = _ordered(evenings)
    averages = _running_averages(every, rules) if rules.handicap != "none" else []
    season_start = next(
        (i for i, e in enumerate(every) if rules.start is None or e.date >= rules.start), len(every)
    )
    fixed = averages[season_start] if rules.handicap == "fixed" and season_start < len(every) else {}

    counting = [(i, _as_listed(e, rules)) for i, e in enumerate(every) if counts(e, rules)]
    scores: dict[tuple[str, str], list[tuple[str, float, int]]] = {}
    who: dict[tuple[str, str], tuple[str, tuple[int, ...]]] = {}
    handicapped = rules.handicap != "none"
    for index, evening in counting:
        history = fixed if rules.handicap == "fixed" else averages[index] if averages else {}
        sizes = Counter(entrant.field for entrant in evening.entrants)
        for entrant in evening.entrants:
            raw = _raw(entrant, evening, rules, sizes)
            if raw is None:
                continue
            for key, name, members, listed in _competitors(entrant, rules):
                handicap = handicap_for(history.get(key)) if handicapped else 0
                ident = (listed, key)
                own = scores.get(ident)
                if own is None:
                    own = scores[ident] = []
                    who[ident] = (name, members)
                own.append((evening.id, raw + handicap, handicap))

    percentage = rules.measure == "percentage"
    tallies = []
    for ident, own in scores.items():
        keep = _counted([value for _, value, _ in own], rules)
        marked = tuple(
            Score(evening, value, handicap, i in keep) for i, (evening, value, handicap) in enumerate(own)
        )
        values = [s.value for s in marked if s.counted]
        total = (sum(values) / len(values) if values else 0.0) if percentage else sum(values)
        tallies.append((ident, marked, total, max(0, rules.qualify - len(own))))
    rows = _placed(tallies, who, rules)
    return Standings(rules, tuple(e for _, e in counting), tuple(rows))


def places(scores: list[float]) -> list[tuple[int, int]]:
    """Each score's place, best first, and how many share it.

    >>> places([80, 95, 80, 70])
    [(2, 2), (1, 1), (2, 2), (4, 1)]
    """
    ranked = sorted(scores, reverse=True)
    shared = Counter(scores)
    place_of = {
        score: int(place.rstrip("=")) for score, place in zip(ranked, shared_places(ranked), strict=True)
    }
    return [(place_of[score], shared[score]) for score in scores]


def _as_listed(evening: Evening, rules: Rules) -> Evening:
    """A drive placed in one list for a competition of one list (its players come placed by role)."""
    if evening.kind != "drive" or rules.lists != "one" or rules.measure != "placing":
        return evening
    placed = places([e.drive_score or 0.0 for e in evening.entrants])
    return replace(
        evening,
        entrants=tuple(
            e._replace(field="ALL", place=place, shared=shared)
            for e, (place, shared) in zip(evening.entrants, placed, strict=True)
        ),
    )


def _placed(tallies: list, who: dict, rules: Rules) -> list[Row]:
    """The rows of each list in order with their places (ties shared, or broken by the rule), then
    those not qualified yet, fewest evenings short first."""
    percentage = rules.measure == "percentage"

    def key(tally) -> tuple:
        _, marked, total, _ = tally
        # Rounded so that totals equal on paper are equal here too.
        if rules.ties == "counted-then-best":
            best = max(s.value for s in marked)
            return (round(total, 9), sum(1 for s in marked if s.counted), round(best, 9))
        return (round(total, 9),)

    def row(tally, place: str) -> Row:
        (listed, ident), marked, total, needs = tally
        name, members = who[(listed, ident)]
        return Row(listed, place, ident, name, members, marked, total, needs, percentage)

    placed, apart = [], []
    for listed in sorted({ident[0] for ident, *_ in tallies}):
        keyed = sorted(
            ((key(t), who[t[0]][0], t) for t in tallies if t[0][0] == listed and not t[3]),
            key=lambda k: (tuple(-x for x in k[0]), k[1]),
        )
        for place, (_, _, tally) in zip(shared_places([k for k, _, _ in keyed]), keyed, strict=True):
            placed.append(row(tally, place))
        short = [t for t in tallies if t[0][0] == listed and t[3]]
        short.sort(key=lambda t: (t[3], -t[2], who[t[0]][0]))
        apart += [row(t, "") for t in short]
    return placed + apart
