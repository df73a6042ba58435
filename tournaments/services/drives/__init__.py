"""Setting up a whist drive (``setup``), running it (``play``) as its lifecycle allows
(``lifecycle``), reading its state (``state``), its paper and report (``paper``). Its backup is
in ``services/backups/drive.py``: backups depend on what they save, never the other way."""

from .lifecycle import drive_allows
from .paper import drive_documents, drive_itinerary_cards, drive_print, drive_report
from .play import (
    drive_close,
    drive_guest_warnings,
    drive_hand_sets,
    drive_move_call,
    drive_open_tables,
    drive_plan,
    drive_player_add,
    drive_player_remove,
    drive_publish,
    drive_result_confirm,
    drive_result_correct,
    drive_result_record,
    drive_result_reject,
    drive_start,
    drive_table_check_in,
    drive_table_confirm,
    drive_table_enter,
    drive_table_reject,
    drive_totals_set,
    prize_cut_record,
    role_suggestion,
)
from .setup import drive_create, drive_delete, drive_update
from .state import DriveState, DriveStateError, TableNow, tables_text
from .teams import drive_team_add, drive_team_remove, team_night_create

__all__ = [
    "DriveState",
    "DriveStateError",
    "TableNow",
    "drive_allows",
    "drive_close",
    "drive_create",
    "drive_guest_warnings",
    "drive_delete",
    "drive_update",
    "drive_move_call",
    "drive_open_tables",
    "drive_plan",
    "drive_player_add",
    "drive_player_remove",
    "drive_documents",
    "drive_itinerary_cards",
    "drive_print",
    "drive_publish",
    "drive_report",
    "drive_result_confirm",
    "drive_result_correct",
    "drive_result_record",
    "drive_result_reject",
    "drive_start",
    "drive_table_check_in",
    "drive_table_confirm",
    "drive_table_enter",
    "drive_hand_sets",
    "drive_table_reject",
    "drive_team_add",
    "drive_team_remove",
    "drive_totals_set",
    "prize_cut_record",
    "role_suggestion",
    "tables_text",
    "team_night_create",
]
