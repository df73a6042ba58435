"""The organiser's drive on one page: entries, start, the live grid of tables by hands,
corrections, the prizes and their cuts, close and publish; and the room display."""

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from ...domain.drives import LADY
from ...domain.errors import DomainError
from ...forms import DriveCorrectionForm, DrivePlayerForm, DriveTotalsForm, NewDriveForm, form_problems
from ...models import Drive, page_shown
from ...services import drives
from ...services.season.competitions import evening_competitions
from ...services.tablets.checkins import drive_check_ins
from ..common import (
    LoginNeeded,
    drive_grid_context,
    get_clubs_for_user,
    get_drive_for_results,
    get_drive_for_user,
    tablet_base_url,
    whole_number,
)
from ..widow.organiser import widow_paper, widow_results, widow_room, widow_run
from .money import money_context
from .team_nights import team_night_results, team_night_room, team_night_run

MOVE_SHOWN = timedelta(seconds=60)


def _lists(state: drives.DriveState) -> list[tuple[str, list[dict]]]:
    """The standings of each role of the drive (one list for an individual drive), headed; empty
    lists until there is a score to rank by."""
    drive = state.drive
    return [
        (drive.role_plural(role), _standings(state, role) if state.scored else []) for role in drive.roles
    ]


def _standings(state: drives.DriveState, role: str) -> list[dict]:
    return [
        {
            "place": place,
            "key": s.player,
            "number": state.listed_number(s.player),
            "name": state.name(s.player),
            "score": s.score,
            "first_half": s.first_half,
        }
        for place, s in state.placings(role)
    ]


@login_required
def drive_new(request):
    clubs = get_clubs_for_user(request)
    individual = request.GET.get("format") == Drive.Format.INDIVIDUAL
    form = NewDriveForm(request.POST or None, clubs=clubs, individual=individual)
    if request.method == "POST" and form.is_valid():
        try:
            drive = drives.drive_create(**form.cleaned_data, user=request.user)
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"{drive.name} is set up: enter the players.")
            return redirect("tournaments:drive-run", drive_id=drive.pk)
    return render(request, "tournaments/drive_new.html", {"form": form})


@login_required
def drive_run(request, drive_id: int):
    drive = get_drive_for_user(request, drive_id)
    if drive.is_team_night:
        return team_night_run(request, drive)
    if drive.is_widow_series:
        return widow_run(request, drive)
    allows = drives.drive_allows(drive)
    context = {
        "documents": drives.drive_documents(drive),
        "drive": drive,
        "allows": allows,
        "players": sorted(
            drive.players.select_related("member", "second_member"), key=lambda p: (p.role != LADY, p.card)
        ),
        "trail": drive.changes.select_related("changed_by"),
    }
    context |= money_context(drive, context["players"])
    if not allows["started"]:
        context["suggestion"] = drives.role_suggestion(drive=drive)
        context["members"] = drive.club.members.filter(active=True)
        context["role"] = request.GET.get("role", LADY)
        context["guest_warnings"] = drives.drive_guest_warnings(context["players"])
        if drive.scheduled and context["players"]:
            try:
                context["plan"] = drives.drive_plan(drive=drive, players=context["players"])
            except DomainError as error:
                context["plan_refused"] = str(error)
    else:
        state = drives.DriveState(drive)
        context |= drive_grid_context(state) | {
            "state": state,
            "lists": _lists(state) if state.scored else [],
            "awards": [
                {
                    "award": line.award,
                    "name": state.name(line.award.player) if line.award.player else "",
                    "tied": [
                        (state.players[p].id, f"{state.name(p)} ({state.number(p)})") for p in line.award.tied
                    ],
                    "winner": line.winner,
                    "amount": line.amount,
                }
                for line in (drives.prize_lines(state) if state.scored else ())
            ],
            "tables": drive.table_accesses.all(),
            "halves": range(1, drive.halves + 1),
            "paper": [
                {
                    "player": p,
                    "name": p.name,
                    "totals": [
                        (half, state.typed.get(p.key, {}).get(half, ""))
                        for half in range(1, drive.halves + 1)
                    ],
                }
                for p in state.players_in_card_order()
            ],
            "history": drive.result_changes.select_related("changed_by")[:20],
        }
    return render(request, "tournaments/drive_run.html", context)


@login_required
def drive_live(request, drive_id: int):
    """The grid of tables by hands alone, refreshing itself: for a second screen at the desk."""
    drive = get_drive_for_user(request, drive_id)
    allows = drives.drive_allows(drive)
    if not allows["started"] or drive.is_widow_series:  # a widow series' tables are on its page
        return redirect("tournaments:drive-run", drive_id=drive.pk)
    state = drives.DriveState(drive)
    context = {"drive": drive, "allows": allows, **drive_grid_context(state)}
    if allows["play"]:
        context["check_ins"] = drive_check_ins(drive, state)
        context["tell_example"] = drive.evening_format.move_example
    return render(request, "tournaments/drive_live.html", context)


def _action(request, drive_id: int, action, done: str = "", query: str = ""):
    drive = get_drive_for_user(request, drive_id)
    try:
        said = action(drive)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        if said or done:
            messages.success(request, said if isinstance(said, str) else done)
    return redirect(reverse("tournaments:drive-run", args=[drive.pk]) + query)


@login_required
@require_POST
def drive_player_add(request, drive_id: int):
    form = DrivePlayerForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_problems(form))
        return redirect("tournaments:drive-run", drive_id=drive_id)
    role = form.cleaned_data["role"]

    def add(drive):
        player = drives.drive_player_add(
            drive=drive,
            role=role,
            name=form.cleaned_data["name"],
            shared_with=form.cleaned_data["shared_with"],
            user=request.user,
        )
        return f"Entered {player.name} ({player.number})."

    return _action(
        request,
        drive_id,
        add,
        query=f"?role={role}",  # the next player is offered the same role: players come in runs
    )


@login_required
@require_POST
def drive_player_remove(request, drive_id: int, player_id: int):
    def remove(drive):
        player = drive.players.filter(pk=player_id).first()
        if player is None:
            raise DomainError("That player is not entered any more.")
        drives.drive_player_remove(drive=drive, player=player, user=request.user)
        return f"{player.name} ({player.number}) taken out."

    return _action(request, drive_id, remove)


@login_required
@require_POST
def drive_totals(request, drive_id: int):
    form = DriveTotalsForm(request.POST)
    if not form.is_valid():
        for error in form.non_field_errors():
            messages.error(request, error)
        return redirect("tournaments:drive-run", drive_id=drive_id)
    totals = form.cleaned_data["totals"]
    return _action(
        request,
        drive_id,
        lambda drive: (
            f"{drives.drive_totals_set(drive=drive, totals=totals, user=request.user)} totals typed "
            "from the score cards."
        ),
    )


@login_required
@require_POST
def drive_start(request, drive_id: int):
    return _action(
        request,
        drive_id,
        lambda drive: drives.drive_start(drive=drive, user=request.user),
        "The drive has started.",
    )


@login_required
@require_POST
def drive_correct(request, drive_id: int):
    form = DriveCorrectionForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_problems(form))
        return redirect("tournaments:drive-run", drive_id=drive_id)
    hand, table, tricks, granded, honours = (
        form.cleaned_data[k] for k in ("hand", "table", "ns_tricks", "granded", "honours")
    )

    def correct(drive) -> str:
        drives.drive_result_correct(
            drive=drive,
            hand=hand,
            table=table,
            ns_tricks=tricks,
            granded=granded,
            honours=honours,
            reason=form.cleaned_data["reason"],
            user=request.user,
        )
        claimed = drives.DriveState(drive).claim_words(hand, table, tricks, honours) if honours else ""
        return f"Hand {hand} at table {table}: N/S {tricks}{claimed}."

    return _action(request, drive_id, correct)


@login_required
@require_POST
def drive_move(request, drive_id: int):
    return _action(
        request,
        drive_id,
        lambda drive: drives.drive_move_call(drive=drive, user=request.user),
        "The room display says: move now.",
    )


@login_required
@require_POST
def drive_close(request, drive_id: int):
    return _action(
        request,
        drive_id,
        lambda drive: drives.drive_close(drive=drive, user=request.user),
        "The drive is closed.",
    )


@login_required
@require_POST
def drive_publish(request, drive_id: int):
    return _action(
        request,
        drive_id,
        lambda drive: drives.drive_publish(drive=drive, user=request.user),
        "The results are published.",
    )


@login_required
@require_POST
def drive_cut(request, drive_id: int):
    def record(drive):
        winner = drive.players.filter(pk=whole_number(request.POST.get("winner"))).first()
        if winner is None:
            raise DomainError("Choose who won the cut.")
        drives.prize_cut_record(
            drive=drive, prize=request.POST.get("prize", ""), winner=winner, user=request.user
        )
        return f"{winner.name} won the cut."

    return _action(request, drive_id, record)


@login_required
def drive_print(request, drive_id: int, document: str):
    drive = get_drive_for_user(request, drive_id)
    if drive.is_widow_series:  # its own papers: table lists, score cards a table, results
        return widow_paper(request, drive_id, document)
    if document not in drives.drive_documents(drive):
        raise Http404("No such document.")
    try:
        data = drives.drive_print(drive=drive, document=document, base_url=tablet_base_url(request))
    except DomainError as error:  # itinerary cards for players the schedule cannot seat
        messages.error(request, str(error))
        return redirect("tournaments:drive-run", drive_id=drive.pk)
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="drive-{drive.pk}-{document}.pdf"'
    return response


def _prizes(state: drives.DriveState, allows: dict) -> list[tuple[str, str, str]]:
    """The prizes, who won them and their money, once the drive is over: (label, name, money)."""
    if not allows["finished"]:
        return []
    return [(line.label, line.winner, line.amount) for line in drives.prize_lines(state)]


def drive_room(request, drive_id: int):
    """The hall's screen: every player of each role in order (the screen pages through a long
    list, so a player finds their own card), the half-time leaders and the hand in play."""
    try:
        drive = get_drive_for_results(request, drive_id)
    except LoginNeeded:
        return redirect_to_login(request.get_full_path())
    move_now = drive.move_called_at is not None and timezone.now() - drive.move_called_at < MOVE_SHOWN
    if drive.is_team_night:
        return team_night_room(request, drive, move_now)
    if drive.is_widow_series:
        return widow_room(request, drive)
    state = drives.DriveState(drive)
    allows = drives.drive_allows(drive)
    prizes = _prizes(state, allows)
    return render(
        request,
        "tournaments/drive_room.html",
        {
            "drive": drive,
            "allows": allows,
            "hand": state.next_hand() if state.tables else None,
            "lists": _lists(state),
            "scored": state.scored,
            "first_half": [
                (state.listed_number(s.player), state.name(s.player), s.first_half)
                for s in state.half_time_leaders()
            ],
            "prizes": prizes,
            "move_now": move_now,
            "competitions": evening_competitions(drive),
            "counted": drive.published,
            "rules": state.rules_words,
        },
    )


def drive_results(request, drive_id: int):
    """The drive's results for everyone once published: the prizes and every player of each role
    with their place, half-time score and total (each member's name leading to their page)."""
    try:
        drive = get_drive_for_results(request, drive_id)
    except LoginNeeded:
        return redirect_to_login(request.get_full_path())
    if drive.is_team_night:
        return team_night_results(request, drive)
    if drive.is_widow_series:
        return widow_results(request, drive)
    state = drives.DriveState(drive)
    allows = drives.drive_allows(drive)
    roles = []
    if state.tables:
        for role in drive.roles:
            heading = drive.role_plural(role)
            rows = [
                {
                    "place": place,
                    "key": s.player,
                    "number": state.listed_number(s.player),
                    "name": state.name(s.player),
                    "member_id": state.players[s.player].member_id
                    if page_shown(state.players[s.player].member)
                    else None,
                    "first_half": s.first_half,
                    "score": s.score,
                    "hands": s.hands_played,
                }
                for place, s in state.placings(role)
            ]
            roles.append((heading, rows))
    return render(
        request,
        "tournaments/drive_results.html",
        {
            "drive": drive,
            "allows": allows,
            "roles": roles,
            "prizes": _prizes(state, allows) if state.tables else [],
            "halves": drive.halves > 1,
            "rules": state.rules_words,
        },
    )
