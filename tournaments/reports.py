"""An event's results as plain data, text and CSV (for the results command, downloads and paper).

Pure formatting: it reads an ``EventReport`` and the domain, never the database or the web, so
services, views and commands may all use it. The pages' own rows (with links) are in
``views/events/result_rows.py``.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING

from .domain.boards import SEAT_NAMES, STRAIN_SYMBOLS
from .domain.deals import parse_deal
from .domain.minnesota import RULES, ns_net
from .domain.scoring import DIRECTION_NAMES, pair_label
from .domain.spreadsheet import csv_text

if TYPE_CHECKING:
    from .services.events.individuals import IndividualReport
    from .services.events.scoring import EventReport

FIELD_TITLES = {"NS": "North/South", "EW": "East/West", "ALL": "All pairs"}


def _figures(s) -> dict:
    """A standing's figures, a pair's or an individual's alike."""
    return {
        "score": s.score,
        "top": s.top,
        "percentage": s.percentage,
        "boards_played": s.boards_played,
        "tricks": s.tricks,
        "versus_average": s.versus_average,
    }


def standing_rows(report: EventReport) -> list[dict]:
    return [
        {
            "field": s.field,
            "direction": s.pair[0],
            "pair": s.pair[1],
            "names": report.name(s.pair),
            "rank": s.rank,
            **_figures(s),
        }
        for s in report.scores.standings
    ]


def player_rows(individuals: IndividualReport) -> list[dict]:
    """An individual event's ranking, in the shape of ``standing_rows`` (``player`` for the pair)."""
    return [
        {
            "field": "PLAYERS",
            "player": s.player,
            "names": individuals.name(s.player),
            "rank": s.rank,
            **_figures(s),
        }
        for s in individuals.standings
    ]


def partnership_rows(individuals: IndividualReport) -> list[dict]:
    """An individual event's partnerships that played, by number, each with its two players and
    its figures, unranked: the players are the entrants, a partnership only the two of them for a
    round (one at a table with an empty seat never plays, and is left out)."""
    standings = sorted(individuals.pairs.scores.standings, key=lambda s: s.pair[1])
    return [
        {
            "partnership": s.pair[1],
            "players": list(individuals.partnerships[s.pair]),
            "names": individuals.partnership_name(s.pair),
            **_figures(s),
        }
        for s in standings
        if s.boards_played
    ]


def _minnesota_figures(report: EventReport, result) -> dict:
    """A Minnesota board's result: who went grand and the N/S net points it scored (none for an
    adjusted score); nothing for an event of classic whist, whose rows stay as they were."""
    rules = report.scores.minnesota
    if not rules:
        return {}
    points = None if result.adjusted else ns_net(rules, result.granded, result.ns_tricks)
    return {"granded": result.granded, "ns_points": points}


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
                    **_minnesota_figures(report, s.result),
                }
                for s in board.results
            ],
        }
        for board in report.scores.boards
    ]


def report_as_dict(report: EventReport, individuals: IndividualReport | None = None) -> dict:
    """The results as data; an individual event's ``rankings`` are its players', and the
    partnerships its boards' results name (``ns_pair``, ``ew_pair``) are listed, unranked, under
    ``partnerships``."""
    event = report.event
    rankings = {"rankings": standing_rows(report)}
    if individuals is not None:
        rankings = {"rankings": player_rows(individuals), "partnerships": partnership_rows(individuals)}
    return {
        "event": event.name,
        "date": event.date.isoformat(),
        "status": "provisional" if report.provisional else "final",
        "scoring": report.scores.method,
        "scale": report.scores.scale,
        **({"adjusted_scores": event.adjusted_scores} if report.scores.method == "matchpoints" else {}),
        # A Minnesota event says so, with its rules: its boards' results carry granded and ns_points.
        **(
            {"game": "minnesota", "minnesota_rules": report.scores.minnesota}
            if report.scores.minnesota
            else {}
        ),
        **rankings,
        "boards": board_rows(report),
    }


def _half_up(value: float, places: int) -> Decimal:
    """Round as people do on paper: 45.625 -> 45.63, 2.675 -> 2.68, -0.25 -> -0.3.

    The float's shortest decimal form is rounded (``repr``), not its binary value, so a figure
    that prints as 2.675 rounds up like the 2.675 a scorer sees.
    """
    return Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def format_score(value: float | None) -> str:
    """Exact halves as they are; factored scores to one decimal, halves rounded up."""
    if value is None:
        return ""
    if abs(value * 2 - round(value * 2)) < 1e-9:
        return f"{value:g}" if value == int(value) else f"{value:.1f}"
    return str(_half_up(value, 1))


def format_percentage(value: float | None) -> str:
    return "" if value is None else str(_half_up(value, 2))


def format_versus_average(value: float | None) -> str:
    """Tricks above or below the average, signed: +2, -0.5, 0."""
    if value is None:
        return ""
    shown = _half_up(value, 1).normalize()
    if shown == 0:
        return "0"
    return f"{shown:+f}"


def format_per_board(value: float | None) -> str:
    """Tricks a board, signed to the hundredth (a few tricks over many boards): +0.19, 0, -0.05."""
    if value is None:
        return ""
    return "0" if round(value, 2) == 0 else f"{value:+.2f}"


def is_rounded(value: float | None) -> bool:
    """Whether a score is shown rounded (so shown figures may not add up exactly)."""
    return value is not None and abs(value * 10 - round(value * 10)) > 1e-9


def rounding_note(report: EventReport) -> str:
    """A line to print under the standings when some board scores are shown rounded."""
    boards = report.scores.boards
    if any(is_rounded(s.ns_score) or is_rounded(s.ew_score) for b in boards for s in b.results):
        return (
            "Board scores are shown to one decimal; totals and percentages are worked from the "
            "unrounded scores, so shown board scores may add up to a tenth or so more or less."
        )
    return ""


# How the trick methods score, said where their results are shown (domain.md, decisions 2 and 3).
METHOD_NOTES = {
    "total_tricks": (
        "Total tricks: on each board a pair scores its tricks above or below the average of the pairs "
        "who held the same cards; ± avg is the sum over the boards it played. An adjusted score (A+, A, "
        "A−) counts as the direction's average tricks on the board plus one, exactly, or minus one."
    ),
    "odd_tricks": (
        "Odd tricks: on each board the side taking seven or more scores its tricks over six. An adjusted "
        "score (A+, A, A−) counts as the direction's average tricks on the board plus one, exactly, or "
        "minus one, scored the same way (no honours)."
    ),
    "total_points": (
        "Total points: on each board N/S score their net points (their points less E/W's) and E/W the "
        "same with the sign turned; a pair's score is the sum over the boards it played. An adjusted "
        "score (A+, A, A−) counts as the direction's average net points on the board plus one, exactly, "
        "or minus one."
    ),
}


def minnesota_note(report: EventReport) -> str:
    """A Minnesota event's rules, named and summed up, as its results print them ("" for classic
    whist): a board's N/S score is their net points under them."""
    rules = report.scores.minnesota
    if not rules:
        return ""
    how = "matchpoints compare" if report.scores.method == "matchpoints" else "each pair adds up"
    return (
        f"Minnesota whist, {RULES[rules].name}: {RULES[rules].summary} No trumps. A board's N/S score is "
        f"N/S's points less E/W's, and {how} those net points."
    )


# The figures of a standing each scoring method shows, after the pair and before the boards.
STANDING_COLUMNS = {
    "matchpoints": ("Score", "Top", "%"),
    "total_tricks": ("Tricks", "± avg"),
    "odd_tricks": ("Score", "Tricks"),
    "total_points": ("Points", "Tricks"),
}


def headline_figure(method: str, s) -> str:
    """The one figure a pair is ranked by, for a screen across the hall: 56.25%, +3.5 or 21."""
    if method == "matchpoints":
        return f"{format_percentage(s.percentage)}%" if s.percentage is not None else ""
    if method == "total_tricks":
        return format_versus_average(s.versus_average)
    if method == "total_points":
        return format_versus_average(s.score)  # net points, signed: +7, -3
    return format_score(s.score)


def headline_words(method: str, s) -> str:
    """That figure in words, for a sentence to a player: "56.25% of the matchpoints", "2 tricks
    above the average", "21 points"."""
    if method == "matchpoints":
        return f"{headline_figure(method, s)} of the matchpoints" if s.percentage is not None else ""
    if method == "total_tricks":
        shown = format_versus_average(s.versus_average)
        if shown in ("", "0"):
            return "the average number of tricks" if shown else ""
        side = "above" if shown.startswith("+") else "below"
        figure = shown.lstrip("+-")
        return f"{figure} trick{'' if figure == '1' else 's'} {side} the average"
    figure = format_score(s.score)
    return f"{figure} point{'' if figure == '1' else 's'}"


def standing_figures(method: str, s) -> tuple[str, ...]:
    if method == "matchpoints":
        return (format_score(s.score), format_score(s.top), format_percentage(s.percentage))
    if method == "total_tricks":
        return (str(s.tricks), format_versus_average(s.versus_average))
    if method == "total_points":
        return (format_versus_average(s.score), str(s.tricks))
    return (format_score(s.score), str(s.tricks))


def report_as_text(report: EventReport, individuals: IndividualReport | None = None) -> str:
    """The rankings as lines of text: an individual event's players, else each field's pairs."""
    event = report.event
    lines = [
        f"{event.name}, {event.club.name}, {event.date:%d %B %Y}"
        f" ({'provisional' if report.provisional else 'final'} results)",
        f"Scoring: {event.get_scoring_display()}"
        + (f", {event.get_scale_display()}" if event.by_matchpoints else ""),
    ]
    if minnesota_note(report):
        lines.append(minnesota_note(report))
    method = report.scores.method
    if individuals is not None:
        rows = [(s, s.player, individuals.name(s.player)) for s in individuals.standings]
        sections = [("Players", "Player", rows)]
    else:
        sections = [
            (
                FIELD_TITLES[field],
                "Pair",
                [(s, pair_label(s.pair), report.name(s.pair)) for s in report.scores.field(field)],
            )
            for field in report.scores.fields
        ]
    headings = "".join(f" {heading:>7}" for heading in STANDING_COLUMNS[method])
    for title, label_heading, rows in sections:
        lines += ["", title, f"{'Rank':<5} {label_heading:<7} {'Names':<40}{headings} {'Boards':>6}"]
        for s, label, name in rows:
            figures = "".join(f" {figure:>7}" for figure in standing_figures(method, s))
            lines.append(f"{s.rank:<5} {label:<7} {name[:40]:<40}{figures} {s.boards_played:>6}")
    note = rounding_note(report)
    return "\n".join(lines + ([""] + [note] if note else [])) + "\n"


def report_as_csv(report: EventReport, individuals: IndividualReport | None = None) -> str:
    """One row a pair, by its field, direction and number; an individual event's, one row a
    player, by the player's number (field "PLAYERS")."""
    if individuals is None:
        rows = [["field", "rank", "direction", "pair", "names", *FIGURE_COLUMNS]] + [
            [
                row["field"],
                row["rank"],
                DIRECTION_NAMES[row["direction"]],
                row["pair"],
                row["names"],
                *_csv_figures(row),
            ]
            for row in standing_rows(report)
        ]
    else:
        rows = [["field", "rank", "player", "names", *FIGURE_COLUMNS]] + [
            [row["field"], row["rank"], row["player"], row["names"], *_csv_figures(row)]
            for row in player_rows(individuals)
        ]
    return csv_text(rows)


FIGURE_COLUMNS = ("score", "top", "percentage", "boards_played", "tricks", "versus_average")


def _csv_figures(row: dict) -> list:
    return [
        format_score(row["score"]),
        format_score(row["top"]),
        format_percentage(row["percentage"]),
        row["boards_played"],
        row["tricks"],
        format_versus_average(row["versus_average"]),
    ]


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
