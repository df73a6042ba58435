"""The results sheet: standings per field with percentages, and every pair's score on every board."""

from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from ..print_data import PrintPack
from .base import STYLES, text, usable_width
from .grid import Grid

MIN_BOARD_WIDTH = 9 * mm  # a board's column in the scores grid: room for "12.5"
PAIR_WIDTH = 18 * mm
FIGURE_WIDTH = 18 * mm  # a column of figures in the standings (score, top, %, tricks, ± avg)


def results_story(pack: PrintPack) -> list:
    sheet = pack.results
    if sheet is None:
        return [text("No results yet.", STYLES["body"])]
    width = usable_width(pack.event)
    status = "Provisional results" if sheet.provisional else "Final results"
    story = [
        text(f"{pack.event.name}: {status}", STYLES["title"]),
        text(f"{pack.event.club} · {pack.event.date} · {pack.event.scoring}", STYLES["small"]),
    ]
    for title, rows in sheet.fields:
        story.append(text(title, STYLES["heading"]))
        figures = [FIGURE_WIDTH] * len(sheet.headings)
        names = width - 14 * mm - 16 * mm - sum(figures) - 18 * mm
        header = ["Place", "Pair", "Players", *sheet.headings, "Boards"]
        data = [[r.rank, r.pair, r.names, *r.figures, str(r.boards)] for r in rows]
        right = {column: "RIGHT" for column in range(3, len(header))}
        story.append(Grid(header, data, [14 * mm, 16 * mm, names, *figures, 18 * mm], align=right))
    if sheet.note:
        story.append(text(sheet.note, STYLES["small"]))
    if sheet.boards:
        story += [Spacer(1, 4 * mm), text("Scores board by board", STYLES["heading"])]
        # As many boards a block as the page takes, shared out evenly so no block is a narrow stub.
        fits = max(1, int((width - PAIR_WIDTH) // MIN_BOARD_WIDTH))
        blocks = -(-len(sheet.boards) // fits)
        per_block = -(-len(sheet.boards) // blocks)
        cell_width = (width - PAIR_WIDTH) / per_block
        for start in range(0, len(sheet.boards), per_block):
            boards = sheet.boards[start : start + per_block]
            data = [[label, *cells[start : start + per_block]] for label, cells in sheet.grid]
            centred = {column: "CENTER" for column in range(1, len(boards) + 1)}
            widths = [PAIR_WIDTH] + [cell_width] * len(boards)
            story += [
                Grid(["Pair", *map(str, boards)], data, widths, size=7.5, align=centred),
                Spacer(1, 3 * mm),
            ]
    return story
