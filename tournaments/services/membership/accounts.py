"""Members' accounts: money a member leaves with the club, from which their fees are taken at the
door. The account is a ledger only ever added to (``models.AccountEntry``): a top-up, a fee taken
for an evening (given back as a new entry when the fee is unticked), a correction with its reason.
A balance is the sum of the member's entries, read in one query.

A fee that would take a balance below the club's lowest allowed (``Club.account_floor``, 0 unless
the organiser sets it) is refused in words unless the organiser confirms it; then it is taken and
the trail says so. Each write is one transaction with its line in the club's trail.

    top up £10.00 cash -> balance £10.00; a £3.00 fee -> £7.00; the fee unticked -> £10.00
"""

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db import transaction
from django.db.models import Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from ...domain.drives.money import Payer
from ...domain.spreadsheet import csv_text
from ...models import AccountEntry, AuditLine, Club, Drive, Member
from ..core.audit import club_log
from ..core.errors import ServiceError, require_one_line
from ..core.money import currency_of, figures_text, money_text
from ..core.phones import phone_key, phone_key_fits

Kind, Method = AccountEntry.Kind, AccountEntry.Method


def balance_of(member: Member, *, before: date | None = None, recorded_by: datetime | None = None) -> int:
    """The member's balance in pence: the sum of their entries (those dated before ``before``,
    those recorded by the moment ``recorded_by``)."""
    entries = member.account_entries.all()
    if before is not None:
        entries = entries.filter(on__lt=before)
    if recorded_by is not None:
        entries = entries.filter(recorded_at__lte=recorded_by)
    return entries.aggregate(total=Coalesce(Sum("amount"), 0))["total"]


def last_entries(member: Member, n: int = 10) -> list[AccountEntry]:
    """The member's last ``n`` entries, newest first."""
    return list(member.account_entries.order_by("-on", "-pk")[:n])


# A member's own page, with their balance, opens by a link with a key signed from their id (the
# link in their monthly statement), never by their id alone: the public player page shows no money.
OWN_PAGE = "member-own-page"


def own_page_key(member_id: int) -> str:
    return phone_key(OWN_PAGE, member_id)


def own_page_key_fits(key: str, member_id: int) -> bool:
    return phone_key_fits(key, OWN_PAGE, member_id)


def account_balances(club: Club) -> list[tuple[Member, int]]:
    """Each of the club's members not forgotten with their balance, lowest first, then by name."""
    members = club.members.filter(forgotten_at=None).annotate(
        balance=Coalesce(Sum("account_entries__amount"), 0)
    )
    return [(m, m.balance) for m in members.order_by("balance", "last_name", "first_name", "pk")]


def _user(user):
    return user if user is not None and user.is_authenticated else None


def _locked(member: Member) -> Member:
    """The member's row, locked: one entry at a time on an account, so a balance checked holds."""
    member = Member.objects.select_for_update().select_related("club").get(pk=member.pk)
    if member.forgotten_at is not None:
        raise ServiceError("This member was forgotten: their account takes no new entries.")
    return member


def _entry(member: Member, user, **fields) -> AccountEntry:
    return AccountEntry.objects.create(
        club=member.club, member=member, recorded_at=timezone.now(), recorded_by=_user(user), **fields
    )


@transaction.atomic
def account_top_up(
    *, member: Member, amount: int, method: str, on: date, reference: str = "", user=None
) -> AccountEntry:
    """Money the member left with the club; refused in words when it is nothing, or a bank
    transfer has no reference."""
    reference = reference.strip()
    require_one_line(reference)
    if amount <= 0:
        raise ServiceError("Type the amount paid in (more than nothing).")
    if method not in Method.values:
        raise ServiceError("Choose how it was paid in: cash, card or bank transfer.")
    if method == Method.TRANSFER and not reference:
        raise ServiceError("A bank transfer needs its reference, as the bank statement shows it.")
    member = _locked(member)
    entry = _entry(member, user, kind=Kind.TOP_UP, amount=amount, on=on, method=method, reference=reference)
    said = money_text(amount, currency_of(member.club))
    detail = f"account: {member} paid in {said} by {entry.get_method_display().lower()}"
    club_log(club=member.club, action=AuditLine.Action.MONEY, detail=detail, user=user)
    return entry


@transaction.atomic
def account_correct(*, member: Member, amount: int, reason: str, on: date, user=None) -> AccountEntry:
    """A correction of ``amount`` pence (less than 0 takes from the account), with its reason."""
    reason = reason.strip()
    require_one_line(reason)
    if not reason:
        raise ServiceError("Say why the account is corrected: the reason stays on the statement.")
    if amount == 0:
        raise ServiceError("A correction of nothing changes nothing: type the amount.")
    member = _locked(member)
    entry = _entry(member, user, kind=Kind.CORRECTION, amount=amount, on=on, reason=reason)
    said = money_text(amount, currency_of(member.club))
    club_log(
        club=member.club,
        action=AuditLine.Action.MONEY,
        detail=f"account: {member} corrected by {said} ({reason})",
        user=user,
    )
    return entry


@transaction.atomic
def account_floor_set(*, club: Club, floor: int, user=None) -> Club:
    """The lowest balance a fee may leave an account at (below 0: how much a member may owe)."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    if club.account_floor != floor:
        club.account_floor = floor
        club.save(update_fields=["account_floor"])
        said = money_text(floor, currency_of(club))
        club_log(
            club=club,
            action=AuditLine.Action.CHANGED,
            detail=f"accounts: the lowest balance allowed is {said}",
            user=user,
        )
    return club


def _evening(drive: Drive) -> str:
    return f"{drive.name}, {drive.date:%-d %b %Y}"


class BelowFloor(ServiceError):
    """A fee from an account that would take it below the club's lowest balance allowed."""


def fee_shares(amount: int, payers: int) -> list[int]:
    """A fee split between the accounts paying it, the odd pennies to the first.

    >>> fee_shares(601, 2), fee_shares(600, 1), fee_shares(5, 3)
    ([301, 300], [600], [3, 1, 1])
    """
    part, odd = divmod(amount, payers)
    return [part + odd] + [part] * (payers - 1)


def fee_take(
    *,
    club: Club,
    member_ids,
    who: str,
    amount: int,
    on: date,
    evening: str,
    drive: Drive | None = None,
    confirmed: bool = False,
    user=None,
) -> str:
    """Take a fee for ``evening`` from its members' accounts (``member_ids``, the fee split by
    ``fee_shares``), in the caller's transaction. Refused in words when there is no member
    (``who`` is a guest), or, unless ``confirmed``, when an account would go below the club's
    lowest balance allowed (``BelowFloor``). Returns what it did, in words."""
    if not member_ids:
        raise ServiceError(f"{who} is a guest with no account: the fee is paid by cash or card.")
    currency = currency_of(club)
    floor = club.account_floor
    taken = []
    for member_id, share in zip(member_ids, fee_shares(amount, len(member_ids)), strict=True):
        member = _locked(Member(pk=member_id))
        after = balance_of(member) - share
        if after < floor and not confirmed:
            raise BelowFloor(
                f"{member}'s account would go down to {money_text(after, currency)}, below the lowest "
                f"balance allowed ({money_text(floor, currency)}): not taken. At the door, tick “allow "
                "below the lowest balance” to take it all the same."
            )
        taken.append((member, share, after))
    said = []
    for member, share, after in taken:
        if share:
            _entry(member, user, kind=Kind.FEE, amount=-share, on=on, drive=drive, evening=evening)
        left = money_text(after, currency)
        said.append(f"{money_text(share, currency)} taken from {member}'s account, leaving {left}")
    below = any(after < floor for _, _, after in taken)
    return "; ".join(said) + (" (below the lowest allowed: allowed as confirmed)" if below else "")


def fee_give_back(
    *, club: Club, member_ids, amount: int, on: date, evening: str, drive: Drive | None = None, user=None
) -> str:
    """Give an unticked fee back to the accounts it was taken from (split as it was taken), as
    new entries, in the caller's transaction. Returns what it did, in words."""
    if not member_ids or not amount:
        return ""
    said = []
    for member_id, share in zip(member_ids, fee_shares(amount, len(member_ids)), strict=True):
        member = Member.objects.select_for_update().get(pk=member_id)
        if share:
            _entry(member, user, kind=Kind.FEE, amount=share, on=on, drive=drive, evening=evening)
        said.append(f"{money_text(share, currency_of(club))} given back to {member}'s account")
    return "; ".join(said)


def account_fee_take(*, drive: Drive, payer: Payer, amount: int, confirmed: bool = False, user=None) -> str:
    """Take a card's fee from its members' accounts, in the caller's transaction (the fee's tick):
    a shared seat of two members from each one's account in halves (``fee_take``)."""
    return fee_take(
        club=drive.club,
        member_ids=payer.accounts,
        who=payer.name,
        amount=amount,
        on=drive.date,
        evening=_evening(drive),
        drive=drive,
        confirmed=confirmed,
        user=user,
    )


def account_fee_give_back(*, drive: Drive, payer: Payer, amount: int, user=None) -> str:
    """Give an unticked card's fee back to the accounts it was taken from (``fee_give_back``)."""
    return fee_give_back(
        club=drive.club,
        member_ids=payer.accounts,
        amount=amount,
        on=drive.date,
        evening=_evening(drive),
        drive=drive,
        user=user,
    )


def last_month(today: date) -> tuple[date, date]:
    """The last calendar month before ``today``'s: its first and last days.

    >>> last_month(date(2026, 3, 15))
    (datetime.date(2026, 2, 1), datetime.date(2026, 2, 28))
    """
    end = today.replace(day=1) - timedelta(days=1)
    return end.replace(day=1), end


@dataclass(frozen=True)
class Statement:
    member: Member
    start: date
    end: date
    opening: int
    entries: tuple[tuple[AccountEntry, int], ...]  # each entry with the balance after it
    closing: int


def statement(member: Member, start: date, end: date, *, recorded_by: datetime | None = None) -> Statement:
    """The member's account between two days, both included: opening balance, entries, closing.
    With ``recorded_by``, as it stood at that moment: an entry recorded later (one dated back into
    the period after its statement was made) is left out, so a statement printed again says what it
    said when it was made."""
    if end < start:
        raise ServiceError(f"The period ends ({end:%d %b %Y}) before it starts ({start:%d %b %Y}).")
    opening = balance_of(member, before=start, recorded_by=recorded_by)
    running, lines = opening, []
    entries = member.account_entries.filter(on__range=(start, end))
    if recorded_by is not None:
        entries = entries.filter(recorded_at__lte=recorded_by)
    for entry in entries.order_by("on", "pk"):
        running += entry.amount
        lines.append((entry, running))
    return Statement(member, start, end, opening, tuple(lines), running)


def entry_detail(entry: AccountEntry) -> str:
    """What an entry was, in words: a top-up's method and reference, a fee's evening, a reason."""
    if entry.kind == Kind.TOP_UP:
        return entry.get_method_display() + (f" ({entry.reference})" if entry.reference else "")
    if entry.kind == Kind.FEE:
        return ("Fee for " if entry.amount < 0 else "Fee given back: ") + entry.evening
    return entry.reason


def statement_csv(account: Statement) -> str:
    """The statement as CSV, every cell guarded against formulas, sums as the club writes them."""
    currency = currency_of(account.member.club)
    rows = [
        ("Date", "Entry", "Detail", "Amount", "Balance", "Currency"),
        (
            account.start.isoformat(),
            "Opening balance",
            "",
            "",
            figures_text(account.opening, currency),
            currency.code,
        ),
    ]
    rows += [
        (
            e.on.isoformat(),
            e.get_kind_display(),
            entry_detail(e),
            figures_text(e.amount, currency),
            figures_text(after, currency),
            currency.code,
        )
        for e, after in account.entries
    ]
    rows.append(
        (
            account.end.isoformat(),
            "Closing balance",
            "",
            "",
            figures_text(account.closing, currency),
            currency.code,
        )
    )
    return csv_text(rows)
