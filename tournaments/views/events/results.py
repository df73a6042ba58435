"""Results pages: standings, travellers, score cards, the CSV, publishing and importing."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from ... import services
from ...domain.boards import SEAT_NAMES, dealer
from ...domain.errors import DomainError
from ...domain.scoring import pair_label
from ...forms import ResultsUploadForm
from ...models import Board
from ...reports import FIELD_TITLES, METHOD_NOTES, report_as_csv, rounding_note
from ..common import back, get_event_for_user, organises_event, results_page
from .result_rows import (
    double_dummy_board_rows,
    double_dummy_entrant_rows,
    individual_table_rows,
    player_card_rows,
    scorecard_rows,
    standings_table_rows,
    traveller_rows,
)


@results_page
def event_results(request, event, report):
    # The tables library is loaded by the first standings page, not with the URLs: its package
    # imports PostgreSQL's driver, which a printing or any other page never needs.
    from django_tables2 import RequestConfig

    from ...tables import IndividualStandingsTable, StandingsTable

    fields = []
    if event.evening_format.ranks_players:  # the players; the partnerships' figures are on their cards
        individuals = services.individual_report(event, report)
        table = IndividualStandingsTable(
            individual_table_rows(individuals), method=report.scores.method, prefix="players-"
        )
        RequestConfig(request, paginate=False).configure(table)
        fields.append(("Players", table))
    for field in () if event.evening_format.ranks_players else report.scores.fields:
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
            "organiser": organises_event(request, event),
            "note": rounding_note(report),
            "method_note": METHOD_NOTES.get(report.scores.method, ""),
            "corrected_after": services.corrected_after_publication(event),
        },
    )


@results_page
def event_results_board(request, event, report, board: int):
    if board not in report.trumps:
        raise Http404("No such board.")
    # An individual event's sides are its players: its pairs only seat a round.
    individuals = (
        services.individual_report(event, report) if event.evening_format.partnerships_internal else None
    )
    rows = traveller_rows(report, board, individuals)
    scored = next((b for b in report.scores.boards if b.board == board), None)
    trumps = report.trumps.get(board, "")
    return render(
        request,
        "tournaments/results_board.html",
        {
            "event": event,
            "report": report,
            "board": board,
            "rows": rows,
            "players": individuals is not None,  # each side by its players' names
            "grand": event.evening_format.enters("granded"),  # who went grand, and N/S's net points
            "scored": scored,
            "trumps": Board.Strain(trumps).label if trumps else "not yet known",
            "dealer": SEAT_NAMES[dealer(board)],
            "previous": board - 1 if board - 1 in report.trumps else None,
            "next": board + 1 if board + 1 in report.trumps else None,
        },
    )


@results_page
def event_results_pair(request, event, report, direction: str, number: int):
    pair = (direction.upper(), number)
    if pair not in report.names or event.evening_format.partnerships_internal:
        raise Http404("No such pair.")  # an individual event's players have cards, its partnerships none
    rows = scorecard_rows(report, pair)
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
            "rows": rows,
        },
    )


@results_page
def event_results_player(request, event, report, number: int):
    if not event.evening_format.ranks_players:
        raise Http404("Not an individual event.")
    individuals = services.individual_report(event, report)
    standing = next((s for s in individuals.standings if s.player == number), None)
    if standing is None:
        raise Http404("No such player.")
    return render(
        request,
        "tournaments/results_pair.html",
        {
            "individual": True,
            "event": event,
            "report": report,
            "label": event.evening_format.entrant.title(number),
            "names": individuals.name(number),
            "standing": standing,
            "rows": player_card_rows(individuals, number),
        },
    )


@results_page
def event_results_double_dummy(request, event, report):
    """Play against double dummy: open as the results are (to everyone once published)."""
    dd = services.event_double_dummy(report)
    return render(
        request,
        "tournaments/results_double_dummy.html",
        {
            "event": event,
            "report": report,
            "dd": dd,
            "players": dd.individuals is not None,
            "entrants": double_dummy_entrant_rows(dd),
            "boards": double_dummy_board_rows(dd),
        },
    )


@results_page
def event_results_csv(request, event, report):
    individuals = services.individual_report(event, report) if event.evening_format.ranks_players else None
    response = HttpResponse(report_as_csv(report, individuals), content_type="text/csv; charset=utf-8")
    filename = slugify(f"{event.name} {event.date}") or "results"
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    return response


@login_required
@require_POST
def event_publish(request, event_id: int):
    event = get_event_for_user(request, event_id)
    publish = request.POST.get("publish") == "1"
    try:
        services.event_publish(event=event, published=publish, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            "Results published: anyone with the link can see them."
            if publish
            else "Results are private again.",
        )
    return redirect(back(request, reverse("tournaments:results", args=[event.pk])))


@login_required
@require_POST
def event_import_results(request, event_id: int):
    event = get_event_for_user(request, event_id)
    form = ResultsUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        for error in form.errors.get("file", []):
            messages.error(request, error)
        return redirect(back(request, reverse("tournaments:event-detail", args=[event.pk])))
    try:
        count = services.results_import_csv(event=event, text=form.cleaned_data["file"], user=request.user)
    except services.ResultsImportError as error:
        messages.error(request, "Nothing was imported from the file:")
        for problem in error.problems[:30]:
            messages.error(request, problem)
    else:
        messages.success(request, f"Imported {count} results.")
    return redirect(back(request, reverse("tournaments:event-detail", args=[event.pk])))
