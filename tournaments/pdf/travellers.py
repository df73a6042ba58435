"""Travellers: one score sheet per board, blank for play, filled in once the board is scored."""

from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from .base import FONT_BOLD, RULE, SHADE, STYLES, markup, suit_markup, text, usable_width
from .data import PrintPack

ROW_HEIGHT = 7 * mm  # room to write by hand


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
                text(r.ns, cell),
                text(r.ew, cell),
                r.ns_tricks,
                r.ew_tricks,
                r.ns_score,
                r.ew_score,
            ]
            for r in t.rows
        ]
        name_width = (width - 12 * mm - 12 * mm - 4 * 18 * mm) / 2
        table = Table(
            rows,
            colWidths=[12 * mm, 12 * mm, name_width, name_width] + [18 * mm] * 4,
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
                    Spacer(1, 8 * mm),
                ]
            )
        )
    return story or [text("No boards yet: build the movement first.", STYLES["body"])]
