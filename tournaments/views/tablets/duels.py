"""A two-player night's tablet: one a table. It shows the round's match and its deals; one player
enters both players' tricks for a deal, the other confirms them or sends them back. Between rounds
it waits, looking again by itself, until the next round is paired (and asks for the pairing again
when it finds every match over and the next round not paired yet)."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ...domain.entry import OLD_PAGE
from ...domain.errors import DomainError
from ...models import DuelTable
from ...services import duels
from ...services.duels.check_in import duel_table_check_in as check_in
from ...services.duels.fees import payer_key
from ...services.tablets.fees import table_fees_due
from ..common import NOT_IN_USE, could_be_token, get_by_token, whole_number
from .duel_evening import phone_links
from .events import fees_ticked

REFRESH_SECONDS = 5


def duel_table(request, token: str):
    table = get_by_token(DuelTable.objects.select_related("night__club"), token)
    night = table.night
    view = duels.table_view(night, table.number)
    if view.pairing:  # started again if the process pairing it has stopped
        duels.duel_round_pair_later(night=night)
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
        "next_deal": line.in_play if line else 1,
        # A match's first deal waits for its two players to say they are at the table.
        "check_in": bool(line and not view.waiting and not line.deals and line.match.checked_in_at is None),
        "refresh": REFRESH_SECONDS if view.looks_again else 0,
        "phone_links": phone_links(request, line),  # once the two players have checked in
    }
    if context["check_in"]:
        at_table = {payer_key(player): player.name for player in (line.a, line.b)}
        context["fees"] = table_fees_due(evening=night, at_table=at_table)
    return render(request, "tournaments/duel_table.html", context)


# What every write names, from the page it was sent from: its round, its match and the deal (a
# check-in the first two). A form without them comes from an older page, and is refused.
NAMED = (("round", "round"), ("match_id", "match"), ("deal", "deal"))


def _post(request, token: str, action, names: tuple = NAMED, **kwargs):
    if not could_be_token(token):
        raise Http404(NOT_IN_USE)
    named = {key: whole_number(request.POST.get(field)) for key, field in names}
    if None in named.values():
        messages.error(request, OLD_PAGE)
        return redirect("tournaments:duel-table", token=token)
    try:
        # The service finds the table with its night, locked (one statement for both).
        action(token=token, **named, **kwargs)
    except DuelTable.DoesNotExist:
        raise Http404(NOT_IN_USE) from None
    except DomainError as error:
        messages.error(request, str(error))
    return redirect("tournaments:duel-table", token=token)


def _figures(request) -> dict | None:
    """Each player's tricks as typed (or, for a confirmation, as shown), and the 27th card's colour."""
    a, b = whole_number(request.POST.get("tricks_a")), whole_number(request.POST.get("tricks_b"))
    if a is None or b is None:
        return None
    return {"tricks_a": a, "tricks_b": b, "black": request.POST.get("black") == "black"}


@require_POST
def duel_table_enter(request, token: str):
    figures = _figures(request)
    if figures is None:
        messages.error(request, "Give both players' tricks, as whole numbers.")
        return redirect("tournaments:duel-table", token=token)
    return _post(request, token, duels.duel_deal_enter, **figures)


@require_POST
def duel_table_check_in(request, token: str):
    return _post(request, token, check_in, NAMED[:2], fees=fees_ticked(request.POST))


def _shown(request, token: str, action):
    """A confirmation or a send-back: of the deal with the figures the page showed."""
    figures = _figures(request)
    if figures is None:
        messages.error(request, OLD_PAGE)
        return redirect("tournaments:duel-table", token=token)
    return _post(request, token, action, **figures)


@require_POST
def duel_table_confirm(request, token: str):
    return _shown(request, token, duels.duel_deal_confirm)


@require_POST
def duel_table_reject(request, token: str):
    return _shown(request, token, duels.duel_deal_reject)
