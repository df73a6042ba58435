"""A competition's standings for the club's noticeboard: large type, read from a step away."""

from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from ..print_data import CompetitionSheet
from .base import STYLES, build_pdf, text, usable_width
from .grid import Grid

BODY = 12  # points: the standings, read standing at a noticeboard
PLACE_WIDTH = 20 * mm
FIGURE_WIDTH = 27 * mm  # room for 'Counted' in 12 pt
STATUS_WIDTH = 40 * mm  # 'needs 12 more'


def render(sheet: CompetitionSheet) -> bytes:
    width = usable_width(sheet.event)
    story = [
        text(sheet.event.name, STYLES["title"]),
        text(f"{sheet.event.club} · {sheet.event.date}", STYLES["lead"]),
        text(sheet.rules, STYLES["note"]),
        text(sheet.updated, STYLES["note"]),
    ]
    right = {column: "RIGHT" for column in (2, 3, 4)}
    names = width - PLACE_WIDTH - 3 * FIGURE_WIDTH
    for title, rows in sheet.lists:
        story.append(text(title, STYLES["heading"]))
        widths = [PLACE_WIDTH, names, FIGURE_WIDTH, FIGURE_WIDTH, FIGURE_WIDTH]
        story.append(Grid(sheet.headings, rows, widths, size=BODY, align=right, bold=(4,)))
    if sheet.apart:
        story += [Spacer(1, 3 * mm), text("Not qualified yet", STYLES["heading"])]
        rest = width - 3 * FIGURE_WIDTH - STATUS_WIDTH
        widths = [rest, FIGURE_WIDTH, FIGURE_WIDTH, FIGURE_WIDTH, STATUS_WIDTH]
        header = ["Name", "Played", "Counted", "Total", "To qualify"]
        story.append(Grid(header, sheet.apart, widths, size=BODY, align={1: "RIGHT", 2: "RIGHT", 3: "RIGHT"}))
    if not sheet.lists and not sheet.apart:
        story.append(text("No evening has counted yet.", STYLES["note"]))
    return build_pdf(sheet.event, "Standings", story)
