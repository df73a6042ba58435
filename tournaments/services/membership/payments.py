"""A subscription paid: the organiser records it (amount, method, date, a bank transfer's
reference), which moves the member's "paid until" to the end of the subscription year it pays for
(``domain.membership.paid_until_after``) and makes a receipt with the club's next number. All in
one transaction with its line in the club's trail; the receipt's e-mail, for a member with an
address, waits in the outbox and is sent after it (from the view), never inside it, with the
printable receipt (``receipts.receipt_of``) as a PDF attached.
"""

from datetime import date

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from ...domain.membership import paid_until_after
from ...models import AuditLine, Club, Member, SubscriptionPayment
from ...services.core.money import currency_of, money_text
from ..core.audit import club_log
from ..core.errors import ServiceError, require_one_line
from ..season.mail import club_mail_queue
from .club import year_start
from .receipts import receipt_of


def _receipt_text(payment: SubscriptionPayment) -> tuple[str, str]:
    receipt = receipt_of(payment).receipt
    club = payment.club.name
    paid_by = receipt.method.lower() + (f" (reference {receipt.reference})" if receipt.reference else "")
    body = "\n".join(
        [
            f"Dear {payment.member.first_name},",
            "",
            f"Thank you: we received {receipt.amount} by {paid_by} on {receipt.paid_on}.",
            f"Your subscription is paid until {receipt.paid_until}.",
            "",
            f"Receipt number {receipt.number} (attached, to print if you wish)",
            club,
        ]
    )
    return f"Receipt {receipt.number}: your subscription to {club}", body


@transaction.atomic
def subscription_pay(
    *, member: Member, amount: int, method: str, paid_on: date, reference: str = "", user=None
) -> SubscriptionPayment:
    """Record a member's subscription paid and make its receipt; refused in words when the amount
    is nothing, a bank transfer has no reference, or the member was forgotten."""
    reference = reference.strip()
    require_one_line(reference)
    if amount <= 0:
        raise ServiceError("Type the amount paid (more than nothing).")
    if method not in SubscriptionPayment.Method.values:
        raise ServiceError("Choose how it was paid: cash, card or bank transfer.")
    if method == SubscriptionPayment.Method.TRANSFER and not reference:
        raise ServiceError("A bank transfer needs its reference, as the bank statement shows it.")
    club = Club.objects.select_for_update().get(pk=member.club_id)  # one receipt number at a time
    member = Member.objects.select_for_update().get(pk=member.pk)
    if member.forgotten_at is not None:
        raise ServiceError("This member was forgotten: record the money without a name.")
    until = paid_until_after(paid_on=paid_on, paid_until=member.paid_until, year_start=year_start(club))
    number = (club.subscription_payments.aggregate(last=Max("receipt"))["last"] or 0) + 1
    payment = SubscriptionPayment(
        club=club,
        member=member,
        receipt=number,
        amount=amount,
        method=method,
        reference=reference,
        paid_on=paid_on,
        paid_until=until,
        recorded_at=timezone.now(),
        recorded_by=user if user is not None and user.is_authenticated else None,
    )
    if member.email:
        subject, body = _receipt_text(payment)
        payment.mail = club_mail_queue(member=member, subject=subject, body=body)
    payment.save()
    member.paid_until = until
    member.save(update_fields=["paid_until"])
    detail = (
        f"subscription: {member} paid {money_text(amount, currency_of(club))}, receipt {number}, "
        f"paid until {until:%-d %B %Y}"
    )
    club_log(club=club, action=AuditLine.Action.MONEY, detail=detail, user=user)
    return payment
