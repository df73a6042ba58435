"""Guide cards (where each moving pair goes) and personal score cards (a pair's own record)."""

from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer, TableStyle

from .base import FONT_BOLD, RULE, STYLES, grid_table, markup, suit_markup, text, usable_width
from .data import PrintPack

GAP = 6 * mm


def guide_cards_story(pack: PrintPack) -> list:
    width = usable_width(pack.event)
    cell = STYLES["cell"]
    story = []
    for card in pack.guide_cards:
        rows = [["Round", "Table", "Sit", "Boards", "Opponents"]]
        rows += [
            [
                str(s.round),
                text(s.table, STYLES["cell_bold"]),
                text(s.direction, cell),
                text(s.boards, cell),
                text(s.opponents, cell),
            ]
            for s in card.stops
        ]
        story.append(
            KeepTogether(
                [
                    text(
                        card.pair if card.names == card.pair else f"{card.pair}: {card.names}",
                        STYLES["heading"],
                    ),
                    text(
                        f"{pack.event.name} · {pack.event.date} · your route for the evening", STYLES["small"]
                    ),
                    Spacer(1, 1.5 * mm),
                    grid_table(rows, [14 * mm, 18 * mm, 30 * mm, 40 * mm, width - 102 * mm]),
                    Spacer(1, GAP),
                ]
            )
        )
    return story or [text("No movement yet: build it first.", STYLES["body"])]


def score_cards_story(pack: PrintPack) -> list:
    width = usable_width(pack.event)
    cell = STYLES["cell"]
    story = []
    for card in pack.score_cards:
        rows = [["Board", "Round", "Opponents", "Trumps", "Cards", "Tricks", "Score", "My notes"]]
        rows += [
            [
                str(r.board),
                str(r.round),
                text(r.opponents, cell),
                markup("{}", cell, suit_markup(r.trumps)),
                r.direction,
                r.tricks,
                r.score,
                "",
            ]
            for r in card.rows
        ]
        rows.append(["Total", "", "", "", "", card.tricks, card.total, card.percentage])
        widths = [13 * mm, 14 * mm, 0, 17 * mm, 13 * mm, 14 * mm, 16 * mm, 24 * mm]
        widths[2] = width - sum(widths)
        table = grid_table(rows, widths)
        table.setStyle(
            TableStyle(
                [("FONTNAME", (0, -1), (-1, -1), FONT_BOLD), ("LINEABOVE", (0, -1), (-1, -1), 1, RULE)]
            )
        )
        story.append(
            KeepTogether(
                [
                    text(
                        card.pair if card.names == card.pair else f"{card.pair}: {card.names}",
                        STYLES["heading"],
                    ),
                    text(f"{pack.event.name} · {pack.event.date} · personal score card", STYLES["small"]),
                    Spacer(1, 1.5 * mm),
                    table,
                    Spacer(1, GAP),
                ]
            )
        )
    return story or [text("No movement yet: build it first.", STYLES["body"])]
