"""A widow whist series' tablet, one per table: the deal to play (its dealer, who sits out at a
table of four), who took the widow and each player's tricks entered, then agreed by each of the
three who played; between series, where each player goes next."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ...domain.entry import OLD_PAGE
from ...domain.errors import DomainError
from ...models import DriveTable
from ...services import drives, widow
from ...services.tablets.checkins import check_in_asked, check_in_of
from ..common import get_by_token, whole_number
from ..tablets.events import check_in_view, table_ready
from .forms import read_deal

TRICKS = range(14)


def _link(token: str) -> DriveTable:
    return get_by_token(DriveTable.objects.select_related("drive__club"), token)


def _moves(state: widow.WidowState, series: int, table: int) -> list[dict]:
    """Where the players of this table's last series go for this one."""
    if series < 2:
        return []
    now_at = {p: t for t, seats in state.tables[series].items() for p in seats}
    return [
        {"name": state.name(p), "table": now_at[p], "stay": now_at[p] == table}
        for p in state.tables[series - 1].get(table, ())
    ]


def widow_table(request, access: DriveTable):
    """The tablet's page (the drives' tablet link, ``drive_table_page``, comes here for a widow
    whist series)."""
    drive = access.drive
    allows = drives.drive_allows(drive)
    if not allows["started"]:
        return table_ready(request, access, drive.name)
    state = widow.WidowState(drive)
    now = state.now_at(access.table) if allows["play"] else None
    series = state.series
    context = {
        "drive": drive,
        "access": access,
        "series": series,
        "series_count": state.series_count,
        "finished": allows["finished"],
        "now": now,
        "tricks": TRICKS,
    }
    if now is not None:
        check_in = check_in_of(access, series)
        context |= {
            "check_in": check_in,
            # Asked before a series' first deal, while nothing is entered at the table.
            "check_in_asked": now.deal == 1
            and now.entered is None
            and check_in_asked(check_in, club=drive.club, round=series),
            "expected": [
                (
                    f"Table {access.table}",
                    ", ".join(state.name(p) for p in state.tables[series][access.table]),
                )
            ],
        }
        scores = state.scores(now.entered) if now.entered is not None else {}
        agreed = {t.player_id: t.agreed for t in now.entered.tricks.all()} if now.entered else {}
        entered = state.tricks(now.entered) if now.entered is not None else {}
        running = state.series_totals(series)  # the series so far, once for the table
        context |= {
            "deals": state.deals_at(series, access.table),
            "seated": [state.name(p) for p in state.tables[series][access.table]],
            "dealer": state.name(now.dealer),
            "sitting_out": state.name(now.sitting_out) if now.sitting_out else "",
            "playing": [
                {
                    "id": p,
                    "name": state.name(p),
                    "tricks": entered.get(p),
                    "points": scores.get(p),
                    "widow": now.entered is not None and now.entered.taker_id == p,
                    "agreed": agreed.get(p, False),
                }
                for p in now.playing
            ],
            "moves": _moves(state, series, access.table) if now.deal == 1 and now.entered is None else [],
            "running": [
                {"name": state.name(p), "points": running.get(p, 0)}
                for p in state.tables[series][access.table]
            ],
        }
    elif not allows["finished"]:
        context["waiting"] = [
            t
            for t in sorted(state.tables.get(series, {}))
            if state.table_done(series, t) < state.deals_at(series, t)
        ]
        context["last_series"] = series >= state.series_count
    return render(request, "tournaments/widow_table.html", context)


def _post(request, token: str, act, done: str = ""):
    """A tablet's write, naming the series and the deal its page showed: from a page without them
    (an older one) nothing is written, and the table is shown as it stands."""
    access = _link(token)
    series, deal = whole_number(request.POST.get("series")), whole_number(request.POST.get("deal"))
    if series is None or deal is None:
        messages.error(request, OLD_PAGE)
        return redirect("tournaments:drive-table", token=token)
    try:
        act(access, series, deal)
    except (DomainError, ValueError) as error:
        messages.error(request, str(error))
    else:
        if done:
            messages.success(request, done)
    return redirect("tournaments:drive-table", token=token)


def _as_shown(data) -> tuple[int | None, dict[int, int]]:
    """Who took the widow and each player's tricks, as the page showed them to be agreed or sent
    back; a form without them comes from an older page."""
    taker, tricks = read_deal(data)
    if not tricks:
        raise ValueError(OLD_PAGE)
    return taker, tricks


@require_POST
def widow_table_enter(request, token: str):
    def enter(access, series, deal):
        taker, tricks = read_deal(request.POST)
        widow.widow_deal_enter(
            drive=access.drive, series=series, table=access.table, deal=deal, taker=taker, tricks=tricks
        )

    return _post(request, token, enter)


@require_POST
def widow_table_agree(request, token: str):
    player = whole_number(request.POST.get("player"))

    def agree(access, series, deal):
        taker, tricks = _as_shown(request.POST)
        widow.widow_deal_agree(
            drive=access.drive,
            series=series,
            table=access.table,
            deal=deal,
            player=player,
            taker=taker,
            tricks=tricks,
        )

    return _post(request, token, agree)


@require_POST
def widow_table_reject(request, token: str):
    def reject(access, series, deal):
        taker, tricks = _as_shown(request.POST)
        widow.widow_deal_reject(
            drive=access.drive, series=series, table=access.table, deal=deal, taker=taker, tricks=tricks
        )

    return _post(request, token, reject, "Enter the deal again.")


widow_table_check_in = check_in_view(
    "tournaments:drive-table",
    DriveTable,
    lambda link, series, here: widow.widow_table_check_in(link=link, series=series, here=here),
)
