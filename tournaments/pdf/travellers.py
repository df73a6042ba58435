"""Travellers: one score sheet per board, blank for play, filled in once the board is scored."""

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from .base import FONT_BOLD, RULE, SHADE, STYLES, markup, suit_markup, text, usable_width
from .data import PrintPack

ROW_HEIGHT = 7 * mm  # room to write by hand
CELL_PADDING = 12  # points: reportlab's table cells pad 6 left and 6 right
# "Round" and "Table" in the bold header, whole: the word's own width and the padding, and a little air.
PLACE_WIDTH = stringWidth("Round", FONT_BOLD, STYLES["cell_bold"].fontSize) + CELL_PADDING + 2 * mm
FIGURE_WIDTH = 18 * mm
SWITCH_NOTE = (
    "* Arrow switch: the pair sitting N/S played the E/W cards; write the tricks of the pair sitting N/S."
)


def travellers_story(pack: PrintPack) -> list:
    width = usable_width(pack.event)
    cell = STYLES["cell"]
    story = []
    for t in pack.travellers:
        header = [
            "Round",
            "Table",
            "N/S pair",
            "E/W pair",
            "N/S tricks",
            "E/W tricks",
            "N/S score",
            "E/W score",
        ]
        rows = [[text(h, STYLES["cell_bold"]) for h in header]]
        rows += [
            [
                str(r.round),
                str(r.table),
                text(r.ns + (" *" if r.arrow_switched else ""), cell),
                text(r.ew + (" *" if r.arrow_switched else ""), cell),
                r.ns_tricks,
                r.ew_tricks,
                r.ns_score,
                r.ew_score,
            ]
            for r in t.rows
        ]
        name_width = (width - 2 * PLACE_WIDTH - 4 * FIGURE_WIDTH) / 2
        table = Table(
            rows,
            colWidths=[PLACE_WIDTH, PLACE_WIDTH, name_width, name_width] + [FIGURE_WIDTH] * 4,
            rowHeights=[None] + [ROW_HEIGHT] * len(t.rows),
            repeatRows=1,
        )
        table.setStyle(
            TableStyle(
                [
                    ("FONTNAME", (0, 0), (-1, 0), FONT_BOLD),
                    ("FONTSIZE", (0, 0), (-1, -1), 8.5),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("GRID", (0, 0), (-1, -1), 0.4, RULE),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("ALIGN", (4, 1), (-1, -1), "CENTER"),
                ]
            )
        )
        story.append(
            KeepTogether(
                [
                    markup(
                        "Board {} <font size=10>· Dealer {} · Trumps {}</font>",
                        STYLES["title"],
                        t.board,
                        t.dealer,
                        suit_markup(t.trumps),
                    ),
                    text(
                        f"{pack.event.name} · {pack.event.date} · traveller: N/S write the tricks, E/W check",
                        STYLES["small"],
                    ),
                    Spacer(1, 1.5 * mm),
                    table,
                    *([text(SWITCH_NOTE, STYLES["small"])] if any(r.arrow_switched for r in t.rows) else []),
                    Spacer(1, 8 * mm),
                ]
            )
        )
    return story or [text("No boards yet: build the movement first.", STYLES["body"])]
