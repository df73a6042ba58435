"""The organiser's evening on one page: entries, movement, boards, printing, start, close, publish."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from ... import pdf, services
from ...domain.errors import DomainError
from ...domain.recommend import NAMES as MOVEMENT_NAMES
from ...domain.recommend import opening_proposal
from ...forms import DealForm, EntryForm, IndividualPlayersForm, NewEventForm, PbnUploadForm, form_problems
from ...models import Event
from ...services.simultaneous import simultaneous_to_join
from ..common import get_clubs_for_user, get_event_for_user, whole_number

INDIVIDUAL_PLAYERS = 8  # the smallest complete whist tournament of two tables
INDIVIDUAL_BOARDS = 2


@login_required
def event_new(request):
    clubs = get_clubs_for_user(request)
    form = NewEventForm(request.POST or None, clubs=clubs)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        # Until tonight's pairs are entered and a movement chosen, the event holds the domain's
        # movement for the smallest field; the club gives its usual scale.
        # An individual holds the smallest full schedule's until its players are entered. A movement
        # chosen here (the ¾ Howell) is held instead, and recommended first for its field.
        smallest = opening_proposal(data["movement"])
        individual = data["individual"]
        try:
            event = services.event_create(
                club=data["club"],
                name=data["name"],
                date=data["date"],
                tables=smallest.tables,
                boards_per_round=INDIVIDUAL_BOARDS if individual else smallest.boards_per_round,
                variant=Event.Variant.INDIVIDUAL if individual else smallest.variant,
                players=INDIVIDUAL_PLAYERS if individual else None,
                trump_schedule=data["trump_schedule"],
                scoring=data["scoring"],
                minnesota_rules=data["minnesota_rules"],
                scale=data["club"].scale,
                user=request.user,
            )
        except DomainError as error:
            messages.error(request, str(error))
        else:
            return redirect("tournaments:event-run", event_id=event.pk)
    return render(request, "tournaments/event_new.html", {"form": form})


def _steps(event: Event, entries: int, allows: dict) -> dict:
    pairs = event.pairs.count()
    # Pairs given in the organiser site (no entries) count as tonight's pairs too.
    seated = event.seatings.exists() and (entries == pairs or not entries)
    if (
        event.evening_format.partnerships_internal
    ):  # the players are named once the movement is built for them
        entries = pairs = event.individuals.exclude(player1=None, guest1="").count()
        seated = event.seatings.exists() and entries == event.players
    entries = entries or pairs
    dealt = event.boards.exists() and not event.boards.filter(deal="").exists()
    return {
        "entries": entries >= 4,
        "movement": bool(seated),
        "boards": dealt,
        "print": bool(seated),
        "start": allows["started"],
        "close": allows["finished"],
        "publish": event.published,
    }


@login_required
def event_run(request, event_id: int):
    event = get_event_for_user(request, event_id)
    entries = list(event.entries.select_related("player1", "player2"))
    try:
        proposals = services.event_proposals(event)
    except DomainError as error:  # more pairs than the largest movement
        proposals = []
        messages.error(request, str(error))
    allows = services.event_allows(event)
    steps = _steps(event, len(entries), allows)
    # An individual event's partnerships are no entries' seats: its players are shown apart.
    pairs = (
        []
        if event.evening_format.partnerships_internal
        else list(event.pairs.select_related("player1", "player2"))
    )
    if steps["movement"]:  # each pair by its number alone, in the movement's order
        seats = {pair.entry_id: (place, str(pair)) for place, pair in enumerate(pairs) if pair.entry_id}
        entries.sort(key=lambda entry: seats.get(entry.pk, (len(pairs), ""))[0])
        for entry in entries:
            entry.seat = seats.get(entry.pk, (0, ""))[1]
    members = event.club.members.filter(active=True).order_by("last_name", "first_name")
    # The county's simultaneous evenings its club has not joined yet, while its deals may change.
    joinable = (
        simultaneous_to_join(club=event.club, drive=False) if event.status in ("draft", "ready") else []
    )
    return render(
        request,
        "tournaments/event_run.html",
        {
            "event": event,
            "joinable": joinable,
            "entries": entries,
            "guest_warnings": services.entry_guest_warnings(entries),
            "staying": any(entry.stationary for entry in entries),
            "movement_name": MOVEMENT_NAMES.get(event.variant, ""),
            "pairs": pairs if not entries else [],
            "steps": steps,
            "proposals": [
                (index, proposal, steps["movement"] and _in_use(event, proposal))
                for index, proposal in enumerate(proposals)
            ],
            "members": members,
            "entry_form": EntryForm(),
            "deal_form": DealForm(),
            "pbn_form": PbnUploadForm(),
            "analysis": services.event_analysis_progress(event),
            "analysis_unavailable": services.analysis_unavailable(),
            "documents": list(pdf.event_documents(event.evening_format).items()),
            "progress": services.event_progress(event) if steps["start"] else None,
            "here": reverse("tournaments:event-run", args=[event.pk]),
            "allows": allows,
            "individual": _individual_step(event) if event.evening_format.partnerships_internal else None,
        },
    )


def _individual_step(event: Event) -> dict:
    """The players of an individual event, the schedule seating them, and the form to enter them."""
    players = list(event.individuals.select_related("player1", "player2"))
    named = [p for p in players if p.people]
    grid = services.individual_schedule_grid(event) if event.seatings.exists() else None
    return {
        "players": players,
        "named": bool(players) and len(named) == len(players),
        "grid": grid,
        "form": IndividualPlayersForm(
            initial={
                "players": "\n".join(p.names for p in named),
                "boards_per_round": event.boards_per_round,
            }
        ),
    }


def _in_use(event: Event, proposal) -> bool:
    """Whether the event already plays this proposal (it was accepted): it is then not offered again."""
    fields = ("tables", "variant", "phantom", "boards_per_round", "rounds")
    return all(getattr(event, name) == getattr(proposal, name) for name in fields)


def _run_action(request, event_id, act, done: str):
    event = get_event_for_user(request, event_id)
    try:
        act(event)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, done)
    return redirect("tournaments:event-run", event_id=event.pk)


@login_required
@require_POST
def entry_add(request, event_id: int):
    form = EntryForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_problems(form))
        return redirect("tournaments:event-run", event_id=event_id)
    data = form.cleaned_data
    return _run_action(
        request,
        event_id,
        lambda event: services.entry_add(
            event=event,
            first=data["first"],
            second=data["second"],
            stationary=data["stationary"],
            user=request.user,
        ),
        f"Entered {data['first']} & {data['second']}.",
    )


@login_required
@require_POST
def individuals_enter(request, event_id: int):
    form = IndividualPlayersForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_problems(form))
        return redirect("tournaments:event-run", event_id=event_id)
    data = form.cleaned_data
    return _run_action(
        request,
        event_id,
        lambda event: services.individuals_enter(
            event=event, names=data["players"], boards_per_round=data["boards_per_round"], user=request.user
        ),
        f"{len(data['players'])} players entered and seated: see the schedule below.",
    )


@login_required
@require_POST
def entry_remove(request, event_id: int, entry_id: int):
    return _run_action(
        request,
        event_id,
        lambda event: services.entry_remove(event=event, entry_id=entry_id, user=request.user),
        "Entry removed.",
    )


@login_required
@require_POST
def event_accept(request, event_id: int):
    choice = whole_number(request.POST.get("choice"))
    if choice is None:  # no proposal's number: the service answers that it is not on offer
        choice = -1
    return _run_action(
        request,
        event_id,
        lambda event: services.event_accept_proposal(event=event, choice=choice, user=request.user),
        "Movement chosen and the pairs seated: see their numbers below.",
    )
