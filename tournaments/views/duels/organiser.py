"""The organiser's pages of a two-player night: set up, players, start, the rounds as they are
paired, corrections, close and publish; the room display; the results with their CSV and JSON."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ...domain.errors import DomainError
from ...domain.spreadsheet import csv_text
from ...models import DuelMatch, DuelNight
from ...print_data import NIGHT_DOCUMENTS
from ...services import duels
from ...services.duels import paper as duel_paper
from ..common import (
    check_shown,
    get_clubs_for_user,
    login_when_needed,
    names_for_reader,
    room_evening,
    whole_number,
)
from .forms import CorrectionForm, NewNightForm


def night_for_user(request, night_id: int) -> DuelNight:
    try:
        return DuelNight.objects.for_user(request.user).select_related("club").get(pk=night_id)
    except DuelNight.DoesNotExist:
        raise Http404("No such night among your clubs.") from None


@login_required
def duel_new(request):
    form = NewNightForm(request.POST or None, clubs=get_clubs_for_user(request))
    if request.method == "POST" and form.is_valid():
        try:
            night = duels.duel_night_create(**form.cleaned_data, user=request.user)
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"{night.name} is set up: enter the players, then start it.")
            return redirect("tournaments:duel-run", night_id=night.pk)
    return render(request, "tournaments/duel_new.html", {"form": form})


def _context(night: DuelNight) -> dict:
    state = duels.night_state(night)
    current = state.rounds.get(state.round_in_play, [])
    pairing = state.round_name(state.last_round + 1) if state.next_round_due else ""
    return {
        "pairing": pairing,  # the round being paired now, after the request that ended the one before
        "night": night,
        "format": night.evening_format,
        "state": state,
        "standings": state.standings,
        "current": current,
        "rounds": sorted(state.rounds.items(), reverse=True),
        "knockout": state.knockout_rounds,
        "champion": state.champion,
        "allows": duels.night_allows(night),
    }


@login_required
def duel_run(request, night_id: int):
    night = night_for_user(request, night_id)
    context = _context(night)
    if context["pairing"]:  # started again if the process pairing it has stopped
        duels.duel_round_pair_later(night=night)
    chosen = whole_number(request.GET.get("match"))
    correcting = next(
        (line for lines in context["state"].rounds.values() for line in lines if line.match.pk == chosen),
        None,
    )
    context |= {
        "tables": night.tables.order_by("number"),
        "members": night.club.members.filter(active=True),
        "trail": night.changes.select_related("changed_by"),
        "correcting": correcting if correcting and not correcting.bye else None,
        "correction": CorrectionForm(initial={"match": chosen}),
        "documents": NIGHT_DOCUMENTS,
    }
    return render(request, "tournaments/duel_run.html", context)


def _act(request, night, action, done: str, **kwargs):
    try:
        action(night=night, user=request.user, **kwargs)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, done)
    return redirect("tournaments:duel-run", night_id=night.pk)


@login_required
@require_POST
def duel_player_add(request, night_id: int):
    night = night_for_user(request, night_id)
    name = request.POST.get("name", "")
    return _act(request, night, duels.duel_player_add, f"{' '.join(name.split())} is entered.", name=name)


@login_required
@require_POST
def duel_player_remove(request, night_id: int, player_id: int):
    night = night_for_user(request, night_id)
    player = get_object_or_404(night.players, pk=player_id)
    return _act(request, night, duels.duel_player_remove, f"{player.name} is taken out.", player=player)


@login_required
@require_POST
def duel_start(request, night_id: int):
    night = night_for_user(request, night_id)
    return _act(request, night, duels.duel_night_start, "Started: round 1 is paired, the tablets are live.")


@login_required
@require_POST
def duel_close(request, night_id: int):
    night = night_for_user(request, night_id)
    return _act(request, night, duels.duel_night_close, "Closed: the results are final.")


@login_required
@require_POST
def duel_publish(request, night_id: int):
    night = night_for_user(request, night_id)
    published = request.POST.get("published", "1") == "1"
    words = "Published: the results page is open to everyone." if published else "The results are private."
    return _act(request, night, duels.duel_night_publish, words, published=published)


@login_required
@require_POST
def duel_correct(request, night_id: int):
    night = night_for_user(request, night_id)
    form = CorrectionForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the deal, both players' tricks and the reason for the correction.")
        return redirect("tournaments:duel-run", night_id=night.pk)
    data = form.cleaned_data
    match = get_object_or_404(DuelMatch, pk=data.pop("match"), night=night)
    return _act(
        request, night, duels.duel_deal_correct, f"Deal {data['number']} corrected.", match=match, **data
    )


@login_required
def duel_print(request, night_id: int, document: str):
    night = night_for_user(request, night_id)
    if document not in NIGHT_DOCUMENTS:
        raise Http404("No such document.")
    response = HttpResponse(
        duel_paper.duel_print(night=night, document=document), content_type="application/pdf"
    )
    response["Content-Disposition"] = f'inline; filename="two-player-night-{night.pk}-{document}.pdf"'
    return response


@login_when_needed
def duel_room(request, night_id: int):
    """The hall's screen: the round in play and the standings, the names the public's (``room_evening``)."""
    night = room_evening(request, DuelNight, night_id)
    context = _context(night)
    if context["pairing"]:
        duels.duel_round_pair_later(night=night)
    return render(request, "tournaments/duel_room.html", context)


def _published_or_own(request, night_id: int) -> DuelNight:
    """A night's results are open to its club's organisers, and to everyone once published, the
    members named as each chose to be published (as an event's and a drive's results)."""
    night = get_object_or_404(DuelNight.objects.select_related("club"), pk=night_id)
    check_shown(request, night)
    names_for_reader(request, night.club)
    return night


@login_when_needed
def duel_results(request, night_id: int):
    night = _published_or_own(request, night_id)
    return render(request, "tournaments/duel_results.html", _context(night))


def _rows(night: DuelNight):
    state = duels.night_state(night)
    for line in state.standings:
        s = line.standing
        yield {
            "place": s.place,
            "number": line.player.number,
            "name": line.player.name,
            "game_points": s.game_points,
            "won": s.won,
            "tied": s.tied,
            "lost": s.lost,
            "byes": s.byes,
            "points_for": s.points_for,
            "points_against": s.points_against,
            "spread": s.spread,
        }


@login_when_needed
def duel_results_csv(request, night_id: int):
    night = _published_or_own(request, night_id)
    rows = list(_rows(night))
    fields = list(rows[0]) if rows else ["place", "name"]
    text = csv_text([fields, *([row[field] for field in fields] for row in rows)])  # formulas kept as text
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="two-player-night-{night.pk}.csv"'
    return response


@login_when_needed
def duel_results_json(request, night_id: int):
    night = _published_or_own(request, night_id)
    return JsonResponse(duels.night_as_dict(night), json_dumps_params={"indent": 1})
