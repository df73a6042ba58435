"""A competition's standings: each competitor's scores, which of them count, the handicap, the
total, and the order with its ties.

**Counting.** All scores; the best N; or all but the lowest k. A minimum of evenings played to
qualify: those short of it are listed apart, with how many more they need.

**Handicap** (percentage only): ``round(50 − running average)``, half up, held to ±10 points; no
history gives 0. So a 45 % player plays off +5 and a 53 % player off −3. The running average is
the mean of the competitor's percentages before: before the window opens (``fixed``, one figure
for the season) or before each evening (``moving``). It is added to each evening's percentage.

**Ties** on the total are shared (``2=``) or, by the stated rule, broken by more evenings counted,
then the best single score, and shared only when those are equal too.

The best 2 of three scores count; all but the lowest 1, the same two; the earlier of equal scores:

>>> sorted(_counted([52.0, 61.0, 40.0], Rules(counting="best", count=2)))
[0, 1]
>>> sorted(_counted([52.0, 61.0, 40.0], Rules(counting="drop", count=1)))
[0, 1]
>>> sorted(_counted([50.0, 50.0], Rules(counting="best", count=1)))
[0]
"""

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from typing import NamedTuple

from ..places import shared_places
from .evenings import Evening, _competitors, _raw, counts
from .rules import Rules, check_rules

HANDICAP_LIMIT = 10
PAR = 50.0  # the percentage a handicap brings everyone towards


def handicap_for(average: float | None) -> int:
    """The handicap for a running average: round(50 − average), half up, held to ±10; none → 0.

    >>> handicap_for(45), handicap_for(53), handicap_for(None), handicap_for(30), handicap_for(47.5)
    (5, -3, 0, 10, 3)
    """
    if average is None:
        return 0
    return max(-HANDICAP_LIMIT, min(HANDICAP_LIMIT, math.floor(PAR - average + 0.5)))


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
