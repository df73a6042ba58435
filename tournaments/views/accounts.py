"""Members' accounts, for the club's organisers only: the club's accounts (each member's balance,
lowest first, and the lowest balance allowed), and a member's account (balance, entries, a top-up
and a correction) with its statement for a period as CSV (the last calendar month unless asked);
the monthly statements, sent by e-mail (after their transaction, here) or printed as letters.

Another club's organiser and a visitor get "no such club" (404) from each, and change nothing."""

from datetime import date

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from ..domain.errors import DomainError
from ..forms import (
    AccountFloorForm,
    CorrectionForm,
    StatementForm,
    StatementsMonthForm,
    TopUpForm,
    form_problems,
)
from ..pdf import render_membership
from ..services.core.money import currency_of, figures_text, money_text
from ..services.membership.accounts import (
    account_balances,
    account_correct,
    account_floor_set,
    account_top_up,
    balance_of,
    entry_detail,
    last_month,
    statement,
    statement_csv,
)
from ..services.membership.statements import account_statements_start, statement_letters, statement_months
from ..services.season.mail import outbox_send, sending_said
from .common import get_organised_club


@login_required
def accounts(request, slug: str):
    club = get_organised_club(request, slug)
    currency = currency_of(club)
    rows = [(m, balance, money_text(balance, currency)) for m, balance in account_balances(club)]
    floor_form = AccountFloorForm(
        initial={"owe": figures_text(-club.account_floor, currency)}, currency=currency
    )
    context = {
        "club": club,
        "rows": rows,
        "floor": money_text(club.account_floor, currency),
        "floor_form": floor_form,
        "statements_form": StatementsMonthForm(initial={"month": last_month(timezone.localdate())[0]}),
        "statement_months": statement_months(club),
    }
    return render(request, "tournaments/accounts.html", context)


@login_required
@require_POST
def account_statements(request, slug: str):
    """Send a month's statements: e-mails through the outbox, letters to print for the rest."""
    club = get_organised_club(request, slug)
    form = StatementsMonthForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_problems(form))
        return redirect("tournaments:accounts", slug=club.slug)
    month = form.cleaned_data["month"]
    try:
        mailed, letters = account_statements_start(
            club=club, month=month, today=timezone.localdate(), user=request.user
        )
    except DomainError as error:
        messages.error(request, str(error))
        return redirect("tournaments:accounts", slug=club.slug)
    if not mailed + letters:
        messages.info(request, f"Every member with an account has their statement for {month:%B %Y} already.")
    else:
        messages.info(
            request, f"Statements for {month:%B %Y}: {mailed} by e-mail, {letters} letters to print."
        )
    if mailed:
        all_went, said = sending_said(mailed, outbox_send(club=club))
        (messages.success if all_went else messages.warning)(request, said)
    return redirect(reverse("tournaments:accounts", args=[club.slug]) + "#statements")


@login_required
def account_statement_letters(request, slug: str, year: int, month: int):
    club = get_organised_club(request, slug)
    try:
        first = date(year, month, 1)
    except ValueError:
        raise Http404("No such month.") from None
    response = HttpResponse(render_membership(statement_letters(club, first)), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="statements-{first:%Y-%m}.pdf"'
    return response


@login_required
@require_POST
def account_floor(request, slug: str):
    club = get_organised_club(request, slug)
    form = AccountFloorForm(request.POST, currency=currency_of(club))
    if form.is_valid():
        club = account_floor_set(club=club, user=request.user, **form.cleaned_data)
        said = money_text(club.account_floor, currency_of(club))
        messages.success(request, f"Saved: a fee may take an account down to {said}, no lower.")
    else:
        messages.error(request, form_problems(form))
    return redirect("tournaments:accounts", slug=club.slug)


def _member(club, member_id: int):
    return get_object_or_404(club.members.filter(forgotten_at=None), pk=member_id)


def _page(request, club, member, top_up=None, correction=None, status=200):
    currency = currency_of(club)
    today = timezone.localdate()
    start, end = last_month(today)
    entries = member.account_entries.select_related("recorded_by").order_by("-on", "-pk")
    context = {
        "club": club,
        "member": member,
        "balance": money_text(balance_of(member), currency),
        "floor": money_text(club.account_floor, currency),
        "entries": [(e, money_text(e.amount, currency), entry_detail(e)) for e in entries],
        "top_up_form": top_up or TopUpForm(initial={"on": today}, currency=currency),
        "correction_form": correction or CorrectionForm(initial={"on": today}, currency=currency),
        "statement_form": StatementForm(initial={"start": start, "end": end}),
    }
    return render(request, "tournaments/account.html", context, status=status)


@login_required
def account(request, slug: str, member_id: int):
    club = get_organised_club(request, slug)
    return _page(request, club, _member(club, member_id))


def _write(request, slug: str, member_id: int, form_class, service, said: str, field: str):
    club = get_organised_club(request, slug)
    member = _member(club, member_id)
    form = form_class(request.POST, currency=currency_of(club))
    if form.is_valid():
        try:
            entry = service(member=member, user=request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request, said.format(member=member, amount=money_text(entry.amount, currency_of(club)))
            )
            return redirect("tournaments:account", slug=club.slug, member_id=member.pk)
    return _page(request, club, member, status=400, **{field: form})


@login_required
@require_POST
def account_top_up_view(request, slug: str, member_id: int):
    return _write(
        request,
        slug,
        member_id,
        TopUpForm,
        account_top_up,
        "{amount} paid into {member}'s account.",
        "top_up",
    )


@login_required
@require_POST
def account_correct_view(request, slug: str, member_id: int):
    return _write(
        request,
        slug,
        member_id,
        CorrectionForm,
        account_correct,
        "{member}'s account corrected by {amount}.",
        "correction",
    )


@login_required
def account_statement(request, slug: str, member_id: int):
    """The member's statement for a period as CSV: the last calendar month unless asked."""
    club = get_organised_club(request, slug)
    member = _member(club, member_id)
    start, end = last_month(timezone.localdate())
    form = StatementForm(request.GET or None)
    if form.is_valid():
        start, end = form.cleaned_data["start"], form.cleaned_data["end"]
    try:
        text = statement_csv(statement(member, start, end))
    except DomainError as error:
        return HttpResponse(str(error), status=400, content_type="text/plain; charset=utf-8")
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="account-{member.pk}-{start}-{end}.csv"'
    return response
