"""The tablet at each table: no login, reached by the table's secret link or its short code."""

import logging
import secrets
from functools import wraps
from typing import NamedTuple
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.db import InterfaceError, OperationalError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from ... import services
from ...domain.boards import SEAT_NAMES, STRAIN_SYMBOLS
from ...domain.entry import sent_back
from ...domain.errors import DomainError
from ...domain.formats import GRANDED
from ...domain.minnesota import confirm_words
from ...models import DuelTable, MatchTable, TableAccess
from ...services.core.codes import Tablet
from ...services.events.fees import payer_keys
from ...services.kinds import kind_of
from ...services.tablets.access import TableNotStarted, code_as_typed
from ...services.tablets.fees import table_fees_due
from ...services.tablets.moves import table_sit_outs
from ...services.tablets.travellers import sides_caption, table_travellers
from ..common import NOT_IN_USE, TOKEN_CHARACTERS, client_address, could_be_token, get_by_token, whole_number
from . import pair_evening, player_evening
from .pair_evening import traveller_lines

TABLET_COOKIE = "whistdrive_tablet"
logger = logging.getLogger(__name__)


def _tablet(request) -> Tablet:
    browser = request.COOKIES.get(TABLET_COOKIE, "")
    if not (0 < len(browser) <= 40 and set(browser) <= TOKEN_CHARACTERS):
        browser = ""
    return Tablet(browser=browser, address=client_address(request))


def _keep_tablet_cookie(request, response):
    """Give the tablet its own name (a random cookie), so its wrong codes count against it alone."""
    if not _tablet(request).browser:
        response.set_cookie(
            TABLET_COOKIE,
            secrets.token_urlsafe(18),
            max_age=365 * 24 * 3600,
            httponly=True,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
    return response


def table_start(request):
    if request.method == "POST":
        code = request.POST.get("code", "")
        try:
            access = services.table_code_lookup(code=code, tablet=_tablet(request))
        except services.TableError as error:
            messages.error(request, str(error))
            # Back to the start page with the code as typed, to be corrected rather than typed
            # afresh (in the address: a reload or the back button sends nothing again).
            again = f"{reverse('tournaments:table-start')}?{urlencode({'code': code_as_typed(code)})}"
            return _keep_tablet_cookie(request, redirect(again))
        if isinstance(access, DuelTable):
            return _keep_tablet_cookie(request, redirect("tournaments:duel-table", token=access.token))
        if isinstance(access, MatchTable):
            return _keep_tablet_cookie(request, redirect("tournaments:league-tablet", token=access.token))
        page = "tournaments:drive-table" if access.drive_id else "tournaments:table"
        return _keep_tablet_cookie(request, redirect(page, token=access.token))
    context = {"code": code_as_typed(request.GET.get("code", ""))}
    return _keep_tablet_cookie(request, render(request, "tournaments/table_start.html", context))


def table_ready(request, access, name: str):
    """A table's page before the start: the table is ready, and the page looks again by itself."""
    context = {"access": access, "name": name, "refresh": READY_REFRESH_SECONDS}
    return render(request, "tournaments/table_ready.html", context)


READY_REFRESH_SECONDS = 10


def table_page(request, token: str):
    access = get_by_token(TableAccess.objects.select_related("event__club"), token)
    try:
        services.table_access_check(access)
    except TableNotStarted:
        return table_ready(request, access, access.event.name)
    except services.TableError as error:
        # A score sent just as the event closed left the same words as a message: say them once.
        list(messages.get_messages(request))
        return render(
            request, "tournaments/table_closed.html", {"access": access, "error": error}, status=403
        )
    state = services.table_state(access)
    event = access.event
    grands = event.evening_format.enters("granded")  # Minnesota whist: who went grand, then tricks
    seatings = event.seatings
    sit_out_table = not seatings.filter(table=access.table, ns_pair__isnull=False).exists()
    played = whole_number(request.GET.get("played"))
    # The round just finished stays on screen, its scores with the moves, until "Next round".
    round_over = (
        state.previous is not None
        and played == state.previous.round
        and not any(e.result for e in state.entries)
    )
    travellers = _travellers(event, access, state, round_over)
    return render(
        request,
        "tournaments/table_page.html",
        {
            "access": access,
            "event": event,
            "state": state,
            "rounds": seatings.filter(table=access.table).count(),
            "sit_out_table": sit_out_table,
            "sit_outs": table_sit_outs(access) if sit_out_table else [],
            "boards": [
                {
                    "entry": e,
                    "dealer": SEAT_NAMES[e.board.dealer],
                    "trumps": STRAIN_SYMBOLS.get(e.board.trumps, "?"),
                    "red": e.board.trumps in ("H", "D"),
                    "ew_tricks": None if e.ns_tricks is None else 13 - e.ns_tricks,
                    "confirm": confirm_words(event.minnesota, *e.hand) if e.hand else "",
                    "traveller": traveller_lines(travellers.get(e.board.number, ())),
                }
                for e in state.entries
            ],
            "tricks": range(14),
            # Who went grand: three big buttons before the tricks.
            "grand_choices": GRANDED.choices if grands else (),
            "show_moves": bool(state.moves) and not any(e.result for e in state.entries),
            "round_over": round_over,
            "round_travellers": [
                (number, traveller_lines(travellers[number]))
                for number in (state.previous.board_numbers if round_over else ())
                if number in travellers
            ],
            "traveller_sides": sides_caption(event),
            "expected": expected_pairs(event, state.seating) if state.seating else [],
            "fees": _fees_due(event, state),
            # After check-in, each pair's (or each player's) link to its own page of the evening.
            "phone_links": [] if state.check_in_asked or state.held else _phone_links(request, event, state),
        },
    )


def _fees_due(event, state) -> list:
    """The fees still to pay by those the tablet asks about, while it asks who is at the table."""
    if not state.check_in_asked or state.seating is None:
        return []
    pairs = [pair for pair in (state.seating.ns_pair, state.seating.ew_pair) if pair is not None]
    at_table = dict.fromkeys(payer_keys(pairs), "")
    return table_fees_due(evening=event, at_table=at_table)


def _travellers(event, access, state, round_over: bool) -> dict:
    """Of the boards the page shows (the round just over, or the round in play once its players
    have checked in), the travellers of those the table has confirmed, when the club lets its
    tablets show them: no query when it does not."""
    if round_over:
        seating, numbers = state.previous, state.previous.board_numbers
    elif state.seating is None or state.check_in_asked or state.held:
        return {}
    else:
        seating = state.seating
        numbers = [e.board.number for e in state.entries if e.status == "confirmed"]
    return table_travellers(event, table=access.table, round=seating.round, boards=numbers)


# The links a table's tablet gives, by its kind's phone page: a pairs event's two pairs', an
# individual event's four players'.
PHONE_LINKS = {
    "pair-evening": lambda request, event, seating: pair_evening.phone_links(request, seating),
    "player-evening": player_evening.phone_links,
}


def _phone_links(request, event, state) -> list[dict]:
    return PHONE_LINKS[kind_of(event).phone_page](request, event, state.seating)


class Outcome(NamedTuple):
    """What a table action tells the page it goes back to."""

    message: str = ""
    round_played: int | None = None  # a confirmed score's round, which may now be over


def _table_action(action):
    """Run one table action from a POST and go back to the table's page, with a plain message."""

    @require_POST
    def view(request, token: str):
        if not could_be_token(token):
            raise Http404(NOT_IN_USE)
        # The service reads the table and its event in the statement that locks them.
        access = TableAccess(token=token)
        board = whole_number(request.POST.get("board"))
        if board is None:
            messages.error(request, "That board number was not understood: tap the board's buttons again.")
            return redirect("tournaments:table", token=token)
        try:
            outcome = action(access, board, request.POST) or Outcome()
        except TableAccess.DoesNotExist:
            raise Http404(NOT_IN_USE) from None
        except DomainError as error:  # a TableError, or a result the close has just given
            messages.error(request, str(error))
        else:
            if outcome.message:
                messages.info(request, outcome.message)
            if outcome.round_played:  # the page shows that round's scores if it is now over
                return redirect(f"{_table_url(token)}?played={outcome.round_played}#board-{board}")
        return redirect(f"{_table_url(token)}#board-{board}")

    view.__name__ = action.__name__
    return view


def asks_to_send_again(page: str, fields: tuple[str, ...]):
    """A table action (an event's or a drive's) the database did not answer, gone for a moment (a
    restart, a lost connection): nothing was written (one transaction), so the tablet is asked to
    send the same ``fields`` again, which is safe (its script does it by itself, for a minute)."""

    def decorate(view):
        @wraps(view)
        def answered(request, token: str):
            try:
                return view(request, token)
            except (OperationalError, InterfaceError):
                logger.warning("%s: the database did not answer; the tablet will send again", view.__name__)
                sent = [(name, value) for name, value in request.POST.items() if name in fields]
                context = {"fields": sent, "back": reverse(page, args=[token])}
                response = render(request, "tournaments/table_busy.html", context, status=503)
                response["Retry-After"] = "2"
                return response

        return answered

    return decorate


def _table_url(token: str) -> str:
    return reverse("tournaments:table", args=[token])


def _enter(access, board, data):
    tricks = whole_number(data.get("ns_tricks"))
    if tricks is None:
        raise services.TableError("Tap the number of tricks N/S took: 0 to 13.")
    seen = whole_number(data.get("seen"))
    services.table_result_enter(
        access=access, board_number=board, ns_tricks=tricks, seen=seen, granded=data.get("granded")
    )


def _confirm(access, board, data):
    tricks = whole_number(data.get("ns_tricks"))
    if tricks is None:
        raise services.TableError("Tap Confirm again under the score you checked.")
    seen = whole_number(data.get("seen"))
    result = services.table_result_confirm(
        access=access, board_number=board, ns_tricks=tricks, seen=seen, granded=data.get("granded")
    )
    return Outcome(round_played=result.round)


def _reject(access, board, data):
    evening = services.table_result_reject(
        access=access, board_number=board, seen=whole_number(data.get("seen"))
    )
    return Outcome(sent_back(evening, board))


_send_again = asks_to_send_again("tournaments:table", ("board", "ns_tricks", "seen", "granded"))
table_enter = _send_again(_table_action(_enter))
table_confirm = _send_again(_table_action(_confirm))
table_reject = _send_again(_table_action(_reject))


def expected_pairs(event, seating) -> list[tuple[str, str]]:
    """The pairs a table's tablet names for its round: ("N/S", "Pair 3, Doreen Hardcastle & Jim
    Lee"); an individual event's by its players alone ("N/S", "Ann Smith & Bob Jones"), its pairs
    being there only to seat the round."""
    sides = [
        (side, pair)
        for side, pair in (("N/S", seating.ns_pair), ("E/W", seating.ew_pair))
        if pair is not None
    ]
    named = services.pair_namer(
        event, [pair for _, pair in sides], as_pair=lambda pair: f"Pair {pair.number}, {pair.names}"
    )
    return [(side, named(pair)) for side, pair in sides]


def check_in_answer(data) -> bool | None:
    """The players' answer: True for "That's us", False for "Someone else is here"."""
    return {"us": True, "else": False}.get(data.get("answer"))


def fees_ticked(post) -> dict[str, str]:
    """The fees ticked on a tablet's check-in, by payer: "fee-L3" = "cash"."""
    return {name[4:]: value for name, value in post.items() if name.startswith("fee-") and value}


def check_in_view(page: str, link_model, record):
    """ "That's us" or "Someone else is here", for the round (a drive's hand, a widow series) the
    tablet showed, at any kind's table alike: ``record(link, round, here, fees)`` writes it with
    the fees ticked as paid there (``fees_ticked``), and the tablet goes back to its ``page``."""

    @require_POST
    def view(request, token: str):
        if not could_be_token(token):
            raise Http404(NOT_IN_USE)
        round_number, here = whole_number(request.POST.get("round")), check_in_answer(request.POST)
        if round_number is None or here is None:
            messages.error(
                request, "That answer was not understood: tap 'That's us' or 'Someone else is here'."
            )
            return redirect(page, token=token)
        try:
            record(link_model(token=token), round_number, here, fees_ticked(request.POST))
        except link_model.DoesNotExist:
            raise Http404(NOT_IN_USE) from None
        except DomainError as error:
            messages.error(request, str(error))
        return redirect(page, token=token)

    return view


table_check_in = check_in_view(
    "tournaments:table",
    TableAccess,
    lambda access, round, here, fees: services.table_check_in(
        access=access, round=round, here=here, fees=fees
    ),
)
