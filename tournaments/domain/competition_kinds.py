"""The named kinds of competition a club starts from: "Best 6 of 10 evenings", a ladder, a handicap
league, a drive season with the ladies and the gents apart, a pairs championship, or rules of the
club's own. Each kind is the handful of a competition's settings it fixes (by the settings' names,
as the organiser's form and the services take them), every other setting left at its usual value;
it names the settings the organiser most often changes for it, shown beside the name and the
dates, the rest kept under "More settings".

>>> best = competition_kind("best")
>>> best.name, best.values["count"], best.asks
('Best 6 of 10 evenings', 6, ('count', 'qualify', 'tag'))
>>> try:
...     competition_kind("league of nations")
... except CompetitionError as error:
...     print(error)
There is no competition of the kind 'league of nations'.
"""

from dataclasses import dataclass

from .competitions import CompetitionError


@dataclass(frozen=True)
class CompetitionKind:
    key: str
    name: str
    summary: str  # what it is, in a club's words
    settings: tuple[tuple[str, object], ...]  # the settings it fixes, the others left as usual
    asks: tuple[str, ...] = ()  # the settings shown beside the name and the dates

    @property
    def values(self) -> dict[str, object]:
        return dict(self.settings)


COMPETITION_KINDS = (
    CompetitionKind(
        "best",
        "Best 6 of 10 evenings",
        "Each player's average percentage over their best 6 duplicate evenings of the season. "
        "Those who have played fewer than 6 are listed apart until they have.",
        (
            ("kinds", "event"),
            ("measure", "percentage"),
            ("counting", "best"),
            ("count", 6),
            ("qualify", 6),
            ("ties", "counted-then-best"),
        ),
        asks=("count", "qualify", "tag"),
    ),
    CompetitionKind(
        "ladder",
        "Ladder",
        "Points for each evening's place, added up over the season: in a field of 10 the winner "
        "scores 10 and the last 1 (reverse placings). Duplicate evenings and drives both count.",
        (("kinds", "both"), ("measure", "placing"), ("placing", "reverse")),
        asks=("kinds", "tag"),
    ),
    CompetitionKind(
        "handicap",
        "Handicap league",
        "Average percentage with a handicap: before each evening a player is given the difference "
        "between 50 % and their average so far (10 at most either way), so everyone has a chance.",
        (("kinds", "event"), ("measure", "percentage"), ("handicap", "moving")),
        asks=("handicap", "qualify"),
    ),
    CompetitionKind(
        "drive",
        "Drive season, ladies and gents",
        "Each player's drive scores added up over the season's drives, the ladies and the gents in "
        "lists of their own.",
        (("kinds", "drive"), ("measure", "drive"), ("lists", "roles")),
        asks=("counting", "count"),
    ),
    CompetitionKind(
        "championship",
        "Pairs championship",
        "Fixed partnerships score points for their place each evening, 4, 3, 2 and 1 for the first "
        "four (in each direction of a Mitchell); a tie goes to the pair with more evenings counted.",
        (
            ("kinds", "event"),
            ("who", "pairs"),
            ("measure", "placing"),
            ("points", "4/3/2/1"),
            ("ties", "counted-then-best"),
        ),
        asks=("points", "tag"),
    ),
    CompetitionKind(
        "own",
        "Rules of your own",
        "Start from an average percentage of every duplicate evening and set each rule yourself.",
        (),
        asks=("kinds", "measure", "counting", "count"),
    ),
)


def competition_kind(key: str) -> CompetitionKind:
    """The named kind of competition ``key`` stands for."""
    for kind in COMPETITION_KINDS:
        if kind.key == key:
            return kind
    raise CompetitionError(f"There is no competition of the kind '{key}'.")
