"""The organiser's evening: start and close, the live dashboard, the room display, corrections."""

from collections import defaultdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from .. import services
from ..domain.errors import DomainError
from ..domain.scoring import pair_label
from ..forms import DirectorResultForm
from ..reports import FIELD_TITLES, headline_figure
from .common import back, get_event_for_user, results_page


@login_required
def event_live(request, event_id: int):
    event = get_event_for_user(request, event_id)
    seatings = list(event.seatings.select_related("ns_pair", "ew_pair"))
    counts = defaultdict(lambda: {"confirmed": 0, "awaiting": 0})
    for round_, table, confirmed_at in event.results.values_list("round", "table", "confirmed_at"):
        counts[(round_, table)]["confirmed" if confirmed_at else "awaiting"] += 1
    grid = defaultdict(dict)
    for s in seatings:
        expected = len(s.expected_boards)
        done = counts[(s.round, s.table)]
        state = (
            "sitout"
            if not expected
            else "done"
            if done["confirmed"] == expected
            else ("awaiting" if done["awaiting"] else "partial" if done["confirmed"] else "missing")
        )
        grid[s.round][s.table] = {"seating": s, "expected": expected, **done, "state": state}
    tables = range(1, event.tables + 1)
    accesses = event.table_accesses.all() if services.may_play(event) else []
    return render(
        request,
        "tournaments/event_live.html",
        {
            "event": event,
            "tables": tables,
            "rows": [{"round": r, "cells": [grid[r].get(t) for t in tables]} for r in sorted(grid)],
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
            "lockouts": services.code_lockouts() if accesses else 0,
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
    """Lift the lockouts of tablets that typed too many wrong codes (a busy hall's typos)."""
    event = get_event_for_user(request, event_id)
    lifted = services.code_lockouts_lift()
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


@results_page
def event_room(request, event, report):
    """Standings for a screen in the hall, with the round in play; it pages through long fields and
    reloads itself for the latest scores (``static/room.js``)."""
    round_in_play, playing = services.event_round_in_play(event) if report.provisional else (None, ())
    fields = [
        (
            FIELD_TITLES[field],
            [
                {
                    "rank": s.rank,
                    "pair": pair_label(s.pair),
                    "names": report.name(s.pair),
                    "figure": headline_figure(report.scores.method, s),
                    "boards": s.boards_played,
                }
                for s in report.scores.field(field)
            ],
        )
        for field in report.scores.fields
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
        },
    )


@login_required
def director_board(request, event_id: int, board: int):
    """Every meeting on a board, with its result and a form to set, correct or adjust it."""
    event = get_event_for_user(request, event_id)
    board_row = event.boards.filter(number=board).first()
    if board_row is None:
        return redirect(back(request, reverse("tournaments:event-live", args=[event.pk])))
    seatings = list(
        event.seatings.filter(first_board__lte=board, last_board__gte=board, ns_pair__isnull=False)
        .select_related("ns_pair", "ew_pair")
        .order_by("round")
    )
    if request.method == "POST":
        form = DirectorResultForm(request.POST)
        seating = next(
            (s for s in seatings if form.is_valid() and s.pk == form.cleaned_data["seating"]), None
        )
        if not form.is_valid() or seating is None:
            for error in form.non_field_errors() or [
                "Choose the tricks or adjusted scores, and give a reason."
            ]:
                messages.error(request, error)
        else:
            data = form.cleaned_data
            try:
                services.result_set_by_director(
                    event=event,
                    seating=seating,
                    board_number=board,
                    ns_tricks=data["ns_tricks"],
                    ns_adjusted=data["ns_adjusted"],
                    ew_adjusted=data["ew_adjusted"],
                    reason=data["reason"],
                    user=request.user,
                )
            except DomainError as error:
                messages.error(request, str(error))
            else:
                messages.success(request, f"Board {board}, round {seating.round}: saved.")
        return redirect("tournaments:director-board", event_id=event.pk, board=board)

    results = {
        (r.round, r.table): r
        for r in event.results.filter(board=board_row).select_related("ns_pair", "ew_pair")
    }
    meetings = []
    for s in seatings:
        result = results.get((s.round, s.table))
        seen = result.as_seated(switched=s.arrow_switched).ns_tricks if result else None
        meetings.append(
            {
                "seating": s,
                "result": result,
                "ns_tricks": seen,
                "ew_tricks": None if seen is None else 13 - seen,
                "form": DirectorResultForm(initial={"seating": s.pk, "ns_tricks": seen}, prefix=None),
            }
        )
    return render(
        request,
        "tournaments/director_board.html",
        {
            "event": event,
            "board": board_row,
            "meetings": meetings,
            "history": event.result_changes.filter(board_number=board).select_related("changed_by"),
            "previous": board - 1 if board > 1 else None,
            "next": board + 1 if event.boards.filter(number=board + 1).exists() else None,
        },
    )
