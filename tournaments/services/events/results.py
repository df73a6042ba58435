"""Results as they are entered and corrected, each change kept in the history."""

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from ...domain.arrow import Score, to_cards
from ...models import Adjusted, Board, DriveResult, Granded, Result, ResultChange, ResultLine
from ..core.errors import ServiceError


def _check_score(ns_tricks: int | None, ns_adjusted: str, ew_adjusted: str, granded: str = "") -> None:
    if granded not in Granded.values:
        raise ServiceError(f"'{granded}' is not who went grand: NS, EW, or empty for a low hand.")
    if granded and ns_tricks is None:
        raise ServiceError("An adjusted score has nobody going grand: give the tricks with who went grand.")
    adjusted = {choice.value for choice in Adjusted}
    if ns_tricks is None:
        if ns_adjusted not in adjusted or ew_adjusted not in adjusted:
            raise ServiceError("Give N/S tricks (0 to 13), or an adjusted score (A+, A or A-) for each side.")
    else:
        if ns_adjusted or ew_adjusted:
            raise ServiceError("Give either tricks or an adjusted score, not both.")
        if not 0 <= ns_tricks <= 13:
            raise ServiceError(f"N/S took {ns_tricks} tricks? A deal has 13 tricks: give 0 to 13.")


def result_record(
    *,
    board: Board,
    round: int,
    table: int,
    ns_pair,
    ew_pair,
    ns_tricks: int | None = None,
    ns_adjusted: str = "",
    ew_adjusted: str = "",
    granded: str = "",
    user=None,
    confirmed: bool = True,
    source: str = "",
    seen_free: bool = False,
) -> Result:
    """Record a new result and its first history entry (``granded``: who went grand at a Minnesota
    event's table, "NS", "EW" or "" for a low hand).

    Results from the organiser count at once; a table's entry waits for E/W's confirmation.

    A result already there is refused plainly, and the caller's own transaction may go on (a
    savepoint guards the insert). ``seen_free`` is for a caller that holds the table's lock and has
    seen no result there: it needs no savepoint, two statements fewer on every score a tablet sends.
    """
    _check_score(ns_tricks, ns_adjusted, ew_adjusted, granded)
    with transaction.atomic(savepoint=not seen_free):
        now = timezone.now()
        score = Score(ns_pair, ew_pair, ns_tricks, ns_adjusted, ew_adjusted, granded)
        result = _unsaved(board, round, table, score, user=user, when=now, confirmed=confirmed)
        try:
            result.save(force_insert=True)
        except IntegrityError:
            raise ServiceError(
                f"Board {board.number} already has a result for {ns_pair} or {ew_pair}."
            ) from None
        history_add(result, ResultChange.Action.CREATED, before="", user=user, when=now, source=source)
        return result


def _unsaved(board: Board, round: int, table: int, score: Score, *, user, when, confirmed: bool) -> Result:
    """A new result of the board, by the cards, entered now (and confirmed, or awaiting E/W)."""
    return Result(
        event_id=board.event_id,
        board=board,
        round=round,
        table=table,
        ns_pair=score.ns_pair,
        ew_pair=score.ew_pair,
        ns_tricks=score.ns_tricks,
        ns_adjusted=score.ns_adjusted,
        ew_adjusted=score.ew_adjusted,
        granded=score.granded,
        entered_by=user,
        entered_at=when,
        confirmed_at=when if confirmed else None,
    )


@transaction.atomic
def result_correct(
    *,
    result: Result,
    ns_tricks: int | None = None,
    ns_adjusted: str = "",
    ew_adjusted: str = "",
    granded: str = "",
    reason: str,
    user,
) -> Result:
    """A director's correction: change the score (and who went grand) and keep who, when and why.
    It counts at once."""
    if not reason.strip():
        raise ServiceError("Say why the result is corrected: the reason is kept in the history.")
    _check_score(ns_tricks, ns_adjusted, ew_adjusted, granded)
    result = (
        Result.objects.select_for_update(of=("self",))
        .select_related("board", "ns_pair", "ew_pair", "event")
        .filter(pk=result.pk)
        .first()
    )
    if result is None:
        raise ServiceError("That result has just been sent back at the table: look at the board again.")
    before = result.score_text + ("" if result.confirmed_at else " (unconfirmed)")
    result.ns_tricks, result.ns_adjusted, result.ew_adjusted = ns_tricks, ns_adjusted, ew_adjusted
    result.granded = granded
    result.confirmed_at = result.confirmed_at or timezone.now()
    try:
        result.full_clean(validate_unique=False)
    except ValidationError as error:
        raise ServiceError("; ".join(error.messages)) from None
    result.save(update_fields=["ns_tricks", "ns_adjusted", "ew_adjusted", "granded", "confirmed_at"])
    history_add(
        result, ResultChange.Action.CORRECTED, before=before, reason=reason, user=user, source="organiser"
    )
    return result


def history_add(
    result: Result | DriveResult,
    action: str,
    *,
    before: str,
    reason: str = "",
    user=None,
    when=None,
    source: str = "",
) -> None:
    """Add a line to the history of an event's result or a drive's, inside the transaction of the
    write it records: every entry, confirmation, sending back and correction has one. ``source``
    says where it came from ("table 3", "organiser"); a result sent back has no after."""
    _history_line(result, action, before=before, reason=reason, user=user, when=when, source=source).save(
        force_insert=True
    )


def _history_line(result, action: str, *, before: str, reason: str, user, when, source: str) -> ResultLine:
    """The line ``history_add`` adds, unsaved."""
    return result.history_line(
        action=action,
        before=before,
        after="" if action == ResultLine.Action.REJECTED else result.score_text,
        reason=reason.strip(),
        source=source,
        changed_by=user if user is not None and user.is_authenticated else None,
        changed_at=when or timezone.now(),
    )


@transaction.atomic
def results_record_many(*, rows, user=None) -> int:
    """Record many new results at once, each counting at once and with its first history line, as
    ``result_record_for_seating`` records one: a file of paper travellers, thousands of results in
    a few statements. ``rows`` are (seating, board, ns_tricks, ns_adjusted, ew_adjusted, granded)
    as the table saw them. All or nothing: a result already there refuses them all."""
    now = timezone.now()
    results = []
    for seating, board, ns_tricks, ns_adjusted, ew_adjusted, granded in rows:
        _check_score(ns_tricks, ns_adjusted, ew_adjusted, granded)
        cards = to_cards(
            Score(seating.ns_pair, seating.ew_pair, ns_tricks, ns_adjusted, ew_adjusted, granded),
            switched=seating.arrow_switched,
        )
        results.append(
            _unsaved(board, seating.round, seating.table, cards, user=user, when=now, confirmed=True)
        )
    try:
        with transaction.atomic():
            Result.objects.bulk_create(results)
    except IntegrityError:
        raise ServiceError(
            "A result for one of these boards has just arrived from the tables: nothing was recorded."
        ) from None
    created = ResultChange.Action.CREATED
    ResultChange.objects.bulk_create(
        _history_line(result, created, before="", reason="", user=user, when=now, source="")
        for result in results
    )
    return len(results)


def result_record_for_seating(
    *,
    seating,
    board: Board,
    ns_tricks: int | None = None,
    ns_adjusted: str = "",
    ew_adjusted: str = "",
    granded: str = "",
    user=None,
    confirmed: bool = True,
    source: str = "",
    seen_free: bool = False,
) -> Result:
    """Record a result as the table sees it: tricks and adjustments of the N/S and E/W pairs.

    The result is stored by the cards (``domain.arrow``): on an arrow-switched round the E/W pair
    held the N/S hands.
    """
    cards = to_cards(
        Score(seating.ns_pair, seating.ew_pair, ns_tricks, ns_adjusted, ew_adjusted, granded),
        switched=seating.arrow_switched,
    )
    return result_record(
        board=board,
        round=seating.round,
        table=seating.table,
        ns_pair=cards.ns_pair,
        ew_pair=cards.ew_pair,
        ns_tricks=cards.ns_tricks,
        ns_adjusted=cards.ns_adjusted,
        ew_adjusted=cards.ew_adjusted,
        granded=cards.granded,
        user=user,
        confirmed=confirmed,
        source=source,
        seen_free=seen_free,
    )
