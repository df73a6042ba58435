"""Fees paid at a table's check-in, at every kind of evening that has one (a drive, a widow
series, a pairs or an individual event, a two-player night): with "That's us" the players at the
table tick the fees they paid there, each by a method the evening takes, and the fee is recorded
by the evening's own door (its kind's ``door`` in ``services.kinds``), as if ticked on its money
page. One rule for every kind:

- only a payer at the table may be ticked (another is refused in words, and nothing is written);
- a fee ticked already (at the door, or by this tablet before: a retried or stale request) is left
  as it is, never charged twice;
- a fee from an account that would go below the club's lowest balance is not taken: the players
  are checked in all the same, and the trail says why (only the door can allow it).

A payer is what the evening's kind says pays one fee (``kinds.Kind.payers``): a drive's card (a
shared seat's two people together), a pair of a pairs event, a seat of an individual event, a
player of a two-player night. A fee from accounts is taken from each member's of the payer in
halves, as the door takes it.

The check-in services call ``table_fees_take`` inside their own transaction, with the evening's row
locked for update; the tablets' pages read ``table_fees_due``.
"""

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from django.db import transaction

from ...domain.drives.money import METHODS, Payer
from ...models import AuditLine
from ..core.audit import evening_log
from ..core.errors import ServiceError
from ..core.money import currency_of, money_text
from ..kinds import kind_of
from ..membership.accounts import BelowFloor

ACCOUNT = "account"
FEE_NOT_TAKEN = "Fee not taken: the account would go below the lowest balance"


@dataclass(frozen=True)
class FeeDue:
    """A fee still to pay by someone at the table, as the check-in offers it."""

    key: str  # the payer's key in its evening: the form's field is "fee-" + key
    who: str  # as the tablet names them
    fee: str  # the sum, in the club's currency
    methods: tuple[tuple[str, str], ...]  # (method, its label): from an account only for members


def methods_for(payer: Payer) -> tuple[tuple[str, str], ...]:
    """The methods a payer may pay by: cash or card, and from an account when a member pays."""
    return tuple((m, label) for m, label in METHODS.items() if m != ACCOUNT or payer.accounts)


def table_fees_due(*, evening, at_table: Mapping[str, str]) -> list[FeeDue]:
    """The fees still to pay among the payers at the table (``at_table``: their keys, each with
    its name as the tablet says it, or "" for the payer's own), in that order; none when the
    evening charges nothing."""
    kind = kind_of(evening)
    money = kind.door.money(evening)
    if not money.charges_fees or not at_table:
        return []
    paid = kind.door.paid(evening)
    payers = {p.key: p for p in kind.payers(evening) if p.key in at_table and p.key not in paid}
    currency = currency_of(evening.club)
    return [
        FeeDue(
            key=key,
            who=who or payers[key].name,
            fee=money_text(payers[key].fee(member_fee=money.member_fee, guest_fee=money.guest_fee), currency),
            methods=methods_for(payers[key]),
        )
        for key, who in at_table.items()
        if key in payers
    ]


def table_fees_take(*, evening, at_table: Collection[str], fees: Mapping[str, str]) -> None:
    """Record the fees ticked at a table's check-in (``fees``: payer's key to method, "" for none),
    in the caller's transaction, the evening's row locked by the caller. ``at_table``: the keys of
    the payers at the table. A key of nobody at the table is refused in words; a fee ticked already
    is left as it is; nothing is taken at an evening that charges no fees."""
    for key in fees:
        if key not in at_table:
            raise ServiceError(f"{key} is not at this table: look at the tablet again.")
    ticked = {key: method for key, method in fees.items() if method}
    kind = kind_of(evening)
    if not ticked or not kind.door.money(evening).charges_fees:
        return
    paid = kind.door.paid(evening)
    payers = {p.key: p for p in kind.payers(evening) if p.key in ticked}
    for key, method in ticked.items():
        if key in paid or key not in payers:
            continue
        payer = payers[key]
        try:
            with transaction.atomic():
                kind.door.record(evening=evening, payer=payer, method=method)
        except BelowFloor:
            detail = f"{payer.name} ({payer.number}): {FEE_NOT_TAKEN}"
            evening_log(evening=evening, action=AuditLine.Action.MONEY, detail=detail)
