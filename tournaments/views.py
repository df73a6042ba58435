"""Organiser pages: load and check permission once, call one service, message, redirect."""

from collections import defaultdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from . import services
from .domain.boards import dealer
from .domain.errors import DomainError
from .domain.scoring import pair_label
from .forms import DealForm, PbnUploadForm, ResultsUploadForm
from .models import Direction, Event
from .reports import (
    FIELD_TITLES,
    dd_rows,
    hand_diagram,
    report_as_csv,
    scorecard_rows,
    standings_table_rows,
    traveller_rows,
)
from .tables import ScoreCardTable, StandingsTable, TravellerTable

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
STRAIN_NAMES = {"S": "♠ Spades", "H": "♥ Hearts", "D": "♦ Diamonds", "C": "♣ Clubs", "NT": "No trumps"}


def _get_event_for_user(request, event_id: int) -> Event:
    """The event, if the user organises its club; 404 otherwise (its existence is not revealed)."""
    try:
        return Event.objects.for_user(request.user).select_related("club").get(pk=event_id)
    except Event.DoesNotExist:
        raise Http404("No such event among your clubs.") from None


def home(request):
    events = []
    if request.user.is_authenticated:
        events = Event.objects.for_user(request.user).select_related("club")[:50]
    published = Event.objects.filter(published=True).select_related("club")[:20]
    return render(request, "tournaments/home.html", {"events": events, "published": published})


@login_required
def event_detail(request, event_id: int):
    event = _get_event_for_user(request, event_id)
    pairs = event.pairs.select_related("player1", "player2")
    results = event.results.select_related("board", "ns_pair", "ew_pair")
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            "ns_pairs": [p for p in pairs if p.direction == Direction.NS],
            "ew_pairs": [p for p in pairs if p.direction == Direction.EW],
            "boards": event.boards.all(),
            "results": results,
            "seated": event.seatings.exists(),
            "upload_form": ResultsUploadForm(),
            "deal_form": DealForm(),
            "pbn_form": PbnUploadForm(),
            "dealt": sum(1 for b in event.boards.all() if b.deal),
        },
    )


@login_required
def event_movement(request, event_id: int):
    event = _get_event_for_user(request, event_id)
    seatings = list(event.seatings.select_related("ns_pair", "ew_pair"))
    grid = defaultdict(dict)
    itineraries = defaultdict(list)
    for seating in seatings:
        grid[seating.round][seating.table] = seating
        if seating.ew_pair:
            itineraries[seating.ew_pair].append(seating)
    relay = {stand.round: stand for stand in event.relay_stands.all()}
    tables = range(1, event.tables + 1)
    rows = [
        {
            "round": r,
            "cells": [grid[r].get(t) for t in tables],
            "relay": relay.get(r),
            "sit_outs": [s.ew_pair for s in grid[r].values() if s.ns_pair is None and s.ew_pair],
        }
        for r in sorted(grid)
    ]
    return render(
        request,
        "tournaments/event_movement.html",
        {
            "event": event,
            "tables": tables,
            "rows": rows,
            "has_relay": bool(relay),
            "relay_after": event.tables // 2,
            "itineraries": sorted(itineraries.items(), key=lambda item: item[0].number),
        },
    )


@login_required
@require_POST
def event_build_movement(request, event_id: int):
    event = _get_event_for_user(request, event_id)
    try:
        movement = services.event_build_movement(event=event)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            f"Movement built: {movement.rounds} rounds of {movement.boards_per_round} boards, "
            f"{movement.boards} boards in all.",
        )
    return redirect("tournaments:event-movement", event_id=event.pk)


def _get_event_for_results(request, event_id: int) -> Event:
    """Results are open to the club's organisers, and to everyone once published."""
    event = Event.objects.select_related("club").filter(pk=event_id).first()
    if event is None:
        raise Http404("No such event.")
    if event.published or Event.objects.for_user(request.user).filter(pk=event.pk).exists():
        return event
    if not request.user.is_authenticated:
        raise _LoginNeeded
    raise Http404("No such event among your clubs.")


class _LoginNeeded(Exception):
    pass


def _results_page(view):
    """Send a visitor to the login page for results that are not published yet."""

    def wrapper(request, event_id, *args, **kwargs):
        try:
            event = _get_event_for_results(request, event_id)
        except _LoginNeeded:
            return redirect_to_login(request.get_full_path())
        try:
            report = services.event_report(event)
        except DomainError as error:
            return render(request, "tournaments/results_unavailable.html", {"event": event, "error": error})
        return view(request, event, report, *args, **kwargs)

    wrapper.__name__ = view.__name__
    return wrapper


@_results_page
def event_results(request, event, report):
    fields = []
    for field in report.scores.fields:
        table = StandingsTable(
            standings_table_rows(report, field), method=report.scores.method, prefix=f"{field.lower()}-"
        )
        RequestConfig(request, paginate=False).configure(table)
        fields.append((FIELD_TITLES[field], table))
    boards = [b.board for b in report.scores.boards]
    return render(
        request,
        "tournaments/results_standings.html",
        {
            "event": event,
            "report": report,
            "fields": fields,
            "boards": boards,
            "organiser": _organises_event(request, event),
        },
    )


@_results_page
def event_results_board(request, event, report, board: int):
    if board not in report.trumps:
        raise Http404("No such board.")
    table = TravellerTable(traveller_rows(report, board))
    RequestConfig(request, paginate=False).configure(table)
    scored = next((b for b in report.scores.boards if b.board == board), None)
    trumps = report.trumps.get(board, "")
    return render(
        request,
        "tournaments/results_board.html",
        {
            "event": event,
            "report": report,
            "board": board,
            "table": table,
            "scored": scored,
            "trumps": STRAIN_NAMES.get(trumps, "not yet known"),
            "dealer": SEAT_NAMES[dealer(board)],
            "previous": board - 1 if board - 1 in report.trumps else None,
            "next": board + 1 if board + 1 in report.trumps else None,
        },
    )


@_results_page
def event_results_pair(request, event, report, direction: str, number: int):
    pair = (direction.upper(), number)
    if pair not in report.names:
        raise Http404("No such pair.")
    table = ScoreCardTable(scorecard_rows(report, pair))
    RequestConfig(request, paginate=False).configure(table)
    standing = next(s for s in report.scores.standings if s.pair == pair)
    return render(
        request,
        "tournaments/results_pair.html",
        {
            "event": event,
            "report": report,
            "pair": pair,
            "label": pair_label(pair),
            "names": report.name(pair),
            "standing": standing,
            "table": table,
        },
    )


@_results_page
def event_results_csv(request, event, report):
    response = HttpResponse(report_as_csv(report), content_type="text/csv; charset=utf-8")
    filename = slugify(f"{event.name} {event.date}") or "results"
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    return response


def _organises_event(request, event) -> bool:
    return request.user.is_authenticated and Event.objects.for_user(request.user).filter(pk=event.pk).exists()


@login_required
@require_POST
def event_publish(request, event_id: int):
    event = _get_event_for_user(request, event_id)
    publish = request.POST.get("publish") == "1"
    try:
        services.event_publish(event=event, published=publish)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            "Results published: anyone with the link can see them."
            if publish
            else "Results are private again.",
        )
    return redirect("tournaments:results", event_id=event.pk)


@login_required
@require_POST
def event_import_results(request, event_id: int):
    event = _get_event_for_user(request, event_id)
    form = ResultsUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        for error in form.errors.get("file", []):
            messages.error(request, error)
        return redirect("tournaments:event-detail", event_id=event.pk)
    try:
        count = services.results_import_csv(event=event, text=form.cleaned_data["file"], user=request.user)
    except services.ResultsImportError as error:
        messages.error(request, "Nothing was imported from the file:")
        for problem in error.problems[:30]:
            messages.error(request, problem)
    else:
        messages.success(request, f"Imported {count} results.")
    return redirect("tournaments:event-detail", event_id=event.pk)


@login_required
@require_POST
def event_deal_boards(request, event_id: int):
    event = _get_event_for_user(request, event_id)
    form = DealForm(request.POST)
    if not form.is_valid():
        messages.error(request, "The seed is too long: use at most 64 letters and digits.")
        return redirect("tournaments:event-detail", event_id=event.pk)
    try:
        seed = services.event_deal_boards(event=event, seed=form.cleaned_data["seed"])
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"Boards dealt from seed {seed}: the same seed deals them again.")
    return redirect("tournaments:event-detail", event_id=event.pk)


@login_required
@require_POST
def event_import_pbn(request, event_id: int):
    event = _get_event_for_user(request, event_id)
    form = PbnUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        for error in form.errors.get("pbn", []):
            messages.error(request, error)
        return redirect("tournaments:event-detail", event_id=event.pk)
    try:
        count = services.event_import_pbn(event=event, text=form.cleaned_data["pbn"])
    except services.PbnImportError as error:
        messages.error(request, "Nothing was imported from the PBN file:")
        for problem in error.problems[:30]:
            messages.error(request, problem)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"Imported {count} deals.")
    return redirect("tournaments:event-detail", event_id=event.pk)


@login_required
def event_export_pbn(request, event_id: int):
    event = _get_event_for_user(request, event_id)
    try:
        text = services.event_export_pbn(event)
    except DomainError as error:
        messages.error(request, str(error))
        return redirect("tournaments:event-detail", event_id=event.pk)
    response = HttpResponse(text, content_type="application/x-pbn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(f"{event.name} {event.date}")}.pbn"'
    return response


def board_hand_record(request, event_id: int, board: int):
    """A board's four hands, trumps and double-dummy tricks: for organisers, and for all once published."""
    try:
        event = _get_event_for_results(request, event_id)
    except _LoginNeeded:
        return redirect_to_login(request.get_full_path())
    board_row = event.boards.filter(number=board).first()
    if board_row is None:
        raise Http404("No such board.")
    numbers = list(event.boards.values_list("number", flat=True))
    return render(
        request,
        "tournaments/board_hand_record.html",
        {
            "event": event,
            "board": board_row,
            "diagram": hand_diagram(board_row),
            "dd_rows": dd_rows(board_row),
            "previous": board - 1 if board - 1 in numbers else None,
            "next": board + 1 if board + 1 in numbers else None,
            "organiser": _organises_event(request, event),
        },
    )
