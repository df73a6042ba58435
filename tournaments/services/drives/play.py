"""Running a progressive whist drive: the start, the seating of each hand as the tables finish,
the close, the results made public, the organiser's call to move and the prizes cut for.

Every write locks the drive's row first (``locked``), so two tablets finishing neighbouring tables
at once take turns, and the next hand's seating is made exactly once. The players are entered in
``entries``, each hand's count is recorded and corrected in ``results``, and a table's tablet plays
through ``tablet``.
"""

import secrets

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from ...domain.drives import (
    LADY,
    Format,
    Plan,
    Prize,
    check_start,
    halves_of,
    next_seatings,
    plan_drive,
    start_seating,
)
from ...domain.errors import DriveError
from ...models import AuditLine, Drive, DrivePlayer, DriveSeat, DriveTable, PrizeCut
from ...signals import evening_closed
from ..core.audit import drive_log
from ..core.codes import table_link_create
from ..core.errors import ServiceError
from ..core.verdicts import require
from . import lifecycle
from .reading import SEATS
from .state import DriveState, DriveStateError

Action = AuditLine.Action


def locked(drive: Drive) -> Drive:
    return Drive.objects.select_for_update().get(pk=drive.pk)


@transaction.atomic
def drive_start(*, drive: Drive, user=None) -> Drive:
    """Seat the first hand in card order (a scheduled drive: every hand, from its schedule) and
    give each table its link and code."""
    drive = locked(drive)
    require(lifecycle.may_start(drive), DriveStateError)
    if drive.scheduled:
        return _start_scheduled(drive, user)
    players = list(drive.players.all())
    ladies = [p.key for p in players if p.role == DrivePlayer.Role.LADY]
    gents = [p.key for p in players if p.role == DrivePlayer.Role.GENT]
    try:
        start = start_seating(ladies, gents)
        check_start(Format(drive.format), start)
    except DriveError as error:
        raise ServiceError(str(error)) from None
    ids = {p.key: p.id for p in players}
    _seat(drive, 1, start, ids)
    drive.status = Drive.Status.RUNNING
    drive_open_tables(drive=drive)
    drive.save(update_fields=["status"])
    detail = (
        f"{len(start)} tables, {len(ladies)} {drive.ladies_heading.lower()}, "
        f"{len(gents)} {drive.gents_heading.lower()}"
    )
    drive_log(drive=drive, action=Action.STARTED, detail=detail, user=user)
    return drive


def _start_scheduled(drive: Drive, user) -> Drive:
    """Seat every hand of a drive whose seating is fixed in advance, from its plan (whose hands
    become the drive's)."""
    players = list(drive.players.all())
    plan = drive_plan(drive=drive, players=players)
    try:
        halves_of(plan.hands, drive.halves)
    except DriveError as error:
        raise ServiceError(str(error)) from None
    ids = {p.key: p.id for p in players}
    for hand in range(1, plan.hands + 1):
        _seat(drive, hand, plan.seating(hand), ids)
    drive.hands = plan.hands
    drive.status = Drive.Status.RUNNING
    drive_open_tables(drive=drive)
    drive.save(update_fields=["status", "hands"])
    each = f", {plan.hands_per_round} hands a round" if plan.hands_per_round > 1 else ""
    detail = f"{len(players)} players, {plan.tables} tables, {plan.rounds} rounds{each}, {plan.hands} hands"
    drive_log(drive=drive, action=Action.STARTED, detail=detail, user=user)
    return drive


def drive_plan(*, drive: Drive, players=None) -> Plan:
    """A scheduled drive's plan for its players as entered now (the run page shows it before the
    start); refused in words when the schedule cannot seat them. The players go to the planner in
    card order, a card's lady before its gent: a team night's team t as its home pair (card
    2t - 1) then its away pair (card 2t)."""
    players = drive.players.all() if players is None else players
    try:
        return plan_drive(
            drive.format,
            [p.key for p in sorted(players, key=lambda p: (p.card, p.role != LADY))],
            rounds=drive.rounds,
            hands_per_round=drive.hands_per_round,
            hands=drive.hands,
        )
    except DriveError as error:
        raise DriveStateError(str(error)) from None


@transaction.atomic
def drive_open_tables(*, drive: Drive) -> list[DriveTable]:
    """Give each table of a started drive its secret link and short code (those it has are kept)."""
    tables = DriveSeat.objects.filter(drive=drive, hand=1).aggregate(last=Max("table"))["last"] or 0
    have = set(drive.table_accesses.values_list("table", flat=True))
    for table in range(1, tables + 1):
        if table not in have:
            table_link_create(drive=drive, table=table)
    return list(drive.table_accesses.all())


def _seat(drive: Drive, hand: int, tables, ids: dict[str, int]) -> None:
    DriveSeat.objects.bulk_create(
        DriveSeat(drive=drive, hand=hand, table=t.table, seat=seat, player_id=ids[p])
        for t in tables
        for seat, p in zip(SEATS, (*t.ns, *t.ew), strict=True)
        if p is not None
    )


def seat_what_can_be(drive: Drive, state: "DriveState", hand: int) -> None:
    """Seat every table of the later hands whose players are now known, hand after hand (a
    scheduled drive's are all seated from the start)."""
    if drive.scheduled:
        return
    for h in range(hand, drive.hands):
        played = {t: state.moving(hh, t) for hh, t in state.results if hh == h}
        new = next_seatings(
            state.format,
            state.seatings.get(h, {}),
            played,
            state.seatings.get(h - 1),
            seated=state.seatings.get(h + 1, {}),
            circles=state.circles,
        )
        if not new or (state.starts_half(h + 1) and not state.hand_complete(h)):
            break  # a new half starts together, after the interval
        _seat(drive, h + 1, new.values(), state.ids)
        state.seatings.setdefault(h + 1, {}).update(new)


@transaction.atomic
def drive_close(*, drive: Drive, user=None) -> Drive:
    """Finish the drive: every hand must be in. The mystery hand, when a prize needs it, is drawn."""
    drive = locked(drive)
    require(lifecycle.may_close(drive), DriveStateError)
    state = DriveState(drive)
    missing = state.missing()
    if missing:
        shown = ", ".join(f"hand {h} table {t}" for h, t in missing[:5])
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        raise DriveStateError(
            f"{len(missing)} hands are not in yet: {shown}{more}. Enter them, or type every player's "
            "totals from the score cards."
        )
    if Prize.MYSTERY in drive.prize_list:
        # Drawn among the hands entered one by one: a half typed as totals has no hand scores.
        hands = state.untyped_hands()
        drive.mystery_hand = hands[secrets.randbelow(len(hands))] if hands else None
    drive.status = Drive.Status.FINISHED
    drive.save(update_fields=["status", "mystery_hand"])
    detail = "every hand in"
    if drive.mystery_hand is not None:
        detail += f"; the mystery hand drawn: hand {drive.mystery_hand}"
    drive_log(drive=drive, action=Action.CLOSED, detail=detail, user=user)
    evening_closed.send(sender=Drive, instance=drive)
    return drive


@transaction.atomic
def drive_publish(*, drive: Drive, published: bool = True, user=None) -> Drive:
    """Make the results public (to anyone with the room display's link), or private again."""
    drive = locked(drive)
    if published:
        require(lifecycle.may_publish(drive), DriveStateError)
    if drive.published == published:
        return drive
    drive.published = published
    drive.save(update_fields=["published"])
    drive_log(drive=drive, action=Action.PUBLISHED if published else Action.UNPUBLISHED, user=user)
    return drive


@transaction.atomic
def drive_move_call(*, drive: Drive, user=None) -> None:
    """The organiser's "move now": the room display shows it for a minute."""
    Drive.objects.filter(pk=drive.pk).update(move_called_at=timezone.now())
    drive_log(drive=drive, action=Action.MOVED, user=user)


@transaction.atomic
def prize_cut_record(*, drive: Drive, prize: str, winner: DrivePlayer, user=None) -> PrizeCut:
    drive = locked(drive)
    award = next((a for a in DriveState(drive).awards if a.prize == prize), None)
    if award is None or not award.tied:
        raise ServiceError("That prize is not tied: there is nothing to cut for.")
    if award.shared:
        raise ServiceError("The players level for it share it and its money: there is nothing to cut for.")
    if winner.key not in award.tied:
        raise ServiceError(f"{winner.name} is not among the players tied for it.")
    cut, _ = PrizeCut.objects.update_or_create(drive=drive, prize=prize, defaults={"winner": winner})
    drive_log(
        drive=drive,
        action=Action.CUT,
        detail=f"{award.label}: {winner.name} ({winner.number}) won the cut",
        user=user,
    )
    return cut
