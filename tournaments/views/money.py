"""The money pages of the organiser site: a drive's money section on its run page (a widow
series' and a team night's too), and the money page of an event, a two-player night or a league
home match, where fees are ticked at the door. whistdrive records money; it never takes a payment."""

from collections.abc import Callable
from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from ..domain.drives.money import METHODS, Accounts
from ..domain.errors import DomainError
from ..forms import DriveMoneyForm, EveningFeesForm, form_problems
from ..models import DrivePayment, Fixture
from ..services import drives
from ..services.core.money import ClubCurrency, currency_of, money_text
from ..services.drives.money import money_accounts
from ..services.kinds import kind_of
from ..services.membership.fees import (
    evening_fee_record,
    evening_fees,
    evening_money_of,
    evening_money_set,
    evening_title,
    money_club,
)
from .common import get_event_for_user, organises_club
from .duels.organiser import night_for_user


def books_rows(books: Accounts, currency: ClubCurrency) -> list[tuple[str, str, bool]]:
    """The drive's money as the page shows it, in the club's currency: (what, sum, a total?)."""
    fees = [(f"Fees paid: {said.lower()}", books.fees_by_method[key], False) for key, said in METHODS.items()]
    rows = [
        *fees,
        ("Table money", books.takings.table_money, False),
        ("Raffle", books.takings.raffle, False),
        ("Takings", books.takings.total, True),
        ("Prize fund", books.fund, False),
        ("Prizes paid", books.prizes_out, False),
        ("Balance (takings less prizes paid)", books.balance, True),
    ]
    return [(what, money_text(sum_, currency), total) for what, sum_, total in rows]


def money_context(drive, players, prizes=()) -> dict:
    """The run page's money section: the settings form, the door's list of cards with each fee
    and how it was paid, and the drive's takings, prize fund and balance (less the money of
    ``prizes``, the drive's ``PrizeMoney`` once it has scores). Read from the payments the door's
    list reads, in the drive's own rules (``domain.drives.money.accounts``)."""
    money = drives.money_of(drive)
    currency = currency_of(drive.club)
    paid = {p.player_id: p for p in DrivePayment.objects.filter(player__drive=drive)}
    fees = [(p.method, p.amount) for p in paid.values()]
    books = money_accounts(money, fees, players=len(players), prizes=prizes)
    return {
        "books": books_rows(books, currency),
        "unpaid": books.unpaid,
        "money_form": DriveMoneyForm.of(money),
        "money": money,
        "methods": METHODS.items(),
        "door": [
            {
                "player": p,
                "fee": money_text(drives.fee_of(money, p), currency),
                "paid": paid.get(p.pk),
            }
            for p in players
        ],
        "paid_count": len(paid),
        # The season the treasurer most likely wants: the twelve months up to the drive's date.
        "season_from": drive.date - timedelta(days=364),
        "season_to": drive.date,
    }


def _door(evening, money, payers, currency, fee_page: str) -> list[dict]:
    paid = evening_fees(evening)
    return [
        {
            "payer": p,
            "url": reverse("tournaments:" + fee_page, args=[evening.pk, p.key]),
            "fee": money_text(p.fee(member_fee=money.member_fee, guest_fee=money.guest_fee), currency),
            "paid": paid.get(p.key),
        }
        for p in payers
    ]


def _pages(get: Callable, page: str, run_url: Callable | None = None):
    """The money page of one kind of evening (``get(request, pk)`` finds it among the user's
    clubs, or 404; ``run_url(evening)``: its organiser's page, when its kind's ``run_url`` does not
    say), the form that sets its money and the door's tick of one entrant's fee."""

    def back(evening) -> HttpResponse:
        return redirect(reverse("tournaments:" + page, args=[evening.pk]))

    @login_required
    def money_page(request, pk: int):
        evening = get(request, pk)
        kind, club = kind_of(evening), money_club(evening)
        money, currency = evening_money_of(evening), currency_of(club)
        door = _door(evening, money, kind.payers(evening), currency, page.removesuffix("-money") + "-fee")
        context = {
            "evening": evening,
            "title": evening_title(evening),
            "club": club,
            "set_url": reverse("tournaments:" + page + "-set", args=[evening.pk]),
            "run_url": run_url(evening) if run_url else kind.run_url(evening.pk),
            "form": EveningFeesForm.of(money, currency),
            "money": money,
            "methods": METHODS.items(),
            "door": door,
            "paid_count": sum(1 for row in door if row["paid"]),
            "season_from": evening.date - timedelta(days=364),
            "season_to": evening.date,
        }
        return render(request, "tournaments/evening_money.html", context)

    @login_required
    @require_POST
    def money_set(request, pk: int):
        evening = get(request, pk)
        currency = currency_of(money_club(evening))
        form = EveningFeesForm(request.POST, currency=currency)
        if not form.is_valid():
            messages.error(request, form_problems(form))
            return back(evening)
        try:
            money = evening_money_set(evening=evening, user=request.user, **form.settings())
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request,
                f"Fees: member {money_text(money.member_fee, currency)}, "
                f"guest {money_text(money.guest_fee, currency)}.",
            )
        return back(evening)

    @login_required
    @require_POST
    def fee(request, pk: int, key: str):
        """At the door: an entrant's fee ticked as paid, by the method chosen ("" unticks it); one
        from accounts below the club's lowest balance only with "allow below" ticked."""
        evening = get(request, pk)
        payer = next((p for p in kind_of(evening).payers(evening) if p.key == key), None)
        if payer is None:
            raise Http404("No such entrant at this evening.")
        try:
            said = evening_fee_record(
                evening=evening,
                payer=payer,
                method=request.POST.get("method", ""),
                user=request.user,
                confirmed=bool(request.POST.get("allow_below")),
            )
        except DomainError as error:
            messages.error(request, str(error))
        else:
            if said:
                messages.success(request, said[0].upper() + said[1:] + ".")
        return back(evening)

    return money_page, money_set, fee


def _fixture_for_user(request, pk: int) -> Fixture:
    """A home match of a league run by a club the user organises; 404 otherwise."""
    fixture = (
        Fixture.objects.select_related("home__club", "league__club", "home", "away").filter(pk=pk).first()
    )
    # The money of a home match of a league the club runs (its backup keeps them together).
    if (
        fixture is None
        or fixture.club != fixture.league.club
        or not organises_club(request.user, fixture.club)
    ):
        raise Http404("No such home match among your clubs.")
    return fixture


event_money, event_money_set, event_fee = _pages(get_event_for_user, "event-money")
duel_money, duel_money_set, duel_fee = _pages(night_for_user, "duel-money")
league_match_money, league_match_money_set, league_match_fee = _pages(
    _fixture_for_user,
    "league-match-money",
    lambda f: reverse("tournaments:league-match", args=[f.league.club.slug, f.league_id, f.pk]),
)
