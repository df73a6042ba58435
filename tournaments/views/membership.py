"""A club's membership, for its organisers only: categories and the subscription year, each
member's category and subscriptions paid (with printable receipts), renewal rounds (e-mails
through the outbox, letters to print) and the secretary's lists, as pages and as CSV.

Another club's organiser and a visitor get "no such club" (404) from each, and change nothing.
The e-mails a round or a payment puts in the outbox are sent after its transaction, here."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from ..domain.errors import DomainError
from ..domain.membership import coming_year_start, subscription_year
from ..forms import CategoryForm, MemberMembershipForm, PaymentForm, RenewalRoundForm, YearStartForm
from ..models import RenewalReminder
from ..pdf import render_membership
from ..services.core.money import currency_of, figures_text, money_text
from ..services.membership.club import (
    member_membership_set,
    membership_category_add,
    membership_category_change,
    membership_category_remove,
    year_start,
    year_start_set,
)
from ..services.membership.lists import LISTS, members_csv, members_listed
from ..services.membership.payments import receipt_of, subscription_pay
from ..services.membership.renewals import members_due, renewal_round_start, round_letters
from ..services.season.mail import outbox_send_later, sending_said
from .common import get_organised_club

DEFAULT_WEEKS = 8


def _pdf(data: bytes, name: str) -> HttpResponse:
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


def _send(request, club, queued: int) -> None:
    """Send what waits in the club's outbox (after the transaction that put ``queued`` there)."""
    all_went, said = sending_said(queued, outbox_send_later(club=club))
    (messages.success if all_went else messages.warning)(request, said)


@login_required
def membership(request, slug: str):
    club = get_organised_club(request, slug)
    today = timezone.localdate()
    start, end = subscription_year(today, year_start(club))
    members = club.members.filter(forgotten_at=None).select_related("category")
    return render(
        request,
        "tournaments/membership.html",
        {
            "club": club,
            "year": (start, end),
            "categories": [
                (c, money_text(c.subscription, currency_of(club))) for c in club.membership_categories.all()
            ],
            "category_form": CategoryForm(currency=currency_of(club)),
            "year_form": YearStartForm(initial={"month": club.year_start_month, "day": club.year_start_day}),
            "round_form": RenewalRoundForm(
                initial={"year_start": coming_year_start(today, year_start(club))}
            ),
            "rounds": club.renewal_rounds.all(),
            "members": members,
            "lists": LISTS,
        },
    )


@login_required
@require_POST
def membership_category_new(request, slug: str):
    club = get_organised_club(request, slug)
    form = CategoryForm(request.POST, currency=currency_of(club))
    if form.is_valid():
        try:
            category = membership_category_add(club=club, user=request.user, **form.cleaned_data)
            messages.success(request, f"Added the category {category.name}.")
        except DomainError as error:
            messages.error(request, str(error))
    else:
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
    return redirect("tournaments:membership", slug=club.slug)


@login_required
def membership_category_edit(request, slug: str, category_id: int):
    """A category's page: rename it or change its subscription; remove it when no member is in it."""
    club = get_organised_club(request, slug)
    category = get_object_or_404(club.membership_categories, pk=category_id)
    currency = currency_of(club)
    if request.method != "POST":
        initial = {"name": category.name, "subscription": figures_text(category.subscription, currency)}
        form = CategoryForm(initial=initial | {"life": category.life}, currency=currency)
    else:
        form = CategoryForm(request.POST, currency=currency)
        if form.is_valid():
            try:
                category = membership_category_change(
                    category=category, user=request.user, **form.cleaned_data
                )
            except DomainError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, f"Saved the category {category.name}.")
                return redirect("tournaments:membership", slug=club.slug)
    context = {"club": club, "category": category, "form": form, "members": category.members.count()}
    return render(
        request, "tournaments/membership_category.html", context, status=400 if form.errors else 200
    )


@login_required
@require_POST
def membership_category_delete(request, slug: str, category_id: int):
    club = get_organised_club(request, slug)
    category = get_object_or_404(club.membership_categories, pk=category_id)
    try:
        membership_category_remove(category=category, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
        return redirect("tournaments:membership-category-edit", slug=club.slug, category_id=category.pk)
    messages.success(request, f"Removed the category {category.name}.")
    return redirect("tournaments:membership", slug=club.slug)


@login_required
@require_POST
def membership_year(request, slug: str):
    club = get_organised_club(request, slug)
    form = YearStartForm(request.POST)
    try:
        if not form.is_valid():
            raise DomainError(" ".join(e for errors in form.errors.values() for e in errors))
        year_start_set(club=club, user=request.user, **form.cleaned_data)
        messages.success(request, "Saved: the subscription year starts on that day.")
    except DomainError as error:
        messages.error(request, str(error))
    return redirect("tournaments:membership", slug=club.slug)


@login_required
def membership_member(request, slug: str, member_id: int):
    """One member's membership: their category and day joined, and their subscriptions paid."""
    club = get_organised_club(request, slug)
    member = get_object_or_404(club.members.filter(forgotten_at=None), pk=member_id)
    if request.method != "POST":
        form = MemberMembershipForm(club=club, initial={"category": member.category, "joined": member.joined})
    else:
        form = MemberMembershipForm(request.POST, club=club)
        if form.is_valid():
            member_membership_set(member=member, user=request.user, **form.cleaned_data)
            messages.success(request, f"Saved {member}'s membership.")
            return redirect("tournaments:membership-member", slug=club.slug, member_id=member.pk)
    return _member_page(
        request,
        club,
        member,
        form,
        PaymentForm(initial={"paid_on": timezone.localdate()}, currency=currency_of(club)),
    )


def _member_page(request, club, member, form, payment_form, status=200):
    payments = [(p, money_text(p.amount, currency_of(club))) for p in member.subscription_payments.all()]
    context = {
        "club": club,
        "member": member,
        "form": form,
        "payment_form": payment_form,
        "payments": payments,
    }
    return render(request, "tournaments/membership_member.html", context, status=status)


@login_required
@require_POST
def membership_pay(request, slug: str, member_id: int):
    """Record a subscription paid; its receipt e-mail, if any, goes after the transaction."""
    club = get_organised_club(request, slug)
    member = get_object_or_404(club.members.filter(forgotten_at=None), pk=member_id)
    form = PaymentForm(request.POST, currency=currency_of(club))
    if form.is_valid():
        try:
            payment = subscription_pay(member=member, user=request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                f"Receipt {payment.receipt}: {money_text(payment.amount, currency_of(club))} from "
                f"{member}, paid until "
                f"{payment.paid_until:%-d %B %Y}.",
            )
            if payment.mail_id:
                _send(request, club, 1)
            return redirect("tournaments:membership-member", slug=club.slug, member_id=member.pk)
    membership_form = MemberMembershipForm(
        club=club, initial={"category": member.category, "joined": member.joined}
    )
    return _member_page(request, club, member, membership_form, form, status=400)


@login_required
def membership_receipt(request, slug: str, receipt: int):
    club = get_organised_club(request, slug)
    payment = get_object_or_404(club.subscription_payments.select_related("member", "club"), receipt=receipt)
    return _pdf(render_membership(receipt_of(payment)), f"receipt-{payment.receipt}.pdf")


@login_required
@require_POST
def renewal_start(request, slug: str):
    club = get_organised_club(request, slug)
    form = RenewalRoundForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the first day of the subscription year the reminders are for.")
        return redirect("tournaments:membership", slug=club.slug)
    day = form.cleaned_data["year_start"]
    if subscription_year(day, year_start(club))[0] != day:
        messages.error(request, "That day does not start one of the club's subscription years.")
        return redirect("tournaments:membership", slug=club.slug)
    round_, mailed, letters = renewal_round_start(club=club, year_start_day=day, user=request.user)
    messages.info(
        request, f"This start reminded {mailed + letters}: {mailed} by e-mail, {letters} by letter."
    )
    if mailed:
        _send(request, club, mailed)
    return redirect("tournaments:renewal-round", slug=club.slug, round_id=round_.pk)


@login_required
def renewal_round(request, slug: str, round_id: int):
    """Who a round reminded, by e-mail or by letter, and who is still due."""
    club = get_organised_club(request, slug)
    round_ = get_object_or_404(club.renewal_rounds, pk=round_id)
    reminders = round_.reminders.select_related("member", "mail")
    context = {
        "club": club,
        "round": round_,
        "emails": [r for r in reminders if r.way == RenewalReminder.Way.EMAIL],
        "letters": [r for r in reminders if r.way == RenewalReminder.Way.LETTER],
        "still_due": len(members_due(club, round_.year_start)),
    }
    return render(request, "tournaments/renewal_round.html", context)


@login_required
def renewal_letters(request, slug: str, round_id: int):
    club = get_organised_club(request, slug)
    round_ = get_object_or_404(club.renewal_rounds.select_related("club"), pk=round_id)
    return _pdf(render_membership(round_letters(round_)), f"renewal-letters-{round_.year_start:%Y}.pdf")


def _weeks(request) -> int:
    try:
        return max(1, min(int(request.GET.get("weeks", DEFAULT_WEEKS)), 520))
    except ValueError:
        return DEFAULT_WEEKS


@login_required
def membership_list(request, slug: str, which: str, csv: bool = False):
    """One of the secretary's lists (``LISTS``), as a page or as CSV."""
    club = get_organised_club(request, slug)
    if which not in LISTS:
        raise Http404("No such list.")
    weeks = _weeks(request)
    rows = members_listed(club, which, today=timezone.localdate(), weeks=weeks)
    if csv:
        response = HttpResponse(members_csv(rows), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{club.slug}-{which}.csv"'
        return response
    context = {"club": club, "which": which, "title": LISTS[which], "rows": rows, "weeks": weeks}
    return render(request, "tournaments/membership_list.html", context)
