"""Results typed from paper travellers, imported as a CSV file: every row checked, all or nothing.

    board,ns_pair,ew_pair,ns_tricks[,round,table]
    1,1,1,8
    2,1,1,A+/A-

``ns_pair`` and ``ew_pair`` are the pair numbers of the N/S and E/W lines (in a Howell, the pairs
that sat N/S and E/W), ``ns_tricks`` the tricks of the N/S pair (0 to 13) or adjusted scores for N/S
and E/W (A+, A, A-) joined by a slash.

An individual event's traveller names its four players instead of two pairs:

    board,north,south,east,west,ns_tricks[,round,table]
    1,1,2,3,4,8

Two players partner once in the event, so the two who sat N/S name that round's N/S partnership
(and its pair), and the row is checked and recorded as a pairs row is.

A Minnesota whist event's rows say who went grand in a ``granded`` column: ``NS``, ``EW``, or
empty for a low hand. A Minnesota file without the column is refused (its hands would all read as
low). Anything else is refused, and so is ``NS`` or ``EW`` for an event of classic whist (nobody
goes grand there, the column may be left out or empty) or beside an adjusted score:

    board,ns_pair,ew_pair,ns_tricks,granded
    1,1,1,9,NS
    2,1,1,5,
"""

import csv
import io
import re
from collections import defaultdict

from ...domain.digits import figures
from ...domain.limits import MAX_RESULTS
from ...models import Event
from ..core.errors import ServiceError
from .evening import pair_lines
from .results import results_record_many

REQUIRED = ("board", "ns_pair", "ew_pair", "ns_tricks")
SEATS = ("north", "south", "east", "west")
REQUIRED_INDIVIDUAL = ("board", *SEATS, "ns_tricks")
OPTIONAL = ("round", "table", "granded")
GRANDED_VALUES = "NS, EW, or empty for a low hand"
ADJUSTED = re.compile(r"^(A\+|A-|A)/(A\+|A-|A)$")


class ResultsImportError(ServiceError):
    """The file was refused; ``problems`` lists each bad line in words a scorer understands."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("Nothing was imported. " + " ".join(problems[:20]))


def whole(value: str, what: str) -> int:
    """A file's whole number, or ValueError in words naming it ("board 'x' is not a number"); the
    caller puts the line in front. The league card file (league_card) reads its figures here too."""
    value = value.strip()
    if not figures(value):
        raise ValueError(f"{what} '{value}' is not a number")
    return int(value)


def rows_read(reader: csv.DictReader, problems: list[str]):
    """The rows of a CSV file to read, each with its line number: a blank row is passed over, and a
    row with more values than the header has columns is added to ``problems`` instead."""
    for row in reader:
        if None in row:  # more values than the header has columns
            problems.append(f"Line {reader.line_num}: more values than the header has columns.")
        elif any((value or "").strip() for value in row.values()):
            yield reader.line_num, row


def _score(value: str) -> tuple[int | None, str, str]:
    value = value.strip().upper().replace(" ", "")
    match = ADJUSTED.match(value)
    if match:
        return None, match.group(1), match.group(2)
    if not figures(value) or not 0 <= int(value) <= 13:
        raise ValueError(f"ns_tricks '{value}' should be tricks from 0 to 13, or adjusted scores like A+/A-")
    return int(value), "", ""


def _granded(value: str, event: Event, tricks: int | None) -> str:
    """Who went grand as a row says it: "NS", "EW" or "" (low); ValueError in words otherwise."""
    value = value.strip().upper().replace("/", "")
    if value not in ("NS", "EW", ""):
        raise ValueError(f"granded '{value}' should be {GRANDED_VALUES}")
    if value and not event.evening_format.enters("granded"):
        raise ValueError(f"granded '{value}': this event is not Minnesota whist, nobody goes grand")
    if value and tricks is None:
        raise ValueError(f"granded '{value}' is given with an adjusted score: leave it empty")
    return value


def _partnership(partnerships: dict, first: int, second: int) -> int:
    """The pair number of two players' partnership; ValueError in words when they never partner."""
    number = partnerships.get(frozenset((first, second)))
    if number is None:
        raise ValueError(f"players {first} and {second} do not partner each other in this event")
    return number


def results_import_csv(*, event: Event, text: str, user=None) -> int:
    """Check every row against the event, then import them all in one transaction; return the count."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    reader = csv.DictReader(io.StringIO(text), strict=True)
    try:
        return _import_rows(event, reader, user)
    except csv.Error as error:
        raise ResultsImportError(
            # The record that failed starts on the line after the last one read whole.
            [f"Line {reader.line_num + 1}: this is not readable as CSV ({error})."]
        ) from None


def results_columns(event: Event) -> tuple[str, ...]:
    """The columns a results file of the event must have: a pairs event's traveller names its
    two pairs, an individual event's its four players; where a table enters who went grand (a
    Minnesota event), its ``granded`` too."""
    evening_format = event.evening_format
    columns = REQUIRED_INDIVIDUAL if evening_format.partnerships_internal else REQUIRED
    return (*columns, "granded") if evening_format.enters("granded") else columns


def _import_rows(event: Event, reader: csv.DictReader, user) -> int:
    header = [name.strip().lower() for name in (reader.fieldnames or [])]
    required = results_columns(event)
    missing = [name for name in required if name not in header]
    unknown = [name for name in header if name not in required + OPTIONAL]
    if missing or unknown:
        problems = []
        if missing:
            problems.append(
                f"Line 1: the header lacks {', '.join(missing)} (it should read {','.join(required)})."
            )
        if "granded" in missing:
            problems.append(
                "This is a Minnesota whist event: say on each row who went grand in a granded column, "
                f"{GRANDED_VALUES}."
            )
        if unknown:
            problems.append(f"Line 1: unknown column {', '.join(unknown)}.")
        raise ResultsImportError(problems)
    reader.fieldnames = header

    boards = {b.number: b for b in event.boards.all()}
    pairs = {(p.direction, p.number): p for p in event.pairs.select_related("individual1", "individual2")}
    ns_line, ew_line = pair_lines(event)
    names = {ns_line: "N/S", ew_line: "E/W"} if ns_line != ew_line else {ns_line: "pair"}
    partnerships = {
        frozenset((p.individual1.number, p.individual2.number)): p.number
        for p in pairs.values()
        if p.individual1_id and p.individual2_id
    }
    meetings = defaultdict(list)
    for seating in event.seatings.select_related("ns_pair", "ew_pair"):
        if seating.ns_pair and seating.ew_pair:
            meetings[(seating.ns_pair.number, seating.ew_pair.number)].append(seating)
    done = set()
    for row in event.results.select_related("board", "ns_pair", "ew_pair"):
        done.add((row.board.number, row.ns_pair_id))
        done.add((row.board.number, row.ew_pair_id))

    problems, accepted, seen = [], [], {}
    for line, row in rows_read(reader, problems):
        if len(accepted) + len(problems) >= MAX_RESULTS:
            problems.append(f"Line {line}: the file has more than {MAX_RESULTS} rows.")
            break
        try:
            number = whole(row["board"] or "", "board")
            if event.evening_format.partnerships_internal:
                seats = [whole(row[seat] or "", seat) for seat in SEATS]
                ns, ew = (_partnership(partnerships, *two) for two in (seats[:2], seats[2:]))
                who = f"players {seats[0]} and {seats[1]} (N/S) against {seats[2]} and {seats[3]} (E/W)"
            else:
                ns = whole(row["ns_pair"] or "", "ns_pair")
                ew = whole(row["ew_pair"] or "", "ew_pair")
                who = f"N/S {ns} and E/W {ew}"
            tricks, ns_adj, ew_adj = _score(row["ns_tricks"] or "")
            granded = _granded(row.get("granded") or "", event, tricks)
            round_ = whole(row["round"], "round") if (row.get("round") or "").strip() else None
            table = whole(row["table"], "table") if (row.get("table") or "").strip() else None
        except ValueError as error:
            problems.append(f"Line {line}: {error}.")
            continue
        if number not in boards:
            problems.append(f"Line {line}: board {number} is not in this event (boards 1 to {len(boards)}).")
            continue
        if (ns_line, ns) not in pairs or (ew_line, ew) not in pairs:
            absent = f"{names[ns_line]} {ns}" if (ns_line, ns) not in pairs else f"{names[ew_line]} {ew}"
            problems.append(f"Line {line}: there is no pair {absent} in this event.")
            continue
        seating = next((s for s in meetings[(ns, ew)] if number in s.board_numbers), None)
        if seating is None:
            problems.append(f"Line {line}: {who} do not play board {number} in the movement.")
            continue
        if (round_ is not None and round_ != seating.round) or (table is not None and table != seating.table):
            problems.append(
                f"Line {line}: {who} play board {number} in round {seating.round} at "
                f"table {seating.table}, not as the row says."
            )
            continue
        key = (number, ns, ew)
        if key in seen:
            problems.append(f"Line {line}: board {number}, {who}, is given twice (also line {seen[key]}).")
            continue
        seen[key] = line
        if (number, pairs[(ns_line, ns)].pk) in done or (number, pairs[(ew_line, ew)].pk) in done:
            problems.append(f"Line {line}: board {number} already has a result for {who}.")
            continue
        accepted.append((seating, boards[number], tricks, ns_adj, ew_adj, granded))

    if problems:
        raise ResultsImportError(problems)
    if not accepted:
        raise ResultsImportError(["The file has no results in it."])
    return results_record_many(rows=accepted, user=user)
