"""The organiser's (tournament director's) hand on results: set, correct or adjust, with a reason."""

from django.db import transaction

from ..domain.arrow import Score, to_cards
from ..models import Board, Event, Result, Seating
from .errors import ServiceError
from .locks import event_held
from .results import result_correct, result_record_for_seating


@transaction.atomic
def result_set_by_director(
    *,
    event: Event,
    seating: Seating,
    board_number: int,
    ns_tricks: int | None = None,
    ns_adjusted: str = "",
    ew_adjusted: str = "",
    reason: str,
    user,
) -> Result:
    """Give the result of a scheduled meeting, as the pairs sat (N/S pair's tricks, adjusted N/S / E/W).

    A missing result is created, an existing one (confirmed or not) corrected; either way it
    counts at once and the history keeps who, when and why.
    """
    if seating.event_id != event.pk or board_number not in seating.board_numbers:
        raise ServiceError(f"Board {board_number} is not played at that table in that round.")
    if seating.ns_pair_id is None or seating.ew_pair_id is None:
        raise ServiceError("Nobody plays at that table in that round: a pair sits out.")
    if not reason.strip():
        raise ServiceError("Say why: the reason is kept in the history.")
    board = Board.objects.get(event=event, number=board_number)
    # The locks in their one order (services/locks.py): a send-back at the table cannot delete the
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
            user=user,
            confirmed=True,
            source="organiser",
        )
        history = result.history.get()
        history.reason = reason.strip()
        history.save(update_fields=["reason"])
        return result
    cards = to_cards(
        Score(seating.ns_pair, seating.ew_pair, ns_tricks, ns_adjusted, ew_adjusted),
        switched=seating.arrow_switched,
    )
    return result_correct(
        result=existing,
        ns_tricks=cards.ns_tricks,
        ns_adjusted=cards.ns_adjusted,
        ew_adjusted=cards.ew_adjusted,
        reason=reason,
        user=user,
    )
