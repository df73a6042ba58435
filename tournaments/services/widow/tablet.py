"""A widow whist table's tablet: a deal is entered, agreed by each of the three who played it, or
sent back (the players' word on who is at the table is ``check_in``). Each tap is one
transaction with its line in the drive's trail, and locks the drive's row in the statement that
finds its table, so taps take turns; then it reads only its table (``table``), so a tap costs the
same at the first deal of the evening as at the last. The tap that agrees a series' last deal asks
for the next series to be drawn, from the whole evening, after its request
(``play.widow_series_draw_later``); its page says the tables are being drawn meanwhile.

A tap names the series, the deal and its figures as its page showed them. The same tap sent again
(a lost reply retried, a double tap) finds it done and writes nothing; a page the table has moved
on from (another tablet, a page left open) is refused in words.

The tablet's page calls ``widow_table_enter`` and the like with the table's link; the command line,
the demo and the tests name the table by its drive and number (``widow_deal_enter`` and the like),
the same service.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet

from ...domain.entry import EntryError, entry_needed, out_of_date
from ...models import AuditLine, Drive, DriveTable, WidowDeal, WidowTricks
from ..core.audit import drive_log
from ..core.errors import ServiceError
from ..core.verdicts import require
from ..drives import lifecycle
from ..drives.state import DriveStateError
from ..tablets.checkins import may_enter
from .play import next_series_draw, widow_series_draw_later
from .state import SeatedTable, WidowState
from .table import deal_in_play, stored_deal, table_at, table_held, tables_playing

Action = AuditLine.Action


def held(tables: QuerySet[DriveTable]) -> DriveTable:
    """The table and its drive, the drive locked, while the drive is in play."""
    link = table_held(tables)
    require(lifecycle.may_play(link.drive), DriveStateError)
    return link


def _named(drive: Drive, table: int) -> QuerySet[DriveTable]:
    return DriveTable.objects.filter(drive=drive.pk, table=table)


def by_token(link: DriveTable) -> QuerySet[DriveTable]:
    return DriveTable.objects.filter(token=link.token)


def _not_waiting(link: DriveTable, waits: bool) -> None:
    """A table whose players said someone else is here enters nothing until the organiser answers."""
    round_word = link.drive.evening_format.round.singular
    require(may_enter(waiting=waits, table=link.table, round_word=round_word))


def _stale(series: int, deal: int, where: str) -> ServiceError:
    """The refusal of a tablet's page the table has moved on from: the deal it named, and where
    the table is now."""
    return ServiceError(out_of_date(sent=f"deal {deal} of series {series}", now=where))


def _moved_on(drive: Drive, in_play: SeatedTable, series: int, deal: int) -> ServiceError:
    """``_stale``, saying which deal the table is on now in the series in play (one statement
    more: the deals it has agreed there)."""
    now = deal_in_play(drive, in_play)
    if now is None:
        where = f"the table has played its deals of series {in_play.series}"
    elif in_play.series == series:
        where = f"the table is now on deal {now}"
    else:
        where = f"the table is now on deal {now} of series {in_play.series}"
    return _stale(series, deal, where)


@transaction.atomic
def _enter(
    tables: QuerySet[DriveTable], series: int, deal: int, taker: int | None, tricks: dict[int, int], user
) -> WidowDeal:
    link = held(tables)
    drive, table = link.drive, link.table
    at = table_at(drive, series, table, deal)
    there = stored_deal(drive, series, table, deal) if at.stored else None
    if there is not None and there.as_shown(taker, tricks):
        return there.deal  # entered already, and perhaps agreed since: nothing to do
    if at.named is None:
        raise ServiceError(f"Table {table} does not play in series {series}.")
    if not at.plays_next(deal) or (there is not None and there.deal.confirmed):
        raise _moved_on(drive, at.in_play, series, deal)
    _not_waiting(link, at.waits)
    seated = at.named
    try:  # entered otherwise already: the players send it back first, nobody types over it
        entry_needed(
            deal=drive.evening_format.deal,
            number=deal,
            existing=None if there is None else there.text,
            confirmed=False,
            entered=seated.figures_text(taker, tricks),
            by="",
            checker="the players",
        )
    except EntryError as error:
        raise ServiceError(str(error)) from None
    now = seated.deal_now(deal)
    seated.figures_check(now, taker, tricks)
    entered = WidowDeal.objects.create(
        drive=drive, series=series, table=table, deal=deal, taker_id=taker, confirmed=False
    )
    WidowTricks.objects.bulk_create(
        WidowTricks(deal=entered, player_id=p, tricks=tricks[p]) for p in now.playing
    )
    drive_log(
        drive=drive,
        action=Action.CARD,
        detail=f"series {series}, table {table}, deal {deal} entered: {seated.figures_text(taker, tricks)}",
        user=user,
    )
    return entered


def _shown(link: DriveTable, series: int, deal: int, taker: int | None, tricks: dict[int, int], gone: str):
    """The deal an agreement or a send-back names, as its page showed it (None: not there, and
    ``gone`` says so); shown otherwise, it is refused as out of date."""
    there = stored_deal(link.drive, series, link.table, deal)
    if there is None:
        if gone:
            raise _stale(series, deal, gone)
        return None
    if not there.as_shown(taker, tricks):
        raise _stale(series, deal, f"the table now shows it as {there.text}")
    return there


@transaction.atomic
def _agree(
    tables: QuerySet[DriveTable],
    series: int,
    deal: int,
    player: int,
    taker: int | None,
    tricks: dict[int, int],
    user,
    draw,
) -> WidowDeal:
    link = held(tables)
    drive = link.drive
    there = _shown(link, series, deal, taker, tricks, "it was sent back, to be entered again")
    entered = there.deal
    if player not in there.agreed:
        raise ServiceError("Only the players who played the deal agree it.")
    if entered.confirmed or there.agreed[player]:
        return entered  # agreed already: the same tap again
    _not_waiting(link, there.waits)
    WidowTricks.objects.filter(deal=entered, player_id=player).update(agreed=True)
    if not all(done for other, done in there.agreed.items() if other != player):
        return entered
    entered.confirmed = True
    entered.save(update_fields=["confirmed"])
    drive_log(
        drive=drive,
        action=Action.CARD,
        detail=f"series {series}, table {link.table}, deal {deal} agreed: {there.text}",
        user=user,
    )
    # The table's last deal of a series before the last: once every table's is in, the next series
    # is drawn, from the whole evening (``draw``: after a tablet's request, off it).
    table_done = there.agreed_elsewhere + 1 == there.table_deals
    if table_done and series < drive.halves and not tables_playing(drive, series):
        draw(drive, user)
    return entered


@transaction.atomic
def _reject(
    tables: QuerySet[DriveTable], series: int, deal: int, taker: int | None, tricks: dict[int, int], user
) -> None:
    link = held(tables)
    there = _shown(link, series, deal, taker, tricks, "")
    if there is None:
        return  # sent back already
    if there.deal.confirmed:
        raise ServiceError(
            f"Deal {deal} at table {link.table} is agreed: only the organiser can change it now."
        )
    there.deal.delete()
    drive_log(
        drive=link.drive,
        action=Action.CARD,
        detail=f"series {series}, table {link.table}, deal {deal} not agreed: to be entered again",
        user=user,
    )


def _draw_now(drive: Drive, user) -> None:
    next_series_draw(drive, WidowState(drive), user)


def _draw_later(drive: Drive, user) -> None:
    widow_series_draw_later(drive)


def widow_table_enter(
    *, link: DriveTable, series: int, deal: int, taker: int | None, tricks: dict[int, int]
) -> WidowDeal:
    """A table's tablet enters a deal: who took the widow (a player's id, or None) and each
    player's tricks; it counts once every player who played it has agreed. ``link`` needs only its
    token (DriveTable.DoesNotExist when no table has it)."""
    return _enter(by_token(link), series, deal, taker, tricks, None)


def widow_table_agree(
    *, link: DriveTable, series: int, deal: int, player: int, taker: int | None, tricks: dict[int, int]
) -> WidowDeal:
    """One player who played the deal agrees it, as the tablet showed it (``taker`` and
    ``tricks``); with the last of them it counts, and with a series' last deal the next series'
    tables are drawn after the request (``play.widow_series_draw_later``). ``link`` needs only its
    token."""
    return _agree(by_token(link), series, deal, player, taker, tricks, None, _draw_later)


def widow_table_reject(
    *, link: DriveTable, series: int, deal: int, taker: int | None, tricks: dict[int, int]
) -> None:
    """A player does not agree a deal as the tablet showed it (``taker`` and ``tricks``): it is
    taken back, to be entered again. ``link`` needs only its token."""
    _reject(by_token(link), series, deal, taker, tricks, None)


def _table(drive: Drive, series: int, table: int, tap):
    """A tap at the table named by its drive and number: a table without a link plays no series."""
    try:
        return tap(_named(drive, table))
    except DriveTable.DoesNotExist:
        raise ServiceError(f"Table {table} does not play in series {series}.") from None


def widow_deal_enter(
    *, drive: Drive, series: int, table: int, deal: int, taker: int | None, tricks: dict[int, int], user=None
) -> WidowDeal:
    """``widow_table_enter`` at the table of ``drive`` numbered ``table``."""
    return _table(drive, series, table, lambda tables: _enter(tables, series, deal, taker, tricks, user))


def widow_deal_agree(
    *,
    drive: Drive,
    series: int,
    table: int,
    deal: int,
    player: int,
    taker: int | None,
    tricks: dict[int, int],
    user=None,
) -> WidowDeal:
    """``widow_table_agree`` at the table of ``drive`` numbered ``table``, drawing the next series
    at once, in this transaction (the organiser's commands and the demo's evenings)."""
    return _table(
        drive,
        series,
        table,
        lambda tables: _agree(tables, series, deal, player, taker, tricks, user, _draw_now),
    )


def widow_deal_reject(
    *, drive: Drive, series: int, table: int, deal: int, taker: int | None, tricks: dict[int, int], user=None
) -> None:
    """``widow_table_reject`` at the table of ``drive`` numbered ``table``."""
    _table(drive, series, table, lambda tables: _reject(tables, series, deal, taker, tricks, user))
