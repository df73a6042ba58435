"""Movements: who plays whom, where, with which boards. Mitchell today; the kind is open to others."""

from .mitchell import (
    MAX_BOARDS_PER_ROUND,
    MAX_TABLES,
    MIN_TABLES,
    VARIANTS,
    build_mitchell,
    complete_rounds,
    default_variant,
    parse_round_list,
)
from .types import Movement, RelayRound, TableRound, boards_of_set

__all__ = [
    "MAX_BOARDS_PER_ROUND",
    "MAX_TABLES",
    "MIN_TABLES",
    "VARIANTS",
    "Movement",
    "RelayRound",
    "TableRound",
    "boards_of_set",
    "build_mitchell",
    "complete_rounds",
    "default_variant",
    "parse_round_list",
]
