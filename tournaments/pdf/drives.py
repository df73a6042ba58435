"""A drive's paper: a score card per player, a card for each table with the movement in words, and
the results sheet with the prizes. Plain data in (``print_data.DrivePrint``), PDF bytes out."""

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, PageBreak, Spacer

from ..print_data import DrivePrint
from .base import STYLES, WRITING_ROW, build_pdf, card_size, card_styles, text, usable_width
from .grid import Grid, column_width, suit
from .sheets import cards_on_sheets
from .table_cards import QrCode


def _score_cards(data: DrivePrint) -> list:
    width, size, styles = usable_width(data.event), card_size(data.event), card_styles(data.event)
    header = list(data.card_columns)
    # In large print a hand's trumps go beside its number ("3 ♠"), leaving their column's room to
    # the names.
    merged = data.event.large_print and header[1:2] == ["Trumps"]
    if merged:
        del header[1]
    # The names (a partner; a team's opponents) come between the table and the last two columns'
    # scores, and share what the narrow columns leave.
    wide = range(2 if merged else 3, len(header) - 2)
    widths = [
        column_width(name, "Half", "10 ♥" if merged else "", size=size)
        if k == 0
        else column_width(name, size=size)
        for k, name in enumerate(header)
    ]
    left = width - sum(w for k, w in enumerate(widths) if k not in wide)
    widths = [left / len(wide) if k in wide else w for k, w in enumerate(widths)]
    centred = {k: "CENTER" for k in range(len(header)) if k not in wide}
    cards, roomy = [], []
    for card in data.cards:
        if merged:
            rows = [[[(f"{r[0]} ", None), *suit(r[1])] if r[1] else r[0], *r[2:]] for r in card.rows]
        else:
            rows = [[r[0], suit(r[1]) if r[1] else "", *r[2:]] for r in card.rows]
        rows.append(["Total", *[""] * (len(header) - 2), card.total])
        head = [
            text(card.title, styles["heading"]),
            text(" · ".join((data.event.name, data.event.date, data.card, *data.rules[:1])), styles["small"]),
            # The rules' summary, when the game names its rules: every card carries what it scores.
            *(text(line, styles["note"]) for line in data.rules[1:]),
            Spacer(1, 1.5 * mm),
        ]
        options = dict(size=size, bold_last=True, align=centred)
        cards.append([*head, Grid(header, rows, widths, **options)])
        roomy.append([*head, Grid(header, rows, widths, min_height=WRITING_ROW, **options)])
    if not cards:
        return [text("No players yet.", styles["body"])]
    return cards_on_sheets(data.event, cards, roomy)


def _table_cards(data: DrivePrint) -> list:
    story = []
    for card in data.tables:
        if story:
            story.append(PageBreak())
        story += [
            text(f"Table {card.table}", STYLES["huge"]),
            text(data.event.name, STYLES["heading"]),
            Spacer(1, 6 * mm),
        ]
        story += [text(line, STYLES["lead"]) for line in card.lines]
        story += [
            Spacer(1, 10 * mm),
            QrCode(card.link, 50 * mm),
            Spacer(1, 3 * mm),
            text(f"Tablet: scan the code, or type {card.code} on the start page", STYLES["code"]),
            text(card.link, STYLES["note"]),
        ]
    return story or [text("The drive has not started: the tables are set when it starts.", STYLES["body"])]


# Room for a heading, its grid's headings and a few rows: less than this at the foot of a page, and
# the heading starts the next page rather than stand there alone.
HEADING_ROOM = 40 * mm


def _results(data: DrivePrint) -> list:
    width = usable_width(data.event)
    story = [text(f"{data.event.name}: results", STYLES["title"])]
    story += [text(line, STYLES["note"]) for line in data.rules]
    if data.results.prizes:
        story += [CondPageBreak(HEADING_ROOM), text("Prizes", STYLES["heading"])]
        story.append(
            Grid(
                ["Prize", "Winner", "Score"],
                data.results.prizes,
                [60 * mm, width - 85 * mm, 25 * mm],
            )
        )
    columns = list(data.results.columns)
    for heading, rows in data.results.standings:
        widths = [
            column_width(name, "L40") if k == 1 else column_width(name) for k, name in enumerate(columns)
        ]
        widths[2] = 0
        widths[2] = width - sum(widths)
        story += [CondPageBreak(HEADING_ROOM), text(heading, STYLES["heading"])]
        story.append(
            Grid(
                columns,
                rows,
                widths,
                align={k: "CENTER" for k in range(len(columns)) if k != 2},
            )
        )
    return story


STORIES = {"score-cards": _score_cards, "table-cards": _table_cards, "results": _results}


def render(data: DrivePrint, document: str) -> bytes:
    return build_pdf(data.event, data.titles[document], STORIES[document](data))
