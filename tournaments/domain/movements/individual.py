"""The duplicate individual: a whist tournament's seating, each round's boards played at all its tables.

Players, not pairs, are entered. Who sits where each round comes from a whist tournament Wh(v)
(``whist.whist_schedule``): every two players partner once and oppose twice. Each round's two
partnerships at a table are that round's N/S and E/W "pairs", numbered in one field in the order
they sit (round by round, table by table, N/S before E/W), so the boards are scored exactly as a
pairs event's are (matchpoints with Neuberg, the trick methods) and a player's score is the sum of
their partnerships' (``domain.individuals``). With a complete schedule every partnership plays one
round.

The boards: round r's tables all play set r (the Howell of two tables does the same), so every
board is played at every table of its round and compared with all of them, and no player plays a
board twice. Two tables pass the boards between them, as sharing tables do; more tables play copies
dealt from the hand records (duplicated boards, as Mitchell's own individuals were played). A
Mitchell's travelling sets cannot serve: a player changes tables, and with 8 players a table's four
are exactly the other table's complement in another round only (the 14 tables of Wh(8) are the
blocks of the 3-(8, 4, 1) design, whose complements are the round's other table), so any set played
at two tables of different rounds would reach someone twice or be compared never. A table with an
empty seat (a phantom) does not play: its complete partnership, if any, sits out and the board is
factored by Neuberg like a sit-out's.

Example, 8 players, 7 rounds of 2 tables, 2 boards a round: 7 sets, 14 boards, each played twice;
round 1 has both tables on boards 1-2, the two partnerships at table 1 are "pairs" 1 (N/S) and 2
(E/W), those at table 2 are 3 and 4.
"""

from dataclasses import dataclass
from functools import cached_property

from ..boards import SEAT_NAMES
from ..errors import MovementError
from .mitchell import check_boards_per_round
from .types import Movement, TableRound, boards_of_set

INDIVIDUAL = "individual"
BOARDS_DONE = "the organiser, every table having played this round's boards"


@dataclass(frozen=True)
class Partnership:
    """Two players who sit together for one round, as the movement numbers them."""

    number: int
    round: int
    table: int
    direction: str  # "NS" or "EW": the cards they hold
    players: tuple[int, int]


@dataclass(frozen=True)
class IndividualMovement:
    """A whist tournament's schedule with its board movement and the partnerships it forms."""

    schedule: object  # whist.WhistSchedule
    movement: Movement
    partnerships: tuple[Partnership, ...]

    @cached_property
    def _by_round(self) -> dict[tuple[int, int], Partnership]:
        return {(p.round, player): p for p in self.partnerships for player in p.players}

    def partnership_of(self, round_: int, player: int) -> Partnership | None:
        """The partnership a player plays in during a round (None: sitting out)."""
        return self._by_round.get((round_, player))


def build_individual(schedule, *, boards_per_round: int) -> IndividualMovement:
    """The movement of a duplicate individual on ``schedule`` (a ``whist.WhistSchedule``)."""
    check_boards_per_round(boards_per_round)
    rounds, tables = schedule.round_count, schedule.tables
    if all(sum(table.plays for table in tables) < 2 for tables in schedule.rounds):
        raise MovementError(
            f"With {schedule.players} players no round has two tables playing, so no board could be "
            "compared: a duplicate individual needs 8 players or more."
        )
    partnerships: list[Partnership] = []
    table_rounds: list[TableRound] = []
    for round_tables in schedule.rounds:
        playing = [table.table for table in round_tables if _plays(table)]
        for table in round_tables:
            numbers = {}
            # At a table with an empty seat the complete partnership, if any, sits out, a lone player too.
            for direction, players in (("NS", (table.north, table.south)), ("EW", (table.east, table.west))):
                if None not in players:
                    number = len(partnerships) + 1
                    partnerships.append(Partnership(number, table.round, table.table, direction, players))
                    numbers[direction] = number
            table_rounds.append(
                TableRound(
                    round=table.round,
                    table=table.table,
                    ns=numbers.get("NS"),
                    ew=numbers.get("EW"),
                    board_set=table.round,
                    boards=boards_of_set(table.round, boards_per_round),
                    shares_with=next((t for t in playing if t != table.table), None)
                    if _plays(table)
                    else None,
                )
            )
    movement = Movement(
        kind=INDIVIDUAL,
        variant=INDIVIDUAL,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        sets=rounds,
        phantom=bool(schedule.phantoms),
        arrow_switch_rounds=(),
        table_rounds=tuple(table_rounds),
    )
    return IndividualMovement(schedule=schedule, movement=movement, partnerships=tuple(partnerships))


def _players(table) -> tuple[int, ...]:
    return tuple(p for p in (table.north, table.east, table.south, table.west) if p is not None)


def _plays(table) -> bool:
    return len(_players(table)) == 4


def next_seat_text(line, partner: str) -> str:
    """Where a player goes for a round, from their itinerary's line for it (None: play is over):
    ``table 2, sit East, partner Bob Jones`` or ``sit out round 4``."""
    if line is None:
        return "end of play"
    if line.table is None:
        return f"sit out round {line.round}"
    return f"table {line.table}, sit {SEAT_NAMES[line.seat]}, partner {partner}"
