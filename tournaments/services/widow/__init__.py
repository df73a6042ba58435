"""Widow whist series: set up, start and type from the score cards (``play``), the tablets' taps
(``tablet``; the players' check-in, which reaches the registry of kinds above, in ``check_in``),
read whole (``state``) or one table at a time (``table``). The series is a drive of format
``widow``: its players, table links, trail and publication are a drive's."""

from .money import widow_accounts
from .paper import widow_print
from .play import (
    widow_close,
    widow_create,
    widow_deal_correct,
    widow_deal_record,
    widow_series_draw,
    widow_series_draw_later,
    widow_start,
)
from .state import DealNow, WidowState
from .table import TableInPlay, table_in_play, tables_playing
from .tablet import (
    widow_deal_agree,
    widow_deal_enter,
    widow_deal_reject,
    widow_table_agree,
    widow_table_enter,
    widow_table_reject,
)

__all__ = [
    "DealNow",
    "TableInPlay",
    "WidowState",
    "table_in_play",
    "tables_playing",
    "widow_accounts",
    "widow_close",
    "widow_create",
    "widow_deal_agree",
    "widow_deal_correct",
    "widow_deal_enter",
    "widow_deal_record",
    "widow_deal_reject",
    "widow_print",
    "widow_series_draw",
    "widow_series_draw_later",
    "widow_start",
    "widow_table_agree",
    "widow_table_enter",
    "widow_table_reject",
]
