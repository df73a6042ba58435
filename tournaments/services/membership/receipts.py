"""A subscription's receipt as it is printed and attached to its e-mail: plain data for
``pdf/membership.py``, read from the payment."""

from ...models import SubscriptionPayment
from ...print_data import MembershipPrint, SubscriptionReceipt
from ..core.money import currency_of, money_text


def receipt_of(payment: SubscriptionPayment) -> MembershipPrint:
    """The payment's receipt, to print."""
    receipt = SubscriptionReceipt(
        number=payment.receipt,
        name=str(payment.member),
        amount=money_text(payment.amount, currency_of(payment.club)),
        method=payment.get_method_display(),
        reference=payment.reference,
        paid_on=f"{payment.paid_on:%-d %B %Y}",
        paid_until=f"{payment.paid_until:%-d %B %Y}",
    )
    return MembershipPrint(club=payment.club.name, paper=payment.club.paper_size, receipt=receipt)
