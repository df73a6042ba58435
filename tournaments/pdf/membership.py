"""A club's membership papers, in large type for members who read them at arm's length: a renewal
letter and a monthly statement of their account for each member with no e-mail address (one a
page, handed over at the club), and a subscription's receipt. Plain data in
(``print_data.MembershipPrint``), PDF bytes out."""

from io import BytesIO

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, SimpleDocTemplate, Spacer, Table, TableStyle

from ..print_data import MembershipPrint, RenewalLetter, StatementLetter, SubscriptionReceipt
from .base import LARGE_PRINT, MARGIN, PAGE_SIZES, _style, register_fonts, text

# Letters and receipts are read by members of every age: the body at 16 points, above the large print.
STYLES = {
    "club": _style("membership-club", 22, bold=True, spaceAfter=8 * mm),
    "heading": _style("membership-heading", 18, bold=True, spaceAfter=5 * mm),
    "body": _style("membership-body", LARGE_PRINT + 2, leading=24, spaceAfter=4 * mm),
    "cell": _style("membership-cell", LARGE_PRINT + 2, leading=20),
    "figure": _style("membership-figure", LARGE_PRINT + 2, leading=20, alignment=2),
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


def _statement(club: str, letter: StatementLetter) -> list:
    cell, figure = STYLES["cell"], STYLES["figure"]
    rows = [
        [text(day, cell), text(what, cell), text(amount, figure), text(after, figure)]
        for day, what, amount, after in letter.lines
    ]
    table = Table(
        [
            [text(h, cell) for h in ("Date", "Entry")] + [text(h, figure) for h in ("Amount", "Balance")],
            *rows,
        ],
        colWidths=[32 * mm, None, 30 * mm, 30 * mm],
        repeatRows=1,
    )
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2 * mm),
            ]
        )
    )
    return [
        text(club, STYLES["club"]),
        text(f"Dear {letter.name},", STYLES["body"]),
        text(f"Your account for {letter.month}", STYLES["heading"]),
        text(f"Balance on {letter.start}: {letter.opening}", STYLES["body"]),
        *(
            [table, Spacer(1, 4 * mm)]
            if letter.lines
            else [text("Nothing paid in or taken this month.", STYLES["body"])]
        ),
        text(f"Balance on {letter.end}: {letter.closing}", STYLES["body"]),
        Spacer(1, 6 * mm),
        text(f"With best wishes, {club}", STYLES["body"]),
    ]


def render(data: MembershipPrint) -> bytes:
    """The letters and statements, one a page, or the receipt."""
    register_fonts()
    story = []
    pages = [_letter(data.club, letter) for letter in data.letters]
    pages += [_statement(data.club, letter) for letter in data.statements]
    for n, page in enumerate(pages):
        story += ([PageBreak()] if n else []) + page
    if data.receipt is not None:
        story += _receipt(data.club, data.receipt)
    title = (
        f"Receipt {data.receipt.number}"
        if data.receipt
        else "Statements of account"
        if data.statements
        else "Renewal letters"
    )
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
    ).build(story or [text("No letters to print: every member has an e-mail address.", STYLES["body"])])
    return buffer.getvalue()
