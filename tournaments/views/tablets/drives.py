"""A drive's tablet, one per table: the hand to play and its couples, the tricks tapped by one
couple and confirmed by the other, then who moves where (a scheduled drive: to which table and
seat, with which partner, and who sits out)."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from ...domain.boards import STRAIN_SYMBOLS
from ...domain.drives import COMPASS
from ...domain.drives.games import grand_words
from ...domain.entry import sent_back
from ...domain.errors import DomainError
from ...domain.formats import Entrants
from ...domain.rubbers import CLAIM_CHOICES
from ...models import DriveTable
from ...services import drives
from ...services.drives.check_in import drive_table_check_in as drive_check_in
from ...services.tablets.checkins import check_in_asked, check_in_of
from ...services.tablets.fees import table_fees_due
from ..common import NOT_IN_USE, could_be_token, whole_number
from .drive_evening import phone_links
from .events import asks_to_send_again, check_in_view, table_ready


def _couple(state, couple, seats) -> list[dict]:
    """A couple's players as the format names them at the table ("Mary Smith (L1)" where players
    carry score cards, else by name), with their seat where the format tells players their seats."""
    evening = state.drive.evening_format
    return [
        {
            "key": key,
            "label": state.label(key),
            "seat": seat if evening.seats_named else "",
        }
        for key, seat in zip(couple, seats, strict=True)
    ]


def _moves(state, hand: int, table: int) -> list[dict]:
    if state.drive.evening_format.entrants is Entrants.TEAMS:  # by pairs: "Team 7's away pair: go to table 9"
        return [
            {
                "name": f"Team {m['team']}'s {m['pair']} pair",
                "detail": f"{m['name']}: {m['players']}",
                "text": m["text"],
            }
            for m in state.team_moves(hand, table)
        ]
    return [
        {
            "name": state.label(player),
            "detail": "",
            "text": state.move_words(move),
        }
        for player, move in state.departures(hand, table).items()
    ]


def _sitting_out(state, hand: int) -> list[dict]:
    """The players who sit out a hand of a scheduled drive (none in the others: they learn it at
    their table)."""
    if not state.scheduled:
        return []
    return [
        {"key": p, "label": state.label(p)}
        for seated in state.seatings.get(hand, {}).values()
        if seated.sit_out
        for p in seated.players
    ]


def _games(state, hand: int, table: int, after: bool = False) -> dict:
    """In games and rubbers, the table's running score: before the hand in play, or after the
    hand just played, with the visit's rubber points once its last hand is in."""
    score = state.table_score(hand, table)
    if score is None:
        return {}
    visit_over = after and hand % state.drive.hands_per_round == 0
    return {"running": score.line(), "rubber_points": score.points_line() if visit_over else ""}


def classic_table(request, access: DriveTable):
    """The tablet of a drive played by score cards or from a schedule, or of a team night: the hand
    to play, the tricks, who moves where."""
    drive = access.drive
    allows = drives.drive_allows(drive)
    if not allows["started"]:
        return table_ready(request, access, drive.name)
    state = drives.DriveState(drive)
    now = state.now_at(access.table)
    grands = drive.evening_format.enters("granded")  # Minnesota whist: each couple scores points
    played = whole_number(request.GET.get("played"))
    after = None
    if played and (played, access.table) in state.results:
        last = played == drive.hands  # nobody moves after it
        ns_points, ew_points = state.points(played, access.table)
        after = {
            "hand": played,
            "ns_tricks": state.results[(played, access.table)],
            "ew_tricks": 13 - state.results[(played, access.table)],
            "grand": grand_words(state.grands[(played, access.table)]) if grands else "",
            "ns_points": ns_points,
            "ew_points": ew_points,
            "honours": state.claim_words(
                played,
                access.table,
                state.results[(played, access.table)],
                state.honours.get((played, access.table), ""),
            ),
            "last": last,
            "moves": [] if last else _moves(state, played, access.table),
            "sitting_out": [] if last else _sitting_out(state, played + 1),
        } | _games(state, played, access.table, after=True)
    context = {
        "access": access,
        "drive": drive,
        "now": now,
        "after": after,
        "tricks": range(14),
        # A figure chosen from words (a Minnesota hand's who went grand), as the format declares it.
        "grand": next((figure for figure in drive.evening_format.entry if figure.choices), None),
        "rules": state.rules_words,
        # In games and rubbers N/S's tricks are followed by the honours claimed, a big button each.
        "honours": CLAIM_CHOICES if drive.rubbers else (),
        "hands": drive.hands,
        "finished": allows["finished"],
    }
    if now.seating is not None:
        trumps = state.trumps(now.hand) if drive.evening_format.trumps else ""
        context |= {
            "seen": drives.drive_hand_sets(drive.pk, access.table, [now.hand]).get(now.hand, 0),
            "ns": _couple(state, now.seating.ns, COMPASS[:2]),
            "ew": _couple(state, now.seating.ew, COMPASS[2:]),
            "trumps": STRAIN_SYMBOLS[trumps] if trumps else "",
            "red": trumps in ("H", "D"),
            "sit_out_score": state.sit_out_words,
        }
        if drive.evening_format.entrants is Entrants.TEAMS:
            home, away = (state.team_of(couple[0]) for couple in (now.seating.ns, now.seating.ew))
            context["match"] = {"home": home, "away": away}
        if not now.seating.sit_out:
            context |= _games(state, now.hand, access.table)
            context["claimed"] = (
                state.claim_words(now.hand, access.table, now.result.ns_tricks, now.result.honours)
                if now.result
                else ""
            )
            if now.result and grands:  # E/W check each couple's points, as the hand's end shows them
                context["points"] = state.game.points(now.result.ns_tricks, now.result.granded)
        if not now.seating.sit_out and now.result is None:
            check_in = check_in_of(access, now.hand)
            context |= {
                "check_in": check_in,
                "check_in_asked": check_in_asked(check_in, club=drive.club, round=now.hand),
                "expected": [
                    (side, " & ".join(p["label"] for p in couple if p["key"]))
                    for side, couple in (("N/S", context["ns"]), ("E/W", context["ew"]))
                ],
                "fees": table_fees_due(
                    evening=drive,
                    at_table={
                        p["key"]: state.label(p["key"]) for p in context["ns"] + context["ew"] if p["key"]
                    },
                ),
            }
            if not context["check_in_asked"] and not (check_in and check_in.state == check_in.State.WAITING):
                # After check-in, each player's link to their own page of the evening, for their phone.
                context["phone_links"] = phone_links(request, state, now.seating)
        if now.seating.sit_out:
            context["last_hand"] = now.hand == drive.hands
            context["moves"] = [] if context["last_hand"] else _moves(state, now.hand, access.table)
            context["sitting_out"] = [p for p in context["ns"] + context["ew"] if p["key"]]
    if now.waiting_for:
        context["waiting"] = drives.tables_text(now.waiting_for)
        context["interval"] = now.hand is not None and state.starts_half(now.hand)
    return render(request, "tournaments/drive_table.html", context)


def _action(handler):
    @require_POST
    def view(request, token: str):
        if not could_be_token(token):
            raise Http404(NOT_IN_USE)
        hand = whole_number(request.POST.get("hand"))
        url = reverse("tournaments:drive-table", args=[token])
        if hand is None:
            messages.error(request, "That hand was not understood: tap the buttons again.")
            return redirect(url)
        try:
            # The service reads the table with its drive, locked (one statement for both).
            message, played = handler(DriveTable(token=token), hand, request.POST)
        except DriveTable.DoesNotExist:
            raise Http404(NOT_IN_USE) from None
        except DomainError as error:
            messages.error(request, str(error))
            return redirect(url)
        if message:
            messages.info(request, message)
        return redirect(f"{url}?played={played}" if played else url)

    view.__name__ = handler.__name__
    return view


def _tricks(data) -> int:
    tricks = whole_number(data.get("ns_tricks"))
    if tricks is None:
        raise DomainError("Tap the number of tricks N/S took: 0 to 13.")
    return tricks


def _enter(link, hand, data):
    drives.drive_table_enter(
        link=link,
        hand=hand,
        ns_tricks=_tricks(data),
        granded=data.get("granded"),
        honours=data.get("honours", ""),
        seen=whole_number(data.get("seen")),
    )
    return "", None


def _confirm(link, hand, data):
    drives.drive_table_confirm(
        link=link,
        hand=hand,
        ns_tricks=_tricks(data),
        granded=data.get("granded"),
        honours=data.get("honours", ""),
        seen=whole_number(data.get("seen")),
    )
    return "", hand


def _reject(link, hand, data):
    evening = drives.drive_table_reject(link=link, hand=hand, seen=whole_number(data.get("seen")))
    return sent_back(evening, hand), None


_send_again = asks_to_send_again(
    "tournaments:drive-table", ("hand", "ns_tricks", "granded", "honours", "seen")
)
drive_table_enter = _send_again(_action(_enter))
drive_table_confirm = _send_again(_action(_confirm))
drive_table_reject = _send_again(_action(_reject))


drive_table_check_in = check_in_view(
    "tournaments:drive-table",
    DriveTable,
    lambda link, hand, here, fees: drive_check_in(link=link, hand=hand, here=here, fees=fees),
)
