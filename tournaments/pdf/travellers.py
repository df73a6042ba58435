"""Travellers: one score sheet per board, blank for play, filled in once the board is scored."""

from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer

from ..print_data import PrintPack
from .base import STYLES, markup, suit_markup, text, usable_width
from .grid import Grid, column_width

ROW_HEIGHT = 7 * mm  # room to write by hand
PLACE_WIDTH = column_width("Round")  # "Round" and "Table" in the bold header, whole
FIGURE_WIDTH = column_width("tricks", "score")  # "N/S" over "tricks" in the header
GRAND_WIDTH = column_width("E/W grand")  # Minnesota whist: who went grand
NET_NOTE = "N/S net: N/S's points less E/W's."
SWITCH_NOTE = (
    "* Arrow switch: the pair sitting N/S played the E/W cards; write the tricks of the pair sitting N/S."
)


def travellers_story(pack: PrintPack) -> list:
    width = usable_width(pack.event)
    # A Minnesota event's traveller asks who went grand (N/S grand, E/W grand or Low) before the
    # tricks, and has N/S's net points after them: what the boards are compared on.
    grand = pack.grand
    figures = 5 if grand else 4
    rules = [text(f"Minnesota whist, {pack.event.rules} {NET_NOTE}", STYLES["small"])] if grand else []
    story = []
    for t in pack.travellers:
        header = [
            "Round",
            "Table",
            *pack.sides,
            *(["Grand"] if grand else []),
            "N/S tricks",
            "E/W tricks",
            *(["N/S net"] if grand else []),
            "N/S score",
            "E/W score",
        ]
        name_width = (width - 2 * PLACE_WIDTH - figures * FIGURE_WIDTH - (GRAND_WIDTH if grand else 0)) / 2
        widths = [PLACE_WIDTH, PLACE_WIDTH, name_width, name_width] + ([GRAND_WIDTH] if grand else [])
        widths += [FIGURE_WIDTH] * figures
        rows = [
            [
                str(r.round),
                str(r.table),
                r.ns + (" *" if r.arrow_switched else ""),
                r.ew + (" *" if r.arrow_switched else ""),
                *([r.grand] if grand else []),
                r.ns_tricks,
                r.ew_tricks,
                *([r.ns_net] if grand else []),
                r.ns_score,
                r.ew_score,
            ]
            for r in t.rows
        ]
        centred = {column: "CENTER" for column in range(4, len(header))}
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
                        f"{pack.event.name} · {pack.event.date} · traveller: N/S write "
                        + ("who went grand and " if grand else "")
                        + "the tricks, E/W check",
                        STYLES["small"],
                    ),
                    *rules,
                    Spacer(1, 1.5 * mm),
                    table,
                    *([text(SWITCH_NOTE, STYLES["small"])] if any(r.arrow_switched for r in t.rows) else []),
                    Spacer(1, 8 * mm),
                ]
            )
        )
    return story or [text("No boards yet: build the movement first.", STYLES["body"])]
