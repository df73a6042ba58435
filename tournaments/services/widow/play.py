"""A widow whist series set up, started, typed from the score cards, corrected and closed (its
tablets' taps are ``tablet``). Each write is one transaction with its line in the drive's trail;
the next series' tables are drawn when the last deal of a series is agreed."""

from __future__ import annotations

import re
from datetime import date as Date

from django.db import transaction

from ...domain.widow import (
    DEALS_EACH,
    RANDOM,
    TOTALS,
    WidowError,
    deals_at,
    draw_at_random,
    draw_by_totals,
    table_sizes,
)
from ...models import AuditLine, Club, Drive, TableCheckIn, WidowDeal, WidowSeat, WidowTricks
from ...signals import evening_closed
from ..core.audit import drive_log
from ..core.codes import table_link_create
from ..core.errors import ServiceError
from ..core.later import AfterRequest
from ..core.verdicts import require
from ..drives import lifecycle
from ..drives.setup import drive_create
from ..drives.state import DriveStateError
from ..tablets.checkins import may_enter
from .state import WidowState

Action = AuditLine.Action


def widow_create(
    *,
    club: Club,
    name: str,
    date: Date,
    series: int = 3,
    deals_each: int = DEALS_EACH,
    redraw: str = RANDOM,
    tag: str = "",
    user=None,
) -> Drive:
    """A widow whist series taking entries: ``series`` series of ``deals_each`` deals for each
    player (16 at a table of four for 12), the tables drawn afresh each series by ``redraw``."""
    try:
        deals_at(4, deals_each)
    except WidowError as error:
        raise ServiceError(str(error)) from None
    if series < 1:
        raise ServiceError("A widow whist evening plays at least one series.")
    with transaction.atomic():
        drive = drive_create(
            club=club,
            name=name,
            date=date,
            format=Drive.Format.WIDOW,
            hands=deals_each,
            halves=series,
            prizes="individual",
            tag=tag,
            user=user,
        )
        drive.redraw = redraw
        drive.full_clean()
        drive.save(update_fields=["redraw"])
    return drive


def _locked(drive: Drive) -> Drive:
    return Drive.objects.select_for_update().get(pk=drive.pk)


def _draw(drive: Drive, series: int, state: WidowState) -> tuple[tuple[int, ...], ...]:
    """The series' tables: at random from a seed of the drive and the series (the same draw again),
    or by running totals, the top players together; the first series by totals is card order."""
    players = list(state.players)  # card order
    if drive.redraw == TOTALS:
        totals = state.totals()
        cards = {state.players[p].card: totals[p] for p in players}
        by_card = {state.players[p].card: p for p in players}
        return tuple(tuple(by_card[c] for c in table) for table in draw_by_totals(cards))
    return draw_at_random(players, seed=f"widow-{drive.pk}-{series}")


def _seat(drive: Drive, series: int, tables) -> None:
    WidowSeat.objects.bulk_create(
        WidowSeat(drive=drive, series=series, table=number, position=position, player_id=player)
        for number, table in enumerate(tables, start=1)
        for position, player in enumerate(table, start=1)
    )


@transaction.atomic
def widow_start(*, drive: Drive, user=None) -> Drive:
    """Draw the first series' tables, give each table its link and code, and start."""
    drive = _locked(drive)
    require(lifecycle.may_start(drive), DriveStateError)
    state = WidowState(drive)
    try:
        sizes = table_sizes(len(state.players))
    except WidowError as error:
        raise ServiceError(str(error)) from None
    tables = _draw(drive, 1, state)
    _seat(drive, 1, tables)
    for number in range(1, len(sizes) + 1):
        table_link_create(drive=drive, table=number)
    drive.status = Drive.Status.RUNNING
    drive.save(update_fields=["status"])
    shape = " + ".join(str(s) for s in sizes)
    drive_log(
        drive=drive,
        action=Action.STARTED,
        detail=f"{len(state.players)} players at {len(sizes)} tables ({shape}), series 1 drawn",
        user=user,
    )
    return drive


def _not_waiting(drive: Drive, series: int, table: int) -> None:
    """A table whose players said someone else is here enters nothing until the organiser answers."""
    waiting = TableCheckIn.objects.filter(
        link__drive=drive, link__table=table, round=series, state=TableCheckIn.State.WAITING
    ).exists()
    require(may_enter(waiting=waiting, table=table, round_word=drive.evening_format.round.singular))


def _write(state, now, taker: int | None, tricks: dict[int, int], confirmed: bool) -> WidowDeal:
    """Check a deal's figures by the rules and write them over whatever the deal had."""
    state.figures_check(now, taker, tricks)
    order = list(now.playing)
    drive = state.drive
    WidowDeal.objects.filter(drive=drive, series=now.series, table=now.table, deal=now.deal).delete()
    entered = WidowDeal.objects.create(
        drive=drive, series=now.series, table=now.table, deal=now.deal, taker_id=taker, confirmed=confirmed
    )
    WidowTricks.objects.bulk_create(
        WidowTricks(deal=entered, player_id=p, tricks=tricks[p], agreed=confirmed) for p in order
    )
    return entered


def next_series_draw(drive: Drive, state: WidowState, user) -> None:
    """With a series complete, draw the next one's tables (if the evening has one more): from the
    whole evening's ``state``, as a draw by totals needs everyone's. In the caller's transaction,
    with the drive locked."""
    series = state.series
    if not state.series_complete(series) or series >= state.series_count:
        return
    _seat(drive, series + 1, _draw(drive, series + 1, state))
    how = "by running totals" if drive.redraw == TOTALS else "at random"
    drive_log(drive=drive, action=Action.MOVED, detail=f"series {series + 1} drawn {how}", user=user)


@transaction.atomic
def widow_series_draw(drive_id: int) -> None:
    """Draw the next series' tables if every table has agreed the series in play and the evening
    is still played; nothing otherwise (so it may be asked any number of times): after the tablet's
    tap that agreed the series' last deal (``widow_series_draw_later``), and again by any page that
    finds the series complete and the next not drawn."""
    drive = _locked(Drive(pk=drive_id))
    if lifecycle.may_play(drive).allowed:
        next_series_draw(drive, WidowState(drive), None)


DRAWING = AfterRequest("drawing of a widow series' next tables", lambda pk: widow_series_draw(pk))


def widow_series_draw_later(drive: Drive) -> None:
    """Once the current transaction commits: draw the next series in a thread of this process
    (``core.later``), off the tablet's request, as the draw reads the whole evening."""
    DRAWING.ask(drive.pk)


@transaction.atomic
def widow_deal_record(
    *, drive: Drive, table: int, taker: int | None, tricks: dict[int, int], user=None
) -> WidowDeal:
    """The organiser types a table's next deal of the series in play from its score card: it counts
    at once (nobody agrees it at a tablet), and with a series' last deal the next is drawn."""
    drive = _locked(drive)
    require(lifecycle.may_play(drive), DriveStateError)
    state = WidowState(drive)
    now = state.now_at(table)
    if now is None:
        raise ServiceError(f"Table {table} has no deal to play in series {state.series}.")
    _not_waiting(drive, now.series, table)
    entered = _write(state, now, taker, tricks, confirmed=True)
    entered = WidowDeal.objects.prefetch_related("tricks").get(pk=entered.pk)
    drive_log(
        drive=drive,
        action=Action.CARD,
        detail=f"series {now.series}, table {table}, deal {now.deal} typed from the score card: "
        + state.deal_text(entered),
        user=user,
    )
    next_series_draw(drive, WidowState(drive), user)
    return entered


CORRECTED = re.compile(r"series (\d+), table (\d+), deal (\d+):")


def corrected_deals(drive: Drive) -> set[tuple[int, int, int]]:
    """(series, table, deal) of every deal the organiser corrected, from the trail's lines that
    ``widow_deal_correct`` writes (one statement)."""
    lines = drive.changes.filter(action=Action.CORRECTED).values_list("detail", flat=True)
    found = (CORRECTED.match(line) for line in lines)
    return {(int(m[1]), int(m[2]), int(m[3])) for m in found if m}


@transaction.atomic
def widow_deal_correct(
    *,
    drive: Drive,
    series: int,
    table: int,
    deal: int,
    taker: int | None,
    tricks: dict[int, int],
    reason: str,
    user=None,
) -> WidowDeal:
    """The organiser sets a deal of any series drawn so far, with the reason: it counts at once, and
    the trail keeps what it was and what it became. Later series stay as they were drawn."""
    drive = _locked(drive)
    require(lifecycle.may_correct(drive), DriveStateError)
    if not reason.strip():
        raise ServiceError("Say why the deal is corrected: the trail keeps the reason.")
    state = WidowState(drive)
    now = state.deal_at(series, table, deal)
    before = state.deal_text(now.entered) if now.entered is not None else "—"
    entered = _write(state, now, taker, tricks, confirmed=True)
    entered = WidowDeal.objects.prefetch_related("tricks").get(pk=entered.pk)
    drive_log(
        drive=drive,
        action=Action.CORRECTED,
        detail=f"series {series}, table {table}, deal {deal}: {before} → {state.deal_text(entered)} "
        f"({reason.strip()})",
        user=user,
    )
    if series == state.series:
        next_series_draw(drive, WidowState(drive), user)
    return entered


@transaction.atomic
def widow_close(*, drive: Drive, user=None) -> Drive:
    """Close the evening once every series is played: the standings are final."""
    drive = _locked(drive)
    require(lifecycle.may_close(drive), DriveStateError)
    state = WidowState(drive)
    if not state.complete:
        raise ServiceError(
            f"Series {state.series} of {state.series_count} is still being played: close the evening "
            "when every table has agreed its last deal."
        )
    drive.status = Drive.Status.FINISHED
    drive.save(update_fields=["status"])
    top = state.standings()[0]
    drive_log(
        drive=drive, action=Action.CLOSED, detail=f"winner {top['name']}, {top['points']} points", user=user
    )
    evening_closed.send(sender=Drive, instance=drive)  # hall mode's backup, after the commit
    return drive
