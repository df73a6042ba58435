"""Score entry at the tables: N/S's count recorded, E/W's confirmation or send-back (the
players' answer to "who is here?" is ``event_check_in``). A tablet reaches its table through
``access.py``.

The scheme is the one of the electronic scorers clubs use at the table: N/S enter the tricks, the
E/W side checks them on the same tablet and confirms. Until E/W confirm, the result does not count
and E/W may send it back; once confirmed, only the organiser can change it.

Every action is safe to repeat: a double tap or a retried request finds the result already as
asked and changes nothing, even once the round has moved on. Two tablets at one table are
serialised by a lock on the table's seating, and the database allows one result per board and pair.

Locks are taken in one order everywhere: the event row, then the seating, then the result. A
tablet's write holds the event against a close (a key-share lock, which tablets do not contend
for) and locks the table's seatings in one statement (``services/core/locks.py``); a second reads the
seatings with their pairs, the table's results and the board, under those locks: with the write
and its history line, four statements a score. A close either waits for the tablets' writes in
flight or goes first, and the tablets then find the event finished; the two never wait on each
other.
"""

from django.db import transaction
from django.utils import timezone

from ...domain.entry import EntryError, entry_needed
from ...domain.formats import EveningFormat
from ...domain.minnesota import GRANDED, Hand
from ...models import Board, Event, Result, ResultChange, Seating, TableAccess
from ..core.locks import table_held
from ..events.lifecycle import may_play
from ..events.results import history_add, result_record_for_seating
from .access import TableError
from .checkins import may_enter
from .rounds import current_round, pick_current, seen_by_table, set_elsewhere, table_rounds, table_source


def _locked_seating(access: TableAccess, board_number: int) -> tuple[Seating, Board, bool, dict, Event]:
    """The table's seating for the board (the event held against a close and the table's
    seatings locked, in one statement), the board, whether it is the current round, that
    round's results by board (read under the locks, so current) and the event as held. Four
    statements in all with the write and its history line.

    A board of an earlier round is returned too (not current), so that a repeated tap or a retried
    request whose reply was lost is recognised; the callers refuse anything else on it.
    ``access`` may be a bare ``TableAccess(token=...)``: its event and table are filled in.
    """
    event = table_held(access.token)
    if event is None:
        if not TableAccess.objects.filter(token=access.token).exists():
            raise TableAccess.DoesNotExist("This table link is not in use.")
        raise TableError("This table has played all its rounds.")
    access.event_id, access.table = event.pk, event.held_table
    verdict = may_play(event)
    if not verdict:
        raise TableError(verdict.reason)
    seatings, by_round = table_rounds(event.pk, access.table, board_number=board_number)
    current = pick_current(seatings, by_round)
    if current is not None and board_number in current.board_numbers:
        found, is_current = current, True
    else:
        found = next((s for s in seatings if board_number in s.board_numbers and s.ns_pair_id), None)
        is_current = False
        if found is None or (current is not None and found.round > current.round):
            found = None
    board = getattr(found, "asked", None)
    if board is None:
        if current is None:
            raise TableError("This table has played all its rounds.")
        raise TableError(
            f"Board {board_number} is not played at table {access.table} in round {current.round}."
        )
    found.ns_pair, found.ew_pair = getattr(found, "asked_ns", None), getattr(found, "asked_ew", None)
    round_word = event.evening_format.round.singular
    verdict = may_enter(waiting=found.held, table=access.table, round_word=round_word)
    if not verdict:
        raise TableError(verdict.reason)
    return found, board, is_current, by_round.get(found.round, {}), event


def _not_now(access: TableAccess, board_number: int) -> TableError:
    current = current_round(access)[2]
    if current is None:
        return TableError(f"Board {board_number} is done: this table has played all its rounds.")
    return TableError(
        f"Board {board_number} was played in an earlier round and is confirmed: only the organiser can "
        f"change it now. Table {access.table} plays boards {current.first_board}–{current.last_board} "
        f"in round {current.round}."
    )


def _result_at(seating: Seating, board: Board, results: dict) -> Result | None:
    """The board's result at this table in that round, if any: read with the table's seatings
    locked, and every writer of a table's results (tablets, the organiser) takes that lock first.
    Given the board and the pairs the write already has."""
    result = results.get(board.number)
    if result is None:
        return None
    result.board = board
    for pair in (seating.ns_pair, seating.ew_pair):
        # Always one of the two, but for a seating changed by hand since: then read when needed.
        if pair is not None and pair.pk == result.ns_pair_id:
            result.ns_pair = pair
        elif pair is not None and pair.pk == result.ew_pair_id:
            result.ew_pair = pair
    return result


class SetByOrganiser(TableError):
    """An entry typed at the table before the organiser set that board (or hand) is not used."""


def typed_before_organiser_set(*, seen: int | None, sets: int, what: str) -> None:
    """The rule for an entry a tablet kept while the network was gone, an event's board or a
    drive's hand alike: it carries ``seen``, how many times the organiser had set the board when
    the table typed it, and ``sets`` is how many times they have now. If they have set it since,
    the entry is refused, with words the table reads, never applied over the organiser's result.
    An entry without ``seen`` (a form sent without the script) is checked as before, no more.

    Example: board 3 was missing (``seen`` 0) when N/S typed 9 with the Wi-Fi down; meanwhile the
    organiser set it from the paper traveller (``sets`` 1): the 9 is refused, "ask them"."""
    if seen is not None and sets > seen:
        raise SetByOrganiser(
            f"The organiser has set {what} since this tablet's entry was typed: ask them. "
            "The entry was not used."
        )


def _check_seen(access: TableAccess, seating: Seating, board_number: int, seen: int | None) -> None:
    if seen is not None:
        sets = set_elsewhere(access, seating).filter(board_number=board_number).count()
        typed_before_organiser_set(seen=seen, sets=sets, what=f"board {board_number}")


def _granded_asked(event: Event, granded: str | None) -> str:
    """Who went grand as a table sends it: asked where the event's tables enter it (a Minnesota
    event: N/S, E/W or nobody), never at another."""
    if not event.evening_format.enters("granded"):
        if granded:
            raise TableError("This event is not Minnesota whist: nobody goes grand. Tap N/S's tricks.")
        return ""
    if granded is None or granded not in GRANDED:
        raise TableError("Tap who went grand first: N/S, E/W, or Low when nobody did.")
    return granded


@transaction.atomic
def table_result_enter(
    *,
    access: TableAccess,
    board_number: int,
    ns_tricks: int,
    seen: int | None = None,
    granded: str | None = None,
) -> Result:
    """N/S enter their tricks (at a Minnesota event, with who went grand: "NS", "EW" or "" for a
    low hand); the result then waits for E/W to confirm (the rule of every table's count,
    ``domain.entry``). ``seen``: see ``typed_before_organiser_set``."""
    if not isinstance(ns_tricks, int) or not 0 <= ns_tricks <= 13:
        raise TableError("Tap the number of tricks N/S took: 0 to 13.")
    seating, board, is_current, results, event = _locked_seating(access, board_number)
    granded = _granded_asked(event, granded)
    grands = event.evening_format.enters("granded")
    entered = Hand(granded, ns_tricks) if grands else ns_tricks
    _check_seen(access, seating, board_number, seen)
    existing = _result_at(seating, board, results)
    there = None if existing is None else seen_by_table(existing, seating, grands)
    if there not in (None, entered) and not is_current:
        raise _not_now(access, board_number)
    try:
        needed = entry_needed(
            deal=event.evening_format.deal,
            number=board_number,
            existing=there,
            confirmed=existing is not None and existing.confirmed_at is not None,
            entered=entered,
        )
    except EntryError as error:
        raise TableError(str(error)) from None
    if not needed:
        return existing  # the same tap again: nothing to do
    if not is_current:
        raise _not_now(access, board_number)
    return result_record_for_seating(
        seating=seating,
        board=board,
        ns_tricks=ns_tricks,
        granded=granded,
        confirmed=False,
        source=table_source(access.table),
        seen_free=True,  # the table's seatings are locked and no result was there
    )


@transaction.atomic
def table_result_confirm(
    *,
    access: TableAccess,
    board_number: int,
    ns_tricks: int,
    seen: int | None = None,
    granded: str | None = None,
) -> Result:
    """E/W confirm the tricks they were shown (and who went grand, at a Minnesota event); a changed
    entry is not confirmed by mistake."""
    seating, board, _, results, event = _locked_seating(access, board_number)
    grands = event.evening_format.enters("granded")
    shown = Hand(_granded_asked(event, granded), ns_tricks) if grands else ns_tricks
    _check_seen(access, seating, board_number, seen)
    existing = _result_at(seating, board, results)
    if existing is None:
        raise TableError(f"Board {board_number} has no score to confirm yet: N/S enter it first.")
    there = seen_by_table(existing, seating, grands)
    if there != shown:
        raise TableError(
            f"Board {board_number} now shows N/S {there}, not {shown}: check it again before confirming."
        )
    if existing.confirmed_at is None:
        existing.confirmed_at = timezone.now()
        existing.save(update_fields=["confirmed_at"])
        history_add(
            existing,
            ResultChange.Action.CONFIRMED,
            before=existing.score_text,
            source=table_source(access.table),
        )
    return existing


@transaction.atomic
def table_result_reject(*, access: TableAccess, board_number: int, seen: int | None = None) -> EveningFormat:
    """E/W send an unconfirmed entry back, so N/S can enter it again. Returns the event's format,
    which says what N/S enter again (``domain.entry.sent_back``)."""
    seating, board, _, results, event = _locked_seating(access, board_number)
    _check_seen(access, seating, board_number, seen)
    existing = _result_at(seating, board, results)
    if existing is None:
        return event.evening_format  # already sent back
    if existing.confirmed_at is not None:
        raise TableError(f"Board {board_number} is confirmed: only the organiser can change it now.")
    history_add(
        existing, ResultChange.Action.REJECTED, before=existing.score_text, source=table_source(access.table)
    )
    existing.delete()
    return event.evening_format
