"""Organiser pages of an event: its settings, movement and boards."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db import DatabaseError
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

import whistdrive

from ... import pdf, services
from ...domain.digits import figures
from ...domain.errors import DomainError
from ...forms import DealForm, PbnUploadForm, ResultsUploadForm, form_problems
from ...models import Direction, Event, Heartbeat
from ...reports import dd_rows, hand_diagram
from ..common import (
    LoginNeeded,
    back,
    get_event_for_results,
    get_event_for_user,
    organises_event,
    tablet_base_url,
)


@login_required
def event_detail(request, event_id: int):
    event = get_event_for_user(request, event_id)
    pairs = event.pairs.select_related("player1", "player2")
    named = services.pair_namer(event)
    results = [
        {"result": r, "ns": named(r.ns_pair), "ew": named(r.ew_pair)}
        for r in event.results.select_related("board", "ns_pair", "ew_pair")
    ]
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            "ns_pairs": [p for p in pairs if p.direction == Direction.NS],
            "ew_pairs": [p for p in pairs if p.direction == Direction.EW],
            "howell_pairs": sorted(
                (p for p in pairs if p.direction == Direction.ALL), key=lambda p: p.number
            ),
            "boards": event.boards.all(),
            "individuals": event.individuals.select_related("player1", "player2")
            if event.evening_format.partnerships_internal
            else (),
            "results": results,
            "results_columns": ",".join(services.results_columns(event)),
            "enters_granded": event.evening_format.enters("granded"),
            "seated": event.seatings.exists(),
            "analysis_unavailable": services.analysis_unavailable(),
            "documents": pdf.event_documents(event.evening_format),
            "upload_form": ResultsUploadForm(),
            "deal_form": DealForm(),
            "pbn_form": PbnUploadForm(),
            "dealt": sum(1 for b in event.boards.all() if b.deal),
            "allows": services.event_allows(event),
            "trail": _trail(event),
            "table_changes": event.result_changes.exclude(source="organiser").count(),
        },
    )


def _trail(event: Event) -> list[dict]:
    """The event's trail, newest first: its steps and the organiser's corrections of results."""
    return [
        {"at": c.changed_at, "who": c.changed_by, "what": str(c), "board": None}
        for c in event.changes.select_related("changed_by")
    ]


@login_required
def event_movement(request, event_id: int):
    event = get_event_for_user(request, event_id)
    grid = services.event_movement_grid(event)
    seated = event.evening_format.partnerships_internal and bool(grid.rows)
    return render(
        request,
        "tournaments/event_movement.html",
        {
            "event": event,
            "tables": grid.tables,
            "rows": grid.rows,
            "has_relay": grid.has_relay,
            "stands": grid.stands,
            "rule": grid.rule,
            "skip_after": grid.skip_after,
            "stationary": grid.stationary,
            "stationary_seat": grid.stationary_seat,
            "may_rebuild": services.may_change_movement(event),
            "itineraries": grid.itineraries,
            "schedule": services.individual_schedule_grid(event) if seated else None,
        },
    )


@login_required
@require_POST
def event_build_movement(request, event_id: int):
    event = get_event_for_user(request, event_id)
    try:
        movement = services.event_build_movement(event=event, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            f"Movement built: {movement.rounds} rounds of {movement.boards_per_round} boards, "
            f"{movement.boards} boards in all.",
        )
    return redirect("tournaments:event-movement", event_id=event.pk)


@login_required
@require_POST
def event_deal_boards(request, event_id: int):
    event = get_event_for_user(request, event_id)
    form = DealForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_problems(form))
        return redirect(back(request, reverse("tournaments:event-detail", args=[event.pk])))
    try:
        seed = services.event_deal_boards(event=event, seed=form.cleaned_data["seed"], user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"Boards dealt from seed {seed}: the same seed deals them again.")
        _say_if_not_analysed(request)
    return redirect(back(request, reverse("tournaments:event-detail", args=[event.pk])))


@login_required
@require_POST
def event_import_pbn(request, event_id: int):
    event = get_event_for_user(request, event_id)
    form = PbnUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        for error in form.errors.get("pbn", []):
            messages.error(request, error)
        return redirect(back(request, reverse("tournaments:event-detail", args=[event.pk])))
    try:
        count = services.event_import_pbn(event=event, text=form.cleaned_data["pbn"], user=request.user)
    except services.PbnImportError as error:
        messages.error(request, "Nothing was imported from the PBN file:")
        for problem in error.problems[:30]:
            messages.error(request, problem)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"Imported {count} deals.")
        _say_if_not_analysed(request)
    return redirect(back(request, reverse("tournaments:event-detail", args=[event.pk])))


def _say_if_not_analysed(request) -> None:
    """After dealing: the boards' analysis will not follow where the solver is not installed."""
    if note := services.analysis_unavailable():
        messages.warning(request, note)


@login_required
def event_analysis(request, event_id: int):
    """How far the double-dummy analysis of the boards has gone, for the run page's progress bar."""
    event = get_event_for_user(request, event_id)
    progress = services.event_analysis_progress(event)
    return JsonResponse({"dealt": progress.dealt, "analysed": progress.analysed, "stalled": progress.stalled})


@login_required
@require_POST
def event_analyse_boards(request, event_id: int):
    """Resume an analysis that stopped (its server was restarted)."""
    event = get_event_for_user(request, event_id)
    if note := services.analysis_unavailable():
        messages.error(request, note)
    else:
        services.event_analyse_boards_later(event=event)
        messages.success(request, "The analysis of the boards goes on.")
    return redirect(back(request, reverse("tournaments:event-run", args=[event.pk])))


@login_required
def event_export_pbn(request, event_id: int):
    event = get_event_for_user(request, event_id)
    try:
        text = services.event_export_pbn(event)
    except DomainError as error:
        messages.error(request, str(error))
        return redirect(back(request, reverse("tournaments:event-detail", args=[event.pk])))
    response = HttpResponse(text, content_type="application/x-pbn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(f"{event.name} {event.date}")}.pbn"'
    return response


def board_hand_record(request, event_id: int, board: int):
    """A board's four hands, trumps and double-dummy tricks: for organisers, and for all once published."""
    try:
        event = get_event_for_results(request, event_id)
    except LoginNeeded:
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
            "analysis_unavailable": services.analysis_unavailable(),
            "previous": board - 1 if board - 1 in numbers else None,
            "next": board + 1 if board + 1 in numbers else None,
            "organiser": organises_event(request, event),
        },
    )


@login_required
def event_print(request, event_id: int, document: str):
    """One printed document, or the whole pack, as a PDF download."""
    event = get_event_for_user(request, event_id)
    if document not in pdf.event_documents(event.evening_format) and document != "pack":
        raise Http404("No such document.")
    pack = services.event_print_pack(event, base_url=tablet_base_url(request))
    pairs, tables = _numbers(request.GET.get("pairs")), _numbers(request.GET.get("tables"))
    if pairs is not None or tables is not None:  # only some cards, to print again after a change
        labels = None if pairs is None else {str(pair) for pair in event.pairs.filter(pk__in=pairs)}
        pack = services.print_pack_only(pack, pairs=labels, tables=tables)
    data = pdf.render(pack, document)
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{slugify(f"{event.name} {document}")}.pdf"'
    return response


def _numbers(text: str | None) -> set[int] | None:
    """A query's list of numbers, "3,5": None when not given; what is not a number is left out."""
    if text is None:
        return None
    return {int(part) for part in text.split(",") if figures(part.strip())}


def healthz(request):
    """For monitoring (and the benchmarks' floor): the version running and whether the database
    answers (one read of one small table), as JSON; 503 while it does not."""
    try:
        Heartbeat.objects.exists()
        database = "ok"
    except DatabaseError:
        database = "unavailable"
    status = "ok" if database == "ok" else "unavailable"
    return JsonResponse(
        {"status": status, "version": whistdrive.__version__, "database": database},
        status=200 if status == "ok" else 503,
    )


@require_POST
@csrf_exempt  # a probe's write carries nothing of anyone's: one row, always the same, overwritten
def healthz_write(request):
    """The database takes a write: one statement in one transaction (the floor of a score's cost)."""
    services.heartbeat_write()
    return HttpResponse("ok", content_type="text/plain")
