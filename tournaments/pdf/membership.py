"""A club's membership papers, in large type for members who read them at arm's length: a renewal
letter for each member with no e-mail address (one a page, handed over at the club), and a
subscription's receipt. Plain data in (``print_data.MembershipPrint``), PDF bytes out."""

from io import BytesIO

from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, SimpleDocTemplate, Spacer

from ..print_data import MembershipPrint, RenewalLetter, SubscriptionReceipt
from .base import LARGE_PRINT, MARGIN, PAGE_SIZES, _style, register_fonts, text

# Letters and receipts are read by members of every age: the body at 16 points, above the large print.
STYLES = {
    "club": _style("membership-club", 22, bold=True, spaceAfter=8 * mm),
    "heading": _style("membership-heading", 18, bold=True, spaceAfter=5 * mm),
    "body": _style("membership-body", LARGE_PRINT + 2, leading=24, spaceAfter=4 * mm),
}


def _letter(club: str, letter: RenewalLetter) -> list:
    category = f" ({letter.category} membership)" if letter.category else ""
    return [
        text(club, STYLES["club"]),
        text(f"Dear {letter.name},", STYLES["body"]),
        text("Your subscription is due", STYLES["heading"]),
        text(
            f"Your subscription{category} for the year from {letter.year_start} to {letter.year_end} "
            f"is {letter.amount}.",
            STYLES["body"],
        ),
        text(
            "Please pay at the club by cash or card, or by bank transfer giving your name as the "
            "reference. You will be given a receipt.",
            STYLES["body"],
        ),
        Spacer(1, 6 * mm),
        text(f"Thank you, {club}", STYLES["body"]),
    ]


def _receipt(club: str, receipt: SubscriptionReceipt) -> list:
    paid_by = receipt.method + (f", reference {receipt.reference}" if receipt.reference else "")
    return [
        text(club, STYLES["club"]),
        text(f"Receipt number {receipt.number}", STYLES["heading"]),
        text(f"Received from {receipt.name}: {receipt.amount}, subscription.", STYLES["body"]),
        text(f"Paid on {receipt.paid_on} by {paid_by}.", STYLES["body"]),
        text(f"Paid until {receipt.paid_until}.", STYLES["body"]),
        Spacer(1, 6 * mm),
        text(f"With thanks, {club}", STYLES["body"]),
    ]


def render(data: MembershipPrint) -> bytes:
    """The letters, one a page, or the receipt."""
    register_fonts()
    story = []
    for n, letter in enumerate(data.letters):
        story += ([PageBreak()] if n else []) + _letter(data.club, letter)
    if data.receipt is not None:
        story += _receipt(data.club, data.receipt)
    title = f"Receipt {data.receipt.number}" if data.receipt else "Renewal letters"
    buffer = BytesIO()
    margin = MARGIN + 6 * mm
    SimpleDocTemplate(
        buffer,
        pagesize=PAGE_SIZES.get(data.paper, PAGE_SIZES["A4"]),
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=margin,
        title=f"{title}: {data.club}",
        author=data.club,
        creator="whistdrive",
    ).build(
        story or [text("No letters to print: every member reminded has an e-mail address.", STYLES["body"])]
    )
    return buffer.getvalue()
