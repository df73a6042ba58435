"""A drive's money on the organiser's page: the fees, table money, raffle and prize fund; each
card's fee ticked as paid at the door; the treasurer's CSV of a drive, and of a club's drives
between two dates. whistdrive records money; it never takes a payment."""

from datetime import date

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from ...domain.errors import DomainError
from ...forms import DriveMoneyForm, form_problems
from ...models import DrivePlayer
from ...services import drives
from ...services.core.money import currency_of, money_text
from ...services.season.treasurer import season_evenings, treasurer_csv
from ..common import get_drive_for_user, get_organised_club


def _back(drive) -> HttpResponse:
    return redirect(reverse("tournaments:drive-run", args=[drive.pk]) + "#money")


@login_required
@require_POST
def drive_money(request, drive_id: int):
    drive = get_drive_for_user(request, drive_id)
    currency = currency_of(drive.club)
    form = DriveMoneyForm(request.POST, currency=currency)
    if not form.is_valid():
        messages.error(request, form_problems(form))
        return _back(drive)
    try:
        money = drives.drive_money_set(drive=drive, user=request.user, **form.settings())
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            f"Fees: member {money_text(money.member_fee, currency)}, guest "
            f"{money_text(money.guest_fee, currency)}; "
            f"{drives.fund_text(money)}.",
        )
    return _back(drive)


@login_required
@require_POST
def drive_fee(request, drive_id: int, player_id: int):
    """At the door: a card's fee ticked as paid, by the method chosen ("" unticks it); one from
    the member's account below the club's lowest balance only with "allow below" ticked."""
    drive = get_drive_for_user(request, drive_id)
    player = get_object_or_404(DrivePlayer, pk=player_id, drive=drive)
    try:
        said = drives.drive_fee_record(
            drive=drive,
            player=player,
            method=request.POST.get("method", ""),
            user=request.user,
            confirmed=bool(request.POST.get("allow_below")),
        )
    except DomainError as error:
        messages.error(request, str(error))
    else:
        if said:
            messages.success(request, said[0].upper() + said[1:] + ".")
    return _back(drive)


def _csv(text: str, name: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
def drive_treasurer_csv(request, drive_id: int):
    drive = get_drive_for_user(request, drive_id)
    return _csv(treasurer_csv([drive]), f"drive-{drive.pk}-money.csv")


def _day(text: str | None, what: str) -> date:
    try:
        return date.fromisoformat(text or "")
    except ValueError:
        raise Http404(f"Give the season's {what} as a date, e.g. 2026-09-01.") from None


@login_required
def club_treasurer_csv(request, slug: str):
    """A club's evenings of every kind between ``from`` and ``to`` (both dates included), a row
    each and their totals: the treasurer's season."""
    club = get_organised_club(request, slug)
    start, end = _day(request.GET.get("from"), "first day"), _day(request.GET.get("to"), "last day")
    try:
        season = season_evenings(club, start, end)
    except DomainError as error:
        raise Http404(str(error)) from None
    return _csv(treasurer_csv(season), f"{club.slug}-money-{start}-{end}.csv")
