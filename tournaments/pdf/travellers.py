"""Travellers: one score sheet per board, blank for play, filled in once the board is scored."""

from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer

from ..print_data import PrintPack
from .base import STYLES, markup, suit_markup, text, usable_width
from .grid import Grid, column_width

ROW_HEIGHT = 7 * mm  # room to write by hand
PLACE_WIDTH = column_width("Round")  # "Round" and "Table" in the bold header, whole
FIGURE_WIDTH = column_width("tricks", "score")  # "N/S" over "tricks" in the header
SWITCH_NOTE = (
    "* Arrow switch: the pair sitting N/S played the E/W cards; write the tricks of the pair sitting N/S."
)


def travellers_story(pack: PrintPack) -> list:
    width = usable_width(pack.event)
    story = []
    for t in pack.travellers:
        header = [
            "Round",
            "Table",
            *pack.sides,
            "N/S tricks",
            "E/W tricks",
            "N/S score",
            "E/W score",
        ]
        name_width = (width - 2 * PLACE_WIDTH - 4 * FIGURE_WIDTH) / 2
        widths = [PLACE_WIDTH, PLACE_WIDTH, name_width, name_width] + [FIGURE_WIDTH] * 4
        rows = [
            [
                str(r.round),
                str(r.table),
                r.ns + (" *" if r.arrow_switched else ""),
                r.ew + (" *" if r.arrow_switched else ""),
                r.ns_tricks,
                r.ew_tricks,
                r.ns_score,
                r.ew_score,
            ]
            for r in t.rows
        ]
        centred = {column: "CENTER" for column in range(4, 8)}
        table = Grid(header, rows, widths, min_height=ROW_HEIGHT, align=centred, valign_middle=True)
        story.append(
            KeepTogether(
                [
                    markup(
                        "Board {} <font size=14>· Dealer {} · Trumps {}</font>",
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
