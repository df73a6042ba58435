"""Table cards: one per table, standing on it all evening, with the QR code that opens its tablet page."""

from functools import lru_cache
from itertools import groupby

import segno
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak, Spacer, Table, TableStyle

from ..print_data import PrintPack, TableCard
from .base import FONT_BOLD, STYLES, text, usable_width
from .grid import PAD_X, PAD_Y, Grid, suit

QR_SIZE = 38 * mm
QUIET_ZONE = 4  # modules of white round the code, as the QR standard asks


@lru_cache(maxsize=256)
def qr_runs(url: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """The QR code of a table's address, error correction M or better, as segno makes it: how many
    modules it is across, its quiet zone included, and its runs of dark modules along the rows
    (row, first column, length). Made once per address, as the address stays the same all evening."""
    matrix = segno.make_qr(url, error="m").matrix
    runs = []
    for row, modules in enumerate(matrix, start=QUIET_ZONE):
        col = QUIET_ZONE
        for dark, run in groupby(modules):
            length = len(list(run))
            if dark:
                runs.append((row, col, length))
            col += length
    return len(matrix) + 2 * QUIET_ZONE, tuple(runs)


class QrCode(Flowable):
    """A QR code, its quiet zone included, ``size`` points square: its runs of dark modules drawn
    as the rectangles of one filled path."""

    def __init__(self, url: str, size: float = QR_SIZE):
        super().__init__()
        self.url = url
        self.width = self.height = self.size = size

    def draw(self):
        count, runs = qr_runs(self.url)
        unit = self.size / count
        path = self.canv.beginPath()
        for row, col, length in runs:
            path.rect(col * unit, self.size - (row + 1) * unit, length * unit, unit)
        self.canv.setFillColorRGB(0, 0, 0)
        self.canv.drawPath(path, stroke=0, fill=1)


def _boards(card_round) -> list:
    """The round's boards with their trumps, hearts and diamonds in red: ``1 ♥, 2 ♦``."""
    pieces = []
    for index, (board, trumps) in enumerate(card_round.boards):
        pieces += [(f"{', ' if index else ''}{board} ", None), *suit(trumps)]
    return pieces


GRID_SIZE = 14  # points: read at arm's length across the table
HEADER_SIZE = 11
ROUND_WIDTH = (
    max(stringWidth("Round", FONT_BOLD, HEADER_SIZE), stringWidth("30", FONT_BOLD, GRID_SIZE)) + 2 * PAD_X + 4
)
GRID_ROOM = 185 * mm  # the page below the card's head, which the rounds share out (up to 13 mm a row)
MIN_GRID_SIZE = 9  # points: a long movement's card still fits one page


def _card(pack: PrintPack, card: TableCard) -> list:
    width = usable_width(pack.event)
    head = Table(
        [
            [
                [
                    text(f"Table {card.table}", STYLES["huge"]),
                    text(f"{pack.event.name} · {pack.event.date}", STYLES["body"]),
                    *([text(card.resident + ", all evening", STYLES["lead"])] if card.resident else []),
                    Spacer(1, 3 * mm),
                    text(
                        f"Scores go in on a tablet: scan the QR code, or open {card.start_url}",
                        STYLES["body"],
                    ),
                    text("and type the code", STYLES["body"]),
                    text(card.code, STYLES["code"]),
                    text(f"This table's address: {card.url}", STYLES["small"]),
                ],
                QrCode(card.url),
            ]
        ],
        colWidths=[width - QR_SIZE - 4 * mm, QR_SIZE + 4 * mm],
    )
    head.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    header = ["Round", "N/S", "E/W", "Boards (trumps)", card.next_heading, "Boards go to"]
    rows = [[str(r.round), r.ns, r.ew, _boards(r), r.ew_next, r.boards_next] for r in card.rounds]
    widths = [ROUND_WIDTH, 0.14 * width, 0.14 * width, 0.26 * width]
    rest = (width - sum(widths)) / 2
    # The rounds share out the page: big type for a short movement, smaller for a long one, one page.
    per_row = GRID_ROOM / (len(rows) + 1)
    size = max(MIN_GRID_SIZE, min(GRID_SIZE, (per_row - 2 * PAD_Y) / 1.22))
    grid = Grid(
        header,
        rows,
        [*widths, rest, rest],
        size=size,
        header_size=min(HEADER_SIZE, size),
        bold=[0],
        min_height=min(13 * mm, per_row - 1),
        valign_middle=True,
    )
    story = [head, Spacer(1, 5 * mm), grid, Spacer(1, 3 * mm)]
    story += [text(note, STYLES["note"]) for note in (*_notes(card), *card.notes)]
    return story


def _notes(card: TableCard) -> list[str]:
    """The card's notes, each said once, for every round it holds in or for the rounds it names:
    "Every round: shares its boards with table 8.", "Round 3: after round 3, E/W move up two tables."
    """
    rounds_of: dict[str, list[int]] = {}
    for r in card.rounds:
        for part in r.notes:
            rounds_of.setdefault(part, []).append(r.round)
    notes = []
    for part, rounds in rounds_of.items():
        if len(rounds) == len(card.rounds) > 1:
            notes.append(f"Every round: {part}.")
        else:
            label = "Round" if len(rounds) == 1 else "Rounds"
            notes.append(f"{label} {', '.join(map(str, rounds))}: {part}.")
    return notes


def table_cards_story(pack: PrintPack) -> list:
    story = []
    for index, card in enumerate(pack.table_cards):
        if index:
            story.append(PageBreak())
        story += _card(pack, card)
    return story or [text("No movement yet: build it first.", STYLES["body"])]
