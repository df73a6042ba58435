"""Table cards: one per table, standing on it all evening, with the QR code that opens its tablet page."""

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Spacer, Table, TableStyle

from .base import STYLES, Safe, grid_table, markup, suit_markup, text, usable_width
from .data import PrintPack, TableCard

QR_SIZE = 38 * mm
ROUND_WIDTH = 16 * mm


def qr_drawing(url: str, size: float = QR_SIZE) -> Drawing:
    widget = QrCodeWidget(url, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(widget)
    return drawing


def _boards(card_round) -> Safe:
    return Safe(", ".join(f"{board} {suit_markup(trumps)}" for board, trumps in card_round.boards))


def _card(pack: PrintPack, card: TableCard) -> list:
    width = usable_width(pack.event)
    head = Table(
        [
            [
                [
                    text(f"Table {card.table}", STYLES["huge"]),
                    text(f"{pack.event.name} · {pack.event.date}", STYLES["body"]),
                    Spacer(1, 4 * mm),
                    text(
                        f"Scores go in on a tablet: scan the QR code, or open {card.start_url}",
                        STYLES["body"],
                    ),
                    text("and type the code", STYLES["body"]),
                    text(card.code, STYLES["code"]),
                    text(f"This table's address: {card.url}", STYLES["small"]),
                ],
                qr_drawing(card.url),
            ]
        ],
        colWidths=[width - QR_SIZE - 4 * mm, QR_SIZE + 4 * mm],
    )
    head.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    cell = STYLES["cell"]
    header = ["Round", "N/S", "E/W", "Boards (trumps)", "Then E/W go to", "Boards go to"]
    rows = [[text(h, STYLES["cell_bold"]) for h in header]]
    notes = []
    for r in card.rounds:
        rows.append(
            [
                text(str(r.round), STYLES["cell_bold"]),
                text(r.ns, cell),
                text(r.ew, cell),
                markup("{}", cell, _boards(r)),
                text(r.ew_next, cell),
                text(r.boards_next, cell),
            ]
        )
        if r.note:
            notes.append(f"Round {r.round}: {r.note}")
    rest = (width - ROUND_WIDTH - 0.66 * width) / 2
    grid = grid_table(rows, [ROUND_WIDTH, 0.23 * width, 0.23 * width, 0.2 * width, rest, rest])
    story = [head, Spacer(1, 4 * mm), grid]
    for note in notes:
        story.append(text(note, STYLES["small"]))
    return story


def table_cards_story(pack: PrintPack) -> list:
    story = []
    for index, card in enumerate(pack.table_cards):
        if index:
            story.append(PageBreak())
        story += _card(pack, card)
    return story or [text("No movement yet: build it first.", STYLES["body"])]
