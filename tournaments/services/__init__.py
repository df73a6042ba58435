"""Every write, and every conversion between the database and the domain, by feature:

- ``core``: what every kind of evening shares: clubs and members, the audit trail, table codes,
  row locks, lifecycle verdicts and ``ServiceError``;
- ``events``: duplicate events, pairs and individual (set up, entries, movement, boards, results,
  scoring, the organiser's corrections, what may happen to an event now);
- ``drives``: whist drives and team nights, the same for them;
- ``tablets``: an event's tablets and every evening's check-in at the tables;
- ``season``: competitions, a page for every player, results by e-mail, the static export;
- ``leagues``: inter-club leagues; ``printing``: an event's print pack and printed results;
- ``backups``: an event, a drive and a club as JSON and back, and hall mode's backup at a close
  (after commit, through ``signals.evening_closed``): backups depend on what they save;
- ``county``: the hall's closed evenings sent to the county server (queued at the close, through
  the same signal) and the county's keys and door for them.

This package gathers the events' services under one name, for the pages, the commands and the
organiser site; the drives' are in ``services.drives``.

A service that writes runs in one transaction, checks the domain's rules and the lifecycle first,
and writes its line in the audit trail. The pages, the commands and the organiser site (``admin``:
its forms read and check, the services save) write only through services.

Names read <entity>_<verb>; arguments are keyword-only. Errors a person can fix are raised as
``ServiceError`` (or a domain error) with a message in plain words.
"""

from .core.audit import corrected_after_publication, event_log, heartbeat_write
from .core.clubs import (
    club_get_or_create,
    club_phones_set,
    club_save,
    member_create,
    member_delete,
    member_save,
)
from .core.codes import Tablet, code_lockouts, code_lockouts_lift
from .core.errors import ServiceError
from .events.analysing import (
    AnalysisNotInstalled,
    AnalysisProgress,
    analysis_unavailable,
    event_analyse_boards,
    event_analyse_boards_later,
    event_analysis_progress,
)
from .events.boards import PbnImportError, event_deal_boards, event_export_pbn, event_import_pbn
from .events.director import board_meetings, board_seatings, event_results_grid, result_set_by_director
from .events.double_dummy import EventDoubleDummy, event_double_dummy
from .events.entries import (
    entry_add,
    entry_guest_warnings,
    entry_remove,
    event_accept_proposal,
    event_proposals,
    pairs_rename,
    pairs_seat_entries,
)
from .events.evening import (
    event_build_movement,
    event_close,
    event_create,
    event_delete,
    event_movement,
    event_progress,
    event_publish,
    event_round_in_play,
    event_set_status,
    event_start,
    event_update,
)
from .events.imports import ResultsImportError, results_columns, results_import_csv
from .events.individuals import (
    individual_report,
    individual_schedule_grid,
    individuals_enter,
    individuals_rename,
)
from .events.lifecycle import event_allows, may_change_movement, may_play
from .events.movements import event_movement_grid, individual_schedule, pair_itineraries, seated_movement
from .events.partnerships import pair_namer, partnership_names
from .events.results import result_correct, result_record, result_record_for_seating
from .events.scoring import EventReport, event_expected_results, event_report
from .printing import event_print_pack, print_pack_only
from .tablets.access import TableError, event_open_tables, table_access_check, table_code_lookup
from .tablets.checkins import (
    cards_to_reprint,
    check_in_direct,
    check_in_seat_pair,
    drive_check_ins,
    event_check_ins,
)
from .tablets.entry import table_result_confirm, table_result_enter, table_result_reject
from .tablets.event_check_in import table_check_in
from .tablets.rounds import table_state

__all__ = [
    "AnalysisProgress",
    "AnalysisNotInstalled",
    "analysis_unavailable",
    "event_analyse_boards",
    "event_analyse_boards_later",
    "event_analysis_progress",
    "event_double_dummy",
    "EventDoubleDummy",
    "entry_add",
    "individual_report",
    "individual_schedule",
    "individual_schedule_grid",
    "individuals_enter",
    "individuals_rename",
    "pair_namer",
    "partnership_names",
    "entry_guest_warnings",
    "entry_remove",
    "event_accept_proposal",
    "event_proposals",
    "event_start",
    "pairs_seat_entries",
    "pairs_rename",
    "event_log",
    "corrected_after_publication",
    "club_save",
    "club_phones_set",
    "event_delete",
    "event_update",
    "member_delete",
    "member_save",
    "heartbeat_write",
    "event_print_pack",
    "print_pack_only",
    "seated_movement",
    "event_movement_grid",
    "pair_itineraries",
    "results_columns",
    "event_allows",
    "Tablet",
    "code_lockouts",
    "code_lockouts_lift",
    "may_change_movement",
    "may_play",
    "TableError",
    "event_close",
    "event_open_tables",
    "event_progress",
    "result_set_by_director",
    "board_meetings",
    "board_seatings",
    "event_results_grid",
    "table_access_check",
    "table_check_in",
    "check_in_direct",
    "check_in_seat_pair",
    "cards_to_reprint",
    "drive_check_ins",
    "event_check_ins",
    "table_code_lookup",
    "table_result_confirm",
    "table_result_enter",
    "table_result_reject",
    "table_state",
    "EventReport",
    "PbnImportError",
    "event_deal_boards",
    "event_export_pbn",
    "event_import_pbn",
    "ResultsImportError",
    "ServiceError",
    "event_expected_results",
    "event_report",
    "result_record_for_seating",
    "results_import_csv",
    "club_get_or_create",
    "event_build_movement",
    "event_create",
    "event_movement",
    "event_publish",
    "event_round_in_play",
    "event_set_status",
    "member_create",
    "result_correct",
    "result_record",
]
