"""Table cards: one per table, standing on it all evening, with the QR code that opens its tablet page."""

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, Spacer, Table, TableStyle

from .base import STYLES, grid_table, suit_markup, usable_width
from .data import PrintPack, TableCard

QR_SIZE = 38 * mm
ROUND_WIDTH = 16 * mm


def qr_drawing(url: str, size: float = QR_SIZE) -> Drawing:
    widget = QrCodeWidget(url, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(widget)
    return drawing


def _boards(card_round) -> str:
    return ", ".join(f"{board} {suit_markup(trumps)}" for board, trumps in card_round.boards)


def _card(pack: PrintPack, card: TableCard) -> list:
    width = usable_width(pack.event)
    head = Table(
        [
            [
                [
                    Paragraph(f"Table {card.table}", STYLES["huge"]),
                    Paragraph(f"{pack.event.name} · {pack.event.date}", STYLES["body"]),
                    Spacer(1, 4 * mm),
                    Paragraph(
                        f"Scores go in on a tablet: scan the QR code, or open {card.start_url}",
                        STYLES["body"],
                    ),
                    Paragraph("and type the code", STYLES["body"]),
                    Paragraph(card.code, STYLES["code"]),
                    Paragraph(f"This table's address: {card.url}", STYLES["small"]),
                ],
                qr_drawing(card.url),
            ]
        ],
        colWidths=[width - QR_SIZE - 4 * mm, QR_SIZE + 4 * mm],
    )
    head.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    cell = STYLES["cell"]
    header = ["Round", "N/S", "E/W", "Boards (trumps)", "Then E/W go to", "Boards go to"]
    rows = [[Paragraph(h, STYLES["cell_bold"]) for h in header]]
    notes = []
    for r in card.rounds:
        rows.append(
            [
                Paragraph(str(r.round), STYLES["cell_bold"]),
                Paragraph(r.ns, cell),
                Paragraph(r.ew, cell),
                Paragraph(_boards(r), cell),
                Paragraph(r.ew_next, cell),
                Paragraph(r.boards_next, cell),
            ]
        )
        if r.note:
            notes.append(f"Round {r.round}: {r.note}")
    rest = (width - ROUND_WIDTH - 0.66 * width) / 2
    grid = grid_table(rows, [ROUND_WIDTH, 0.23 * width, 0.23 * width, 0.2 * width, rest, rest])
    story = [head, Spacer(1, 4 * mm), grid]
    for note in notes:
        story.append(Paragraph(note, STYLES["small"]))
    return story


def table_cards_story(pack: PrintPack) -> list:
    story = []
    for index, card in enumerate(pack.table_cards):
        if index:
            story.append(PageBreak())
        story += _card(pack, card)
    return story or [Paragraph("No movement yet: build it first.", STYLES["body"])]
