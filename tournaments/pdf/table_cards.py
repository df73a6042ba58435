"""Table cards: one per table, standing on it all evening, with the QR code that opens its tablet page."""

from functools import lru_cache
from itertools import groupby

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer, Table, TableStyle

from .. import qr
from ..print_data import PrintPack, TableCard
from .base import STYLES, text, usable_height, usable_width
from .grid import Grid, column_width, suit, unbroken_parts
from .sheets import carried_over

QR_SIZE = 38 * mm


@lru_cache(maxsize=256)
def qr_runs(url: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """The QR code of an address (``tournaments.qr``): how many modules it is across, its quiet
    zone included, and its runs of dark modules along the rows (row, first column, length). Made
    once per address, as the address stays the same all evening."""
    matrix = qr.modules(url)
    runs = []
    for row, modules in enumerate(matrix, start=qr.QUIET_ZONE):
        col = qr.QUIET_ZONE
        for dark, run in groupby(modules):
            length = len(list(run))
            if dark:
                runs.append((row, col, length))
            col += length
    return len(matrix) + 2 * qr.QUIET_ZONE, tuple(runs)


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
        # A no-break space: a long round's boards wrap between boards, never between a board and its trumps.
        pieces += [(f"{', ' if index else ''}{board}\u00a0", None), *suit(trumps)]
    return pieces


GRID_SIZE = 14  # points: the rounds, headings and all, read at arm's length across the table
ROUND_WIDTH = column_width("Round", "30", size=GRID_SIZE)
ROW_HEIGHT = 11 * mm  # a round's row at the least: the card stands a little way off


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
                    text(f"This table's address: {card.url}", STYLES["address"]),
                ],
                QrCode(card.url),
            ]
        ],
        colWidths=[width - QR_SIZE - 4 * mm, QR_SIZE + 4 * mm],
    )
    head.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    header = ["Round", "N/S", "E/W", "Boards (trumps)", card.next_heading, "Boards go to"]
    rows = [[str(r.round), r.ns, r.ew, _boards(r), r.ew_next, r.boards_next] for r in card.rounds]
    pair, boards = _pair_and_boards_widths(card, header, width)
    widths = [ROUND_WIDTH, pair, pair, boards]
    rest = (width - sum(widths)) / 2
    grid = Grid(
        header,
        rows,
        [*widths, rest, rest],
        size=GRID_SIZE,
        bold=[0],
        min_height=ROW_HEIGHT,
        valign_middle=True,
    )
    notes = [text(note, STYLES["note"]) for note in (*_notes(card), *card.notes)]
    return [head, Spacer(1, 5 * mm), *_pages_of_rounds(pack, card, head, grid), Spacer(1, 3 * mm), *notes]


def _pair_and_boards_widths(card: TableCard, header: list[str], width: float) -> tuple[float, float]:
    """The N/S and E/W columns wide enough for a pair's number, or for the longest word of the
    players' names (an individual event's), so that a name breaks only between its words: the
    boards' column gives up room for them, down to its longest round, the last two columns keep
    their longest words whole."""
    label = column_width("N/S 40", "E/W 40", "Pair 28", size=GRID_SIZE, bold=False)
    parts = [part for r in card.rounds for side in (r.ns, r.ew) for part in unbroken_parts(side)]
    wanted = max(label, column_width(*parts, size=GRID_SIZE, bold=False)) if parts else label
    moves = [*header[4:], *(part for r in card.rounds for part in (r.ew_next, r.boards_next))]
    last_two = 2 * column_width(*(word for text in moves for word in text.split()), size=GRID_SIZE)
    rounds = ["".join(piece for piece, _ in _boards(r)) for r in card.rounds]
    fewest = column_width("(trumps)", size=GRID_SIZE)
    fewest = max(fewest, column_width(*rounds, size=GRID_SIZE, bold=False)) if rounds else fewest
    boards = 0.3 * width
    spare = width - ROUND_WIDTH - boards - last_two - 2 * wanted
    if spare < 0:
        boards = max(fewest, boards + spare)
    pair = max(label, min(wanted, (width - ROUND_WIDTH - boards - last_two) / 2))
    return pair, boards


def _pages_of_rounds(pack: PrintPack, card: TableCard, head, grid: Grid) -> list:
    """The card's grid, a long movement's rounds carried over to further pages, each headed with
    the table's number and the grid's headings."""
    width, height = usable_width(pack.event), usable_height(pack.event)
    room = height - head.wrap(width, height)[1] - 5 * mm
    return carried_over(
        grid, width=width, height=height, room=room, continued=f"Table {card.table}, continued"
    )


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
