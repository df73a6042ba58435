"""Cards a player keeps at hand (guide cards, score cards): two to a sheet, with a cut line across
the middle, when each fits half a sheet; else one to a sheet, flowing onto the next if it must.

Half an A4 sheet is A5 (half a Letter sheet, Statement): the cut line is drawn at the middle of the
paper, and each half keeps a margin on its side of the line, so both halves come out the same.

    >>> from reportlab.lib.pagesizes import A4
    >>> round((A4[1] / 2) / mm)  # the cut, from the foot of the sheet
    148
"""

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak

from ..print_data import PrintEvent
from .base import FRAME_PADDING, MARGIN, RULE, STYLES, draw_text, text, usable_height, usable_width

CUT_GAP = 6 * mm  # room left either side of the cut line
CUT_SIZE = 14  # the scissors at the cut line's start (no smaller than large print's type)


def _height(flowables: list, width: float, height: float) -> float:
    return sum(flowable.wrap(width, height)[1] for flowable in flowables)


def room_left(flowables: list, width: float, height: float) -> float:
    """What a page of ``height`` has left below these flowables at its top, the space around each
    counted as the frame counts it (none above the first)."""
    return height - sum(
        flowable.wrap(width, height)[1]
        + (flowable.getSpaceBefore() if index else 0)
        + flowable.getSpaceAfter()
        for index, flowable in enumerate(flowables)
    )


def carried_over(grid, *, width: float, height: float, room: float, continued: str, style=None) -> list:
    """A grid (``grid.Grid``) in the ``room`` its first page leaves it, the rows that do not fit
    carried over to further pages, each headed ``continued`` (whose card it is) and with the
    grid's headings: the type keeps its size however many rows."""
    pieces: list = []
    while True:
        parts = grid.split(width, room)
        if not parts:
            return [*pieces, grid]
        first, grid = parts
        heading = text(continued, style or STYLES["heading"])
        pieces += [first, PageBreak(), heading]
        room = room_left([heading], width, height)


class HalfSheet(Flowable):
    """One card in half of the page's frame, laid out from the top of its half; the lower half
    draws the cut line along its top, out to the paper's edges."""

    def __init__(self, flowables: list, width: float, height: float, *, lower: bool):
        super().__init__()
        self.flowables, self.width, self.height, self.lower = flowables, width, height, lower

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        canvas = self.canv
        y = self.height - (CUT_GAP if self.lower else 0)
        for flowable in self.flowables:
            _, height = flowable.wrap(self.width, self.height)
            y -= height
            flowable.drawOn(canvas, 0, y)
        if self.lower:
            edge = MARGIN + FRAME_PADDING
            canvas.saveState()
            canvas.setStrokeColor(RULE)
            canvas.setLineWidth(0.6)
            canvas.setDash(4, 3)
            canvas.line(-edge, self.height, self.width + edge, self.height)
            canvas.setFillColor(RULE)
            draw_text(canvas, 0, self.height - CUT_SIZE * 0.35, "✂", CUT_SIZE)
            canvas.restoreState()


def cards_on_sheets(event: PrintEvent, cards: list[list], roomy: list[list] | None = None) -> list:
    """The cards (each a list of flowables), two to a sheet when every one fits half of it, else
    one to a sheet, laid out as ``roomy`` gives them if it does (with room to write, say). A
    document of cards starts on a sheet of its own."""
    width, height = usable_width(event), usable_height(event)
    half = height / 2 - 0.01  # two halves fill the frame exactly: a hair less, against rounding
    room = half - CUT_GAP
    story: list = []
    if all(_height(card, width, room) <= room for card in cards):
        for index, card in enumerate(cards):
            lower = index % 2 == 1
            if index and not lower:
                story.append(PageBreak())
            story.append(HalfSheet(card, width, half, lower=lower))
        return story
    for index, card in enumerate(roomy or cards):
        if index:
            story.append(PageBreak())
        story += card
    return story
