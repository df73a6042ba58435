"""A competition's rules: which evenings it takes (kinds, window, tag, picked by hand, minimum
field), who competes, its measure and placings, how many scores count, the handicap and the tie
rule; and the checks that refuse rules that cannot work together, with why in a club's words.

>>> try:
...     check_rules(Rules(measure="drive"))
... except CompetitionError as error:
...     print(error)
A drive score counts drives only.
"""

from dataclasses import dataclass
from datetime import date

from ..errors import DomainError

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


class CompetitionError(DomainError):
    """A competition whose rules cannot be applied as asked."""


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
