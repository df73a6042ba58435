"""A widow whist series read in a few queries: each series' tables, each table's deals, the scores
and the standings (``domain/widow`` scores a deal). A table of a series and the rules of its deals
(``SeatedTable``) are the same whether the whole series is read or a tablet reads its one table
(``table``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ...domain.places import shared_places
from ...domain.widow import WidowError, deal_scores, dealer, deals_at, players_in_deal, sits_out
from ...models import Drive, DrivePlayer, WidowDeal, WidowSeat
from ..core.errors import ServiceError
from ..drives.reading import players_of


@dataclass(frozen=True)
class DealNow:
    """A table's deal to play: its dealer, who plays and who sits out (at a table of four)."""

    series: int
    table: int
    deal: int
    dealer: int  # a player's id
    playing: tuple[int, ...]
    sitting_out: int | None
    entered: WidowDeal | None


def figures_text(
    order: Iterable[int], name: Callable[[int], str], taker: int | None, tricks: dict[int, int]
) -> str:
    """A deal's figures as the trail writes them, the players in their seats' order: "Ann Smith 5
    (widow), Bob Jones 4, Cy Lee 4"."""
    return ", ".join(f"{name(p)} {tricks[p]}{' (widow)' if p == taker else ''}" for p in order if p in tricks)


@dataclass(frozen=True)
class SeatedTable:
    """A table of a series and the rules of its deals: its players by id in their seats' order
    (the first deals the first deal), each player's ``deals_each`` deals, and how a player is named
    (asked only for words)."""

    series: int
    table: int
    seats: tuple[int, ...]
    deals_each: int
    name: Callable[[int], str]
    card: Callable[[int], str]  # the player's card, their key among the drive's payers ("P3")

    @property
    def deals(self) -> int:
        """The deals the table plays in the series."""
        return deals_at(len(self.seats), self.deals_each)

    def deal_now(self, deal: int, entered: WidowDeal | None = None) -> DealNow:
        seats = self.seats
        out = sits_out(len(seats), deal)
        return DealNow(
            series=self.series,
            table=self.table,
            deal=deal,
            dealer=seats[dealer(len(seats), deal)],
            playing=tuple(seats[i] for i in players_in_deal(len(seats), deal)),
            sitting_out=None if out is None else seats[out],
            entered=entered,
        )

    def scores(self, taker: int | None, tricks: dict[int, int]) -> dict[int, int]:
        """Each player's points for a deal's figures, in the order they sat."""
        order = [p for p in self.seats if p in tricks]
        index = order.index(taker) if taker in order else None
        return dict(zip(order, deal_scores([tricks[p] for p in order], index), strict=True))

    def figures_check(self, now: DealNow, taker: int | None, tricks: dict[int, int]) -> None:
        """A deal's figures by the rules, however they come (a tablet, the organiser, a restored
        backup): tricks for each of the three who played it and no one else (at a table of four
        the dealer sits out), the widow taken by one of them, the tricks adding up to 13."""
        if set(tricks) != set(now.playing):
            names = ", ".join(self.name(p) for p in now.playing)
            out = (
                ""
                if now.sitting_out is None
                else f" ({self.name(now.sitting_out)} dealt and sat out: none for them)"
            )
            raise ServiceError(
                f"Deal {now.deal} at table {now.table} is played by {names}: give each their tricks{out}."
            )
        if taker is not None and taker not in now.playing:
            raise ServiceError("The widow is taken by one of the three who played the deal.")
        order = list(now.playing)
        try:
            deal_scores([tricks[p] for p in order], order.index(taker) if taker is not None else None)
        except WidowError as error:
            raise ServiceError(str(error)) from None

    def figures_text(self, taker: int | None, tricks: dict[int, int]) -> str:
        return figures_text(self.seats, self.name, taker, tricks)


class WidowState:
    def __init__(
        self,
        drive: Drive,
        *,
        seats: Iterable[WidowSeat] | None = None,
        deals: Iterable[WidowDeal] | None = None,
        players: Iterable[DrivePlayer] | None = None,
    ):
        """The series' seats and deals, read now unless given (``read_many`` gives them for many
        series at once, in card and seat order); its players read when first asked, unless given."""
        self.drive = drive
        if seats is None:
            seats = drive.widow_seats.order_by("series", "table", "position")
        if deals is None:
            deals = drive.widow_deals.prefetch_related("tricks").order_by("series", "table", "deal")
        self._players = None if players is None else {p.pk: p for p in players}
        self.tables: dict[int, dict[int, tuple[int, ...]]] = defaultdict(dict)
        seated: dict[tuple[int, int], list[int]] = defaultdict(list)
        for seat in seats:
            seated[(seat.series, seat.table)].append(seat.player_id)
        for (series, table), ids in seated.items():
            self.tables[series][table] = tuple(ids)
        self.deals: dict[tuple[int, int, int], WidowDeal] = {(d.series, d.table, d.deal): d for d in deals}

    @classmethod
    def read_many(cls, series: Iterable[Drive]) -> dict[int, WidowState]:
        """The states of many series, read in four queries whatever their number (the seats, the
        deals, their tricks and the players of them all, these taken from the series when read
        with them: ``drives.reading.players_read``): what a season's pages score them from."""
        by_id = {drive.pk: drive for drive in series}
        seats: dict[int, list[WidowSeat]] = defaultdict(list)
        deals: dict[int, list[WidowDeal]] = defaultdict(list)
        players: dict[int, list[DrivePlayer]] = defaultdict(list)
        if by_id:
            found = WidowSeat.objects.filter(drive__in=by_id)
            for seat in found.order_by("drive", "series", "table", "position"):
                seats[seat.drive_id].append(seat)
            found = WidowDeal.objects.filter(drive__in=by_id).prefetch_related("tricks")
            for deal in found.order_by("drive", "series", "table", "deal"):
                deal.drive = by_id[deal.drive_id]
                deals[deal.drive_id].append(deal)
            for player in sorted(players_of(by_id.values()), key=lambda p: p.card):
                player.drive = by_id[player.drive_id]  # as the drive's own related manager would
                players[player.drive_id].append(player)
        return {
            pk: cls(drive, seats=seats[pk], deals=deals[pk], players=players[pk])
            for pk, drive in by_id.items()
        }

    @property
    def players(self) -> dict[int, DrivePlayer]:
        """The drive's players in card order, read when first asked (a restore's check of its deals
        asks only to name a player in a refusal)."""
        if self._players is None:
            found = self.drive.players.select_related("member", "second_member").order_by("card")
            self._players = {p.pk: p for p in found}
        return self._players

    @property
    def series(self) -> int:
        """The series in play (the last drawn), 0 before the start."""
        return max(self.tables, default=0)

    @property
    def series_count(self) -> int:
        return self.drive.halves

    def name(self, player_id: int) -> str:
        return self.players[player_id].name

    def card(self, player_id: int) -> str:
        return self.players[player_id].key

    def seated(self, series: int, table: int) -> SeatedTable:
        return SeatedTable(series, table, self.tables[series][table], self.drive.hands, self.name, self.card)

    def deals_at(self, series: int, table: int) -> int:
        return self.seated(series, table).deals

    def tricks(self, deal: WidowDeal) -> dict[int, int]:
        return {t.player_id: t.tricks for t in deal.tricks.all()}

    def scores(self, deal: WidowDeal) -> dict[int, int]:
        """Each player's points for an entered deal, in the order they sat."""
        return self.seated(deal.series, deal.table).scores(deal.taker_id, self.tricks(deal))

    def deal_now(self, series: int, table: int, deal: int) -> DealNow:
        return self.seated(series, table).deal_now(deal, self.deals.get((series, table, deal)))

    def deal_at(self, series: int, table: int, deal: int) -> DealNow:
        """A deal of a table of a series drawn so far, refused in words when the series has no such
        table or the table no such deal."""
        if table not in self.tables.get(series, {}):
            raise ServiceError(f"Table {table} does not play in series {series}.")
        if not 1 <= deal <= self.deals_at(series, table):
            raise ServiceError(
                f"Table {table} plays {self.deals_at(series, table)} deals in a series, not {deal}."
            )
        return self.deal_now(series, table, deal)

    def figures_check(self, now: DealNow, taker: int | None, tricks: dict[int, int]) -> None:
        """``SeatedTable.figures_check``: a deal's figures by the rules, however they come."""
        self.seated(now.series, now.table).figures_check(now, taker, tricks)

    def now_at(self, table: int) -> DealNow | None:
        """The table's deal in play in the current series: the first not yet agreed; None when the
        table has played its series."""
        series = self.series
        if table not in self.tables.get(series, {}):
            return None
        for deal in range(1, self.deals_at(series, table) + 1):
            entered = self.deals.get((series, table, deal))
            if entered is None or not entered.confirmed:
                return self.deal_now(series, table, deal)
        return None

    def table_done(self, series: int, table: int) -> int:
        """Deals agreed at a table in a series."""
        return sum(1 for (s, t, _), d in self.deals.items() if s == series and t == table and d.confirmed)

    def series_complete(self, series: int) -> bool:
        tables = self.tables.get(series, {})
        return bool(tables) and all(self.table_done(series, t) == self.deals_at(series, t) for t in tables)

    @property
    def complete(self) -> bool:
        """Every series drawn and played."""
        return self.series == self.series_count and self.series_complete(self.series)

    def _counted(self, through: int | None) -> list[WidowDeal]:
        """The agreed deals, of every series or of the series up to ``through``."""
        last = self.series if through is None else through
        return [d for d in self.deals.values() if d.confirmed and d.series <= last]

    def totals(self, through: int | None = None) -> dict[int, int]:
        """Each player's points over the agreed deals (of the series up to ``through``)."""
        totals = dict.fromkeys(self.players, 0)
        for deal in self._counted(through):
            for player, points in self.scores(deal).items():
                totals[player] += points
        return totals

    def series_totals(self, series: int) -> dict[int, int]:
        totals: dict[int, int] = defaultdict(int)
        for (s, _, _), deal in self.deals.items():
            if s == series and deal.confirmed:
                for player, points in self.scores(deal).items():
                    totals[player] += points
        return totals

    def played(self, through: int | None = None) -> dict[int, int]:
        """The deals each player has played (and agreed), in the series up to ``through``."""
        count = dict.fromkeys(self.players, 0)
        for deal in self._counted(through):
            for player in self.tricks(deal):
                count[player] += 1
        return count

    def tens(self, player_id: int) -> int:
        """The agreed deals in which the player took ten tricks or more."""
        return sum(
            1 for deal in self.deals.values() if deal.confirmed and self.tricks(deal).get(player_id, 0) >= 10
        )

    def standings(self, through: int | None = None) -> list[dict]:
        """One list of players by points, equal totals sharing a place ("3="), by name within it;
        as it stood after series ``through`` (None: as it stands now)."""
        totals, played = self.totals(through), self.played(through)
        ordered = sorted(self.players, key=lambda p: (-totals[p], self.name(p).lower(), p))
        places = shared_places([totals[p] for p in ordered])
        last = self.series if through is None else through
        by_series = [self.series_totals(s) for s in range(1, last + 1)]  # each series once
        return [
            {
                "place": place,
                "player": self.players[p],
                "name": self.name(p),
                "points": totals[p],
                "played": played[p],
                "by_series": [series.get(p, 0) for series in by_series],
            }
            for place, p in zip(places, ordered, strict=True)
        ]

    def deal_text(self, deal: WidowDeal) -> str:
        """A deal as the trail writes it: "Ann Smith 5 (widow), Bob Jones 4, Cy Lee 4"."""
        return self.figures_text(deal.series, deal.table, deal.taker_id, self.tricks(deal))

    def figures_text(self, series: int, table: int, taker: int | None, tricks: dict[int, int]) -> str:
        """A deal's figures so written, entered or not."""
        return self.seated(series, table).figures_text(taker, tricks)
