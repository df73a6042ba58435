"""The organiser's (tournament director's) view of and hand on results: the live grid of results by
rounds and tables, every meeting on a board, and a result set, corrected or adjusted with a reason."""

from collections import defaultdict
from dataclasses import dataclass

from django.db import transaction

from ...domain.arrow import Score, to_cards
from ...models import AuditLine, Board, Event, Result, Seating
from ..core.audit import event_log
from ..core.errors import ServiceError
from ..core.locks import event_held
from .results import result_correct, result_record_for_seating
from .scoring import seating_expected_boards


def _state(expected: int, confirmed: int, awaiting: int) -> str:
    if not expected:
        return "sitout"
    if confirmed == expected:
        return "done"
    if awaiting:
        return "awaiting"
    return "partial" if confirmed else "missing"


def event_results_grid(event: Event) -> list[dict]:
    """The live dashboard's grid: a row a round, a cell a table (None where the table has no seating):
    its seating, the results it expects, how many are confirmed and awaiting E/W, and its state
    ("sitout", "done", "awaiting", "partial" or "missing"). Two queries."""
    counts = defaultdict(lambda: {"confirmed": 0, "awaiting": 0})
    for round_, table, confirmed_at in event.results.values_list("round", "table", "confirmed_at"):
        counts[(round_, table)]["confirmed" if confirmed_at else "awaiting"] += 1
    grid: dict[int, dict[int, dict]] = defaultdict(dict)
    for s in event.seatings.select_related("ns_pair", "ew_pair"):
        expected = len(seating_expected_boards(s))
        done = counts[(s.round, s.table)]
        state = _state(expected, done["confirmed"], done["awaiting"])
        grid[s.round][s.table] = {"seating": s, "expected": expected, **done, "state": state}
    tables = range(1, event.tables + 1)
    return [{"round": r, "cells": [grid[r].get(t) for t in tables]} for r in sorted(grid)]


@dataclass(frozen=True)
class Meeting:
    """Two pairs meeting on a board: their seating, and the result kept by the cards and as the
    pairs sat (both None while it is missing)."""

    seating: Seating
    result: Result | None
    seated: Score | None


def board_meetings(event: Event, board: Board) -> list[Meeting]:
    """Every meeting on a board, round by round, with its result as the pairs sat."""
    seatings = board_seatings(event, board.number)
    results = {
        (r.round, r.table): r for r in event.results.filter(board=board).select_related("ns_pair", "ew_pair")
    }
    meetings = []
    for s in seatings:
        result = results.get((s.round, s.table))
        meetings.append(Meeting(s, result, result.as_seated(switched=s.arrow_switched) if result else None))
    return meetings


def board_seatings(event: Event, number: int) -> list[Seating]:
    """The seatings that play a board, round by round (the sit-outs opposite the phantom left out)."""
    return list(
        event.seatings.filter(first_board__lte=number, last_board__gte=number, ns_pair__isnull=False)
        .select_related("ns_pair", "ew_pair")
        .order_by("round")
    )


@transaction.atomic
def result_set_by_director(
    *,
    event: Event,
    seating: Seating,
    board_number: int,
    ns_tricks: int | None = None,
    ns_adjusted: str = "",
    ew_adjusted: str = "",
    granded: str = "",
    reason: str,
    user,
    log: bool = True,
) -> Result:
    """Give the result of a scheduled meeting, as the pairs sat (N/S pair's tricks, adjusted N/S / E/W,
    and at a Minnesota event who went grand: "NS", "EW" or "" for a low hand).

    A missing result is created, an existing one (confirmed or not) corrected; either way it
    counts at once, the result's history keeps who, when and why, and so does the event's trail
    (unless ``log`` is off: the close that gives many results at once says so in its own line).
    """
    if seating.event_id != event.pk or board_number not in seating.board_numbers:
        raise ServiceError(f"Board {board_number} is not played at that table in that round.")
    if seating.ns_pair_id is None or seating.ew_pair_id is None:
        raise ServiceError("Nobody plays at that table in that round: a pair sits out.")
    if not reason.strip():
        raise ServiceError("Say why: the reason is kept in the history.")
    if granded and not event.evening_format.enters("granded"):
        raise ServiceError("This event is not Minnesota whist: nobody goes grand.")
    board = Board.objects.get(event=event, number=board_number)
    # The locks in their one order (services/core/locks.py): a send-back at the table cannot delete the
    # result between this read and the correction.
    event_held(event.pk)
    seating = (
        Seating.objects.select_for_update(of=("self",))
        .select_related("ns_pair", "ew_pair")
        .get(pk=seating.pk)
    )
    existing = (
        Result.objects.select_for_update(of=("self",))
        .filter(board=board, round=seating.round, table=seating.table)
        .first()
    )
    if existing is None:
        result = result_record_for_seating(
            seating=seating,
            board=board,
            ns_tricks=ns_tricks,
            ns_adjusted=ns_adjusted,
            ew_adjusted=ew_adjusted,
            granded=granded,
            user=user,
            confirmed=True,
            source="organiser",
        )
        result.event = event  # a Minnesota hand's words say "Low" too
        history = result.history.get()
        history.reason = reason.strip()
        history.save(update_fields=["reason"])
        before = "—"
    else:
        existing.event = event
        before = existing.score_text
        cards = to_cards(
            Score(seating.ns_pair, seating.ew_pair, ns_tricks, ns_adjusted, ew_adjusted, granded),
            switched=seating.arrow_switched,
        )
        result = result_correct(
            result=existing,
            ns_tricks=cards.ns_tricks,
            ns_adjusted=cards.ns_adjusted,
            ew_adjusted=cards.ew_adjusted,
            granded=cards.granded,
            reason=reason,
            user=user,
        )
    if log:
        detail = (
            f"board {board_number}, round {seating.round}, table {seating.table}: "
            f"{before} → {result.score_text} ({reason.strip()})"
        )
        event_log(event=event, action=AuditLine.Action.CORRECTED, detail=detail, user=user)
    return result
