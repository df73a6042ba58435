"""An inter-club whist league, as the Aberdeen Whist League plays it: the fixture list, a match's
result from its two score cards, and the league table.

``fixtures`` makes the fixture list (every club meets every other four times) and checks the days
between rounds; ``matches`` a match's movement, its two sides' score cards and its result, in
tricks or in games and rubbers; ``table`` the league table from the agreed matches.

Worked example: two clubs' first match, agreed on the cards, in the league table.

>>> [first, *_] = make_fixtures(["Dee", "Don"])
>>> home = {(t, d): 7 for t in TABLES for d in DEALS}
>>> result = match_result(home, {key: 13 - tricks for key, tricks in home.items()})
>>> result.state, result.home_points
('agreed', 3)
>>> played = Played(first.home, first.away, result.home_tricks, result.away_tricks)
>>> table = league_table(["Dee", "Don"], [played])
>>> [(row.place, row.club, row.points) for row in table]
[('1', 'Don', 3), ('2', 'Dee', 0)]
"""

from ..errors import LeagueError
from .fixtures import (
    HOLIDAYS,
    MAX_CLUBS,
    MAX_DAYS_BETWEEN,
    MEETINGS,
    MIN_CLUBS,
    MIN_DAYS_BETWEEN,
    SEARCH_STEPS,
    Fixture,
    check_days_between,
    holiday,
    holiday_warnings,
    make_fixtures,
)
from .matches import (
    AGREED,
    CARD_NAMES,
    DEALS,
    HELD,
    HONOURS,
    LOSS,
    STANZA,
    TABLES,
    TIE,
    TRICKS,
    WAITING,
    WIN,
    Card,
    Difference,
    Honours,
    MatchResult,
    Meeting,
    both_cards_in,
    check_card,
    match_movement,
    match_result,
    stanza_deals,
    stanza_result,
    void_claims,
)
from .table import (
    Played,
    Standing,
    league_table,
)

__all__ = [
    "LeagueError",
    "MAX_CLUBS",
    "MAX_DAYS_BETWEEN",
    "MEETINGS",
    "MIN_CLUBS",
    "MIN_DAYS_BETWEEN",
    "HOLIDAYS",
    "SEARCH_STEPS",
    "Fixture",
    "check_days_between",
    "holiday",
    "holiday_warnings",
    "make_fixtures",
    "AGREED",
    "CARD_NAMES",
    "DEALS",
    "HELD",
    "HONOURS",
    "LOSS",
    "STANZA",
    "TABLES",
    "TIE",
    "TRICKS",
    "WAITING",
    "WIN",
    "Card",
    "Difference",
    "Honours",
    "MatchResult",
    "Meeting",
    "both_cards_in",
    "check_card",
    "match_movement",
    "match_result",
    "stanza_deals",
    "stanza_result",
    "void_claims",
    "Played",
    "Standing",
    "league_table",
]
