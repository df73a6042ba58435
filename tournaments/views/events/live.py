"""The organiser's evening: start and close, the live dashboard, the room display, corrections."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

from ... import services
from ...domain.errors import DomainError
from ...domain.minnesota import granded_words
from ...domain.scoring import pair_label
from ...forms import DirectorResultForm, form_problems
from ...models import TableCheckIn
from ...reports import FIELD_TITLES, headline_figure
from ...services.season.competitions import evening_competitions
from ..common import back, get_drive_for_user, get_event_for_user, room_page


@login_required
def event_live(request, event_id: int):
    event = get_event_for_user(request, event_id)
    accesses = event.table_accesses.all() if services.may_play(event) else []
    rows = services.event_results_grid(event)
    check_ins = services.event_check_ins(event, rows) if accesses else {}
    return render(
        request,
        "tournaments/event_live.html",
        {
            "event": event,
            "tables": range(1, event.tables + 1),
            "rows": rows,
            "check_ins": check_ins,
            # A pair is seated in another's place; an individual event's players are told where to go.
            "pairs": event.pairs.select_related("player1", "player2")
            if check_ins.get("waiting") and not event.evening_format.partnerships_internal
            else (),
            "tell_example": event.evening_format.move_example,
            "progress": services.event_progress(event),
            "accesses": [
                {
                    "table": a.table,
                    "code": a.code,
                    "url": request.build_absolute_uri(reverse("tournaments:table", args=[a.token])),
                }
                for a in accesses
            ],
            "start_url": request.build_absolute_uri(reverse("tournaments:table-start")),
            "boards": range(1, event.boards.count() + 1),
            "allows": services.event_allows(event),
            "lockouts": services.code_lockouts(club=event.club, user=request.user) if accesses else 0,
        },
    )


@login_required
@require_POST
def event_start(request, event_id: int):
    event = get_event_for_user(request, event_id)
    try:
        services.event_start(event=event, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "The event is running: the tablets can open their tables.")
    return redirect(back(request, reverse("tournaments:event-live", args=[event.pk])))


@login_required
@require_POST
def codes_unlock(request, event_id: int):
    """Lift the lockouts of the club's tablets that typed too many wrong codes (a busy hall's typos)."""
    event = get_event_for_user(request, event_id)
    try:
        lifted = services.code_lockouts_lift(event=event, user=request.user)
    except services.ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request, f"{lifted} lockout{'s' if lifted != 1 else ''} lifted: the tablets can try again."
        )
    return redirect("tournaments:event-live", event_id=event.pk)


@login_required
@require_POST
def event_close(request, event_id: int):
    event = get_event_for_user(request, event_id)
    try:
        services.event_close(event=event, adjust_missing=request.POST.get("adjust") == "1", user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
        return redirect(back(request, reverse("tournaments:event-live", args=[event.pk])))
    messages.success(request, "The event is closed: the results are final. Publish them when you are ready.")
    return redirect(back(request, reverse("tournaments:results", args=[event.pk])))


@room_page
def event_room(request, event, report):
    """Standings for a screen in the hall, with the round in play; it pages through long fields and
    reloads itself for the latest scores (``static/room.js``). The names are the public's
    (``room_evening``)."""
    round_in_play, playing = services.event_round_in_play(event) if report.provisional else (None, ())
    fields = [
        (
            FIELD_TITLES[field],
            [
                {
                    "rank": s.rank,
                    "pair": pair_label(s.pair),
                    "players": report.name(s.pair).split(" & "),
                    "figure": headline_figure(report.scores.method, s),
                    "boards": s.boards_played,
                }
                for s in report.scores.field(field)
            ],
        )
        for field in report.scores.fields
    ]
    if event.evening_format.ranks_players:  # the players ranked, a shared seat's two people both shown
        individuals = services.individual_report(event, report)
        fields = [
            (
                "Players",
                [
                    {
                        "rank": s.rank,
                        "pair": s.player,
                        "players": [name for _, name in individuals.people.get(s.player, ())]
                        or [individuals.name(s.player)],
                        "figure": headline_figure(report.scores.method, s),
                        "boards": s.boards_played,
                    }
                    for s in individuals.standings
                ],
            )
        ]
    return render(
        request,
        "tournaments/event_room.html",
        {
            "event": event,
            "report": report,
            "fields": fields,
            "progress": services.event_progress(event),
            "round_in_play": round_in_play,
            "playing": playing,
            "competitions": evening_competitions(event),
            "counted": event.published,
        },
    )


def _history(event, board: int) -> list[dict]:
    """A board's changes, each with who played: the pairs' numbers ("3 v 5"), an individual event's
    players ("Ann Smith & Bob Jones v Cath Hill & Ed Long")."""
    changes = event.result_changes.filter(board_number=board).select_related("changed_by")
    if event.evening_format.partnerships_internal:
        names = services.partnership_names(event)
        return [
            {"change": h, "who": f"{names[h.ns_pair_number]} v {names[h.ew_pair_number]}"} for h in changes
        ]
    return [{"change": h, "who": f"{h.ns_pair_number} v {h.ew_pair_number}"} for h in changes]


@login_required
def director_board(request, event_id: int, board: int):
    """Every meeting on a board, with its result and a form to set, correct or adjust it."""
    event = get_event_for_user(request, event_id)
    board_row = event.boards.filter(number=board).first()
    grands = event.evening_format.enters("granded")  # Minnesota whist: who went grand, with the tricks
    if board_row is None:
        return redirect(back(request, reverse("tournaments:event-live", args=[event.pk])))
    if request.method == "POST":
        form = DirectorResultForm(request.POST, seatings=services.board_seatings(event, board))
        if not form.is_valid():
            messages.error(request, form_problems(form))
        else:
            data = form.cleaned_data
            try:
                services.result_set_by_director(
                    event=event,
                    seating=data["seating"],
                    board_number=board,
                    ns_tricks=data["ns_tricks"],
                    ns_adjusted=data["ns_adjusted"],
                    ew_adjusted=data["ew_adjusted"],
                    granded=data["granded"] if grands else "",
                    reason=data["reason"],
                    user=request.user,
                )
            except DomainError as error:
                messages.error(request, str(error))
            else:
                messages.success(request, f"Board {board}, round {data['seating'].round}: saved.")
        return redirect("tournaments:director-board", event_id=event.pk, board=board)

    named = services.pair_namer(event)
    meetings = []
    for m in services.board_meetings(event, board_row):
        ns_tricks = m.seated.ns_tricks if m.seated else None
        granded = m.seated.granded if m.seated else ""
        meetings.append(
            {
                "seating": m.seating,
                "ns": named(m.seating.ns_pair),
                "ew": named(m.seating.ew_pair),
                "result": m.result,
                "ns_tricks": ns_tricks,
                "ew_tricks": m.seated.ew_tricks if m.seated else None,
                "grand": granded_words(granded) if grands and ns_tricks is not None else "",
                "form": DirectorResultForm(
                    initial={"seating": m.seating.pk, "ns_tricks": ns_tricks, "granded": granded}
                ),
            }
        )
    return render(
        request,
        "tournaments/director_board.html",
        {
            "event": event,
            "board": board_row,
            "meetings": meetings,
            "grands": grands,
            "history": _history(event, board),
            "sides": "Players" if event.evening_format.partnerships_internal else "Pairs",
            "previous": board - 1 if board > 1 else None,
            "next": board + 1 if event.boards.filter(number=board + 1).exists() else None,
        },
    )


@login_required
@require_POST
def check_in_resolve(request, check_in_id: int):
    """The organiser answers a table whose players said someone else is here: seat the pair that is
    there (an event), or tell the table where to go."""
    check_in = get_object_or_404(TableCheckIn.objects.select_related("link"), pk=check_in_id)
    if check_in.link.event_id:
        event = get_event_for_user(request, check_in.link.event_id)
        live = reverse("tournaments:event-live", args=[event.pk])
    else:
        drive = get_drive_for_user(request, check_in.link.drive_id)
        live = reverse("tournaments:drive-live", args=[drive.pk])
    data, user = request.POST, request.user
    said = f"Table {check_in.link.table} may play on: its tablet shows what you said."
    try:
        if data.get("how") == "seat":
            pairs = (
                {str(p.pk): p for p in event.pairs.select_related("player1", "player2")}
                if check_in.link.event_id
                else {}
            )
            instead_of, pair = pairs.get(data.get("instead_of")), pairs.get(data.get("pair"))
            if instead_of is None or pair is None:
                raise services.ServiceError("Choose the pair expected and the pair that is there.")
            services.check_in_seat_pair(check_in=check_in, instead_of=instead_of, pair=pair, user=user)
            said = _reseated(event, said, pair=pair, instead_of=instead_of, round=check_in.round)
        else:
            services.check_in_direct(check_in=check_in, message=data.get("message", ""), user=user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, said)
    return redirect(live)


def _reseated(event, said: str, *, pair, instead_of, round: int):
    """What the organiser is told once two pairs have swapped places: the cards printed before are
    wrong about them, and a link to print each kind again."""
    cards = services.cards_to_reprint(event=event, pairs=[pair, instead_of], from_round=round)
    tables = _tables_words(cards.tables)
    swapped = format_html(
        "{} From round {}, {} ({}) plays {}'s rounds and {} ({}) plays {}'s: ",
        said,
        round,
        pair,
        pair.names,
        instead_of,
        instead_of,
        instead_of.names,
        pair,
    )
    print_url = "tournaments:event-print"
    tables_link = format_html(
        '<a href="{}?tables={}">Print the table cards of {} again</a>',
        reverse(print_url, args=[event.pk, "table-cards"]),
        ",".join(map(str, cards.tables)),
        tables,
    )
    if not cards.guided:  # pairs who stay at one table carry no guide card
        return format_html(
            "{}the table cards of {} printed before are wrong about them. {}", swapped, tables, tables_link
        )
    whose = "their" if len(cards.guided) == 2 else f"{cards.guided[0]}'s"
    return format_html(
        "{}{} guide card{}, and the table cards of {} printed before, are wrong about them. "
        '<a href="{}?pairs={}">Print {} new guide card{}</a> · {}',
        swapped,
        whose,
        pluralize(len(cards.guided)),
        tables,
        reverse(print_url, args=[event.pk, "guide-cards"]),
        ",".join(str(p.pk) for p in cards.guided),
        whose,
        pluralize(len(cards.guided)),
        tables_link,
    )


def _tables_words(tables: list[int]) -> str:
    """ "table 2", "tables 1, 2 and 3"."""
    if len(tables) == 1:
        return f"table {tables[0]}"
    return "tables " + ", ".join(map(str, tables[:-1])) + f" and {tables[-1]}"
