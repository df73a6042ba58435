"""Table cards: one per table, standing on it all evening, with the QR code that opens its tablet page."""

from functools import lru_cache

from reportlab.graphics.barcode import qrencoder
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer, Table, TableStyle

from .base import STYLES, Safe, grid_table, markup, suit_markup, text, usable_width
from .data import PrintPack, TableCard

QR_SIZE = 38 * mm
ROUND_WIDTH = 16 * mm


QUIET_ZONE = 4  # modules of white round the code, as the standard asks


@lru_cache(maxsize=256)
def qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The dark and light modules of the QR code of ``text`` (error correction M, best mask).

    Made by reportlab's own encoder; kept per text, as a table's address stays the same all evening.
    """
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    count = code.getModuleCount()
    return tuple(tuple(code.isDark(row, col) for col in range(count)) for row in range(count))


class QrCode(Flowable):
    """A QR code drawn as one filled path of runs of dark modules: reportlab's drawing widget makes
    a shape (with its attribute checks) for every module, which made table cards slow to print."""

    def __init__(self, value: str, size: float = QR_SIZE):
        super().__init__()
        self.value = value
        self.size = size
        self.width = self.height = size

    def draw(self):
        modules = qr_modules(self.value)
        count = len(modules) + 2 * QUIET_ZONE
        unit = self.size / count
        path = self.canv.beginPath()
        for row, line in enumerate(modules):
            y = self.size - (row + QUIET_ZONE + 1) * unit
            col = 0
            while col < len(line):
                if not line[col]:
                    col += 1
                    continue
                start = col
                while col < len(line) and line[col]:
                    col += 1
                path.rect((start + QUIET_ZONE) * unit, y, (col - start) * unit, unit)
        self.canv.setFillColorRGB(0, 0, 0)
        self.canv.drawPath(path, stroke=0, fill=1)


def qr_drawing(url: str, size: float = QR_SIZE) -> QrCode:
    return QrCode(url, size)


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
    header = ["Round", "N/S", "E/W", "Boards (trumps)", card.next_heading, "Boards go to"]
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
