"""Fees at an event, a two-player night or a league home match, as the treasurer records them
(a drive's are ``drives/money.py``'s, with the same rules): the evening's fees, table money and
raffle (``evening_money_set``), each entrant's fee ticked as paid at the door by cash, card or from
its members' accounts (``evening_fee_record``), and the evening's accounts for the treasurer's CSV
(``evening_books``). Who pays is the evening's kind's to say (``services.kinds``: ``payers``); the
fee of each is ``domain.drives.money.Payer.fee``, and an account's part ``accounts.fee_take``.
whistdrive never takes a payment: it writes down what the club took.
"""

from django.db import transaction

from ...domain.drives.money import METHODS, Accounts, FundRule, Payer, accounts, fees_check
from ...models import AuditLine, Club, DuelNight, EveningFee, EveningMoney, Event, Fixture
from ..core.audit import club_log, evening_log
from ..core.errors import ServiceError
from ..core.money import currency_of, money_text
from .accounts import fee_give_back, fee_take

Action = AuditLine.Action
ACCOUNT = "account"


def money_club(evening: Event | DuelNight | Fixture) -> Club | None:
    """The club whose money an evening is: its own, a league match's home club's (None when the
    home club keeps its books elsewhere)."""
    return evening.club


def evening_title(evening) -> str:
    """The evening as a statement and the treasurer's CSV name it."""
    return evening.name


def _evening_words(evening) -> str:
    return f"{evening_title(evening)}, {evening.date:%-d %b %Y}"


def _club(evening) -> Club:
    club = money_club(evening)
    if club is None:
        raise ServiceError("The home club is not one of ours here: it keeps its own money.")
    if evening.date is None:
        raise ServiceError("Give the match its date first: its money is the club's on that day.")
    return club


def evening_money_of(evening) -> EveningMoney:
    """The evening's money settings (an unsaved row that takes nothing when it has none)."""
    return EveningMoney.of(evening, money_club(evening))


# The evenings with a trail of their own; any other's money lines go in its club's trail.
TRAILED = {f.name for f in AuditLine._meta.get_fields()}


def _log(evening, club: Club, detail: str, user) -> None:
    if evening.evening_format.kind in TRAILED:
        evening_log(evening=evening, action=Action.MONEY, detail=detail, user=user)
    else:
        club_log(club=club, action=Action.MONEY, detail=f"{evening_title(evening)}: {detail}", user=user)


def _locked(evening):
    return type(evening).objects.select_for_update().get(pk=evening.pk)


@transaction.atomic
def evening_money_set(
    *, evening, member_fee: int, guest_fee: int, table_money: int = 0, raffle: int = 0, user=None
) -> EveningMoney:
    """Set the evening's fees, table money and raffle, all or nothing (refused in words)."""
    fees_check(member_fee=member_fee, guest_fee=guest_fee, table_money=table_money, raffle=raffle)
    club = _club(evening)
    evening = _locked(evening)
    money, _ = EveningMoney.objects.update_or_create(
        **{EveningMoney.field_of(evening): evening},
        defaults={
            "club": club,
            "member_fee": member_fee,
            "guest_fee": guest_fee,
            "table_money": table_money,
            "raffle": raffle,
        },
    )

    def text(minor: int) -> str:
        return money_text(minor, currency_of(club))

    detail = (
        f"fees: member {text(member_fee)}, guest {text(guest_fee)}; table money {text(table_money)}; "
        f"raffle {text(raffle)}"
    )
    _log(evening, club, detail, user)
    return money


@transaction.atomic
def evening_fee_record(*, evening, payer: Payer, method: str, user=None, confirmed: bool = False) -> str:
    """At the door: an entrant's fee ticked as paid by ``method`` ("" unticks it). A fee "from
    account" is taken from its members' accounts (a pair's two members' in halves), refused below
    the club's lowest balance unless ``confirmed``; unticked, or paid another way after all, it is
    given back to the accounts it came from. Returns what the accounts did, in words."""
    if method and method not in METHODS:
        raise ServiceError(f"A fee is paid by {', '.join(m.lower() for m in METHODS.values())}.")
    club = _club(evening)
    evening = _locked(evening)
    money = EveningMoney.of(evening, club)
    if money.pk is None:
        money.save()
    current = EveningFee.objects.filter(money=money, entrant=payer.key).first()
    if (current.method if current else "") == method:
        return ""
    words = _evening_words(evening)
    said = []
    if current is not None and current.method == ACCOUNT:
        said.append(
            fee_give_back(
                club=club,
                member_ids=current.paid_by,
                amount=current.amount,
                on=evening.date,
                evening=words,
                user=user,
            )
        )
    if not method:
        current.delete()
        detail = f"{payer.name} ({payer.number}): fee not paid after all"
    else:
        amount = payer.fee(member_fee=money.member_fee, guest_fee=money.guest_fee)
        paid_by = ()
        if method == ACCOUNT:
            paid_by = payer.accounts
            said.append(
                fee_take(
                    club=club,
                    member_ids=paid_by,
                    who=payer.name,
                    amount=amount,
                    on=evening.date,
                    evening=words,
                    confirmed=confirmed,
                    user=user,
                )
            )
        if len(paid_by) > 2:
            raise ServiceError("A fee is taken from two accounts at most.")
        accounts_of = dict(zip(("account1_id", "account2_id"), (*paid_by, None, None), strict=False))
        EveningFee.objects.update_or_create(
            money=money, entrant=payer.key, defaults={"method": method, "amount": amount, **accounts_of}
        )
        paid = money_text(amount, currency_of(club))
        detail = f"{payer.name} ({payer.number}) paid {paid} by {METHODS[method].lower()}"
    said = "; ".join(s for s in said if s)
    _log(evening, club, detail + (f": {said}" if said else ""), user)
    return said


def evening_fees(evening) -> dict[str, EveningFee]:
    """The fees ticked as paid at the evening, by entrant's key."""
    return {
        f.entrant: f
        for f in EveningFee.objects.filter(**{"money__" + EveningMoney.field_of(evening): evening})
    }


def evening_fees_paid(evening) -> set[str]:
    """The keys of the entrants whose fee is ticked as paid."""
    return set(
        EveningFee.objects.filter(**{"money__" + EveningMoney.field_of(evening): evening}).values_list(
            "entrant", flat=True
        )
    )


def evening_books(evening, payers: list[Payer]) -> Accounts:
    """The evening's takings by kind and fees by method (it gives no prizes: no fund, none paid)."""
    money = evening_money_of(evening)
    paid = [(f.method, f.amount) for f in evening_fees(evening).values()]
    return accounts(
        paid,
        unpaid=len(payers) - len(paid) if money.charges_fees else 0,
        table_money=money.table_money,
        raffle=money.raffle,
        rule=FundRule(),
    )
