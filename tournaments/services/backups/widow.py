"""A widow whist series' part of its drive's export: each series' tables and each deal's tricks,
players named by their card ("P3"), as the drive's export names them. Restored with the drive, all
or nothing, and only as the tablets or the organiser could have entered it: each series' tables by
the domain's rule, each deal by the same check its entry passes (``WidowState.figures_check``)."""

from ...domain.widow import WidowError, check_tables
from ...models import Drive, WidowDeal, WidowSeat, WidowTricks
from ..core.errors import ServiceError
from ..widow.state import WidowState


def widow_export(drive: Drive, key: dict[int, str]) -> dict:
    """The series' seats and deals: nothing for a drive of another format."""
    if not drive.is_widow_series:
        return {}
    seated: dict[tuple[int, int], list[str]] = {}
    for seat in drive.widow_seats.order_by("series", "table", "position"):
        seated.setdefault((seat.series, seat.table), []).append(key[seat.player_id])
    return {
        "widow": {
            "seats": [{"series": s, "table": t, "players": players} for (s, t), players in seated.items()],
            "deals": [
                {
                    "series": d.series,
                    "table": d.table,
                    "deal": d.deal,
                    "widow": key[d.taker_id] if d.taker_id else None,
                    "tricks": [
                        {"player": key[t.player_id], "tricks": t.tricks, "agreed": t.agreed}
                        for t in d.tricks.all()
                    ],
                    "confirmed": d.confirmed,
                }
                for d in drive.widow_deals.prefetch_related("tricks").order_by("series", "table", "deal")
            ],
        }
    }


def widow_restore(drive: Drive, data: dict | None, ids: dict[str, int]) -> None:
    """Write the series' seats and deals; a table or a deal that breaks a rule is refused in words
    that name it (ServiceError), and the caller's transaction writes nothing."""
    if not data:
        return
    seats = data.get("seats", [])
    for series in sorted({item["series"] for item in seats}):
        tables = sorted((item["table"], item["players"]) for item in seats if item["series"] == series)
        try:
            check_tables([players for _, players in tables])
        except WidowError as error:
            raise ServiceError(f"{drive.name}, series {series}: {error}") from None
    WidowSeat.objects.bulk_create(
        WidowSeat(
            drive=drive, series=item["series"], table=item["table"], position=position, player_id=ids[p]
        )
        for item in seats
        for position, p in enumerate(item["players"], start=1)
    )
    state = WidowState(drive)  # the players and seats just written
    deals, tricks = [], []
    for item in data.get("deals", []):
        where = f"{drive.name}, series {item['series']}, deal {item['deal']} at table {item['table']}"
        given = {ids[t["player"]]: t["tricks"] for t in item["tricks"]}
        taker = ids[item["widow"]] if item["widow"] else None
        try:
            if len(given) != len(item["tricks"]):
                raise ServiceError("a player is given tricks twice.")
            state.figures_check(state.deal_at(item["series"], item["table"], item["deal"]), taker, given)
        except ServiceError as error:
            raise ServiceError(f"{where}: {error}") from None
        deal = WidowDeal(
            drive=drive,
            series=item["series"],
            table=item["table"],
            deal=item["deal"],
            taker_id=taker,
            confirmed=item["confirmed"],
        )
        deals.append(deal)
        tricks += [(deal, t) for t in item["tricks"]]
    WidowDeal.objects.bulk_create(deals)  # each deal checked above; then its tricks, by its id
    WidowTricks.objects.bulk_create(
        WidowTricks(deal=deal, player_id=ids[t["player"]], tricks=t["tricks"], agreed=t["agreed"])
        for deal, t in tricks
    )


def widow_problems(data: dict, known: set[str]) -> list[str]:
    """Every player the series' part names is one of the drive's."""
    problems = []
    widow = data.get("widow") or {}
    for i, item in enumerate(widow.get("seats", [])):
        problems += [
            f"widow.seats[{i}]: {p} is not one of the drive's players."
            for p in item["players"]
            if p not in known
        ]
    for i, item in enumerate(widow.get("deals", [])):
        named = [t["player"] for t in item["tricks"]] + ([item["widow"]] if item["widow"] else [])
        problems += [
            f"widow.deals[{i}]: {p} is not one of the drive's players." for p in named if p not in known
        ]
    return problems
