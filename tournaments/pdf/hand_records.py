"""Hand records: each board's four hands as a diagram, with dealer, trumps and double-dummy tricks,
in type read at arm's length (11 pt), two boards across the page."""

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Spacer

from ..domain.boards import SEAT_NAMES
from ..print_data import HandRecord, PrintPack
from .base import BODY_SIZE, FONT, FONT_BOLD, INK, MUTED, RULE, SHADE, STYLES, text, usable_width
from .grid import TextWriter, suit

SUITS = ("♠", "♥", "♦", "♣")
BOARDS_ACROSS = 2


NOTE = (
    "Double-dummy tricks: for each strain and declarer with perfect play; in whist the dealer's "
    "left leads, so read the dealer's column for the board's trumps."
)

DD_WAITING = ("Double dummy:", "analysis in progress")  # printed before a board is analysed
DD_NOT_INSTALLED = ("Double dummy:", "not installed")  # where the solver is not installed

HAND_SIZE = BODY_SIZE
HAND_LEADING = 12
HEADING_SIZE = 12
DD_SIZE = BODY_SIZE
DD_ROW = 12  # points: a row of the double-dummy grid
DD_STRAIN = stringWidth("NT", FONT, DD_SIZE) + 1.5  # the strain column: "NT" and a little air
DD_CELL = stringWidth("13", FONT, DD_SIZE) + 1.5  # a declarer's tricks
PAD = 4
ROW_HEIGHT = 5 * HAND_LEADING + 2 * PAD  # a hand: the seat, then a line a suit
DD_HEIGHT = 6 * DD_ROW  # the declarers' row, then a row a strain
# The double-dummy grid sits in the bottom left corner, under West, beside South: its row of the
# diagram is as tall as the grid needs.
DIAGRAM_HEIGHT = 2 * ROW_HEIGHT + max(ROW_HEIGHT, DD_HEIGHT + 2 * PAD)


def dd_width() -> float:
    """The double-dummy grid's width: the diagram's left column is at least this wide."""
    return DD_STRAIN + 4 * DD_CELL


def columns(cell_width: float) -> tuple[float, float, float]:
    """The diagram's three columns: West's (room for the double-dummy grid below it), then North
    and South's, then East's, sharing the rest."""
    left = max(cell_width / 3, dd_width() + 2 * PAD)
    return left, (cell_width - left) / 2, (cell_width - left) / 2


class BoardDiagrams(Flowable):
    """A row of hand-record diagrams, drawn straight onto the page: each board's four hands round
    a compass (north at the top), the heading (board, dealer, trumps) top left, the double-dummy
    tricks bottom left. All text is one text object; suits in red or black, cards run together."""

    def __init__(
        self, records: list[HandRecord], cell_width: float, gap: float, waiting: tuple[str, ...] = DD_WAITING
    ):
        super().__init__()
        self.records, self.cell_width, self.gap, self.waiting = records, cell_width, gap, waiting

    def wrap(self, available_width, available_height):
        self.width = len(self.records) * (self.cell_width + self.gap)
        self.height = DIAGRAM_HEIGHT
        return self.width, self.height

    def draw(self):
        canvas = self.canv
        canvas.saveState()
        text = canvas.beginText()
        write = TextWriter(text)
        for index, record in enumerate(self.records):
            self._board(canvas, write, record, index * (self.cell_width + self.gap))
        canvas.drawText(text)
        canvas.restoreState()

    def _board(self, canvas, write: TextWriter, record: HandRecord, left: float):
        width = self.cell_width
        west, middle, _ = columns(width)
        xs = (left, left + west, left + west + middle)
        bottom = DIAGRAM_HEIGHT - 2 * ROW_HEIGHT  # the height of the bottom row
        canvas.setFillColor(SHADE)
        canvas.rect(xs[1], bottom, middle, ROW_HEIGHT, stroke=0, fill=1)
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.6)
        canvas.rect(left, 0, width, DIAGRAM_HEIGHT, stroke=1, fill=0)
        top = DIAGRAM_HEIGHT - PAD

        write(left + PAD, top - HEADING_SIZE, [(f"Board {record.board}", FONT_BOLD, INK)], HEADING_SIZE)
        line = HEADING_SIZE + HAND_LEADING
        write(left + PAD, top - line, [(f"Dealer {record.dealer}", FONT, INK)], BODY_SIZE)
        write(
            left + PAD, top - line - HAND_LEADING, [("Trumps ", FONT, INK), *_suit(record.trumps)], BODY_SIZE
        )
        hands = dict(record.hands)
        places = {
            "N": (1, top),
            "W": (0, top - ROW_HEIGHT),
            "E": (2, top - ROW_HEIGHT),
            "S": (1, bottom - PAD),
        }
        for seat, (column, y) in places.items():
            x = xs[column] + PAD
            name = SEAT_NAMES[seat] + (" (dealer)" if SEAT_NAMES[seat] == record.dealer else "")
            write(x, y - BODY_SIZE, [(name, FONT, MUTED)], BODY_SIZE)
            for number, (symbol, ranks) in enumerate(zip(SUITS, hands[seat], strict=True), start=1):
                cards = "".join("10" if r == "T" else r for r in ranks) or "—"
                baseline = y - BODY_SIZE - number * HAND_LEADING
                write(x, baseline, [*_suit(symbol), (" " + cards, FONT, INK)], HAND_SIZE)
        if record.dd_rows:
            self._dd(canvas, write, record, left + PAD, bottom - PAD)
        else:
            for number, line in enumerate(self.waiting, start=1):
                write(left + PAD, bottom - PAD - number * HAND_LEADING, [(line, FONT, MUTED)], BODY_SIZE)

    def _dd(self, canvas, write: TextWriter, record: HandRecord, x: float, top: float):
        rows = [("", ("N", "S", "E", "W")), *((s, tuple(map(str, t))) for s, t in record.dd_rows)]
        xs = [x, x + DD_STRAIN] + [x + DD_STRAIN + (i + 1) * DD_CELL for i in range(4)]
        ys = [top - i * DD_ROW for i in range(len(rows) + 1)]
        canvas.setLineWidth(0.3)
        canvas.grid(xs, ys)
        for number, (strain, figures) in enumerate(rows):
            baseline = ys[number] - DD_ROW + 2.6
            font = FONT_BOLD if number == 0 else FONT
            centre = x + DD_STRAIN / 2 - stringWidth(strain, FONT, DD_SIZE) / 2
            write(centre, baseline, _suit(strain), DD_SIZE)
            for column, figure in enumerate(figures):
                middle = xs[column + 1] + DD_CELL / 2 - stringWidth(figure, font, DD_SIZE) / 2
                write(middle, baseline, [(figure, font, INK)], DD_SIZE)


def _suit(symbol: str) -> list:
    """A suit or strain as text runs, hearts and diamonds in red (``grid.suit``)."""
    return [(text, FONT, colour) for text, colour in suit(symbol)]


def hand_records_story(pack: PrintPack) -> list:
    width = usable_width(pack.event)
    cell_width = width / BOARDS_ACROSS - 2 * mm
    records = [r for r in pack.hand_records if r.hands]
    if not records:
        return [text("The boards have not been dealt yet.", STYLES["body"])]
    unanalysed = pack.analysis_unavailable and any(not r.dd_rows for r in records)
    story = [
        text(f"Hand records · {pack.event.name}", STYLES["title"]),
        text(NOTE, STYLES["small"]),
        *([text(pack.analysis_unavailable, STYLES["small"])] if unanalysed else []),
        Spacer(1, 2 * mm),
    ]
    waiting = DD_NOT_INSTALLED if pack.analysis_unavailable else DD_WAITING
    for start in range(0, len(records), BOARDS_ACROSS):
        story += [
            BoardDiagrams(records[start : start + BOARDS_ACROSS], cell_width, 2 * mm, waiting),
            Spacer(1, 3 * mm),
        ]
    return story
