"""Widow whist series: set up, start and play (``play``), read (``state``). The series is a drive
of format ``widow``: its players, table links, trail and publication are a drive's."""

from .money import widow_accounts
from .paper import widow_print
from .play import (
    widow_close,
    widow_create,
    widow_deal_agree,
    widow_deal_correct,
    widow_deal_enter,
    widow_deal_record,
    widow_deal_reject,
    widow_start,
    widow_table_check_in,
)
from .state import DealNow, WidowState

__all__ = [
    "DealNow",
    "WidowState",
    "widow_accounts",
    "widow_close",
    "widow_create",
    "widow_deal_agree",
    "widow_deal_correct",
    "widow_deal_enter",
    "widow_deal_record",
    "widow_deal_reject",
    "widow_print",
    "widow_start",
    "widow_table_check_in",
]
