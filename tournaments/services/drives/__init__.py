"""Setting up a whist drive (``setup``), entering its players (``entries``), running it (``play``,
each hand's count in ``results``, at a table's tablet in ``tablet``) as its lifecycle allows
(``lifecycle``), reading its state (``state``), its paper (``paper``, a team night's in
``team_paper``), its report as data (``report``), its money (``money``). A table's check-in
(``check_in``) is imported from its module: it reaches the registry of kinds, above this
package. Its backup is in ``services/backups/drive.py``: backups depend on what they save, never
the other way."""

from .entries import drive_guest_warnings, drive_player_add, drive_player_remove, role_suggestion
from .lifecycle import drive_allows
from .money import (
    drive_accounts,
    drive_fee_record,
    drive_money_set,
    fee_of,
    fund_text,
    money_of,
    money_report,
    prize_lines,
    prize_money,
)
from .paper import drive_documents, drive_itinerary_cards, drive_print
from .play import (
    drive_close,
    drive_move_call,
    drive_open_tables,
    drive_plan,
    drive_publish,
    drive_start,
    prize_cut_record,
)
from .report import drive_report
from .results import (
    drive_result_confirm,
    drive_result_correct,
    drive_result_record,
    drive_result_reject,
    drive_totals_set,
)
from .setup import drive_create, drive_delete, drive_update
from .state import DriveState, DriveStateError, TableNow, tables_text
from .tablet import (
    drive_hand_sets,
    drive_table_confirm,
    drive_table_enter,
    drive_table_reject,
)
from .teams import drive_team_add, drive_team_remove, team_night_create

__all__ = [
    "drive_accounts",
    "drive_fee_record",
    "drive_money_set",
    "fee_of",
    "fund_text",
    "money_of",
    "money_report",
    "prize_lines",
    "prize_money",
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
