"""Progressive whist drives: every table plays its own cards and players move by who won.

``movement`` seats each hand from the last one's results; ``scores`` adds up the players' score
cards and gives the prizes.
"""

from .movement import (
    EW,
    GENT,
    LADY,
    NS,
    TRICKS,
    Circles,
    Departure,
    Format,
    TableSeating,
    check_start,
    departures,
    movers,
    next_seatings,
    play_drive,
    sources,
    start_seating,
    winners,
)
from .scores import (
    AVERAGE,
    PRESETS,
    PRIZE_LABELS,
    Award,
    HandLine,
    PlayerScore,
    Prize,
    award_prizes,
    halves_of,
    parse_prizes,
    score_players,
)

__all__ = [
    "AVERAGE",
    "EW",
    "GENT",
    "LADY",
    "NS",
    "PRESETS",
    "PRIZE_LABELS",
    "TRICKS",
    "Award",
    "Circles",
    "Departure",
    "Format",
    "HandLine",
    "PlayerScore",
    "Prize",
    "TableSeating",
    "award_prizes",
    "check_start",
    "departures",
    "halves_of",
    "movers",
    "next_seatings",
    "parse_prizes",
    "play_drive",
    "score_players",
    "sources",
    "start_seating",
    "winners",
]
