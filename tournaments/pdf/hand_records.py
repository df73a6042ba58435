"""Hand records: each board's four hands as a diagram, with dealer, trumps and double-dummy tricks."""

from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Table, TableStyle

from ..domain.boards import SEAT_NAMES
from .base import FONT, FONT_BOLD, RED, RULE, SHADE, STYLES, markup, suit_markup, text, usable_width
from .data import HandRecord, PrintPack

SUITS = ("♠", "♥", "♦", "♣")
BOARDS_ACROSS = 2
DD_STRAIN = 7 * mm
DD_CELL = 4.5 * mm  # with the strain column and the diagram cell's padding, inside a third of the diagram


def _hand(seat: str, ranks: tuple[str, str, str, str], dealer: str) -> Paragraph:
    name = SEAT_NAMES[seat] + (" (dealer)" if SEAT_NAMES[seat] == dealer else "")
    lines = ["<font size=7.5 color='#5a6478'>{}</font>"]
    values: list = [name]
    for symbol, suit in zip(SUITS, ranks, strict=True):
        lines.append("{} {}")
        # A suit's cards run together ("KQ10954"), as hand records print them: a long suit never breaks.
        values += [suit_markup(symbol), "".join("10" if r == "T" else r for r in suit) or "—"]
    return markup("<br/>".join(lines), STYLES["hand"], *values)


def _dd_table(record: HandRecord) -> Table:
    """Tricks by strain (rows) and declarer (columns), in plain cells with little padding, so the
    grid fits its third of the diagram and "NT" never wraps."""
    rows = [["", "N", "S", "E", "W"]]
    rows += [[strain, *map(str, tricks)] for strain, tricks in record.dd_rows]
    table = Table(rows, colWidths=[DD_STRAIN] + [DD_CELL] * 4)
    style = [
        ("FONT", (0, 0), (-1, -1), FONT, 8),
        ("FONTNAME", (0, 0), (-1, 0), FONT_BOLD),
        ("GRID", (0, 0), (-1, -1), 0.3, RULE),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("LEFTPADDING", (0, 0), (-1, -1), 1),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]
    style += [
        ("TEXTCOLOR", (0, row), (0, row), RED)
        for row, (strain, _) in enumerate(record.dd_rows, start=1)
        if strain in ("♥", "♦")
    ]
    table.setStyle(TableStyle(style))
    return table


def _board(record: HandRecord, width: float) -> Table:
    hands = dict(record.hands)
    third = width / 3
    heading = markup(
        "<b>Board {}</b><br/><font size=7.5>Dealer {}<br/>Trumps {}</font>",
        STYLES["cell"],
        record.board,
        record.dealer,
        suit_markup(record.trumps),
    )
    corner = ""
    if record.dd_rows:
        corner = _dd_table(record)
    diagram = Table(
        [
            [heading, _hand("N", hands["N"], record.dealer), corner],
            [_hand("W", hands["W"], record.dealer), "", _hand("E", hands["E"], record.dealer)],
            ["", _hand("S", hands["S"], record.dealer), ""],
        ],
        colWidths=[third] * 3,
    )
    diagram.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BOX", (0, 0), (-1, -1), 0.6, RULE),
                ("BACKGROUND", (1, 1), (1, 1), SHADE),
            ]
        )
    )
    return diagram


def hand_records_story(pack: PrintPack) -> list:
    width = usable_width(pack.event)
    cell_width = width / BOARDS_ACROSS - 2 * mm
    records = [r for r in pack.hand_records if r.hands]
    if not records:
        return [text("The boards have not been dealt yet.", STYLES["body"])]
    rows = []
    for start in range(0, len(records), BOARDS_ACROSS):
        chunk = [_board(r, cell_width) for r in records[start : start + BOARDS_ACROSS]]
        rows.append(chunk + [""] * (BOARDS_ACROSS - len(chunk)))
    grid = Table(rows, colWidths=[width / BOARDS_ACROSS] * BOARDS_ACROSS)
    grid.setStyle(
        TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("BOTTOMPADDING", (0, 0), (-1, -1), 4 * mm)])
    )
    note = (
        "Double-dummy tricks: for each strain and declarer with perfect play; in whist the dealer's "
        "left leads, so read the dealer's column for the board's trumps."
    )
    return [
        text(f"Hand records · {pack.event.name}", STYLES["title"]),
        text(note, STYLES["small"]),
        grid,
    ]
