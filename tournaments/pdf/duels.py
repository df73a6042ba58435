"""A two-player night's paper: the round's pairings for the noticeboard, a score card for each
table of the round (a row a deal, both players' tricks and points, signed by both), and the
standings. Plain data in (``print_data.NightPrint``), PDF bytes out."""

from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from ..print_data import NIGHT_DOCUMENTS, NightPrint
from .base import STYLES, WRITING_ROW, build_pdf, text, usable_width
from .grid import Grid, column_width
from .sheets import cards_on_sheets


def _pairings(data: NightPrint) -> list:
    width = usable_width(data.event)
    table = column_width("Table", "Bye")
    story = [
        text(f"{data.event.name}: {data.round_title}", STYLES["title"]),
        text(data.event.scoring, STYLES["note"]),
    ]
    if not data.pairings:
        return [*story, text("The night has not started: round 1 is paired at the start.", STYLES["body"])]
    rows = [list(row) for row in data.pairings]
    story.append(
        Grid(
            ["Table", "First (deals first)", "Second"],
            rows,
            [table, (width - table) / 2, (width - table) / 2],
        )
    )
    return story


def _score_cards(data: NightPrint) -> list:
    width = usable_width(data.event)
    cards, roomy = [], []
    for card in data.cards:
        header = ["Deal", f"{card.first}: tricks", f"{card.second}: tricks"]
        header += [f"{card.first}: points", f"{card.second}: points"]
        narrow = column_width("Deal", "Total")
        widths = [narrow, *[(width - narrow) / 4] * 4]
        head = [
            text(card.title, STYLES["heading"]),
            text(f"{data.event.name} · {data.event.date}", STYLES["small"]),
            text(data.event.scoring, STYLES["note"]),
            text(f"Signed: {card.first} ____________  {card.second} ____________", STYLES["note"]),
            Spacer(1, 1.5 * mm),
        ]
        rows = [list(row) for row in card.rows] + [["Total", "", "", "", ""]]
        align = {k: "CENTER" for k in range(5)}
        cards.append([*head, Grid(header, rows, widths, bold_last=True, align=align)])
        roomy.append([*head, Grid(header, rows, widths, bold_last=True, align=align, min_height=WRITING_ROW)])
    if not cards:
        return [text("No table plays this round.", STYLES["body"])]
    return cards_on_sheets(data.event, cards, roomy)


def _results(data: NightPrint) -> list:
    width = usable_width(data.event)
    columns = ["Place", "Player", "Game points", "Won", "Tied", "Lost", "Spread"]
    widths = [column_width(c) for c in columns]
    widths[1] = 0
    widths[1] = width - sum(widths)
    story = [text(f"{data.event.name}: standings", STYLES["title"]), text(data.event.scoring, STYLES["note"])]
    story.append(
        Grid(
            columns,
            [list(r) for r in data.standings],
            widths,
            align={k: "CENTER" for k in (0, 2, 3, 4, 5, 6)},
        )
    )
    return story


STORIES = {"pairings": _pairings, "score-cards": _score_cards, "results": _results}


def render(data: NightPrint, document: str) -> bytes:
    return build_pdf(data.event, NIGHT_DOCUMENTS[document], STORIES[document](data))
