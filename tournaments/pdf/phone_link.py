"""The way to a player's own page of the evening on their phone from a card they keep at hand (a
pair's guide card, an individual event's player's itinerary card): the page's QR code beside the
card's heading, and its address in words under it, the card's whole width, for whoever types it.

The code is ``PHONE_QR`` square: at 27 mm its modules are about two thirds of a millimetre for the
page's address, which a phone reads from a card held in the hand, and a large-print card still
fits half a sheet (``sheets``).
"""

from reportlab.lib.units import mm
from reportlab.platypus import Spacer, Table, TableStyle

from .base import text
from .table_cards import QrCode

PHONE_QR = 27 * mm
WORDS = "Your evening on your phone: scan the code, or open"


def beside_phone_link(head: list, link: str, styles: dict, width: float) -> list:
    """A card's ``head`` (its flowables) with the QR code of ``link`` beside it and the address under
    it; the head alone when there is no address (a pack printed without the site's)."""
    if not link:
        return head
    block = Table(
        [
            [head, QrCode(link, PHONE_QR)],
            [text(WORDS, styles["body"]), ""],
            [text(link, styles["body"]), ""],  # a line of its own: broken at its end, if at all
        ],
        colWidths=[width - PHONE_QR - 3 * mm, PHONE_QR + 3 * mm],
    )
    block.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("VALIGN", (0, 1), (0, 1), "BOTTOM"),  # the words just above the address
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("ALIGN", (1, 0), (1, 0), "RIGHT"),
                ("SPAN", (1, 0), (1, 1)),  # the code beside the heading and the words
                ("SPAN", (0, 2), (1, 2)),  # the address the card's whole width
            ]
        )
    )
    return [block, Spacer(1, 2.5 * mm)]
