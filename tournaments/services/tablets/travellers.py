"""A board's traveller, as the players read it during play: the board's results at the tables that
have confirmed it so far, one row a table, in the order they were played. A pair's own page on
their phone shows it under each board their table has confirmed (``pair_evening``), and so does
the table's tablet when the club lets it (``Club.tablet_travellers``, ``table_travellers``). An
individual event's page and tablet name a side by its two players' numbers (``traveller_side``).

Both build it here, from the event's scores as the results pages read them (``event_report``:
confirmed results only), so another table's score shows only once that table has confirmed it,
and a board shows only once the reader's own table has confirmed it.

Example: at a 7-table Mitchell, table 3 confirms board 5 in round 2 after tables 1 and 2 have
confirmed it in round 1 and 2. Board 5's traveller then has three rows (round 1 table 1, round 2
tables 2 and 3), table 3's marked as the reader's own; board 7, which table 3 plays in round 3,
shows nothing at table 3 until it is confirmed there.
"""

from collections.abc import Callable
from dataclasses import dataclass

from ...domain import scoring
from ...domain.errors import DomainError
from ...models import Event, ResultChange
from ..events.individuals import event_partnerships
from ..events.scoring import event_report


@dataclass(frozen=True)
class TravellerRow:
    round: int
    table: int
    ns: str  # the sides by the cards they held: "N/S 3" (an individual event's players, "8 & 1")
    ew: str
    ns_tricks: int | None
    ew_tricks: int | None
    adjusted: str  # "A+/A-", or ""
    ns_score: float
    ew_score: float
    own: bool  # the reader's own row (their pair's, or their table's)
    corrected: bool  # changed by the organiser after it was confirmed


def corrected_results(event: Event) -> set[tuple[int, int, int]]:
    """(board, N/S number, E/W number) of the results the organiser corrected after confirmation,
    in one query: a traveller marks them as a correction."""
    lines = event.result_changes.filter(action=ResultChange.Action.CORRECTED)
    return set(lines.values_list("board_number", "ns_pair_number", "ew_pair_number"))


def traveller(
    board: scoring.BoardScore, *, own: scoring.ScoredResult | None, corrected: set, side=scoring.pair_label
) -> tuple[TravellerRow, ...]:
    """The board's rows by round then table; ``own`` is the reader's own result (its row is marked),
    ``corrected`` what ``corrected_results`` read, ``side`` how a side is named from its pair key
    ("N/S 3"; an individual event's players by number, "8 & 1")."""
    return tuple(
        _row(board, s, s is own, corrected, side)
        for s in sorted(board.results, key=lambda s: (s.result.round, s.result.table))
    )


def own_row(board: scoring.BoardScore, own: scoring.ScoredResult, corrected: set, side=scoring.pair_label):
    """The reader's own row of the board's traveller alone (``traveller``), without the others'."""
    return _row(board, own, True, corrected, side)


def _row(board: scoring.BoardScore, s: scoring.ScoredResult, own: bool, corrected: set, side) -> TravellerRow:
    return TravellerRow(
        s.result.round,
        s.result.table,
        side(s.result.ns_pair),
        side(s.result.ew_pair),
        s.result.ns_tricks,
        None if s.result.ns_tricks is None else 13 - s.result.ns_tricks,
        s.result.adjusted_text or "",
        s.ns_score,
        s.ew_score,
        own,
        (board.board, s.result.ns_pair[1], s.result.ew_pair[1]) in corrected,
    )


# How a traveller's caption says its sides are named when it names them by players, not pairs.
BY_PLAYERS = "each side by its players' numbers"


def traveller_side(event: Event, partnerships: dict | None = None) -> Callable[[tuple], str]:
    """How the event's travellers name a side from its pair's key: "N/S 3"; at an individual event,
    whose pairs only seat a round, by its two players' numbers in seat order, "8 & 1"
    (``partnerships``: a pair's key to them, read when not given, in one query)."""
    if not event.evening_format.partnerships_internal:
        return scoring.pair_label
    players = event_partnerships(event) if partnerships is None else partnerships
    return lambda key: " & ".join(str(p) for p in players.get(tuple(key), ()))


def sides_caption(event: Event) -> str:
    """How the event's traveller captions say their sides are named ("": by their pairs)."""
    return BY_PLAYERS if event.evening_format.partnerships_internal else ""


def table_travellers(event: Event, *, table: int, round: int, boards) -> dict[int, tuple[TravellerRow, ...]]:
    """The travellers a table's tablet shows, by board: of those of ``boards`` (the ones on its
    screen) that the table has confirmed in ``round``, each board's rows so far, the table's own
    marked, its sides named as the event names them (``traveller_side``). Empty, and no
    query at all, unless the club lets its tablets show them (or nothing on the screen is
    confirmed); else a constant number of queries whatever the field's size."""
    wanted = set(boards)
    if not wanted or not event.club.tablet_travellers:
        return {}
    try:
        report = event_report(event)
    except DomainError:  # a method that cannot score the event yet: its results page says why
        return {}
    corrected = corrected_results(event)
    side = traveller_side(event)
    shown = {}
    for board in report.scores.boards:
        if board.board not in wanted:
            continue
        own = next((s for s in board.results if (s.result.round, s.result.table) == (round, table)), None)
        if own is not None:  # confirmed at this table: only then does the table see the others
            shown[board.board] = traveller(board, own=own, corrected=corrected, side=side)
    return shown
