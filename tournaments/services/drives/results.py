"""Each hand's count at a drive's tables: N/S's count recorded, E/W's confirmation or its sending
back, the organiser's corrections and the totals typed from paper score cards. A confirmed hand
seats what it lets be seated (``play.seat_what_can_be``). The organiser's pages and commands call
the ``drive_result_*`` services; a table's tablet calls ``record``, ``confirm`` and ``reject``
with its own source (``tablet``)."""

from decimal import Decimal

from django.db import transaction

from ...domain.drives.games import grand_words
from ...domain.entry import EntryError, entry_needed
from ...models import AuditLine, Drive, DriveResult, DriveResultChange, DriveTotal
from ...models.drive_results import honours_text
from ..core.audit import drive_log
from ..core.errors import ServiceError
from ..core.verdicts import require
from ..events.results import history_add
from . import lifecycle
from .play import locked, seat_what_can_be
from .state import DriveState, DriveStateError

Action = AuditLine.Action
Line = DriveResultChange.Action
ORGANISER = "organiser"  # a history line's source for the organiser's pages and commands


def _count(ns_tricks: int, granded: str, honours: str = "") -> int | str:
    """A table's count as the entry rule compares and words it: the tricks, a Minnesota hand's
    "9 (N/S grand)", or in games and rubbers with the honours claimed, "9, N/S 4 honours"."""
    if not (granded or honours):
        return ns_tricks
    return f"{ns_tricks}{f' ({grand_words(granded)})' if granded else ''}{honours_text(honours)}"


@transaction.atomic
def drive_result_record(
    *,
    drive: Drive,
    hand: int,
    table: int,
    ns_tricks: int,
    granded: str | None = "",
    honours: str = "",
    confirmed: bool = True,
    user=None,
) -> DriveResult:
    """Record the N/S couple's tricks at a table in a hand (a Minnesota drive's: and who went
    grand, "NS", "EW" or "low"; in games and rubbers, with the honours claimed), and seat what the
    result lets be seated.

    Unconfirmed (a tablet's first tap) it waits for the other couple, and another count is not
    typed over it (``domain.entry``, as at an event's tablet). A confirmed result is changed only
    by ``drive_result_correct``; the same tricks sent again are harmless.
    """
    return record(
        locked(drive), hand, table, ns_tricks, granded, confirmed, honours, source=ORGANISER, user=user
    )


def record(
    drive: Drive,
    hand: int,
    table: int,
    ns_tricks: int,
    granded: str | None,
    confirmed: bool,
    honours: str = "",
    *,
    source: str,
    user=None,
) -> DriveResult:
    """``drive_result_record`` for a drive already locked, its history line from ``source`` (the
    organiser, or a table's tablet)."""
    honours = (honours or "").upper()
    state = DriveState(drive, near=hand)
    granded = state.check_playable(hand, table, ns_tricks, granded=granded, honours=honours)
    result = state.result_rows.get((hand, table))
    if not confirmed:  # N/S's count, waiting for E/W: the rule of every table's count
        try:
            needed = entry_needed(
                deal=drive.evening_format.deal,
                number=hand,
                existing=None if result is None else _count(result.ns_tricks, result.granded, result.honours),
                confirmed=result is not None and result.confirmed,
                entered=_count(ns_tricks, granded, honours),
            )
        except EntryError as error:
            raise DriveStateError(str(error)) from None
        if not needed:
            return result  # the same tap again: nothing to do
    elif result is not None and result.confirmed:
        if (result.ns_tricks, result.granded, result.honours) == (ns_tricks, granded, honours):
            return result
        raise DriveStateError(
            f"Hand {hand} at table {table} is already confirmed ({result}); only the organiser can "
            "correct it."
        )
    if result is None:
        result, line, before = DriveResult(drive=drive, hand=hand, table=table), Line.CREATED, ""
    elif (result.ns_tricks, result.granded, result.honours) != (ns_tricks, granded, honours):
        line, before = Line.CREATED, result.score_text  # the organiser's count over one still waiting
    else:
        line, before = Line.CONFIRMED, result.score_text  # the organiser confirms a table's count
    result.ns_tricks, result.granded, result.honours, result.confirmed = (
        ns_tricks,
        granded,
        honours,
        confirmed,
    )
    result.save()
    history_add(result, line, before=before, user=user, source=source)
    if confirmed:
        state.count(hand, table, ns_tricks, granded, honours)
        seat_what_can_be(drive, state, hand)
    return result


@transaction.atomic
def drive_result_confirm(
    *, drive: Drive, hand: int, table: int, ns_tricks: int, granded: str | None = "", honours: str = ""
) -> DriveResult:
    """E/W confirm the count they were shown at the table (and the honours claimed, in games and
    rubbers); a count changed since is not confirmed by mistake, and a confirmation sent twice is
    harmless."""
    return confirm(locked(drive), hand, table, ns_tricks, granded, honours, source=ORGANISER)


def confirm(
    drive: Drive,
    hand: int,
    table: int,
    ns_tricks: int,
    granded: str | None,
    honours: str = "",
    *,
    source: str,
) -> DriveResult:
    """``drive_result_confirm`` for a drive already locked, its history line from ``source``."""
    honours = (honours or "").upper()
    state = DriveState(drive, near=hand)
    granded = state.check_playable(hand, table, ns_tricks, granded=granded, honours=honours)
    result = state.result_rows.get((hand, table))
    if result is None:
        raise DriveStateError(f"Hand {hand} has no count to confirm yet: N/S enter it first.")
    if (result.ns_tricks, result.granded, result.honours) != (ns_tricks, granded, honours):
        shown, seen = (
            _count(result.ns_tricks, result.granded, result.honours),
            _count(ns_tricks, granded, honours),
        )
        raise DriveStateError(
            f"Hand {hand} now shows N/S {shown}, not {seen}: check it again before confirming."
        )
    if not result.confirmed:
        result.confirmed = True
        result.save(update_fields=["confirmed"])
        history_add(result, Line.CONFIRMED, before=result.score_text, source=source)
        state.count(hand, table, ns_tricks, granded, honours)
        seat_what_can_be(drive, state, hand)
    return result


@transaction.atomic
def drive_result_reject(*, drive: Drive, hand: int, table: int) -> None:
    """The other couple disagrees with an unconfirmed count: it is taken back, to be entered again."""
    reject(locked(drive), hand, table, source=ORGANISER)


def reject(drive: Drive, hand: int, table: int, *, source: str) -> None:
    """``drive_result_reject`` for a drive already locked, its history line from ``source``."""
    result = DriveResult.objects.filter(drive=drive, hand=hand, table=table, confirmed=False).first()
    if result is not None:  # else already sent back
        history_add(result, Line.REJECTED, before=result.score_text, source=source)
        result.delete()


@transaction.atomic
def drive_result_correct(
    *,
    drive: Drive,
    hand: int,
    table: int,
    ns_tricks: int,
    reason: str,
    granded: str | None = "",
    honours: str = "",
    user=None,
):
    """The organiser sets a hand's tricks (a Minnesota drive's: and who went grand; in games and
    rubbers, and the honours claimed), a correction or a score card typed in, saying why, with a
    history line. Where people already sat is kept: only the scores change."""
    reason = reason.strip()
    if not reason:
        raise ServiceError("Say why the hand is corrected: the reason is kept in the history.")
    honours = (honours or "").upper()
    drive = locked(drive)
    require(lifecycle.may_correct(drive), DriveStateError)
    state = DriveState(drive, near=hand)
    granded = state.check_playable(hand, table, ns_tricks, organiser=True, granded=granded, honours=honours)
    result = state.result_rows.get((hand, table))
    before = "" if result is None else result.score_text
    if result is None:
        result = DriveResult(drive=drive, hand=hand, table=table)
    result.ns_tricks, result.granded, result.honours, result.confirmed = ns_tricks, granded, honours, True
    result.save()
    history_add(result, Line.CORRECTED, before=before, reason=reason[:200], user=user, source=ORGANISER)
    detail = f"hand {hand}, table {table}: {before or '—'} → {result.score_text} ({reason})"
    drive_log(drive=drive, action=Action.CORRECTED, detail=detail, user=user)
    state.count(hand, table, ns_tricks, granded, honours)
    seat_what_can_be(drive, state, hand)
    return result


@transaction.atomic
def drive_totals_set(*, drive: Drive, totals: dict[int, dict[int, Decimal | None]], user=None) -> int:
    """Type the players' totals from their paper score cards, by player id and half; an empty
    value takes a typed total away. All or nothing. Returns how many totals are now typed."""
    drive = locked(drive)
    require(lifecycle.may_correct(drive), DriveStateError)
    if not drive.evening_format.ranks_players:  # no player carries a total of their own
        raise ServiceError("A team night's points come hand by hand: enter each table's tricks.")
    players = {p.pk: p for p in drive.players.all()}
    # A typed total is never below 0 (the table keeps it so): a Minnesota half whose points went
    # below (American or South Dakota rules) is entered hand by hand.
    least, most = (Decimal(max(0, bound) * drive.hands) for bound in drive.played_game.hand_range)
    unit = drive.evening_format.measure.value
    for player_id, halves in totals.items():
        player = players.get(player_id)
        if player is None:
            raise ServiceError("That player is not in this drive.")
        for half, score in halves.items():
            if not 1 <= half <= drive.halves:
                raise ServiceError(f"There is no part {half}: this drive has {drive.halves}.")
            if score is None:
                DriveTotal.objects.filter(player=player, half=half).delete()
                continue
            if score.is_finite() and score < 0:
                raise ServiceError(
                    f"{player.name}: a typed total cannot be below 0: enter that part's hands one by one "
                    "(Enter or correct a hand)."
                )
            if not score.is_finite() or not least <= score <= most or score * 2 != int(score * 2):
                raise ServiceError(
                    f"{player.name}: {score} is not a score: give whole or half {unit} from {least} to "
                    f"{most}."
                )
            DriveTotal.objects.update_or_create(
                drive=drive, player=player, half=half, defaults={"score": score}
            )
    typed = DriveTotal.objects.filter(drive=drive).count()
    drive_log(
        drive=drive, action=Action.TOTALS, detail=f"{typed} totals typed from the score cards", user=user
    )
    return typed
