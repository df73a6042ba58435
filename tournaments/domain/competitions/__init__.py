"""A club's competitions over a season: which evenings count, who competes, what each evening
scores, how many scores count, the handicap, and the order of the standings.

``rules`` holds a competition's settings and the checks that refuse those that cannot work;
``evenings`` which evenings count, who competes and what each scored; ``standings`` the counted
scores, the handicap, the totals and the places. The caller passes published evenings only.

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

from .evenings import (
    Entrant,
    Evening,
    Player,
    counts,
    evening_tables,
    tag_matches,
    takes,
)
from .rules import (
    COUNTINGS,
    FIELD_UNITS,
    HANDICAPS,
    KIND_WORDS,
    KINDS,
    LISTS,
    MEASURES,
    PLACINGS,
    TIES,
    WHO,
    CompetitionError,
    Rules,
    check_picks,
    check_rules,
    parse_points,
)
from .standings import (
    HANDICAP_LIMIT,
    PAR,
    Row,
    Score,
    Standings,
    format_figure,
    handicap_for,
    places,
    standings,
)

__all__ = [
    "COUNTINGS",
    "FIELD_UNITS",
    "HANDICAPS",
    "KIND_WORDS",
    "KINDS",
    "LISTS",
    "MEASURES",
    "PLACINGS",
    "TIES",
    "WHO",
    "CompetitionError",
    "Rules",
    "check_picks",
    "check_rules",
    "parse_points",
    "Entrant",
    "Evening",
    "Player",
    "counts",
    "evening_tables",
    "tag_matches",
    "takes",
    "HANDICAP_LIMIT",
    "PAR",
    "Row",
    "Score",
    "Standings",
    "format_figure",
    "handicap_for",
    "places",
    "standings",
]
