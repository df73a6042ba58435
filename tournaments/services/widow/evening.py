"""A widow whist player's own page of the evening, on their phone: each series so far at their
table (the deals they played, their points for each as agreed at the table, their running total),
their place in the whole room as the club lets them see it during play, and their table now and
where they go next series.

The page is opened by a link the table's tablet gives after check-in, without a login: the link
carries the player's id and a key signed from the series and the player (``core.phones``). It is
read from the evening's state as the results and the room display read it (``WidowState``:
agreed deals only), so a deal the player's table has not agreed never shows, and after the last
deal the player's points and place are the final results'. Deals are not played again at other
tables in widow whist (each table deals its own cards), so a deal has no traveller: the page
shows the player's own table alone.

Example: Ann sits at table 2 of series 1 with Bob and Cy. Their table agrees deal 1 (Ann 5 tricks
with the widow: +1) and enters deal 2, not yet agreed by all three. Ann's page lists deal 1, +1,
running total 1; deal 2 shows nothing until the last of them agrees it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...domain.progress import places_now
from ...models import Drive, DrivePlayer
from ..core.phones import phone_key, phone_key_fits
from .play import corrected_deals
from .state import DealNow, WidowState

SCOPE = "widow-evening"


def widow_evening_key(drive_id: int, player_id: int) -> str:
    """The key of the player's page of the evening: a signature of the series and the player (by
    their ids, which a tablet has without reading the player)."""
    return phone_key(SCOPE, drive_id, player_id)


def widow_evening_player(player_id: int, key: str) -> DrivePlayer | None:
    """The player whose page this key opens (None: no such player of a widow series, or the wrong
    key)."""
    player = (
        DrivePlayer.objects.select_related("drive__club")
        .filter(pk=player_id, drive__format=Drive.Format.WIDOW)
        .first()
    )
    if player is None or not phone_key_fits(key, SCOPE, player.drive_id, player.pk):
        return None
    return player


@dataclass(frozen=True)
class DealLine:
    """A deal the player played, as agreed at their table."""

    deal: int
    took_widow: bool
    tricks: int
    points: int
    running: int  # the player's points over the evening up to this deal
    corrected: bool  # set by the organiser after it was agreed


@dataclass(frozen=True)
class SeriesAt:
    """The player's table in a series and their deals there so far."""

    series: int
    table: int
    others: tuple[str, ...]  # the others at the table, in their seats' order
    deals: tuple[DealLine, ...]  # agreed, in the order played
    points: int  # the player's points in the series so far
    agreed: int  # the table's deals agreed so far
    table_deals: int  # the deals the table plays in the series


@dataclass(frozen=True)
class WidowEvening:
    drive: Drive
    player: DrivePlayer
    name: str
    series: tuple[SeriesAt, ...]  # the newest last
    total: int
    standing: dict | None  # the player's row of the results (None: not shown now, or nothing played)
    field_size: int
    standing_after: int | None  # the standing as after this series (None: as it stands now)
    places_shown: str
    now: SeriesAt | None  # the player's table in the series in play (None: not yet started)
    deal_now: DealNow | None  # the table's deal in play (None: it has played its deals)
    dealer: str  # who deals the deal in play (sitting out at a table of four)
    came_from: int | None  # the player's table in the series before the one in play
    still_playing: tuple[int, ...]  # the tables still playing the series, once theirs has finished
    series_count: int
    finished: bool


def _in_play(state: WidowState) -> int | None:
    """The series in play (the first before the start), None once every table has played every
    series."""
    if state.series and state.series_complete(state.series):
        return None
    return max(state.series, 1)


def _series_at(state: WidowState, player: int, series: int, table: int, corrected, running: int) -> SeriesAt:
    seats = state.tables[series][table]
    deals, points, agreed = [], 0, 0
    for deal in range(1, state.deals_at(series, table) + 1):
        entered = state.deals.get((series, table, deal))
        if entered is None or not entered.confirmed:
            continue
        agreed += 1
        tricks = state.tricks(entered)
        if player not in tricks:
            continue  # the player dealt it and sat out (a table of four)
        scored = state.scores(entered)[player]
        points += scored
        running += scored
        deals.append(
            DealLine(
                deal=deal,
                took_widow=entered.taker_id == player,
                tricks=tricks[player],
                points=scored,
                running=running,
                corrected=(series, table, deal) in corrected,
            )
        )
    return SeriesAt(
        series=series,
        table=table,
        others=tuple(state.name(p) for p in seats if p != player),
        deals=tuple(deals),
        points=points,
        agreed=agreed,
        table_deals=state.deals_at(series, table),
    )


def widow_evening(player: DrivePlayer) -> WidowEvening:
    """What the player's page shows now: a constant number of statements, whatever the evening's
    size (the evening's state, and the trail's corrections)."""
    drive = player.drive
    state = WidowState(drive)
    corrected = corrected_deals(drive)
    series_list: list[SeriesAt] = []
    running = 0
    for series in range(1, state.series + 1):
        table = next((t for t, seats in state.tables[series].items() if player.pk in seats), None)
        if table is None:
            continue
        at = _series_at(state, player.pk, series, table, corrected, running)
        running += at.points
        series_list.append(at)
    finished = drive.status == Drive.Status.FINISHED
    places = places_now(drive.club.places_shown, closed=finished, playing=lambda: _in_play(state))
    shown, after = places.shown, places.after
    standing = None
    if shown:
        standing = next((row for row in state.standings(after) if row["player"].pk == player.pk), None)
        if standing is not None and not standing["played"]:
            standing = None
    now = series_list[-1] if series_list and series_list[-1].series == state.series else None
    deal_now = None if now is None else state.now_at(now.table)
    still_playing: tuple[int, ...] = ()
    if now is not None and deal_now is None:
        series = state.series
        still_playing = tuple(
            t for t in sorted(state.tables[series]) if state.table_done(series, t) < state.deals_at(series, t)
        )
    before = series_list[-2] if now is not None and len(series_list) > 1 else None
    return WidowEvening(
        drive=drive,
        player=player,
        name=player.name,
        series=tuple(series_list),
        total=running,
        standing=standing,
        field_size=len(state.players),
        standing_after=after,
        places_shown=drive.club.places_shown,
        now=now,
        deal_now=deal_now,
        dealer="" if deal_now is None else state.name(deal_now.dealer),
        came_from=None if before is None or before.series != now.series - 1 else before.table,
        still_playing=still_playing,
        series_count=state.series_count,
        finished=finished,
    )
