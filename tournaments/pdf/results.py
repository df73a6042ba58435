"""The results sheet: standings per field with percentages, and every pair's score on every board;
before play, the same sheet as a form with empty boxes, to fill in by hand."""

from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from ..print_data import PrintPack
from .base import STYLES, WRITING_ROW, text, usable_width
from .grid import Grid, column_width

PAIR_WIDTH = column_width("Pair", "N/S 40", "Pair 28", bold=False)
MIN_BOARD_WIDTH = column_width("12.5", "100", bold=False)  # a board's column in the scores grid
FIGURE_WIDTH = column_width("Boards", "−12.5", "100.00")  # a figure: score, top, %, tricks, ± avg
PLACE_WIDTH = column_width("Place", "10=")


def results_story(pack: PrintPack) -> list:
    sheet = pack.results
    if sheet is None:
        return [text("No results yet.", STYLES["body"])]
    width = usable_width(pack.event)
    status = "Results" if sheet.blank else "Provisional results" if sheet.provisional else "Final results"
    story = [
        text(f"{pack.event.name}: {status}", STYLES["title"]),
        text(f"{pack.event.club} · {pack.event.date} · {pack.event.scoring}", STYLES["small"]),
    ]
    rows_height = WRITING_ROW if sheet.blank else 0
    label_width = max(PAIR_WIDTH, column_width(sheet.label))
    for title, rows in sheet.fields:
        story.append(text(title, STYLES["heading"]))
        figures = [FIGURE_WIDTH] * len(sheet.headings)
        names = width - PLACE_WIDTH - label_width - sum(figures) - FIGURE_WIDTH
        header = ["Place", sheet.label, sheet.names, *sheet.headings, "Boards"]
        data = [
            [r.rank, r.pair, r.names, *(r.figures or [""] * len(figures)), str(r.boards) if r.boards else ""]
            for r in rows
        ]
        right = {column: "RIGHT" for column in range(3, len(header))}
        widths = [PLACE_WIDTH, label_width, names, *figures, FIGURE_WIDTH]
        story.append(Grid(header, data, widths, align=right, min_height=rows_height, valign_middle=True))
    if sheet.note:
        story.append(text(sheet.note, STYLES["small"]))
    if sheet.boards:
        story += [Spacer(1, 4 * mm), text("Scores board by board", STYLES["heading"])]
        # As many boards a block as the page takes, shared out evenly so no block is a narrow stub.
        fits = max(1, int((width - label_width) // MIN_BOARD_WIDTH))
        blocks = -(-len(sheet.boards) // fits)
        per_block = -(-len(sheet.boards) // blocks)
        cell_width = (width - label_width) / per_block
        for start in range(0, len(sheet.boards), per_block):
            boards = sheet.boards[start : start + per_block]
            data = [[label, *cells[start : start + per_block]] for label, cells in sheet.grid]
            centred = {column: "CENTER" for column in range(1, len(boards) + 1)}
            widths = [label_width] + [cell_width] * len(boards)
            story += [
                Grid([sheet.label, *map(str, boards)], data, widths, align=centred, min_height=rows_height),
                Spacer(1, 3 * mm),
            ]
    return story
