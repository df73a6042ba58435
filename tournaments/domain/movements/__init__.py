"""Movements: who plays whom, where, with which boards: the Mitchell, the Howell (and the ¾ Howell) for
small fields, and the whist tournaments of individual events."""

from ..limits import MAX_BOARDS_PER_ROUND, MAX_TABLES
from .build import HOWELL, ONE_FIELD, build_movement, in_lines, movement_kind, one_field
from .howell import CARD_SETS, build_howell, howell_card_sets, howell_tables_text, unmet_pairs
from .mitchell import (
    MIN_TABLES,
    VARIANTS,
    build_mitchell,
    complete_rounds,
    default_variant,
    parse_round_list,
)
from .stands import Stand
from .three_quarter import THREE_QUARTER_HOWELL, build_three_quarter_howell, three_quarter_card_sets
from .types import Movement, RelayRound, TableRound, boards_of_set
from .whist import (
    ItineraryLine,
    WhistSchedule,
    WhistTable,
    check_whist,
    whist_schedule,
)

__all__ = [
    "HOWELL",
    "ONE_FIELD",
    "build_movement",
    "movement_kind",
    "one_field",
    "in_lines",
    "CARD_SETS",
    "build_howell",
    "howell_card_sets",
    "howell_tables_text",
    "unmet_pairs",
    "MAX_BOARDS_PER_ROUND",
    "MAX_TABLES",
    "MIN_TABLES",
    "VARIANTS",
    "Movement",
    "RelayRound",
    "Stand",
    "THREE_QUARTER_HOWELL",
    "build_three_quarter_howell",
    "three_quarter_card_sets",
    "TableRound",
    "boards_of_set",
    "build_mitchell",
    "complete_rounds",
    "default_variant",
    "parse_round_list",
    "ItineraryLine",
    "WhistSchedule",
    "WhistTable",
    "check_whist",
    "whist_schedule",
]
