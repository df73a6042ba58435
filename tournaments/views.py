"""Organiser pages: load and check permission once, call one service, message, redirect."""

from collections import defaultdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from . import services
from .domain.errors import DomainError
from .models import Direction, Event


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
    return render(request, "tournaments/home.html", {"events": events})


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
