"""One table of a widow whist series as its tablet reads it, in statements whose number, and the
rows they return, stay the same however far the evening has gone: the table's seats in a series
with its players' names, the deal a tap names with its figures, and the few facts a tap needs
about the table (the series in play, whether it waits for the organiser, how many of its deals are
agreed), which the database counts in the same statement instead of returning the rows. The whole
evening (``WidowState``) is read by the organiser's pages, and by a tap only when it completes a
series: the next series is drawn from everyone's totals.

Example: a tap entering deal 5 of series 3 at table 2 reads table 2's seats in series 3 with four
facts in one statement: the series in play (3), whether the table waits for the organiser (no),
the deals agreed there before deal 5 (4: deal 5 is the table's next) and whether deal 5 is stored
already (no). Series 1 and 2 and the other tables are not read.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Exists, ExpressionWrapper, IntegerField, OuterRef, Q, QuerySet, Subquery

from ...domain.widow import deals_at
from ...models import Drive, DriveTable, WidowDeal, WidowSeat, WidowTricks
from ..core.counts import rows_counted
from ..tablets.checkins import waiting_at
from .state import DealNow, SeatedTable, figures_text


def table_held(tables: QuerySet[DriveTable]) -> DriveTable:
    """The one table ``tables`` names, with its drive, the drive's row locked (every write of the
    drive takes turns on it), in one statement; DriveTable.DoesNotExist when there is none."""
    return tables.select_related("drive").select_for_update(of=("drive",)).get()


def _in_play(drive: Drive) -> Subquery:
    """The series in play, the last drawn, as an expression (the seats' unique index finds it)."""
    return Subquery(WidowSeat.objects.filter(drive=drive).order_by("-series").values("series")[:1])


def _seats(drive: Drive, where: Q) -> QuerySet[WidowSeat]:
    return WidowSeat.objects.filter(where, drive=drive).select_related(
        "player__member", "player__second_member"
    )


def _seated(drive: Drive, seats: list[WidowSeat]) -> dict[tuple[int, int], SeatedTable]:
    """The tables of these seats (read in their series', tables' and positions' order), each by its
    series and number, naming the players read with them."""
    names = {seat.player_id: seat.player.name for seat in seats}
    cards = {seat.player_id: seat.player.key for seat in seats}
    seated: dict[tuple[int, int], list[int]] = defaultdict(list)
    for seat in seats:
        seated[(seat.series, seat.table)].append(seat.player_id)
    return {
        (series, table): SeatedTable(
            series, table, tuple(ids), drive.hands, names.__getitem__, cards.__getitem__
        )
        for (series, table), ids in seated.items()
    }


@dataclass(frozen=True)
class TableAt:
    """A table as a tap that names a deal of a series finds it."""

    named: SeatedTable | None  # the table in the series named (None: it does not play in it)
    in_play: SeatedTable | None  # the table in the series in play
    waits: bool  # for the organiser, in the series named
    agreed_before: int  # the deals agreed at the table in the series named before the deal named
    stored: bool  # the deal named is stored (entered, perhaps agreed)

    def plays_next(self, deal: int) -> bool:
        """Is ``deal`` of the series named the table's next to agree: the series in play, every
        deal before it agreed (whether it is agreed itself is in the deal, ``stored_deal``)."""
        if self.named is None or self.in_play is None or self.in_play.series != self.named.series:
            return False
        return 1 <= deal <= self.named.deals and self.agreed_before == deal - 1


def table_at(drive: Drive, series: int, table: int, deal: int) -> TableAt:
    """The table's seats in the series named and in the series in play (at most eight rows), with
    the facts a tablet's entry of ``deal`` needs: one statement."""
    in_play = _in_play(drive)
    deals = WidowDeal.objects.filter(drive=drive, series=series, table=table)
    seats = list(
        _seats(drive, Q(series=series) | Q(series=in_play))
        .filter(table=table)
        .annotate(
            in_play=in_play,
            waits=waiting_at(drive=drive.pk, table=table, round=series),
            agreed_before=rows_counted(deals.filter(deal__lt=deal, confirmed=True), "drive"),
            stored=Exists(deals.filter(deal=deal)),
        )
        .order_by("series", "position")
    )
    if not seats:
        return TableAt(named=None, in_play=None, waits=False, agreed_before=0, stored=False)
    first, tables = seats[0], _seated(drive, seats)
    return TableAt(
        named=tables.get((series, table)),
        in_play=tables.get((first.in_play, table)),
        waits=first.waits,
        agreed_before=first.agreed_before,
        stored=first.stored,
    )


def deal_in_play(drive: Drive, at: SeatedTable) -> int | None:
    """The table's deal in play in its series: the first not yet agreed; None when it has played
    them all. One statement, of the deals it has agreed in the series."""
    agreed = set(
        WidowDeal.objects.filter(drive=drive, series=at.series, table=at.table, confirmed=True).values_list(
            "deal", flat=True
        )
    )
    return next((deal for deal in range(1, at.deals + 1) if deal not in agreed), None)


@dataclass(frozen=True)
class StoredDeal:
    """A deal as the table has it: who took the widow, each player's tricks and agreement in their
    seats' order, and what an agreement needs to know of the table."""

    deal: WidowDeal
    tricks: dict[int, int]
    agreed: dict[int, bool]
    text: str  # the figures as the trail writes them
    waits: bool  # the table waits for the organiser in the deal's series
    table_deals: int  # the deals the table plays in the series
    agreed_elsewhere: int  # the table's other deals of the series agreed

    def as_shown(self, taker: int | None, tricks: dict[int, int]) -> bool:
        """Is the deal as a tablet's page showed (or typed) it: who took the widow, everyone's tricks."""
        return self.deal.taker_id == taker and self.tricks == tricks


def stored_deal(drive: Drive, series: int, table: int, deal: int) -> StoredDeal | None:
    """The deal as stored (None: not there), read in one statement: each player's tricks (three
    rows) with the deal, the player's name and seat, and the facts about the table."""
    seats = WidowSeat.objects.filter(drive=drive, series=series, table=table)
    others = WidowDeal.objects.filter(drive=drive, series=series, table=table, confirmed=True).exclude(
        deal=deal
    )
    rows = list(
        WidowTricks.objects.filter(deal__drive=drive, deal__series=series, deal__table=table, deal__deal=deal)
        .select_related("deal", "player__member", "player__second_member")
        .annotate(
            seat=Subquery(seats.filter(player=OuterRef("player")).values("position")[:1]),
            seated=rows_counted(seats, "drive"),
            agreed_elsewhere=rows_counted(others, "drive"),
            waits=waiting_at(drive=drive.pk, table=table, round=series),
        )
        .order_by("seat", "pk")
    )
    if not rows:
        return None
    first = rows[0]
    tricks = {row.player_id: row.tricks for row in rows}
    names = {row.player_id: row.player.name for row in rows}
    return StoredDeal(
        deal=first.deal,
        tricks=tricks,
        agreed={row.player_id: row.agreed for row in rows},
        text=figures_text(tricks, names.__getitem__, first.deal.taker_id, tricks),
        waits=first.waits,
        table_deals=deals_at(first.seated, drive.hands),
        agreed_elsewhere=first.agreed_elsewhere,
    )


def tables_playing(drive: Drive, series: int) -> list[int]:
    """The tables of a series with deals still to agree, by number: one statement, a row a table
    (its first seat's, with the table's seats and agreed deals counted)."""
    seats = WidowSeat.objects.filter(drive=drive, series=series)
    agreed = WidowDeal.objects.filter(drive=drive, series=series, table=OuterRef("table"), confirmed=True)
    rows = (
        seats.filter(position=1)
        .annotate(
            size=rows_counted(seats.filter(table=OuterRef("table")), "drive"),
            agreed=rows_counted(agreed, "drive"),
        )
        .values_list("table", "size", "agreed")
        .order_by("table")
    )
    return [table for table, size, done in rows if done < deals_at(size, drive.hands)]


@dataclass(frozen=True)
class TableInPlay:
    """A table's series in play as its tablet shows it: its seats, its deals so far (each with
    its players' tricks), and where the players who sat here in the series before sit now."""

    seated: SeatedTable
    before: SeatedTable | None  # the table in the series before (None in the first)
    sits_now: dict[int, int]  # the table in play of each player who sat here in the series before
    deals: dict[int, WidowDeal]  # by number
    tricks: dict[int, list[WidowTricks]]  # by deal number, in the order they were written

    @property
    def now(self) -> DealNow | None:
        """The deal in play: the first not yet agreed; None when the table has played its series."""
        for deal in range(1, self.seated.deals + 1):
            entered = self.deals.get(deal)
            if entered is None or not entered.confirmed:
                return self.seated.deal_now(deal, entered)
        return None

    def figures(self, deal: int) -> dict[int, int]:
        return {t.player_id: t.tricks for t in self.tricks.get(deal, ())}

    def running(self) -> dict[int, int]:
        """Each player's points over the table's agreed deals of the series."""
        totals = dict.fromkeys(self.seated.seats, 0)
        for number, deal in self.deals.items():
            if deal.confirmed:
                for player, points in self.seated.scores(deal.taker_id, self.figures(number)).items():
                    totals[player] += points
        return totals


def table_in_play(drive: Drive, table: int) -> TableInPlay | None:
    """The table's series in play (None before the first is drawn), in two statements: the seats
    (the table's in the series in play and the one before, and where the players from before sit
    now: at most twelve rows), and the table's deals of the series with their tricks."""
    in_play = _in_play(drive)
    before = ExpressionWrapper(in_play - 1, output_field=IntegerField())
    came = WidowSeat.objects.filter(drive=drive, series=before, table=table).values("player")
    seats = list(
        _seats(
            drive,
            Q(series=in_play, table=table)
            | Q(series=before, table=table)
            | Q(series=in_play, player__in=came),
        )
        .annotate(in_play=in_play)
        .order_by("series", "table", "position")
    )
    if not seats:
        return None
    series = seats[0].in_play
    tables = _seated(drive, seats)
    rows = WidowTricks.objects.filter(
        deal__drive=drive, deal__series=series, deal__table=table
    ).select_related("deal")
    deals: dict[int, WidowDeal] = {}
    tricks: dict[int, list[WidowTricks]] = defaultdict(list)
    for row in rows.order_by("deal__deal", "pk"):
        deals[row.deal.deal] = row.deal
        tricks[row.deal.deal].append(row)
    return TableInPlay(
        seated=tables[(series, table)],
        before=tables.get((series - 1, table)),
        sits_now={seat.player_id: seat.table for seat in seats if seat.series == series},
        deals=deals,
        tricks=dict(tricks),
    )
