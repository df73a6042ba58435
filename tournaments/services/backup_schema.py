"""What an event export may hold, checked whole before anything is written.

The file is not trusted: every key is known, every value of its kind and within its bounds, deals
are real deals, no text holds a NUL byte, and nothing in it names a row of this database (ids,
users). ``document_problems`` lists what is wrong, in words, at most a few at a time.
"""

from datetime import datetime

from ..domain import boards as board_rules
from ..domain.deals import parse_deal
from ..domain.errors import DomainError

MAX_ROWS = 20_000  # results of the largest event are 40 tables x 40 rounds x 12 boards at most


def _text(limit: int):
    def check(value):
        if not isinstance(value, str):
            return "is not text"
        if "\x00" in value:
            return "holds a NUL byte"
        if len(value) > limit:
            return f"is longer than {limit} characters"
        return None

    return check


def _whole(low: int, high: int, *, empty: bool = False):
    def check(value):
        if value is None and empty:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            return f"is not a whole number from {low} to {high}"
        return None

    return check


def _username(value):
    return None if value is None or _text(150)(value) is None else "is not a user's name"


def _yes_no(value):
    return None if isinstance(value, bool) else "is not true or false"


def _one_of(*choices):
    def check(value):
        return None if value in choices else f"is not one of {', '.join(map(str, choices))}"

    return check


def _pair_key(value):
    if value is None:
        return None
    if (
        isinstance(value, list)
        and len(value) == 2
        and value[0] in ("NS", "EW", "ALL")
        and _whole(1, 80)(value[1]) is None
    ):
        return None
    return 'is not a pair such as ["NS", 3]'


def _member(value):
    if value is None:
        return None
    if isinstance(value, list) and len(value) == 3 and all(_text(254)(v) is None for v in value):
        return None
    return "is not a member [first name, last name, email]"


def _when(value, *, empty=False):
    if value is None and empty:
        return None
    if not isinstance(value, str) or "\x00" in value:
        return "is not a date and time"
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return "is not a date and time"
    return None


def _maybe_when(value):
    return _when(value, empty=True)


def _result_key(value):
    if value is None:
        return None
    if isinstance(value, list) and len(value) == 3 and all(_whole(1, 2000)(v) is None for v in value):
        return None
    return "is not a result [board, round, table]"


def _dd_table(value):
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != set(board_rules.STRAINS):
        return "is not a double-dummy table of the five strains"
    for row in value.values():
        if not isinstance(row, dict) or set(row) != set("NESW"):
            return "is not a double-dummy table with the four declarers"
        if any(_whole(0, 13)(tricks) for tricks in row.values()):
            return "has tricks outside 0 to 13"
    return None


EVENT = {
    "name": _text(100),
    "date": _text(10),
    "status": _one_of("draft", "ready", "running", "finished"),
    "tables": _whole(1, 40),
    "variant": _one_of("standard", "skip", "relay", "howell"),
    "card_set": _one_of("", "ebu", "acbl"),
    "phantom": _yes_no,
    "rounds": _whole(1, 40, empty=True),
    "arrow_switch_rounds": _text(200),
    "boards_per_round": _whole(1, 12),
    "trump_schedule": _text(board_rules.MAX_SCHEDULE),
    "scoring": _one_of("matchpoints", "total_tricks", "odd_tricks"),
    "scale": _one_of("ebu", "acbl"),
    "honours": _yes_no,
    "tie_break": _yes_no,
    "published": _yes_no,
    "deal_seed": _text(64),
}
PAIR = {
    "direction": _one_of("NS", "EW", "ALL"),
    "number": _whole(1, 80),
    "player1": _member,
    "player2": _member,
    "guest1": _text(120),
    "guest2": _text(120),
    "entry": _whole(0, 200, empty=True),
}
ENTRY = {
    "player1": _member,
    "player2": _member,
    "guest1": _text(120),
    "guest2": _text(120),
    "stationary": _yes_no,
}
BOARD = {
    "number": _whole(1, 1000),
    "dealer": _one_of(*"NESW"),
    "trumps": _one_of("", *board_rules.STRAINS),
    "deal": _text(80),
    "dd_table": _dd_table,
    "dd_ns_tricks": _whole(0, 13, empty=True),
}
SEATING = {
    "round": _whole(1, 40),
    "table": _whole(1, 40),
    "board_set": _whole(1, 40),
    "first_board": _whole(1, 1000),
    "last_board": _whole(1, 1000),
    "arrow_switched": _yes_no,
    "shares_with": _whole(1, 40, empty=True),
    "ns_pair": _pair_key,
    "ew_pair": _pair_key,
}
RELAY = {
    "round": _whole(1, 40),
    "board_set": _whole(1, 40),
    "first_board": _whole(1, 1000),
    "last_board": _whole(1, 1000),
}
RESULT = {
    "board": _whole(1, 1000),
    "round": _whole(1, 40),
    "table": _whole(1, 40),
    "ns_pair": _pair_key,
    "ew_pair": _pair_key,
    "ns_tricks": _whole(0, 13, empty=True),
    "ns_adjusted": _one_of("", "A+", "A", "A-"),
    "ew_adjusted": _one_of("", "A+", "A", "A-"),
    "entered_by": _username,
    "entered_at": _when,
    "confirmed_at": _maybe_when,
}
HISTORY = {
    "board_number": _whole(1, 1000),
    "ns_pair_number": _whole(1, 80),
    "ew_pair_number": _whole(1, 80),
    "action": _one_of("created", "confirmed", "rejected", "corrected", "deleted"),
    "before": _text(40),
    "after": _text(40),
    "reason": _text(200),
    "source": _text(40),
    "changed_by": _username,
    "changed_at": _when,
    "result": _result_key,
}
TRAIL = {
    "action": _one_of(
        "created",
        "status",
        "started",
        "closed",
        "published",
        "unpublished",
        "movement",
        "dealt",
        "imported",
        "pairs",
        "restored",
        "corrected",
        "unlocked",
        "changed",
    ),
    "detail": _text(500),
    "changed_by": _username,
    "changed_at": _when,
}
TABLE = {"table": _whole(1, 40), "token": _text(64), "code": _text(12)}
SECTIONS = {
    "pairs": (PAIR, True),
    "entries": (ENTRY, False),
    "boards": (BOARD, True),
    "seatings": (SEATING, True),
    "relay": (RELAY, True),
    "results": (RESULT, True),
    "history": (HISTORY, True),
    "trail": (TRAIL, False),
    "tables": (TABLE, False),
}
OPTIONAL_KEYS = {"entry", "result", "card_set"}  # added to version 1 later; older files lack them


def _record_problems(where: str, record, fields: dict) -> list[str]:
    if not isinstance(record, dict):
        return [f"{where} is not a record."]
    problems = [f"{where} has an unknown field '{key}'." for key in record if key not in fields]
    for key, check in fields.items():
        if key not in record:
            if key not in OPTIONAL_KEYS:
                problems.append(f"{where} lacks its '{key}'.")
            continue
        problem = check(record[key])
        if problem:
            problems.append(f"{where}: '{key}' {problem}.")
    return problems


def document_problems(data) -> list[str]:
    """Everything wrong with an export, before a single row is written (empty when it is sound)."""
    if not isinstance(data, dict):
        return ["The file is not a whistdrive event export."]
    known = {"format", "version", "club", "event", *SECTIONS}
    problems = [f"The file has an unknown section '{key}'." for key in data if key not in known]
    club = data.get("club")
    if not isinstance(club, dict) or set(club) != {"name", "paper_size"}:
        problems.append("The club is missing or not a record of its name and paper size.")
    else:
        problems += _record_problems(
            "The club", club, {"name": _text(100), "paper_size": _one_of("A4", "LETTER")}
        )
    problems += _record_problems("The event", data.get("event"), EVENT)
    for section, (fields, required) in SECTIONS.items():
        rows = data.get(section)
        if rows is None and not required:
            continue
        if not isinstance(rows, list) or len(rows) > MAX_ROWS:
            problems.append(f"'{section}' is not a list of at most {MAX_ROWS} records.")
            continue
        for index, record in enumerate(rows, start=1):
            problems += _record_problems(f"{section.capitalize()} {index}", record, fields)
            if len(problems) > 20:
                return problems
    if not problems:
        problems += _deal_problems(data["boards"])
    return problems


def _deal_problems(boards: list) -> list[str]:
    problems = []
    for board in boards:
        number = board["number"]
        if board["dealer"] != board_rules.dealer(number):
            problems.append(
                f"Board {number}: dealer {board['dealer']} is not the dealer of board {number} (Law 2)."
            )
        if board["deal"]:
            try:
                parse_deal(board["deal"])
            except DomainError as error:
                problems.append(f"Board {number}: the deal is not a deal ({error}).")
        elif board["dd_table"] is not None or board["dd_ns_tricks"] is not None:
            problems.append(f"Board {number}: double-dummy tricks without a deal.")
    return problems
