"""The Mitchell movement: N/S pairs stay put, E/W pairs move up a table, boards move down.

With T tables and k boards a round there are T sets of boards; set s holds boards (s-1)k+1..sk and
starts at table s. N/S pair t sits at table t all evening; E/W pair e starts at table e.

- ``standard`` (odd T): T rounds. E/W e plays at table ((e-1)+(r-1)) mod T + 1 in round r and meets
  every N/S pair and every set once.
- ``skip`` (even T): as standard, but after round T/2 the E/W pairs move up two tables once. T-1
  rounds by default; round T, when asked for, is the revenge round (E/W e meets N/S e again).
- ``relay`` (even T, share-and-relay): players move as standard; tables 1 and T share a set each
  round and one set rests on a relay between tables T/2 and T/2+1. Boards go
  T1 -> T(T-1) -> ... -> T(T/2+1) -> relay -> T(T/2) -> ... -> T2 -> T1. Never curtailed, and at
  least two boards a round (the sharing tables play them in different orders).

A 2-table skip Mitchell is refused: each board would be played once, with nothing to compare.

A phantom fills a half table: the N/S pair at the last table is missing and its E/W opponents sit
out. Arrow-switched rounds swap the cards the two lines hold (the sharing table excepted).

Example, 3 tables, 2 boards a round: round 1 has N/S 1 v E/W 1 on boards 1-2 at table 1; in round 2
E/W 1 has moved to table 2, where boards 5-6 (set 3) have arrived from table 3.
"""

from ..errors import MovementError
from ..limits import MAX_BOARDS_PER_ROUND, MAX_TABLES
from .types import Movement, RelayRound, TableRound, boards_of_set

VARIANTS = ("standard", "skip", "relay")
MIN_TABLES = 2


def default_variant(tables: int) -> str:
    return "standard" if tables % 2 else "skip"


def complete_rounds(tables: int, variant: str) -> int:
    """Rounds in the complete movement (a skip Mitchell's revenge round not counted)."""
    return tables - 1 if variant == "skip" else tables


def max_rounds(tables: int) -> int:
    """Rounds a Mitchell of any variant can play at most: one against each N/S pair (a skip
    Mitchell's revenge round is the one past its complete movement)."""
    return tables


def build_mitchell(
    tables: int,
    *,
    boards_per_round: int,
    variant: str | None = None,
    rounds: int | None = None,
    phantom: bool = False,
    arrow_switch_rounds: tuple[int, ...] | list[int] = (),
) -> Movement:
    variant = variant or default_variant(tables)
    rounds = _check(tables, boards_per_round, variant, rounds, phantom, tuple(arrow_switch_rounds))
    switched = tuple(sorted(set(arrow_switch_rounds)))
    half = tables // 2

    table_rounds = []
    relay = []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            if variant == "relay":
                board_set = _relay_set_at_table(t, r, tables)
                # With the phantom at the last table nobody plays there: table 1 has its set alone.
                shares = None if phantom else {1: tables, tables: 1}.get(t)
            else:
                board_set = _set_at_table(t, r, tables)
                shares = None
            extra = 1 if variant == "skip" and r > half else 0
            ew = ((t - 1) - (r - 1) - extra) % tables + 1
            ns = None if phantom and t == tables else t
            table_rounds.append(
                TableRound(
                    round=r,
                    table=t,
                    ns=ns,
                    ew=ew,
                    board_set=board_set,
                    boards=boards_of_set(board_set, boards_per_round),
                    arrow_switched=r in switched and not (variant == "relay" and t == tables),
                    shares_with=shares,
                )
            )
        if variant == "relay":
            board_set = _relay_set_at_position(half, r, tables)
            relay.append(RelayRound(r, board_set, boards_of_set(board_set, boards_per_round)))

    return Movement(
        kind="mitchell",
        variant=variant,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        sets=tables,
        phantom=phantom,
        arrow_switch_rounds=switched,
        table_rounds=tuple(table_rounds),
        relay=tuple(relay),
    )


def _set_at_table(table: int, round_: int, tables: int) -> int:
    return ((table - 1) + (round_ - 1)) % tables + 1


def _relay_position(table: int, tables: int) -> int:
    """Index of a table on the boards' path: T1=0, T(T-1)=1, ..., T(h+1)=h-1, relay=h, Th=h+1, ..., T2=T-1."""
    half = tables // 2
    if table == 1 or table == tables:
        return 0
    if table > half:
        return tables - table
    return tables - table + 1


def _relay_set_at_position(position: int, round_: int, tables: int) -> int:
    # Along the path the sets lie 1, T, T-1, ..., 2 in round 1 and each moves one step a round.
    return ((round_ - 1) - position) % tables + 1


def _relay_set_at_table(table: int, round_: int, tables: int) -> int:
    return _relay_set_at_position(_relay_position(table, tables), round_, tables)


def check_boards_per_round(boards_per_round: int) -> None:
    """Any movement's bound on its boards a round (MAX_BOARDS_PER_ROUND in ``limits``)."""
    if boards_per_round < 1:
        raise MovementError("Each round needs at least one board.")
    if boards_per_round > MAX_BOARDS_PER_ROUND:
        raise MovementError(
            f"{boards_per_round} boards a round is more than an evening holds: "
            f"give at most {MAX_BOARDS_PER_ROUND}."
        )


def check_three_pairs(tables: int, phantom: bool) -> None:
    """Refuse three pairs (two tables, one pair missing) in any movement: the missing pair's table
    is empty all evening, so every board is played at one table only and nothing can be compared."""
    if tables == 2 and phantom:
        raise MovementError(
            "Three pairs play every board at one table only (the other has a pair missing), so no "
            "result could be compared: find a fourth pair, or hold a whist drive instead."
        )


def _check(tables, boards_per_round, variant, rounds, phantom, arrow_switch_rounds) -> int:
    if not isinstance(tables, int) or tables < MIN_TABLES:
        raise MovementError(
            f"A Mitchell movement needs at least {MIN_TABLES} tables; with one table the four players "
            "simply play every board."
        )
    if tables > MAX_TABLES:
        raise MovementError(f"whistdrive runs Mitchell movements of up to {MAX_TABLES} tables.")
    check_boards_per_round(boards_per_round)
    if variant not in VARIANTS:
        raise MovementError(f"'{variant}' is not a Mitchell: choose standard, skip or relay.")
    odd = tables % 2 == 1
    if odd and variant != "standard":
        raise MovementError(
            f"With {tables} tables (an odd number) play a standard Mitchell: a {variant} Mitchell "
            "is only for an even number of tables."
        )
    if not odd and variant == "standard":
        raise MovementError(
            f"With {tables} tables (an even number) a standard Mitchell would bring pairs back to "
            "boards they have played: choose a skip or a relay Mitchell."
        )
    if variant == "skip" and tables == 2:
        raise MovementError(
            "A 2-table skip Mitchell plays every board at one table only, so no result could be "
            "compared: choose the share-and-relay Mitchell (both tables play the same boards each round)."
        )
    if variant == "relay" and boards_per_round < 2:
        raise MovementError(
            f"A share-and-relay Mitchell needs at least 2 boards a round: tables 1 and {tables} share "
            "their boards and play them in different orders, and one board cannot be at two tables at once."
        )
    check_three_pairs(tables, phantom)
    if phantom and variant == "skip":
        raise MovementError(
            "A skip Mitchell cannot have a phantom pair: the pair that sits out in the first round "
            "would sit out again in the last. Use a relay Mitchell for a half table."
        )
    complete = complete_rounds(tables, variant)
    most = max_rounds(tables)
    if rounds is None:
        rounds = complete
    if rounds < 1:
        raise MovementError("An event needs at least one round.")
    if rounds > most:
        raise MovementError(
            f"A {variant} Mitchell for {tables} tables has at most {most} rounds, not {rounds}."
        )
    if variant == "relay" and rounds != complete:
        raise MovementError(
            f"A relay Mitchell must be played in full ({complete} rounds for {tables} tables): cut "
            "short, some boards would be played more often than others."
        )
    for r in arrow_switch_rounds:
        if not 1 <= r <= rounds:
            raise MovementError(f"Round {r} cannot be arrow-switched: the movement has rounds 1 to {rounds}.")
    return rounds


def parse_round_list(text: str) -> tuple[int, ...]:
    """Read '6,7' or '6 7' into (6, 7); an empty text is no rounds."""
    rounds = []
    for item in text.replace(",", " ").split():
        if not item.isdecimal():  # "²" is a digit to isdigit(), and no number to int()
            raise MovementError(f"'{item}' is not a round number: list rounds like 6,7.")
        rounds.append(int(item))
    return tuple(sorted(set(rounds)))
