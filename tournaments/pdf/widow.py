"""A widow whist series' paper: the table lists of each series drawn, a score card for each table
of the series in play (a row a deal: who deals, who took the widow, each player's tricks), and the
results. Plain data in (``WidowPrint``), PDF bytes out."""

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, PageBreak, Spacer

from ..print_data import TITLES, PrintEvent
from .base import STYLES, WRITING_ROW, build_pdf, text, usable_width
from .grid import Grid, column_width


@dataclass(frozen=True)
class WidowCard:
    series: int
    table: int
    players: tuple[str, ...]  # in their seats, the first dealer first
    rows: tuple[tuple[str, ...], ...]  # (deal, dealer, then "" to write in, "—" for who sits out)


@dataclass(frozen=True)
class WidowPrint:
    event: PrintEvent
    scoring: str
    # (series, ((table, players in words, deals), ...)) for each series drawn
    series: tuple[tuple[int, tuple[tuple[int, str, int], ...]], ...]
    cards: tuple[WidowCard, ...]
    standings: tuple[tuple[str, ...], ...]  # (place, name, points, deals played)


def _table_lists(data: WidowPrint) -> list:
    width = usable_width(data.event)
    story = []
    for series, tables in data.series:
        if story:
            story.append(PageBreak())
        story += [
            text(f"{data.event.name}: series {series}", STYLES["title"]),
            text(data.scoring, STYLES["note"]),
        ]
        widths = [column_width("Table"), 0, column_width("Deals")]
        widths[1] = width - widths[0] - widths[2]
        rows = [(str(t), players, str(deals)) for t, players, deals in tables]
        story.append(Grid(["Table", "Players (the first deals first)", "Deals"], rows, widths, size=14))
    return story or [text("The series has not started: the tables are drawn when it starts.", STYLES["body"])]


def _score_cards(data: WidowPrint) -> list:
    width = usable_width(data.event)
    story = []
    for card in data.cards:
        if story:
            story.append(PageBreak())
        header = ["Deal", "Dealer", "Widow", *card.players]
        fixed = [column_width("Total"), 38 * mm, 30 * mm]
        widths = fixed + [(width - sum(fixed)) / len(card.players)] * len(card.players)
        rows = [list(row) for row in card.rows] + [["Total", "", "", *[""] * len(card.players)]]
        story += [
            text(f"Series {card.series}, table {card.table}", STYLES["heading"]),
            text(f"{data.event.name} · {data.event.date}", STYLES["small"]),
            text(data.scoring + ". Write each player's tricks; — sits out.", STYLES["note"]),
            Spacer(1, 2 * mm),
            Grid(
                header,
                rows,
                widths,
                min_height=WRITING_ROW,
                bold_last=True,
                align={k: "CENTER" for k in range(len(header)) if k not in (1, 2)},
            ),
        ]
    return story or [
        text("The series has not started: the cards are printed once its tables are drawn.", STYLES["body"])
    ]


def _results(data: WidowPrint) -> list:
    width = usable_width(data.event)
    widths = [column_width("Place"), 0, column_width("Points"), column_width("Deals")]
    widths[1] = width - sum(widths)
    return [
        text(f"{data.event.name}: results", STYLES["title"]),
        text(data.scoring, STYLES["note"]),
        CondPageBreak(40 * mm),
        Grid(
            ["Place", "Player", "Points", "Deals"],
            data.standings,
            widths,
            align={0: "CENTER", 2: "CENTER", 3: "CENTER"},
        ),
    ]


STORIES = {"table-lists": _table_lists, "score-cards": _score_cards, "results": _results}


def render(data: WidowPrint, document: str) -> bytes:
    return build_pdf(data.event, TITLES[document], STORIES[document](data))
