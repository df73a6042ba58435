"""What a table's tablet reads: the table's rounds and results, the round it plays now, what it
must enter for each board of it (and what it has entered, as it sat), and the last round's scores
and moves once that round is over.

A table's current round is its first with a board not yet confirmed. Its seatings and results come
in one statement (``table_rounds``), which a tablet's write reads again under its locks
(``entry.py``).
"""

from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Count, F, FilteredRelation, OuterRef, Q

from ...domain.drives.games import LOW, score_text
from ...domain.minnesota import Hand
from ...models import Board, Result, ResultChange, Seating, TableAccess, TableCheckIn
from ..events.scoring import seating_expected_boards
from .checkins import check_in_asked, check_in_of, waiting_at
from .moves import round_moves


@dataclass(frozen=True)
class BoardEntry:
    board: Board
    result: Result | None
    ns_tricks: int | None  # as the table sees them (the N/S pair's tricks, even when switched)
    seen: int = 0  # how often the organiser had set the board here: sent back with the entry
    hand: Hand | None = None  # a Minnesota board's count as the table sees it: who went grand too

    @property
    def status(self) -> str:
        if self.result is None:
            return "missing"
        return "confirmed" if self.result.confirmed_at else "awaiting"


class RoundScore(NamedTuple):
    """A board's score in a table's round-over list, as the table sat: N/S's and E/W's (tricks or
    adjusted scores), and the score in words as the trail writes it, which a Minnesota table reads
    ("N/S grand 9–4", "Low 8–5")."""

    board: int
    ns: str = ""
    ew: str = ""
    words: str = ""


@dataclass(frozen=True)
class TableState:
    access: TableAccess
    seating: Seating | None  # None once the table has played every round
    entries: list[BoardEntry] = field(default_factory=list)
    previous: Seating | None = None
    moves: dict = field(default_factory=dict)  # from the previous round: where the pairs and boards went
    previous_scores: tuple[RoundScore, ...] = ()  # of the previous round, as the table sat
    check_in: TableCheckIn | None = None  # the players' answer to "who is here" this round
    check_in_asked: bool = False  # the tablet asks who is here before the boards

    @property
    def held(self) -> bool:
        return self.check_in is not None and self.check_in.state == TableCheckIn.State.WAITING


def seen_by_table(result: Result, seating: Seating, grands: bool = False) -> int | Hand | None:
    """The table's count on a board as the pairs sat: N/S's tricks; where the tables enter who went
    grand too (``grands``: a Minnesota event), with them (``Hand``), so that a count and another
    grand are told apart."""
    seated = result.as_seated(switched=seating.arrow_switched)
    if grands and seated.ns_tricks is not None:
        return Hand(seated.granded, seated.ns_tricks)
    return seated.ns_tricks


def _complete(seating: Seating, results: dict[int, Result]) -> bool:
    return all(n in results and results[n].confirmed_at for n in seating_expected_boards(seating))


def current_round(access: TableAccess, *related: str) -> tuple[list[Seating], dict, Seating | None]:
    """The table's seatings, its results by round, and its current seating (``pick_current``)."""
    seatings, by_round = table_rounds(access.event_id, access.table, *related)
    return seatings, by_round, pick_current(seatings, by_round)


def pick_current(seatings: list[Seating], by_round: dict) -> Seating | None:
    """The first round with a board not yet confirmed (None once every round is in, or at a table
    where nobody plays)."""
    current = next((s for s in seatings if not _complete(s, by_round.get(s.round, {}))), None)
    if current is not None and current.ns_pair_id is None:
        return None
    return current


def table_state(access: TableAccess) -> TableState:
    """Where the table stands: its current round, that round's boards, and the moves after the last."""
    event = access.event
    seatings, by_round, current = current_round(
        access, "ns_pair__player1", "ns_pair__player2", "ew_pair__player1", "ew_pair__player2"
    )
    previous = None
    if current is not None:
        previous = next((s for s in seatings if s.round == current.round - 1), None)
    elif seatings:
        previous = seatings[-1]
    grands = event.evening_format.enters("granded")  # Minnesota whist: who went grand, with the tricks
    entries = []
    if current is not None:
        boards = {b.number: b for b in event.boards.filter(number__in=list(current.board_numbers))}
        results = by_round.get(current.round, {})
        seen = dict(
            set_elsewhere(access, current)
            .filter(board_number__in=list(current.board_numbers))
            .values_list("board_number")
            .annotate(n=Count("id"))
            .order_by()
        )
        for number in current.board_numbers:
            result = results.get(number)
            count = seen_by_table(result, current, grands) if result else None
            hand = count if isinstance(count, Hand) else None
            entries.append(
                BoardEntry(
                    boards[number], result, hand.ns_tricks if hand else count, seen.get(number, 0), hand
                )
            )
    previous_scores = ()
    if previous is not None:
        played = by_round.get(previous.round, {})
        previous_scores = tuple(
            _score_as_seated(number, played.get(number), previous, grands)
            for number in previous.board_numbers
        )
    check_in = check_in_of(access, current.round) if current is not None else None
    return TableState(
        access,
        current,
        entries,
        previous,
        round_moves(event, previous) if previous else {},
        previous_scores,
        check_in,
        current is not None and check_in_asked(check_in, club=event.club, round=current.round),
    )


def _score_as_seated(number: int, result: Result | None, seating: Seating, grands: bool) -> RoundScore:
    """A board's score as the table sat; ``grands``: the tables enter who went grand."""
    if result is None:
        return RoundScore(number)
    seated = result.as_seated(switched=seating.arrow_switched)
    if seated.ns_tricks is None:
        adjusted = (seated.ns_adjusted, seated.ew_adjusted)
        return RoundScore(number, *adjusted, "/".join(adjusted))
    # An event keeps a board played low as no grand (""); the words say "Low" as a drive's do.
    granded = (seated.granded or LOW) if grands else ""
    ns, ew = str(seated.ns_tricks), str(seated.ew_tricks)
    return RoundScore(number, ns, ew, score_text(seated.ns_tricks, granded))


def table_rounds(
    event_id: int, table: int, *related: str, board_number: int | None = None
) -> tuple[list[Seating], dict[int, dict[int, Result]]]:
    """The table's seatings in round order, and its results by round and board, in one statement.

    Each round's results at the table come joined to its seating (``played``), so a seating comes
    once for each of its results, with the number of the result's board (``played_board``), not
    the board's deal and analysis. With ``board_number`` the seating that plays that board carries
    it as ``asked``, and its pairs as ``asked_ns`` and ``asked_ew`` (the ORM sets a filtered
    relation's attribute only where a row was joined). A write reads it after ``locks.table_held``
    has locked the table's seatings, never in the locking statement itself: rows joined to a locking
    read come from before it waited, and could miss the result of the tablet it waited for.
    """
    seatings = Seating.objects.filter(event_id=event_id, table=table).annotate(
        played=FilteredRelation(
            "event__results",
            condition=Q(event__results__round=F("round"), event__results__table=F("table")),
        ),
        played_board=F("played__board__number"),
    )
    if board_number is not None:
        # Joined to the seating that plays the board only: made once, not once a round.
        plays = Q(first_board__lte=board_number, last_board__gte=board_number)
        seatings = seatings.annotate(
            asked=FilteredRelation("event__boards", condition=Q(event__boards__number=board_number) & plays),
            asked_ns=FilteredRelation("ns_pair", condition=plays),
            asked_ew=FilteredRelation("ew_pair", condition=plays),
            held=waiting_at(event=OuterRef("event_id"), table=OuterRef("table"), round=OuterRef("round")),
        ).select_related("asked", "asked_ns", "asked_ew")
    # Ordered by round alone: the models' default order would join the event table for nothing.
    by_round: dict[int, dict[int, Result]] = {}
    rounds: dict[int, Seating] = {}
    for seating in seatings.select_related("played", *related).order_by("round"):
        rounds.setdefault(seating.round, seating)
        if (result := getattr(seating, "played", None)) is not None:
            by_round.setdefault(seating.round, {})[seating.played_board] = result
    return list(rounds.values()), by_round


def table_source(table: int) -> str:
    """A table's tablet as a result's history names it, an event's table or a drive's."""
    return f"table {table}"


def set_elsewhere(access: TableAccess, seating: Seating):
    """The history lines of the meeting at this seating that did not come from this table (the
    organiser's, an import's), board by board: a count a board is the ``seen`` of its entries.
    History keeps pairs by the cards they held (``domain.arrow``)."""
    holds_ns, holds_ew = (
        (seating.ew_pair, seating.ns_pair) if seating.arrow_switched else (seating.ns_pair, seating.ew_pair)
    )
    if holds_ns is None or holds_ew is None:
        return ResultChange.objects.none()
    return ResultChange.objects.filter(
        event_id=access.event_id, ns_pair_number=holds_ns.number, ew_pair_number=holds_ew.number
    ).exclude(source=table_source(access.table))
