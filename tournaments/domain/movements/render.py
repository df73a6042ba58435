"""A movement as plain data (for JSON) and as a text grid a director can read.

The grid has a row per round and a column per table; a Mitchell's cell reads ``3v5 7-9``: N/S 3
against E/W 5 on boards 7 to 9. ``*`` marks an arrow-switched table, ``--`` the phantom, ``=T`` the
table sharing the boards. A Howell's pairs have one numbering, so its cell reads ``3-6 1-4``: pair
3 sits N/S against pair 6 on boards 1 to 4. A whist tournament's cell reads ``2+5 v 3+4``: players
2 and 5 (North and South) against 3 and 4 (East and West).
"""

from .howell import unmet_pairs
from .stands import ONE_STAND, Stand
from .three_quarter import CARDS as THREE_QUARTER_CARDS
from .three_quarter import THREE_QUARTER_HOWELL
from .types import Movement, Moves, Seat, TableRound
from .whist import WhistSchedule, WhistTable

SEAT_NAMES = {"NS": "N/S", "EW": "E/W"}

VARIANT_NAMES = {
    "standard": "standard Mitchell",
    "skip": "skip Mitchell",
    "relay": "share-and-relay Mitchell",
    "howell": "Howell",
    THREE_QUARTER_HOWELL: "¾ Howell",
}


def movement_as_dict(movement: Movement) -> dict:
    return {
        "tables": movement.tables,
        "variant": movement.variant,
        **({"card_set": movement.card_set} if movement.card_set else {}),
        "rounds": movement.rounds,
        "boards_per_round": movement.boards_per_round,
        "phantom": movement.phantom,
        "schedule": [
            {
                "round": tr.round,
                "table": tr.table,
                "ns": tr.ns,
                "ew": tr.ew,
                "boards": list(tr.boards),
                "arrow_switched": tr.arrow_switched,
            }
            for tr in movement.table_rounds
        ],
        "relay": [
            {
                "round": rr.round,
                "boards": list(rr.boards),
                "stand": movement.stand_of(rr.round, rr.board_set).place,
            }
            for rr in movement.relay
        ],
    }


def _boards_text(boards: tuple[int, ...]) -> str:
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}-{boards[-1]}"


def _cell(movement: Movement, tr: TableRound, versus: str = "v") -> str:
    ns = "--" if tr.ns is None else str(tr.ns)
    ew = "--" if tr.ew is None else str(tr.ew)
    text = f"{ns}{versus}{ew} {_boards_text(tr.boards)}"
    if tr.arrow_switched:
        text += "*"
    if tr.shares_with:
        text += " =" + ",".join(str(t) for t in movement.sharing(tr.round, tr.table))
    return text


def sharing_text(tables: tuple[int, ...]) -> str:
    """``shares its boards with table 8`` or ``with tables 2 and 3``, for cards and pages."""
    if len(tables) == 1:
        return f"shares its boards with table {tables[0]}"
    listed = ", ".join(str(t) for t in tables[:-1]) + f" and {tables[-1]}"
    return f"shares its boards with tables {listed}: pass them round"


def ew_move_text(moves: Moves) -> str:
    """Where the E/W pair goes next, in words for the table: ``go to table 4``.

    >>> from tournaments.domain.movements import build_mitchell
    >>> ew_move_text(build_mitchell(8, boards_per_round=3).moves_after(4, 8))
    'move up two tables to table 2 (the skip)'
    """
    if moves.ew is None:
        return ""
    if moves.ew_to is None:
        return "end of play"
    if moves.ew_sits_out:
        return _sit_out_text(moves.ew_to)
    if moves.skip:
        return f"move up two tables to table {moves.ew_to} (the skip)"
    if moves.ew_to == moves.table:
        return f"stay at table {moves.table}"
    return f"go to table {moves.ew_to}"


def seat_move_text(table: int, direction: str, following: Seat | None, *, last_round: bool) -> str:
    """Where a pair sitting ``direction`` at ``table`` goes next, in words: a Howell's pairs change
    tables and directions, so the seat is said too.

    >>> from tournaments.domain.movements import build_howell
    >>> moves = build_howell(4, boards_per_round=3).moves_after(1, 1)
    >>> seat_move_text(1, "NS", moves.ns_next, last_round=False)
    'go to table 2, sit E/W'
    >>> seat_move_text(4, "NS", Seat(4, "NS"), last_round=False)
    'stay where you are'
    """
    if last_round or following is None:
        return "end of play"
    if following.sits_out:
        return _sit_out_text(following.table)
    seat = SEAT_NAMES[following.direction]
    if following.table == table:
        return "stay where you are" if following.direction == direction else f"stay at this table, sit {seat}"
    return f"go to table {following.table}, sit {seat}"


def _sit_out_text(table: int) -> str:
    return f"sit out next round (table {table}: nobody plays there)"


def boards_move_text(moves: Moves, *, short: bool = False) -> str:
    """Where the boards go next, in words: ``table 3``, ``tables 1 and 8`` or ``the relay stand
    between tables 4 and 1`` (``stands``); ``short`` leaves the stand's place to a note
    (``boards_onto_text``), for a narrow column.

    >>> from tournaments.domain.movements import build_howell
    >>> boards_move_text(build_howell(4, boards_per_round=4).moves_after(1, 1))
    'the relay stand between tables 4 and 1'
    """
    if moves.boards_to_relay:
        return ONE_STAND.name if short else (moves.stand or ONE_STAND).name
    if not moves.boards_to:
        return "end of play"
    if len(moves.boards_to) == 1:
        return f"table {moves.boards_to[0]}"
    return "tables " + " and ".join(str(t) for t in moves.boards_to)


def boards_onto_text(stand: Stand) -> str:
    """Where a table puts its boards after a round, for its card: ``put the boards on the relay
    stand between tables 4 and 1``."""
    return f"put the boards on {stand.name}"


def boards_from_text(stand: Stand) -> str:
    """Where a table's next boards come from, for its card: ``take the next boards from the relay
    stand between tables 1 and 2``."""
    return f"take the next boards from {stand.name}"


def stands_text(movement: Movement) -> str:
    """The movement's relay stands and the sets each holds, in words: ``Relay stands: between
    tables 1 and 2 (1 set), between tables 4 and 1 (2 sets).``; empty without one, or when the
    stand is not placed between two tables.

    >>> from tournaments.domain.movements import build_howell
    >>> stands_text(build_howell(4, boards_per_round=4))
    'Relay stands: between tables 1 and 2 (1 set), between tables 4 and 1 (2 sets).'
    """
    stands = movement.stands()
    if not stands or not all(stand.between for stand, _ in stands):
        return ""  # the 3-table Howell's boards do not flow table to table: its one stand serves the room
    label = "Relay stand" if len(stands) == 1 else "Relay stands"
    held = ", ".join(f"{stand.place} ({count} set{'s' if count > 1 else ''})" for stand, count in stands)
    return f"{label}: {held}."


def movement_summary(movement: Movement) -> str:
    """One line: ``3-table standard Mitchell: 3 rounds of 2 boards, boards 1-6 in 3 sets``."""
    half = " with a half table" if movement.phantom else ""
    return (
        f"{movement.tables}-table {VARIANT_NAMES.get(movement.variant, movement.variant)}{half}: "
        f"{movement.rounds} rounds of {movement.boards_per_round} boards, boards 1-{movement.boards} "
        f"in {movement.sets} sets"
    )


def _words(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


def three_quarter_rule_text(movement: Movement) -> str:
    """How a ¾ Howell moves, in words, for its grid and its movement page ("" for any other
    movement): who stays, who changes direction, where the pairs and boards go, who never meets.

    >>> from tournaments.domain.movements import build_three_quarter_howell
    >>> print(three_quarter_rule_text(build_three_quarter_howell(6, boards_per_round=3)))
    ... # doctest: +NORMALIZE_WHITESPACE
    A ¾ Howell: every pair meets 9 of the 11 others, and pairs change direction. Pairs 10, 11 and 12
    stay at tables 4, 5 and 6 all evening; pair 12 sits E/W in rounds 3, 6 and 9. After each round
    every other pair takes the seat of the pair numbered one below (pair 1 takes the seat of pair 9),
    and each set of boards goes where the set numbered one below was (set 1 where set 9 was); three
    sets rest on the relay stands each round. Pairs who do not meet: 1-5, 1-6, 2-6, 2-7, 3-7, 3-8,
    4-8, 4-9, 5-9, 10-11, 10-12 and 11-12.
    """
    if movement.variant != THREE_QUARTER_HOWELL:
        return ""
    pairs = {p for tr in movement.table_rounds for p in (tr.ns, tr.ew) if p is not None}
    missing = [p for p in range(1, 2 * movement.tables + 1) if p not in pairs]
    staying = [pair for _, pair in movement.stationary]
    moving = max(pairs - set(staying) - set(missing))
    where = [str(movement.seat_of(1, "", pair).table) for pair in staying]
    sentences = [
        f"A ¾ Howell: every pair meets {movement.rounds} of the {2 * movement.tables - 1} others, and pairs "
        "change direction.",
        f"Pairs {_words([str(p) for p in staying])} stay at tables {_words(where)} all evening",
    ]
    for pair in staying:
        first = movement.seat_of(1, "", pair).direction
        turned = [
            str(r) for r in range(2, movement.rounds + 1) if movement.seat_of(r, "", pair).direction != first
        ]
        if turned:
            sentences[-1] += (
                f"; pair {pair} sits {SEAT_NAMES['EW' if first == 'NS' else 'NS']} in "
                f"round{'s' if len(turned) > 1 else ''} {_words(turned)}"
            )
    sentences[-1] += "."
    if missing:
        sentences.append(f"Pair {missing[0]} is missing: its opponent of each round sits out (--).")
    resting = len(movement.relay) // movement.rounds
    sentences.append(
        "After each round every other pair takes the seat of the pair numbered one below "
        f"(pair 1 takes the seat of pair {moving}), and each set of boards goes where the set numbered "
        f"one below was (set 1 where set {movement.sets} was); {NUMBERS.get(resting, resting)} sets rest "
        "on the relay stands each round."
    )
    unmet = unmet_pairs(movement)
    if unmet:
        sentences.append("Pairs who do not meet: " + _words([f"{a}-{b}" for a, b in unmet]) + ".")
    return " ".join(sentences)


NUMBERS = {2: "two", 3: "three", 4: "four"}


def _three_quarter_as_text(movement: Movement) -> str:
    card = THREE_QUARTER_CARDS[movement.tables][movement.card_set]
    lines = [f"{movement_summary(movement)} ({card.name} cards)", three_quarter_rule_text(movement)]
    if stands_text(movement):
        lines.append(stands_text(movement))
    return _howell_grid(movement, lines)


def _howell_as_text(movement: Movement) -> str:
    if movement.variant == THREE_QUARTER_HOWELL:
        return _three_quarter_as_text(movement)
    stationary = 2 * movement.tables
    home = next(tr for tr in movement.round_of(1) if stationary in (tr.ns, tr.ew) or None in (tr.ns, tr.ew))
    seat = "N/S" if home.ns in (stationary, None) else "E/W"
    lines = [
        movement_summary(movement)
        + (f" ({movement.card_set.upper()} cards)" if movement.card_set in ("ebu", "acbl") else ""),
        (
            f"Pair {stationary} is missing: the {seat} seat at table {home.table} stays empty and its "
            "opponent of each round sits out (--)."
            if movement.phantom
            else f"Pair {stationary} stays at table {home.table}, {seat}, all evening."
        )
        + " After each round every other "
        "pair takes the seat of the pair numbered one below (pair 1 takes the seat of the highest moving "
        "pair)"
        + (
            ", and the sets go as the grid shows; in the last round all three tables play the same set, "
            "passing the boards round"
            if movement.tables == 3
            else ", and each set of boards goes where the set numbered one below was"
        )
        + "; sets not in play rest on the relay stands.",
    ]
    if stands_text(movement):
        lines.append(stands_text(movement))
    if movement.tables == 2:
        lines.append("Both tables play the same boards each round (=T: the table sharing them).")
    unmet = unmet_pairs(movement)
    if unmet:
        lines.append(
            f"Cut short after {movement.rounds} of {movement.sets} rounds, these pairs do not meet: "
            + ", ".join(f"{a}-{b}" for a, b in unmet)
            + "."
        )
    return _howell_grid(movement, lines)


def _howell_grid(movement: Movement, lines: list[str]) -> str:
    lines = [*lines, "Cell: N/S-E/W, boards.", ""]
    header = ["Round"] + [f"Table {t}" for t in range(1, movement.tables + 1)] + ["Resting"]
    rows = []
    for r in range(1, movement.rounds + 1):
        resting = ", ".join(_boards_text(rr.boards) for rr in movement.relay if rr.round == r)
        rows.append([str(r)] + [_cell(movement, tr, "-") for tr in movement.round_of(r)] + [resting])
    return _grid(lines, header, rows)


def _grid(lines: list[str], header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
    return "\n".join(lines) + "\n"


def movement_as_text(movement: Movement) -> str:
    if movement.kind == "howell":
        return _howell_as_text(movement)
    lines = [
        movement_summary(movement),
        "N/S pairs stay at their table. After each round E/W pairs move up one table (the last to "
        "table 1) and boards move down one table (table 1 to the last).",
    ]
    if movement.skip_after:
        lines.append(
            f"The skip: after round {movement.skip_after} E/W pairs move up two tables instead of one."
        )
    if movement.variant == "relay":
        half = movement.tables // 2
        if not movement.phantom:
            lines.append(f"Tables 1 and {movement.tables} share boards.")
        lines.append(
            f"Boards from table 1 go to table {movement.tables - 1}; boards leaving table {half + 1} "
            f"rest on the relay for a round, then go to table {half}."
        )
    if movement.phantom:
        lines.append(f"Half table: N/S {movement.tables} is missing; its E/W opponents sit out (--).")
    if movement.arrow_switch_rounds:
        rounds = ", ".join(str(r) for r in movement.arrow_switch_rounds)
        lines.append(f"Arrow switch (*) in round {rounds}: pairs play the other direction's cards.")
    lines.append("Cell: N/S v E/W, boards.")
    lines.append("")

    header = ["Round"] + [f"Table {t}" for t in range(1, movement.tables + 1)]
    if movement.relay:
        header.append("Relay")
    rows = []
    for r in range(1, movement.rounds + 1):
        row = [str(r)] + [_cell(movement, tr) for tr in movement.round_of(r)]
        if movement.relay:
            row.append(_boards_text(movement.relay[r - 1].boards))
        rows.append(row)
    return _grid(lines, header, rows)


def whist_as_text(schedule: WhistSchedule) -> str:
    """A whist tournament as a grid: a row per round, a column per table, then who sits out.

    A cell reads ``2+5 v 3+4``: North 2 and South 5 against East 3 and West 4; ``--`` is an empty
    seat (that table does not play).
    """
    lines = [
        f"Whist tournament for {schedule.players} players: {schedule.round_count} rounds of "
        f"{schedule.tables} {'table' if schedule.tables == 1 else 'tables'}.",
        "Cell: North+South v East+West; partners sit opposite each other.",
    ]
    if schedule.shortfall:
        lines.append(schedule.shortfall)
    else:
        lines.append("Every two players partner exactly once and oppose exactly twice.")
    lines.append(f"Source: {schedule.source}.")
    lines.append("")
    header = ["Round"] + [f"Table {t}" for t in range(1, schedule.tables + 1)]
    sits_out = any(schedule.sitting_out(r) for r in range(1, schedule.round_count + 1))
    if sits_out:
        header.append("Sits out")
    rows = []
    for number, tables in enumerate(schedule.rounds, 1):
        row = [str(number)] + [_whist_cell(table) for table in tables]
        if sits_out:
            row.append(" ".join(str(p) for p in schedule.sitting_out(number)))
        rows.append(row)
    return _grid(lines, header, rows)


def _whist_cell(table: WhistTable) -> str:
    north, east, south, west = ("--" if p is None else str(p) for p in table.seats)
    return f"{north}+{south} v {east}+{west}"
