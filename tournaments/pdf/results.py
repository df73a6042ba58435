"""The results sheet: standings per field with percentages, and every pair's score on every board."""

from reportlab.lib.units import mm
from reportlab.platypus import Spacer, Table, TableStyle

from .base import FONT, FONT_BOLD, RULE, SHADE, STYLES, text, usable_width
from .base import cell as fit
from .data import PrintPack

GRID_BOARDS = 14  # boards a block of the scores grid, so it never runs off the page
FIGURE_WIDTH = 18 * mm  # a column of figures in the standings (score, top, %, tricks, ± avg)


def _style(table: Table) -> Table:
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 1), (-1, -1), FONT),
                ("FONTNAME", (0, 0), (-1, 0), FONT_BOLD),
                ("FONTSIZE", (0, 0), (-1, -1), STYLES["cell"].fontSize),
                ("LEADING", (0, 0), (-1, -1), STYLES["cell"].leading),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ("GRID", (0, 0), (-1, -1), 0.4, RULE),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("ALIGN", (3, 1), (-1, -1), "RIGHT"),
            ]
        )
    )
    return table


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
        data = [["Place", "Pair", "Players", *sheet.headings, "Boards"]]
        data += [
            [r.rank, r.pair, fit(r.names, STYLES["cell"], names), *r.figures, str(r.boards)] for r in rows
        ]
        story.append(
            _style(Table(data, colWidths=[14 * mm, 16 * mm, names, *figures, 18 * mm], repeatRows=1))
        )
    if sheet.note:
        story.append(text(sheet.note, STYLES["small"]))
    if sheet.boards:
        story += [Spacer(1, 4 * mm), text("Scores board by board", STYLES["heading"])]
        for start in range(0, len(sheet.boards), GRID_BOARDS):
            boards = sheet.boards[start : start + GRID_BOARDS]
            data = [["Pair", *map(str, boards)]]
            data += [[label, *cells[start : start + GRID_BOARDS]] for label, cells in sheet.grid]
            cell_width = (width - 18 * mm) / GRID_BOARDS
            table = Table(data, colWidths=[18 * mm] + [cell_width] * len(boards), repeatRows=1)
            table.setStyle(
                TableStyle(
                    [
                        ("FONTNAME", (0, 1), (-1, -1), FONT),
                        ("FONTNAME", (0, 0), (-1, 0), FONT_BOLD),
                        ("FONTSIZE", (0, 0), (-1, -1), 7),
                        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                        ("GRID", (0, 0), (-1, -1), 0.3, RULE),
                        ("ALIGN", (1, 0), (-1, -1), "CENTER"),
                    ]
                )
            )
            story += [table, Spacer(1, 3 * mm)]
    return story
