"""The organiser's drive on one page: entries, start, the live grid of tables by hands,
corrections, the prizes and their cuts, close and publish; and the room display."""

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from ...domain.errors import DomainError
from ...domain.formats import drive_format
from ...forms import DriveCorrectionForm, DrivePlayerForm, DriveTotalsForm, NewDriveForm, form_problems
from ...models import Drive, DriveTable
from ...services import drives
from ..common import (
    LoginNeeded,
    get_by_token,
    get_clubs_for_user,
    get_drive_for_results,
    get_drive_for_user,
    room_evening,
    whole_number,
)
from .kinds import pages_of

MOVE_SHOWN = timedelta(seconds=60)


@login_required
def drive_new(request):
    clubs = get_clubs_for_user(request)
    offered = request.GET.get("format")  # the format a link offers: its hands from a schedule?
    individual = offered in Drive.Format.values and drive_format(offered).hands_from_schedule
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
def drive_live(request, drive_id: int):
    """The grid of tables by hands alone, refreshing itself: for a second screen at the desk."""
    drive = get_drive_for_user(request, drive_id)
    live = pages_of(drive).live
    if live is None:  # its tables are on its run page
        return redirect("tournaments:drive-run", drive_id=drive.pk)
    return live(request, drive)


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
def drive_run(request, drive_id: int):
    drive = get_drive_for_user(request, drive_id)
    return pages_of(drive).run(request, drive)


@login_required
def drive_print(request, drive_id: int, document: str):
    drive = get_drive_for_user(request, drive_id)
    if document not in drives.drive_documents(drive):
        raise Http404("No such document.")
    return pages_of(drive).paper(request, drive, document)


def drive_room(request, drive_id: int):
    """The hall's screen, as the drive's kind shows it, the names the public's (``room_evening``)."""
    try:
        drive = room_evening(request, Drive, drive_id)
    except LoginNeeded:
        return redirect_to_login(request.get_full_path())
    move_now = drive.move_called_at is not None and timezone.now() - drive.move_called_at < MOVE_SHOWN
    return pages_of(drive).room(request, drive, move_now)


def drive_results(request, drive_id: int):
    """The drive's results for everyone once published, as the drive's kind shows them."""
    try:
        drive = get_drive_for_results(request, drive_id)
    except LoginNeeded:
        return redirect_to_login(request.get_full_path())
    return pages_of(drive).results(request, drive)


def drive_table_page(request, token: str):
    """The tablet a drive's table link opens, as the drive's kind has it."""
    # The drive's money read with it (its check-in offers the fees still to pay).
    access = get_by_token(DriveTable.objects.select_related("drive__club", "drive__money"), token)
    return pages_of(access.drive).table(request, access)
