"""Two-player nights: German and humbug whist at tables of two.

``scoring`` scores a deal and a match; ``standings`` ranks the players by game points, games won,
the spread and their own match; ``knockout`` seeds the cut into a bracket with byes for the top
seeds, and names a night's rounds (a knock-out's counted from its first); ``schedules`` checks a
round robin's and a Swiss's pairings (the pairings themselves come from a pairing library, through
``services/duels/pairing.py``); ``swiss`` tells whether a Swiss's rounds still to play can be paired
and finds the cheapest round that leaves them so.
"""

from .knockout import bracket_size, first_round, next_round, qualifiers, round_name
from .schedules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Pairing,
    check_players,
    check_round_robin,
    check_swiss,
    check_swiss_rounds,
    round_robin_rounds,
    rounds_as_dict,
    rounds_as_text,
    swiss_round_limit,
)
from .scoring import (
    ALL_26,
    GAMES,
    GERMAN,
    GERMAN_SCORINGS,
    HIGH_LOW,
    HUMBUG,
    LAST_13,
    Deal,
    DuelError,
    MatchRules,
    MatchScore,
    Scoring,
    score_match,
)
from .standings import Played, Standing, rank_players
from .swiss import Entrant, can_complete, cheapest_round, seated, table_costs

__all__ = [
    "ALL_26",
    "Deal",
    "Entrant",
    "DuelError",
    "GAMES",
    "GERMAN",
    "GERMAN_SCORINGS",
    "HIGH_LOW",
    "HUMBUG",
    "LAST_13",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MatchRules",
    "MatchScore",
    "Pairing",
    "Played",
    "Scoring",
    "Standing",
    "bracket_size",
    "can_complete",
    "check_players",
    "check_round_robin",
    "check_swiss",
    "check_swiss_rounds",
    "cheapest_round",
    "first_round",
    "next_round",
    "qualifiers",
    "rank_players",
    "round_name",
    "round_robin_rounds",
    "rounds_as_dict",
    "rounds_as_text",
    "score_match",
    "seated",
    "swiss_round_limit",
    "table_costs",
]
