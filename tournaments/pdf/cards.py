"""Guide cards (where each moving pair goes) and personal score cards (a pair's own record), in
type read at arm's length, two to a sheet with a cut line when they fit (``sheets``)."""

from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from ..print_data import PrintPack
from .base import WRITING_ROW, card_size, card_styles, text, usable_width
from .grid import Grid, column_width, suit
from .phone_link import beside_phone_link
from .sheets import cards_on_sheets


def _head(pair: str, names: str, line: str, styles: dict) -> list:
    return [
        text(pair if names == pair else f"{pair}: {names}", styles["heading"]),
        text(line, styles["small"]),
        Spacer(1, 1.5 * mm),
    ]


def guide_cards_story(pack: PrintPack) -> list:
    width, size, styles = usable_width(pack.event), card_size(pack.event), card_styles(pack.event)
    round_, table = column_width("Round", size=size), column_width("Table", "sit out", size=size, bold=False)
    boards = column_width("Boards", "100–116", size=size, bold=False)
    sit = column_width("E/W cards", size=size, bold=False)
    widths = [round_, table, sit, boards, width - round_ - table - sit - boards]
    cards = []
    for card in pack.guide_cards:
        rows = [[str(s.round), s.table, s.direction, s.boards, s.opponents] for s in card.stops]
        line = f"{pack.event.name} · {pack.event.date} · your route for the evening"
        cards.append(
            [
                *beside_phone_link(_head(card.pair, card.names, line, styles), card.link, styles, width),
                Grid(["Round", "Table", "Sit", "Boards", "Opponents"], rows, widths, size=size, bold=[1]),
                *([Spacer(1, 1.5 * mm)] if card.notes else []),
                *(text(note, styles["note"]) for note in card.notes),
            ]
        )
    if not cards:
        return [text("No movement yet: build it first.", styles["body"])]
    return cards_on_sheets(pack.event, cards)


def _board(board: int, trumps: str) -> list:
    """The board and its trumps in one cell, hearts and diamonds in red: ``4 ♥``."""
    return [(f"{board} ", None), *suit(trumps)]


def score_cards_story(pack: PrintPack) -> list:
    width, size, styles = usable_width(pack.event), card_size(pack.event), card_styles(pack.event)
    # A Minnesota event's card says who went grand before the tricks and the pair's net points
    # after them, and names the rules under its heading.
    grand = pack.grand
    # In large print, or with a Minnesota card's two more figures, the opponents' names need the
    # room: the percentage goes on the card's line under its heading, and the notes' column is
    # named shorter (or, in both, left out).
    large = pack.event.large_print
    percentages = not (large or grand) and any(card.percentage for card in pack.score_cards)
    notes = () if large and grand else ("Notes",) if large else ("My notes",)
    # In large print a Minnesota card says who went grand in the tricks' own cell ("Them 3"): a
    # column of its own would leave a long name no room.
    apart = grand and not large
    header = ["Board", "Round", "Opponents", "Cards", *(["Grand"] if apart else []), "Tricks"]
    widths = [
        column_width("Board", "100 ♥", size=size),
        column_width("Round", size=size),
        0,
        column_width("Cards", size=size),
        *([column_width("Grand", "Them", size=size)] if apart else []),
        column_width("Tricks", *(["Them 13"] if grand and not apart else []), size=size),
    ]
    if grand:
        header.append("Net")
        widths.append(column_width("Net", "−14", size=size))
    header.append("Score")
    widths.append(column_width("Score", "−12.5", size=size))
    if percentages:  # the pair's percentage, in the total row, in a column of its own
        header.append("%")
        widths.append(column_width("100.00 %", size=size))
    header += notes
    widths += [column_width(name, size=size) for name in notes]
    widths[2] = width - sum(widths)
    centred = {column: "CENTER" for column in range(len(header) - len(notes)) if column != 2}
    rules = (
        [text(f"Minnesota whist, {pack.event.rules} Net: your points less your opponents'.", styles["small"])]
        if grand
        else []
    )
    cards, roomy = [], []
    for card in pack.score_cards:
        rows = []
        for index, r in enumerate(card.rows):
            # The opponents once a round: the round's other boards are against the same pair.
            same = index and card.rows[index - 1].round == r.round
            row = [_board(r.board, r.trumps), str(r.round), "" if same else r.opponents, r.direction]
            figures = (
                [r.grand, r.tricks, r.net]
                if apart
                else [" ".join(x for x in (r.grand, r.tricks) if x), r.net]
                if grand
                else [r.tricks]
            )
            rows.append([*row, *figures, r.score, *([""] if percentages else []), *([""] * len(notes))])
        total = ["Total", "", "", "", *([""] if apart else []), card.tricks, *([""] if grand else [])]
        rows.append([*total, card.total, *([card.percentage] if percentages else []), *([""] * len(notes))])
        line = f"{pack.event.name} · {pack.event.date} · personal score card"
        if not percentages and card.percentage:
            line += f" · {card.percentage}"
        head = _head(card.pair, card.names, line, styles)
        if rules:  # under the card's line, above the grid
            head[-1:-1] = rules
        options = dict(size=size, bold_last=True, align=centred, valign_middle=True)
        cards.append([*head, Grid(header, rows, widths, **options)])
        roomy.append([*head, Grid(header, rows, widths, min_height=WRITING_ROW, **options)])
    if not cards:
        return [text("No movement yet: build it first.", styles["body"])]
    return cards_on_sheets(pack.event, cards, roomy)
