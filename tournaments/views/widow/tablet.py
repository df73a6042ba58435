"""A widow whist series' tablet, one per table: the deal to play (its dealer, who sits out at a
table of four), who took the widow and each player's tricks entered, then agreed by each of the
three who played; between series, where each player goes next."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ...domain.entry import OLD_PAGE
from ...domain.errors import DomainError
from ...models import DriveTable, TableCheckIn
from ...services import drives, widow
from ...services.tablets.checkins import check_in_asked, check_in_of
from ...services.tablets.fees import table_fees_due
from ...services.widow.check_in import widow_table_check_in as check_in
from ..common import NOT_IN_USE, could_be_token, whole_number
from ..tablets.events import check_in_view, table_ready
from .evening import phone_links
from .forms import read_deal

TRICKS = range(14)


def _moves(at: widow.TableInPlay) -> list[dict]:
    """Where the players of this table's last series go for this one."""
    if at.before is None:
        return []
    here = at.seated.table
    return [
        {"name": at.before.name(p), "table": at.sits_now[p], "stay": at.sits_now[p] == here}
        for p in at.before.seats
    ]


def widow_table(request, access: DriveTable):
    """The tablet's page (the drives' tablet link, ``drive_table_page``, comes here for a widow
    whist series). It reads the table's own series in play, never the whole evening."""
    drive = access.drive
    allows = drives.drive_allows(drive)
    if not allows["started"]:
        return table_ready(request, access, drive.name)
    at = widow.table_in_play(drive, access.table)
    series = at.seated.series if at is not None else 0
    now = at.now if at is not None and allows["play"] else None
    context = {
        "drive": drive,
        "access": access,
        "series": series,
        "series_count": drive.halves,
        "finished": allows["finished"],
        "now": now,
        "tricks": TRICKS,
    }
    if now is not None:
        seated = at.seated
        check_in = check_in_of(access, series)
        context |= {
            "check_in": check_in,
            # Asked before a series' first deal, while nothing is entered at the table.
            "check_in_asked": now.deal == 1
            and now.entered is None
            and check_in_asked(check_in, club=drive.club, round=series),
            "expected": [(f"Table {access.table}", ", ".join(seated.name(p) for p in seated.seats))],
        }
        if context["check_in_asked"]:
            at_table = {seated.card(p): seated.name(p) for p in seated.seats}
            context["fees"] = table_fees_due(evening=drive, at_table=at_table)
        entered = at.figures(now.deal) if now.entered is not None else {}
        scores = seated.scores(now.entered.taker_id, entered) if now.entered is not None else {}
        agreed = {t.player_id: t.agreed for t in at.tricks.get(now.deal, ())}
        running = at.running()
        waits = check_in is not None and check_in.state == TableCheckIn.State.WAITING
        context |= {
            "deals": seated.deals,
            "seated": [seated.name(p) for p in seated.seats],
            "dealer": seated.name(now.dealer),
            "sitting_out": seated.name(now.sitting_out) if now.sitting_out else "",
            "playing": [
                {
                    "id": p,
                    "name": seated.name(p),
                    "tricks": entered.get(p),
                    "points": scores.get(p),
                    "widow": now.entered is not None and now.entered.taker_id == p,
                    "agreed": agreed.get(p, False),
                }
                for p in now.playing
            ],
            "moves": _moves(at) if now.deal == 1 and now.entered is None else [],
            "running": [{"name": seated.name(p), "points": running[p]} for p in seated.seats],
            # After check-in, each player's link to their own page of the evening, for their phones.
            "phone_links": []
            if context["check_in_asked"] or waits
            else phone_links(request, drive.pk, seated),
        }
    elif not allows["finished"]:
        context["waiting"] = widow.tables_playing(drive, series)
        context["last_series"] = series >= drive.halves
        # Every table has played the series and the next is not drawn yet: it is being drawn after
        # the tap that ended the series; asked again, in case the server stopped before it was.
        context["drawing"] = allows["play"] and not context["waiting"] and not context["last_series"]
        if context["drawing"]:
            widow.widow_series_draw_later(drive)
    return render(request, "tournaments/widow_table.html", context)


def _post(request, token: str, act, done: str = ""):
    """A tablet's write, naming the series and the deal its page showed: from a page without them
    (an older one) nothing is written, and the table is shown as it stands."""
    if not could_be_token(token):
        raise Http404(NOT_IN_USE)
    series, deal = whole_number(request.POST.get("series")), whole_number(request.POST.get("deal"))
    if series is None or deal is None:
        messages.error(request, OLD_PAGE)
        return redirect("tournaments:drive-table", token=token)
    try:
        # The service reads the table with its drive, locked (one statement for both).
        act(DriveTable(token=token), series, deal)
    except DriveTable.DoesNotExist:
        raise Http404(NOT_IN_USE) from None
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
    def enter(link, series, deal):
        taker, tricks = read_deal(request.POST)
        widow.widow_table_enter(link=link, series=series, deal=deal, taker=taker, tricks=tricks)

    return _post(request, token, enter)


@require_POST
def widow_table_agree(request, token: str):
    player = whole_number(request.POST.get("player"))

    def agree(link, series, deal):
        taker, tricks = _as_shown(request.POST)
        widow.widow_table_agree(
            link=link, series=series, deal=deal, player=player, taker=taker, tricks=tricks
        )

    return _post(request, token, agree)


@require_POST
def widow_table_reject(request, token: str):
    def reject(link, series, deal):
        taker, tricks = _as_shown(request.POST)
        widow.widow_table_reject(link=link, series=series, deal=deal, taker=taker, tricks=tricks)

    return _post(request, token, reject, "Enter the deal again.")


widow_table_check_in = check_in_view(
    "tournaments:drive-table",
    DriveTable,
    lambda link, series, here, fees: check_in(link=link, series=series, here=here, fees=fees),
)
