"""Views, one module a concern; the URLconf imports them from here."""

from .drive_tables import drive_table_confirm, drive_table_enter, drive_table_page, drive_table_reject
from .evening import entry_add, entry_remove, event_accept, event_new, event_run
from .events import (
    board_hand_record,
    event_build_movement,
    event_deal_boards,
    event_detail,
    event_export_pbn,
    event_import_pbn,
    event_movement,
    event_print,
    healthz,
    healthz_write,
    home,
)
from .live import codes_unlock, director_board, event_close, event_live, event_room, event_start
from .results import (
    event_import_results,
    event_publish,
    event_results,
    event_results_board,
    event_results_csv,
    event_results_pair,
)
from .tables import table_confirm, table_enter, table_page, table_reject, table_start

__all__ = [
    "drive_table_confirm",
    "drive_table_enter",
    "drive_table_page",
    "drive_table_reject",
    "entry_add",
    "entry_remove",
    "event_accept",
    "event_new",
    "event_run",
    "director_board",
    "event_close",
    "codes_unlock",
    "event_live",
    "event_room",
    "event_start",
    "table_confirm",
    "table_enter",
    "table_page",
    "table_reject",
    "table_start",
    "board_hand_record",
    "event_build_movement",
    "event_deal_boards",
    "event_detail",
    "event_export_pbn",
    "event_import_pbn",
    "event_import_results",
    "event_movement",
    "event_print",
    "event_publish",
    "event_results",
    "event_results_board",
    "event_results_csv",
    "event_results_pair",
    "healthz",
    "healthz_write",
    "home",
]
