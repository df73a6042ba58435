"""A drive's money as the treasurer records it (the rules in ``domain/drives/money.py``): its fees,
table money, raffle and prize fund (``drive_money_set``), each card's fee ticked as paid at the door
or at a table's check-in (``drive_fee_record``), the money beside each prize (``prize_money``), and
the accounts the treasurer's CSV reads (``drive_accounts``; the CSV is ``season/treasurer.py``).
whistdrive never takes a payment: it writes down what the club took.
"""

from dataclasses import dataclass

from django.db import transaction

from ...domain.drives.money import (
    METHODS,
    Accounts,
    FundRule,
    Payer,
    PrizeMoney,
    accounts,
    fees_check,
    parse_split,
    prize_fund,
    share_money,
    split_amounts,
)
from ...domain.errors import DriveError
from ...models import AuditLine, Drive, DriveMoney, DrivePayment, DrivePlayer
from ..core.audit import drive_log
from ..core.errors import ServiceError
from ..core.money import currency_of, money_text
from ..membership.accounts import account_fee_give_back, account_fee_take
from .state import DriveState

Action = AuditLine.Action
ACCOUNT = "account"  # the fee taken from the member's account


def money_of(drive: Drive) -> DriveMoney:
    """The drive's money settings: a drive that never set them takes nothing (an unsaved row)."""
    return DriveMoney.of(drive)


def fund_rule(money: DriveMoney) -> FundRule:
    return FundRule(fixed=money.fund_fixed, share=money.fund_share)


def fund_text(money: DriveMoney) -> str:
    """The prize fund as the trail and the page say it."""
    if money.fund_fixed is not None:
        fund = f"prize fund {money_text(money.fund_fixed, currency_of(money.drive.club))}"
    elif money.fund_share is not None:
        fund = f"prize fund {money.fund_share} per cent of the takings"
    else:
        return "no prize money"
    split = "split equally" if parse_split(money.split) is None else f"split {money.split}"
    return f"{fund}, {split}; ties: {'share the money' if money.ties == DriveMoney.Ties.SHARE else 'cut'}"


@transaction.atomic
def drive_money_set(
    *,
    drive: Drive,
    member_fee: int,
    guest_fee: int,
    table_money: int = 0,
    raffle: int = 0,
    fund_fixed: int | None = None,
    fund_share: int | None = None,
    split: str = "equal",
    ties: str = DriveMoney.Ties.CUT,
    user=None,
) -> DriveMoney:
    """Set the drive's fees, figures and prize fund, all of them or nothing (refused in words)."""
    fees_check(member_fee=member_fee, guest_fee=guest_fee, table_money=table_money, raffle=raffle)
    if ties not in DriveMoney.Ties.values:
        raise ServiceError("Players level either cut for a prize or share its money.")
    split = split.strip().replace(" ", "") or "equal"
    money_check(drive, fund_fixed=fund_fixed, fund_share=fund_share, split=split)
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    money, _ = DriveMoney.objects.update_or_create(
        drive=drive,
        defaults={
            "member_fee": member_fee,
            "guest_fee": guest_fee,
            "table_money": table_money,
            "raffle": raffle,
            "fund_fixed": fund_fixed,
            "fund_share": fund_share,
            "split": split,
            "ties": ties,
        },
    )

    def text(minor: int) -> str:
        return money_text(minor, currency_of(drive.club))

    drive_log(
        drive=drive,
        action=Action.MONEY,
        detail=f"fees: member {text(member_fee)}, guest {text(guest_fee)}; table money "
        f"{text(table_money)}; raffle {text(raffle)}; {fund_text(money)}",
        user=user,
    )
    return money


def money_check(drive: Drive, *, fund_fixed: int | None, fund_share: int | None, split: str) -> None:
    """Refuse a prize fund that cannot be, or a split that does not fit the drive's prizes."""
    try:
        FundRule(fixed=fund_fixed, share=fund_share).check()
        split_amounts(0, parse_split(split), prizes=len(drive.prize_list))
    except DriveError as error:
        raise ServiceError(str(error)) from None


def payer_of(player: DrivePlayer) -> Payer:
    """A card as it pays: its one player, or both of a shared seat's."""
    people = (player.member_id,) + ((player.second_member_id,) if player.second_name else ())
    return Payer(player.key, str(player.listed_number), player.name, people)


def drive_payers(drive: Drive) -> list[Payer]:
    """Who pays at a drive (a widow series, a team night): each card."""
    return [
        payer_of(p)
        for p in drive.players.select_related("drive", "member", "second_member").order_by("role", "card")
    ]


def fee_of(money: DriveMoney, player: DrivePlayer) -> int:
    """A card's fee: a member's or a guest's, both of a shared seat's two players."""
    return payer_of(player).fee(member_fee=money.member_fee, guest_fee=money.guest_fee)


def record_fee(
    *, drive: Drive, player: DrivePlayer, method: str, money: DriveMoney, user=None, confirmed: bool = False
) -> str:
    """Tick a card's fee as paid by ``method`` ("" unticks it), in the caller's transaction. A fee
    "from account" is taken from the member's account (``membership.accounts``), refused below
    the club's lowest balance unless ``confirmed``; unticked, or paid another way after all, it
    is given back. Returns what the accounts did, in words ("" when they were not touched)."""
    if player.drive_id != drive.pk:
        raise ServiceError("That player is not in this drive.")
    if method and method not in METHODS:
        raise ServiceError(f"A fee is paid by {', '.join(m.lower() for m in METHODS.values())}.")
    current = DrivePayment.objects.filter(player=player).first()
    if (current.method if current else "") == method:
        return ""
    said = []
    if current is not None and current.method == ACCOUNT:
        said.append(
            account_fee_give_back(drive=drive, payer=payer_of(player), amount=current.amount, user=user)
        )
    if not method:
        current.delete()
        detail = f"{player.name} ({player.number}): fee not paid after all"
    else:
        amount = fee_of(money, player)
        if method == ACCOUNT:
            said.append(
                account_fee_take(
                    drive=drive, payer=payer_of(player), amount=amount, confirmed=confirmed, user=user
                )
            )
        DrivePayment.objects.update_or_create(player=player, defaults={"method": method, "amount": amount})
        paid = money_text(amount, currency_of(drive.club))
        detail = f"{player.name} ({player.number}) paid {paid} by {METHODS[method].lower()}"
    said = "; ".join(s for s in said if s)
    drive_log(drive=drive, action=Action.MONEY, detail=detail + (f": {said}" if said else ""), user=user)
    return said


def drive_fees_paid(drive: Drive) -> set[str]:
    """The cards whose fee is ticked as paid."""
    paid = DrivePayment.objects.filter(player__drive=drive).values_list("player__role", "player__card")
    return {f"{role}{card}" for role, card in paid}


@transaction.atomic
def drive_fee_record(
    *, drive: Drive, player: DrivePlayer, method: str, user=None, confirmed: bool = False
) -> str:
    """At the door: a card's fee ticked as paid (cash, card or from the member's account), or
    unticked; what the accounts did, in words."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    return record_fee(
        drive=drive, player=player, method=method, money=money_of(drive), user=user, confirmed=confirmed
    )


def drive_payer_fee_record(
    *, evening: Drive, payer: Payer, method: str, user=None, confirmed: bool = False
) -> str:
    """``drive_fee_record`` for the card a payer (``drive_payers``) names, as every kind's door
    ticks a fee (``services.kinds``)."""
    player = next((p for p in evening.players.select_related("drive") if p.key == payer.key), None)
    if player is None:
        raise ServiceError(f"{payer.number} is not in this drive.")
    return drive_fee_record(drive=evening, player=player, method=method, user=user, confirmed=confirmed)


def prize_money(state: DriveState) -> list[PrizeMoney]:
    """Each prize with its money and who takes it (nothing when the drive has no prize fund)."""
    awards = state.awards
    money = money_of(state.drive)
    fund = prize_fund(evening_accounts(state.drive, players=len(state.players)).takings, fund_rule(money))
    return share_money(awards, split_amounts(fund, parse_split(money.split), prizes=len(awards)))


def evening_accounts(drive: Drive, *, players: int, prizes=()) -> Accounts:
    """The takings by kind, fees by method, the fund and the prize money given (``prizes``), of a
    drive of ``players`` cards as its own reader counts them."""
    paid = DrivePayment.objects.filter(player__drive=drive).values_list("method", "amount")
    return money_accounts(money_of(drive), list(paid), players=players, prizes=prizes)


def money_accounts(money: DriveMoney, paid: list, *, players: int, prizes=()) -> Accounts:
    """``evening_accounts`` from the fees already read (``paid``: (method, amount) of each)."""
    return accounts(
        paid,
        unpaid=players - len(paid) if money.charges_fees else 0,
        table_money=money.table_money,
        raffle=money.raffle,
        rule=fund_rule(money),
        prize_money=prizes,
    )


def drive_accounts(state: DriveState) -> Accounts:
    """The drive's takings by kind, fees by method, its fund and the prize money given."""
    return evening_accounts(
        state.drive, players=len(state.players), prizes=prize_money(state) if state.scored else ()
    )


def drive_books(drive: Drive) -> Accounts:
    """``drive_accounts`` of a drive read by its own reader."""
    return drive_accounts(DriveState(drive))


@dataclass(frozen=True)
class PrizeLine:
    """A prize as the pages and the paper show it: who takes it in words, and its money ("" when
    the drive has no prize money, or the split gives this prize none)."""

    money: PrizeMoney
    winner: str
    amount: str

    @property
    def award(self):
        return self.money.award

    @property
    def label(self) -> str:
        return self.money.award.label


def prize_lines(state: DriveState) -> list[PrizeLine]:
    """Every prize: the winner's name, the players sharing it ("Ann Lee and Bo Day share it"),
    those who must cut for it, or "—"; beside each, its money."""
    with_money = money_of(state.drive).has_fund
    currency = currency_of(state.drive.club)
    lines = []
    for money in prize_money(state):
        award = money.award
        if award.player:
            winner = state.name(award.player)
        elif award.shared:
            winner = " and ".join(map(state.name, award.tied)) + " share it"
        elif award.tied:
            winner = "tie: cut for it: " + ", ".join(map(state.name, award.tied))
        else:
            winner = "—"
        if not with_money:
            amount = ""
        elif award.shared and len(money.paid) > 1:
            amount = " + ".join(money_text(minor, currency) for _, minor in money.paid)
        elif award.shared and not money.paid:
            amount = "shared above"
        else:
            # nothing beside a prize the split gives nothing
            amount = money_text(money.amount, currency) if money.amount else ""
        lines.append(PrizeLine(money, winner, amount))
    return lines


def money_report(state: DriveState) -> dict:
    """The drive's money as plain data, in minor units of the club's currency (its ISO code in
    ``currency``: pence of "GBP", öre of "SEK"), for ``drive_state --format json``."""
    money = money_of(state.drive)
    books = drive_accounts(state)
    return {
        "currency": state.drive.club.currency,
        "member_fee": money.member_fee,
        "guest_fee": money.guest_fee,
        "table_money": money.table_money,
        "raffle": money.raffle,
        "fees": dict(books.fees_by_method),
        "unpaid": books.unpaid,
        "takings": books.takings.total,
        "fund_fixed": money.fund_fixed,
        "fund_share": money.fund_share,
        "split": money.split,
        "ties": money.ties,
        "fund": books.fund,
        "prizes_paid": books.prizes_out,
        "balance": books.balance,
    }
