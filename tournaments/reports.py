"""An event's results as plain data, text and CSV (for the results command, downloads and paper).

Pure formatting: it reads an ``EventReport`` and the domain, never the database or the web, so
services, views and commands may all use it. The pages' own rows (with links) are in
``views/rows.py``.
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from .domain.boards import SEAT_NAMES, STRAIN_SYMBOLS
from .domain.deals import parse_deal
from .domain.scoring import DIRECTION_NAMES, pair_label

if TYPE_CHECKING:
    from .services.scoring import EventReport

FIELD_TITLES = {"NS": "North/South", "EW": "East/West", "ALL": "All pairs"}


def standing_rows(report: EventReport) -> list[dict]:
    return [
        {
            "field": s.field,
            "direction": s.pair[0],
            "pair": s.pair[1],
            "names": report.name(s.pair),
            "rank": s.rank,
            "score": s.score,
            "top": s.top,
            "percentage": s.percentage,
            "boards_played": s.boards_played,
            "tricks": s.tricks,
        }
        for s in report.scores.standings
    ]


def board_rows(report: EventReport) -> list[dict]:
    return [
        {
            "board": board.board,
            "trumps": report.trumps.get(board.board, ""),
            "results": [
                {
                    "ns_pair": s.result.ns_pair[1],
                    "ew_pair": s.result.ew_pair[1],
                    "arrow_switched": s.result.arrow_switched,
                    "ns_tricks": s.result.ns_tricks,
                    "adjusted": s.result.adjusted_text,
                    "ns_score": s.ns_score,
                    "ew_score": s.ew_score,
                }
                for s in board.results
            ],
        }
        for board in report.scores.boards
    ]


def report_as_dict(report: EventReport) -> dict:
    event = report.event
    return {
        "event": event.name,
        "date": event.date.isoformat(),
        "status": "provisional" if report.provisional else "final",
        "scoring": report.scores.method,
        "scale": report.scores.scale,
        "rankings": standing_rows(report),
        "boards": board_rows(report),
    }


def format_score(value: float | None) -> str:
    """Exact halves as they are; factored scores to one decimal."""
    if value is None:
        return ""
    if abs(value * 2 - round(value * 2)) < 1e-9:
        return f"{value:g}" if value == int(value) else f"{value:.1f}"
    return f"{value:.1f}"


def format_percentage(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


def report_as_text(report: EventReport) -> str:
    event = report.event
    lines = [
        f"{event.name}, {event.club.name}, {event.date:%d %B %Y}"
        f" ({'provisional' if report.provisional else 'final'} results)",
        f"Scoring: {event.get_scoring_display()}"
        + (f", {event.get_scale_display()}" if event.scoring == "matchpoints" else ""),
    ]
    mp = report.scores.method == "matchpoints"
    for field in report.scores.fields:
        lines += ["", FIELD_TITLES[field]]
        header = f"{'Rank':<5} {'Pair':<7} {'Names':<40} {'Score':>7}"
        header += f" {'Top':>6} {'%':>7}" if mp else f" {'± avg':>7}"
        lines.append(header + f" {'Boards':>6}")
        for s in report.scores.field(field):
            name = report.name(s.pair)[:40]
            line = f"{s.rank:<5} {pair_label(s.pair):<7} {name:<40} {format_score(s.score):>7}"
            if mp:
                line += f" {format_score(s.top):>6} {format_percentage(s.percentage):>7}"
            else:
                line += f" {'' if s.versus_average is None else f'{s.versus_average:+.1f}':>7}"
            lines.append(line + f" {s.boards_played:>6}")
    return "\n".join(lines) + "\n"


def report_as_csv(report: EventReport) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "field",
            "rank",
            "direction",
            "pair",
            "names",
            "score",
            "top",
            "percentage",
            "boards_played",
            "tricks",
        ]
    )
    for row in standing_rows(report):
        writer.writerow(
            [
                row["field"],
                row["rank"],
                DIRECTION_NAMES[row["direction"]],
                row["pair"],
                row["names"],
                format_score(row["score"]),
                format_score(row["top"]),
                format_percentage(row["percentage"]),
                row["boards_played"],
                row["tricks"],
            ]
        )
    return out.getvalue()


DIAGRAM_SEATS = "NWES"  # the order the template lays the hands out
SUIT_ROWS = (("♠", ""), ("♥", "red"), ("♦", "red"), ("♣", ""))


def hand_diagram(board) -> dict | None:
    """The four hands for a diagram: seat -> list of (symbol, css class, ranks) rows."""
    if not board.deal:
        return None
    deal = parse_deal(board.deal)
    return {
        seat: {
            "name": SEAT_NAMES[seat],
            "suits": [
                (symbol, css, " ".join("10" if rank == "T" else rank for rank in ranks) or "—")
                for (symbol, css), ranks in zip(SUIT_ROWS, deal.hand(seat), strict=True)
            ],
        }
        for seat in DIAGRAM_SEATS
    }


def dd_rows(board) -> list[dict]:
    """Double-dummy tricks by strain (rows) and declarer (N, S, E, W)."""
    if not board.dd_table:
        return []
    return [
        {
            "strain": STRAIN_SYMBOLS[strain],
            "red": strain in ("H", "D"),
            "trumps": strain == board.trumps,
            "tricks": [board.dd_table[strain][seat] for seat in "NSEW"],
        }
        for strain in ("NT", "S", "H", "D", "C")
    ]
