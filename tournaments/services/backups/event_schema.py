"""What an export may hold, declared as JSON Schemas and checked whole before anything is written.

The file is not trusted: every key is known, every value of its kind and within the limits the
product plays to (``domain/limits``), no text holds a NUL byte, a table's link and code are ones a
tablet can use, and nothing in it names a row of this database (ids). What a schema cannot say, that
one record agrees with another (a seating's pairs are among the pairs, a drive's hand among its
hands), is checked after it by each kind of export, in a few lines.

``schema_problems`` tells each problem in words, with where it is in the file::

    results[3].ns_tricks: is 14, not a whole number from 0 to 13.
"""

from collections.abc import Callable
from datetime import date, datetime
from functools import cached_property

from ...domain import boards as board_rules
from ...domain import limits
from ...domain.deals import parse_deal
from ...domain.errors import DomainError
from ...domain.minnesota import RULES
from ...models import AuditLine, Scoring
from ..core.codes import CODE_ALPHABET, CODE_LENGTH

NO_NUL = "^[^\\x00]*$"
SHOWN = 20  # problems listed at most: a damaged file often repeats one fault on every line


def text(limit: int) -> dict:
    return {"type": "string", "maxLength": limit, "pattern": NO_NUL}


def whole(low: int, high: int, *, empty: bool = False) -> dict:
    return {"type": ["integer", "null"] if empty else "integer", "minimum": low, "maximum": high}


# A row's id in the database that wrote the file: a whole club's restore keeps it, so each evening,
# player page, competition and league keeps its address (links e-mailed, bookmarked, exported).
ADDRESS = {"type": "integer", "minimum": 1, "maximum": 2**63 - 1, "description": "is not an id"}


def one_of(*choices) -> dict:
    return {"enum": list(choices)}


def record(fields: dict, *, optional: tuple[str, ...] = ()) -> dict:
    """An object with exactly these fields (those in ``optional`` may be missing: older files lack them)."""
    return {
        "type": "object",
        "properties": fields,
        "required": [name for name in fields if name not in optional],
        "additionalProperties": False,
    }


def rows(item: dict, most: int | None = None) -> dict:
    return {"type": "array", "items": item} | ({} if most is None else {"maxItems": most})


def fixed_list(*items: dict, description: str, empty: bool = False) -> dict:
    """A list of so many values, each of its own kind, such as a pair ["NS", 3]."""
    return {
        "type": ["array", "null"] if empty else "array",
        "prefixItems": list(items),
        "items": False,
        "minItems": len(items),
        "description": description,
    }


YES_NO = {"type": "boolean"}
SCORINGS = tuple(Scoring.values)  # an event's and a club's scoring, Minnesota whist's included
WHEN = {"type": "string", "format": "date-time"}
DAY = {"type": "string", "format": "date"}
USERNAME = {"type": ["string", "null"], "maxLength": 150, "pattern": NO_NUL}
CLUB_NAME = text(100) | {"minLength": 1}
TOKEN = {
    "type": "string",
    "pattern": "^[A-Za-z0-9_-]{16,64}$",
    "description": "is not a table's link (16 to 64 letters, digits, - and _)",
}
CODE = {
    "type": "string",
    "pattern": f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$",
    "description": f"is not a table code ({CODE_LENGTH} of the letters {CODE_ALPHABET})",
}
TABLE_LINK = record({"table": whole(1, limits.MAX_TABLES), "token": TOKEN, "code": CODE})
MEMBER = fixed_list(
    text(254), text(254), text(254), description="is not a member [first name, last name, email]", empty=True
)


def document(sections: dict, *, optional: tuple[str, ...] = ()) -> dict:
    return {"$schema": "https://json-schema.org/draft/2020-12/schema"} | record(sections, optional=optional)


def _is_date(value) -> bool:
    return not isinstance(value, str) or date.fromisoformat(value) is not None


def _is_date_time(value) -> bool:
    return not isinstance(value, str) or datetime.fromisoformat(value) is not None


class Checker:
    """A schema's two checks, each made when first asked for and reused (making them costs a tenth
    of a second that start-up need not pay for a backup not yet read): a compiled one that says
    only whether a file is sound, quick enough for the largest; and jsonschema's, which says what
    is wrong, in words, and where."""

    def __init__(self, schema: dict):
        self.schema = schema

    @cached_property
    def words(self):
        from jsonschema import Draft202012Validator, FormatChecker, validators

        # JSON's whole numbers only: a schema's "integer" would take 3.0 too.
        kind = validators.extend(
            Draft202012Validator,
            type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
                "integer", lambda checker, value: isinstance(value, int) and not isinstance(value, bool)
            ),
        )
        formats = FormatChecker(formats=())
        formats.checks("date", raises=ValueError)(_is_date)
        formats.checks("date-time", raises=ValueError)(_is_date_time)
        kind.check_schema(self.schema)
        return kind(self.schema, format_checker=formats)

    @cached_property
    def compiled(self) -> Callable:
        import fastjsonschema

        formats = {"date": _holds(_is_date), "date-time": _holds(_is_date_time)}
        return fastjsonschema.compile(_draft_7(self.schema), formats=formats, use_default=False)

    def sound(self, data) -> bool:
        """Whether the data is sound by the schema, by the compiled check. That check takes 3.0 for a
        whole number, so a file holding any number with a decimal point is not called sound here
        (no field of these schemas is a fraction): jsonschema then says what is wrong."""
        from fastjsonschema import JsonSchemaException

        try:
            self.compiled(data)
        except JsonSchemaException:
            return False
        return not _holds_a_fraction(data)


def validator(schema: dict) -> Checker:
    """The checks of a schema, made when first used."""
    return Checker(schema)


def _holds(check: Callable) -> Callable:
    """A format's check as a yes or no."""

    def holds(value) -> bool:
        try:
            return check(value)
        except ValueError:
            return False

    return holds


def _holds_a_fraction(data) -> bool:
    """Whether any number in the data has a decimal point (3.0 included)."""
    waiting = [data]
    while waiting:
        item = waiting.pop()
        kind = type(item)  # a JSON document's own kinds: dict, list, str, int, float, bool, None
        if kind is dict:
            waiting.extend(item.values())
        elif kind is list:
            waiting.extend(item)
        elif kind is not str and isinstance(item, float):
            return True
    return False


WORDS_AS_THEY_ARE = ("enum", "const", "required", "description", "pattern", "format", "type")


def _draft_7(schema):
    """The schema in the words of JSON Schema's draft 7, which the compiled check reads: a fixed
    list's ``prefixItems`` as its ``items``, and its ``items`` as ``additionalItems``."""
    if isinstance(schema, list):
        return [_draft_7(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    said = {}
    for key, value in schema.items():
        if key == "$schema":
            said[key] = "http://json-schema.org/draft-07/schema#"
        elif key == "prefixItems":
            said["items"] = _draft_7(value)
        elif key == "items" and "prefixItems" in schema:
            said["additionalItems"] = value
        elif key == "properties":
            said[key] = {name: _draft_7(field) for name, field in value.items()}
        elif key in WORDS_AS_THEY_ARE:
            said[key] = value
        else:
            said[key] = _draft_7(value)
    return said


KINDS = {
    "string": "text",
    "integer": "a whole number",
    "boolean": "true or false",
    "array": "a list",
    "object": "a record",
    "null": "empty",
}
FORMATS = {"date": "a date (YYYY-MM-DD)", "date-time": "a date and time"}


def where(path) -> str:
    """A place in the file as a path: ``pairs[3].number`` (lists counted from 0)."""
    place = ""
    for step in path:
        place += f"[{step}]" if isinstance(step, int) else (f".{step}" if place else step)
    return place or "The file"


def _words(error) -> str:
    kind, schema, value = error.validator, error.schema, error.instance
    if "description" in schema:
        return schema["description"]
    if kind == "type":
        kinds = [schema["type"]] if isinstance(schema["type"], str) else schema["type"]
        return "is not " + " or ".join(KINDS[k] for k in kinds)
    if kind in ("minimum", "maximum"):
        return f"is {value}, not a whole number from {schema['minimum']} to {schema['maximum']}"
    if kind == "required":
        return "lacks " + ", ".join(f"'{name}'" for name in schema["required"] if name not in value)
    if kind == "additionalProperties":
        unknown = [name for name in value if name not in schema.get("properties", {})]
        return "has an unknown field " + ", ".join(f"'{name}'" for name in unknown)
    if kind == "enum":
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:40] + "…"
        return f"is {shown}, not one of " + ", ".join(repr(c) for c in schema["enum"])
    if kind == "maxLength":
        return f"is longer than {schema['maxLength']} characters"
    if kind == "pattern" and schema["pattern"] == NO_NUL:
        return "holds a NUL byte"
    if kind == "format":
        return f"is not {FORMATS[schema['format']]}"
    if kind == "maxItems":
        return f"has more than {schema['maxItems']} entries"
    return error.message


def schema_problems(data, checker: Checker) -> list[str]:
    """What is wrong with ``data`` by the schema of ``checker`` (made by ``validator``), in words
    (empty when it is sound)."""
    problems: list[str] = []
    if checker.sound(data):
        return problems
    for error in checker.words.iter_errors(data):
        problem = f"{where(error.absolute_path)}: {_words(error)}."
        if problem not in problems:
            problems.append(problem)
        if len(problems) >= SHOWN:
            break
    return problems


# An event's export.
# A pair's number goes up to an individual event's partnerships (each its own "pair").
PAIR_NUMBER = whole(1, max(limits.MAX_PAIRS, limits.MAX_PARTNERSHIPS))
PAIR_KEY = fixed_list(
    one_of("NS", "EW", "ALL"),
    PAIR_NUMBER,
    description='is not a pair such as ["NS", 3]',
    empty=True,
)
RESULT_KEY = fixed_list(
    whole(1, limits.MAX_BOARDS),
    whole(1, limits.MAX_ROUNDS),
    whole(1, limits.MAX_TABLES),
    description="is not a result [board, round, table]",
    empty=True,
)
DD_TABLE = {
    "type": ["object", "null"],
    "properties": {strain: record({seat: whole(0, 13) for seat in "NESW"}) for strain in board_rules.STRAINS},
    "required": list(board_rules.STRAINS),
    "additionalProperties": False,
}
EVENT = record(
    {
        "name": text(100),
        "date": DAY,
        "status": one_of("draft", "ready", "running", "finished"),
        "tables": whole(1, limits.MAX_TABLES),
        "variant": one_of("standard", "skip", "relay", "howell", "three-quarter-howell", "individual"),
        "players": whole(4, limits.MAX_PLAYERS, empty=True),
        "card_set": one_of("", "ebu", "acbl"),
        "phantom": YES_NO,
        "rounds": whole(1, limits.MAX_ROUNDS, empty=True),
        "arrow_switch_rounds": text(200),
        "boards_per_round": whole(1, limits.MAX_BOARDS_PER_ROUND),
        "trump_schedule": text(board_rules.MAX_SCHEDULE),
        "scoring": one_of(*SCORINGS),
        "minnesota_rules": one_of(*RULES),
        "scale": one_of("ebu", "acbl"),
        "adjusted_scores": one_of("session", "fixed"),
        "honours": YES_NO,
        "tie_break": YES_NO,
        "published": YES_NO,
        "deal_seed": text(64),
        "tag": text(30),
        "id": ADDRESS,
        "uuid": text(36),
    },
    optional=("card_set", "adjusted_scores", "tag", "players", "id", "minnesota_rules", "uuid"),
)
PAIR = record(
    {
        "direction": one_of("NS", "EW", "ALL"),
        "number": PAIR_NUMBER,
        "player1": MEMBER,
        "player2": MEMBER,
        "guest1": text(120),
        "guest2": text(120),
        "entry": whole(0, limits.MAX_PAIRS - 1, empty=True),
        "individuals": fixed_list(
            whole(1, limits.MAX_PLAYERS),
            whole(1, limits.MAX_PLAYERS),
            description="is not a partnership of two players such as [3, 7]",
            empty=True,
        ),
    },
    optional=("entry", "individuals"),
)
INDIVIDUAL = record(
    {
        "number": whole(1, limits.MAX_PLAYERS),
        "player1": MEMBER,
        "guest1": text(120),
        "player2": MEMBER,
        "guest2": text(120),
    }
)
ENTRY = record(
    {"player1": MEMBER, "player2": MEMBER, "guest1": text(120), "guest2": text(120), "stationary": YES_NO}
)
BOARD = record(
    {
        "number": whole(1, limits.MAX_BOARDS),
        "dealer": one_of(*"NESW"),
        "trumps": one_of("", *board_rules.STRAINS),
        "deal": text(80),
        "dd_table": DD_TABLE,
        "dd_ns_tricks": whole(0, 13, empty=True),
    }
)
SEATING = record(
    {
        "round": whole(1, limits.MAX_ROUNDS),
        "table": whole(1, limits.MAX_TABLES),
        "board_set": whole(1, limits.MAX_BOARD_SETS),
        "first_board": whole(1, limits.MAX_BOARDS),
        "last_board": whole(1, limits.MAX_BOARDS),
        "arrow_switched": YES_NO,
        "shares_with": whole(1, limits.MAX_TABLES, empty=True),
        "ns_pair": PAIR_KEY,
        "ew_pair": PAIR_KEY,
    }
)
RELAY = record(
    {
        "round": whole(1, limits.MAX_ROUNDS),
        "board_set": whole(1, limits.MAX_BOARD_SETS),
        "first_board": whole(1, limits.MAX_BOARDS),
        "last_board": whole(1, limits.MAX_BOARDS),
    }
)
RESULT = record(
    {
        "board": whole(1, limits.MAX_BOARDS),
        "round": whole(1, limits.MAX_ROUNDS),
        "table": whole(1, limits.MAX_TABLES),
        "ns_pair": PAIR_KEY,
        "ew_pair": PAIR_KEY,
        "ns_tricks": whole(0, 13, empty=True),
        "ns_adjusted": one_of("", "A+", "A", "A-"),
        "ew_adjusted": one_of("", "A+", "A", "A-"),
        "granded": one_of("", "NS", "EW"),
        "entered_by": USERNAME,
        "entered_at": WHEN,
        "confirmed_at": WHEN | {"type": ["string", "null"]},
    },
    optional=("granded",),  # Minnesota whist's: who went grand (exports before it have none)
)
HISTORY = record(
    {
        "board_number": whole(1, limits.MAX_BOARDS),
        "ns_pair_number": PAIR_NUMBER,
        "ew_pair_number": PAIR_NUMBER,
        "action": one_of("created", "confirmed", "rejected", "corrected", "deleted"),
        "before": text(40),
        "after": text(40),
        "reason": text(200),
        "source": text(40),
        "changed_by": USERNAME,
        "changed_at": WHEN,
        "result": RESULT_KEY,
    },
    optional=("result",),
)
TRAIL = record(
    {
        "action": one_of(*AuditLine.Action.values),
        "detail": text(500),
        "changed_by": USERNAME,
        "changed_at": WHEN,
    }
)
EVENT_EXPORT = validator(
    document(
        {
            "format": {"const": "whistdrive-event"},
            "version": {"const": 1},
            "club": record({"name": text(100), "paper_size": one_of("A4", "LETTER")}),
            "event": EVENT,
            "pairs": rows(PAIR, max(limits.MAX_PAIRS, limits.MAX_PARTNERSHIPS)),
            "individuals": rows(INDIVIDUAL, limits.MAX_PLAYERS),
            "entries": rows(ENTRY, limits.MAX_PAIRS),
            "boards": rows(BOARD, limits.MAX_BOARDS),
            "seatings": rows(SEATING, limits.MAX_ROUNDS * limits.MAX_TABLES),
            "relay": rows(RELAY, limits.MAX_ROUNDS * limits.MAX_BOARD_SETS),
            "results": rows(RESULT, limits.MAX_RESULTS),
            "history": rows(HISTORY),
            "trail": rows(TRAIL),
            "tables": rows(TABLE_LINK, limits.MAX_TABLES),
        },
        optional=("entries", "trail", "tables", "individuals"),
    )
)


def event_document_problems(data) -> list[str]:
    """Everything wrong with an event's export, before a single row is written (empty when sound)."""
    return schema_problems(data, EVENT_EXPORT) or _event_agreement_problems(data)


def _event_agreement_problems(data: dict) -> list[str]:
    """Records that do not agree with the event or with each other."""
    tables = data["event"]["tables"]
    pairs = {(p["direction"], p["number"]) for p in data["pairs"]}
    boards = {b["number"] for b in data["boards"]}
    problems = []
    for i, b in enumerate(data["boards"]):
        number = b["number"]
        if b["dealer"] != board_rules.dealer(number):
            problems.append(f"boards[{i}].dealer: {b['dealer']} does not deal board {number} (Law 2).")
        if b["deal"]:
            try:
                parse_deal(b["deal"])
            except DomainError as error:
                problems.append(f"boards[{i}].deal: board {number}'s deal is not a deal ({error}).")
        elif b["dd_table"] is not None or b["dd_ns_tricks"] is not None:
            problems.append(f"boards[{i}]: board {number} has double-dummy tricks without a deal.")
    players = {p["number"] for p in data.get("individuals", [])}
    for i, p in enumerate(data["pairs"]):
        if p.get("entry") is not None and p["entry"] >= len(data.get("entries", [])):
            problems.append(f"pairs[{i}].entry: there is no entries[{p['entry']}].")
        for number in p.get("individuals") or ():
            if number not in players:
                problems.append(f"pairs[{i}].individuals: player {number} is not among the individuals.")
    for section in ("seatings", "results"):
        for i, row in enumerate(data[section]):
            if row["table"] > tables:
                problems.append(f"{section}[{i}].table: is {row['table']}, but the event has {tables}.")
            for side in ("ns_pair", "ew_pair"):
                if row[side] is not None and tuple(row[side]) not in pairs:
                    problems.append(f"{section}[{i}].{side}: {row[side]} is not among the pairs.")
    for section in ("seatings", "relay"):
        for i, row in enumerate(data[section]):
            if not set(range(row["first_board"], row["last_board"] + 1)) <= boards:
                problems.append(
                    f"{section}[{i}]: boards {row['first_board']} to {row['last_board']} are not all "
                    "among the boards."
                )
    first = {}
    for i, r in enumerate(data["results"]):
        if r["board"] not in boards:
            problems.append(f"results[{i}].board: board {r['board']} is not among the boards.")
        key = (r["board"], r["round"], r["table"])
        if key in first:
            problems.append(
                f"results[{i}]: board {key[0]}, round {key[1]}, table {key[2]} is also results[{first[key]}]."
            )
        first.setdefault(key, i)
    for i, h in enumerate(data["history"]):
        if h.get("result") is not None and tuple(h["result"]) not in first:
            problems.append(f"history[{i}].result: {h['result']} is not among the results.")
    return problems[:SHOWN]
