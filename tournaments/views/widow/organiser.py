"""A widow whist series' pages for the organiser: the new series, its page (players, start, the
tables of each series with their tablets, corrections, close and publish, the trail), the room
display, the results and their CSV and JSON. Its tablets are in ``tablet.py``."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ...domain.errors import DomainError
from ...domain.places import leaders_shown
from ...domain.spreadsheet import csv_text
from ...domain.widow import deals_at, table_sizes
from ...models import Drive, TableCheckIn, WidowDeal
from ...services import drives, widow
from ...services.tablets.checkins import check_in_asked
from ..common import LoginNeeded, get_clubs_for_user, get_drive_for_results, get_drive_for_user
from ..money import money_context
from .forms import NewWidowForm, WidowCorrectionForm, read_deal


@login_required
def widow_new(request):
    form = NewWidowForm(request.POST or None, clubs=get_clubs_for_user(request))
    if request.method == "POST" and form.is_valid():
        try:
            drive = widow.widow_create(**form.cleaned_data, user=request.user)
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"{drive.name} is set up: enter the players.")
            return redirect("tournaments:drive-run", drive_id=drive.pk)
    return render(request, "tournaments/widow_new.html", {"form": form})


def _tables(state: widow.WidowState, series: int) -> list[dict]:
    """A series' tables: who sits where, the dealer of the first deal first, and how far each is."""
    scores = state.series_totals(series)
    return [
        {
            "table": table,
            "players": [{"id": p, "name": state.name(p), "points": scores.get(p, 0)} for p in seats],
            "deals": state.deals_at(series, table),
            "done": state.table_done(series, table),
            "sits_out": len(seats) == 4,
        }
        for table, seats in sorted(state.tables.get(series, {}).items())
    ]


def _deals(state: widow.WidowState) -> list[dict]:
    """Every deal entered, newest series first, as the correction list shows them."""
    return [
        {
            "series": d.series,
            "table": d.table,
            "deal": d.deal,
            "text": state.deal_text(d),
            "scores": ", ".join(f"{state.name(p)} {points:+d}" for p, points in state.scores(d).items()),
            "confirmed": d.confirmed,
        }
        for d in sorted(state.deals.values(), key=lambda d: (-d.series, d.table, -d.deal))
    ]


def widow_run(request, drive: Drive):
    """The organiser's page of a widow whist series (``drive_run`` comes here for one)."""
    allows = drives.drive_allows(drive)
    state = widow.WidowState(drive)
    context = {
        "drive": drive,
        "allows": allows,
        "players": list(state.players.values()),
        "members": drive.club.members.filter(active=True),
        "trail": drive.changes.select_related("changed_by"),
        "shape": _shape(len(state.players)),
    }
    context |= money_context(drive, context["players"])
    if allows["started"]:
        series = state.series
        context |= {
            "state": state,
            "series": series,
            "tables": _tables(state, series),
            "links": list(drive.table_accesses.all()),
            "standings": state.standings(),
            "deals": _deals(state),
            "complete": state.complete,
            "correct": _correct_choices(state),
            "documents": drives.drive_documents(drive),
            "check_ins": _check_ins(drive, state) if allows["play"] else {},
            "tell_example": drive.evening_format.move_example,
        }
    return render(request, "tournaments/widow_run.html", context)


def _check_ins(drive: Drive, state: widow.WidowState) -> dict:
    """The tables waiting for the organiser (their players said someone else is here), and those of
    the series in play not yet checked in, for ``_checkins_live.html``."""
    series = state.series
    check_ins = {
        c.link.table: c
        for c in TableCheckIn.objects.filter(link__drive=drive, round=series).select_related("link")
    }
    names = {t: ", ".join(state.name(p) for p in seats) for t, seats in state.tables.get(series, {}).items()}
    waiting = [
        {"table": t, "round": series, "check_in": c, "expected": names.get(t, "")}
        for t, c in sorted(check_ins.items())
        if c.state == TableCheckIn.State.WAITING
    ]
    unchecked = [
        {"table": t, "round": series}
        for t in sorted(names)
        if (series, t, 1) not in state.deals
        and check_in_asked(check_ins.get(t), club=drive.club, round=series)
    ]
    return {"waiting": waiting, "unchecked": unchecked}


def _shape(players: int) -> str:
    """The tables the players would sit at, in words, or why they cannot."""
    try:
        sizes = table_sizes(players)
    except DomainError as error:
        return str(error)
    counts = {size: sizes.count(size) for size in (4, 3) if size in sizes}
    tables = " and ".join(f"{n} table{'s' if n > 1 else ''} of {size}" for size, n in counts.items())
    return f"{players} players: {tables}."


def _correct_choices(state: widow.WidowState) -> list[dict]:
    """Each table of each series drawn, with its players, for the correction form."""
    return [
        {
            "series": series,
            "table": table,
            "players": [{"id": p, "name": state.name(p)} for p in seats],
            "deals": deals_at(len(seats), state.drive.hands),
        }
        for series in sorted(state.tables, reverse=True)
        for table, seats in sorted(state.tables[series].items())
    ]


def _action(request, drive_id: int, act, done: str):
    drive = get_drive_for_user(request, drive_id)
    try:
        act(drive)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, done)
    return redirect("tournaments:drive-run", drive_id=drive.pk)


@login_required
@require_POST
def widow_start(request, drive_id: int):
    return _action(
        request,
        drive_id,
        lambda drive: widow.widow_start(drive=drive, user=request.user),
        "The first series' tables are drawn: the tablets are open.",
    )


@login_required
@require_POST
def widow_close(request, drive_id: int):
    return _action(
        request,
        drive_id,
        lambda drive: widow.widow_close(drive=drive, user=request.user),
        "The evening is closed.",
    )


@login_required
@require_POST
def widow_correct(request, drive_id: int):
    form = WidowCorrectionForm(request.POST)
    try:
        taker, tricks = read_deal(request.POST)
    except ValueError as error:
        messages.error(request, str(error))
        return redirect("tournaments:drive-run", drive_id=drive_id)
    if not form.is_valid():
        messages.error(request, "Choose the table and the deal, and say why it is corrected.")
        return redirect("tournaments:drive-run", drive_id=drive_id)
    series, table, deal = (form.cleaned_data[k] for k in ("series", "table", "deal"))
    # Only the players given a number of tricks played the deal: the one left blank sat out.
    return _action(
        request,
        drive_id,
        lambda drive: widow.widow_deal_correct(
            drive=drive,
            series=series,
            table=table,
            deal=deal,
            taker=taker,
            tricks=tricks,
            reason=form.cleaned_data["reason"],
            user=request.user,
        ),
        f"Series {series}, table {table}, deal {deal} is corrected.",
    )


@login_required
def widow_paper(request, drive_id: int, document: str):
    drive = get_drive_for_user(request, drive_id)
    if not drive.is_widow_series or document not in drives.drive_documents(drive):
        raise Http404("No such document.")
    return widow_print_page(request, drive, document)


def widow_print_page(request, drive: Drive, document: str):
    """One of the series' papers (table lists, score cards a table, results) as a PDF."""
    response = HttpResponse(widow.widow_print(drive=drive, document=document), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="widow-{drive.pk}-{document}.pdf"'
    return response


def _results_context(drive: Drive) -> dict:
    state = widow.WidowState(drive)
    return {
        "drive": drive,
        "state": state,
        "evening": drive.evening_format,
        "standings": state.standings(),
        "series_numbers": list(range(1, state.series + 1)),
        "series": state.series,
        "tables": _tables(state, state.series) if state.series else [],
        "allows": drives.drive_allows(drive),
    }


ROOM_LEADERS = 10  # the leaders the hall's screen shows, and any level with the tenth


def widow_room(request, drive: Drive, move_now: bool = False):
    """The hall's screen: the series in play, its tables and how far each is, and the leaders (its
    tables are drawn afresh each series: no move is called)."""
    context = _results_context(drive)
    standings = context["standings"]
    context["standings"] = standings[: leaders_shown([s["points"] for s in standings], ROOM_LEADERS)]
    return render(request, "tournaments/widow_room.html", context)


def widow_results(request, drive: Drive):
    return render(request, "tournaments/widow_results.html", _results_context(drive))


def _loaded(request, drive_id: int):
    try:
        return get_drive_for_results(request, drive_id)
    except LoginNeeded:
        return None


HEADINGS = ["Place", "Player", "Points", "Deals played"]


def widow_results_csv(request, drive_id: int):
    drive = _loaded(request, drive_id)
    if drive is None:
        return redirect_to_login(request.get_full_path())
    standings = widow.WidowState(drive).standings()
    series = len(standings[0]["by_series"]) if standings else 0
    rows = [HEADINGS + [f"Series {s}" for s in range(1, series + 1)]]
    rows += [[s["place"], s["name"], s["points"], s["played"], *s["by_series"]] for s in standings]
    response = HttpResponse(csv_text(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="widow-{drive.pk}.csv"'
    return response


def widow_results_json(request, drive_id: int):
    drive = _loaded(request, drive_id)
    if drive is None:
        return redirect_to_login(request.get_full_path())
    state = widow.WidowState(drive)
    data = {
        "name": drive.name,
        "date": drive.date.isoformat(),
        "format": drive.evening_format.title,
        "measure": str(drive.evening_format.measure),
        "series": [
            {"series": s, "tables": [[state.name(p) for p in seats] for _, seats in sorted(tables.items())]}
            for s, tables in sorted(state.tables.items())
        ],
        "standings": [
            {k: s[k] for k in ("place", "name", "points", "played", "by_series")} for s in state.standings()
        ],
        "deals": [_deal_data(state, d) for d in state.deals.values() if d.confirmed],
    }
    return HttpResponse(json.dumps(data, indent=1), content_type="application/json")


def _deal_data(state: widow.WidowState, deal: WidowDeal) -> dict:
    """A deal by its table's seats, in the order its series' ``tables`` name them: the widow's
    taker by seat (from 1), each seat's tricks and points (None for who sat out). Never by name:
    two players the public reads alike ("A player") would be one."""
    seats = state.tables[deal.series][deal.table]
    tricks, points = state.tricks(deal), state.scores(deal)
    return {
        "series": deal.series,
        "table": deal.table,
        "deal": deal.deal,
        "widow": seats.index(deal.taker_id) + 1 if deal.taker_id else None,
        "tricks": [tricks.get(p) for p in seats],
        "points": [points.get(p) for p in seats],
    }
