"""A two-player night's tablet: one a table. It shows the round's match and its deals; one player
enters both players' tricks for a deal, the other confirms them or sends them back. Between rounds
it waits, looking again by itself, until the next round is paired."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ...domain.errors import DomainError
from ...models import DuelTable
from ...services import duels
from ..common import get_by_token, whole_number

REFRESH_SECONDS = 5


def duel_table(request, token: str):
    table = get_by_token(DuelTable.objects.select_related("night__club"), token)
    night = table.night
    view = duels.table_view(night, table.number)
    line = view.line
    scoring = night.scoring
    context = {
        "table": table,
        "night": night,
        "view": view,
        "line": line,
        "format": night.evening_format,
        "tricks": range(scoring.tricks + 1),
        "total": scoring.tricks,
        "asks_colour": scoring.asks_colour,
        "next_deal": len(line.deals) + 1 if line else 1,
        # A match's first deal waits for its two players to say they are at the table.
        "check_in": bool(line and not view.waiting and not line.deals and line.match.checked_in_at is None),
        "refresh": REFRESH_SECONDS if view.looks_again else 0,
    }
    return render(request, "tournaments/duel_table.html", context)


def _post(request, token: str, action, **kwargs):
    get_by_token(DuelTable.objects.all(), token)
    try:
        action(token=token, **kwargs)
    except DomainError as error:
        messages.error(request, str(error))
    return redirect("tournaments:duel-table", token=token)


@require_POST
def duel_table_enter(request, token: str):
    a, b = whole_number(request.POST.get("tricks_a")), whole_number(request.POST.get("tricks_b"))
    if a is None or b is None:
        messages.error(request, "Give both players' tricks, as whole numbers.")
        return redirect("tournaments:duel-table", token=token)
    black = request.POST.get("black") == "black"
    return _post(request, token, duels.duel_deal_enter, tricks_a=a, tricks_b=b, black=black)


@require_POST
def duel_table_check_in(request, token: str):
    return _post(request, token, duels.duel_table_check_in)


@require_POST
def duel_table_confirm(request, token: str):
    return _post(request, token, duels.duel_deal_confirm)


@require_POST
def duel_table_reject(request, token: str):
    return _post(request, token, duels.duel_deal_reject)
