"""Guide cards (where each moving pair goes) and personal score cards (a pair's own record)."""

from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer

from ..print_data import PrintPack
from .base import STYLES, text, usable_width
from .grid import Grid, suit

GAP = 6 * mm


def guide_cards_story(pack: PrintPack) -> list:
    width = usable_width(pack.event)
    story = []
    for card in pack.guide_cards:
        widths = [14 * mm, 18 * mm, 30 * mm, 40 * mm, width - 102 * mm]
        rows = [[str(s.round), s.table, s.direction, s.boards, s.opponents] for s in card.stops]
        table = Grid(["Round", "Table", "Sit", "Boards", "Opponents"], rows, widths, bold=[1])
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
                    table,
                    *(text(note, STYLES["note"]) for note in card.notes),
                    Spacer(1, GAP),
                ]
            )
        )
    return story or [text("No movement yet: build it first.", STYLES["body"])]


def score_cards_story(pack: PrintPack) -> list:
    width = usable_width(pack.event)
    story = []
    for card in pack.score_cards:
        widths = [13 * mm, 14 * mm, 0, 17 * mm, 13 * mm, 14 * mm, 16 * mm, 24 * mm]
        widths[2] = width - sum(widths)
        rows = [
            [str(r.board), str(r.round), r.opponents, suit(r.trumps), r.direction, r.tricks, r.score, ""]
            for r in card.rows
        ]
        rows.append(["Total", "", "", "", "", card.tricks, card.total, card.percentage])
        header = ["Board", "Round", "Opponents", "Trumps", "Cards", "Tricks", "Score", "My notes"]
        table = Grid(header, rows, widths, bold_last=True, align={5: "CENTER", 6: "CENTER"})
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
