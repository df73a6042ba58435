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
organiser site; the drives' are in ``services.drives``. Each name is imported when first used
(``NAMES``), so that printing a pack or sending the outbox loads only what it needs.

A service that writes runs in one transaction, checks the domain's rules and the lifecycle first,
and writes its line in the audit trail. The pages, the commands and the organiser site (``admin``:
its forms read and check, the services save) write only through services.

Names read <entity>_<verb>; arguments are keyword-only. Errors a person can fix are raised as
``ServiceError`` (or a domain error) with a message in plain words.
"""

from importlib import import_module

# Each name, by the module that defines it. A name is loaded when first asked for, with its module
# and what that needs: a command or a page that uses one feature does not load every service.
NAMES = {
    ".core.audit": ("corrected_after_publication", "event_log", "heartbeat_write"),
    ".core.clubs": (
        "club_get_or_create",
        "club_phones_set",
        "club_save",
        "member_create",
        "member_delete",
        "member_save",
    ),
    ".core.codes": ("Tablet", "code_lockouts", "code_lockouts_lift"),
    ".core.errors": ("ServiceError",),
    ".events.analysing": (
        "AnalysisNotInstalled",
        "AnalysisProgress",
        "analysis_unavailable",
        "event_analyse_boards",
        "event_analyse_boards_later",
        "event_analysis_progress",
    ),
    ".events.boards": ("PbnImportError", "event_deal_boards", "event_export_pbn", "event_import_pbn"),
    ".events.director": ("board_meetings", "board_seatings", "event_results_grid", "result_set_by_director"),
    ".events.double_dummy": ("EventDoubleDummy", "event_double_dummy"),
    ".events.entries": (
        "entry_add",
        "entry_guest_warnings",
        "entry_remove",
        "event_accept_proposal",
        "event_proposals",
        "pairs_rename",
        "pairs_seat_entries",
    ),
    ".events.evening": (
        "event_build_movement",
        "event_close",
        "event_create",
        "event_delete",
        "event_movement",
        "event_progress",
        "event_publish",
        "event_round_in_play",
        "event_set_status",
        "event_start",
        "event_update",
    ),
    ".events.imports": ("ResultsImportError", "results_columns", "results_import_csv"),
    ".events.individuals": (
        "individual_report",
        "individual_schedule_grid",
        "individuals_enter",
        "individuals_rename",
    ),
    ".events.lifecycle": ("event_allows", "may_change_movement", "may_play"),
    ".events.movements": (
        "event_movement_grid",
        "individual_schedule",
        "pair_itineraries",
        "seated_movement",
    ),
    ".events.partnerships": ("pair_namer", "partnership_names"),
    ".events.results": ("result_correct", "result_record", "result_record_for_seating"),
    ".events.scoring": ("EventReport", "event_expected_results", "event_report"),
    ".printing": ("event_print_pack", "print_pack_only"),
    ".tablets.access": ("TableError", "event_open_tables", "table_access_check", "table_code_lookup"),
    ".tablets.checkins": (
        "cards_to_reprint",
        "check_in_direct",
        "check_in_seat_pair",
        "drive_check_ins",
        "event_check_ins",
    ),
    ".tablets.entry": ("table_result_confirm", "table_result_enter", "table_result_reject"),
    ".tablets.event_check_in": ("table_check_in",),
    ".tablets.rounds": ("table_state",),
}
_MODULE_OF = {name: module for module, names in NAMES.items() for name in names}
__all__ = sorted(_MODULE_OF)


def __getattr__(name: str):
    """A gathered name, or a subpackage (``services.drives``), imported the first time it is asked
    for and kept (Python calls a module's ``__getattr__`` only for a name it does not have yet)."""
    module = _MODULE_OF.get(name)
    if module is not None:
        value = getattr(import_module(module, __name__), name)
    elif not name.startswith("_"):
        try:
            value = import_module(f".{name}", __name__)
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
