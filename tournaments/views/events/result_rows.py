"""The rows of the results pages: standings, travellers and score cards, with their links.

Each figure comes twice: raw, for sorting, and as shown (``*_text``), formatted here once.
"""

from django.urls import reverse
from django.utils.html import format_html, format_html_join

from ...domain.boards import SEAT_NAMES, STRAIN_SYMBOLS, leader
from ...domain.minnesota import granded_words, ns_net
from ...domain.scoring import pair_label
from ...reports import format_per_board, format_percentage, format_score, format_versus_average
from ...services.events.double_dummy import EventDoubleDummy
from ...services.events.individuals import IndividualReport
from ...services.events.scoring import EventReport


def card_url(event_id: int, pair) -> str:
    return reverse("tournaments:results-pair", args=[event_id, pair[0].lower(), pair[1]])


def board_url(event_id: int, board: int) -> str:
    return reverse("tournaments:results-board", args=[event_id, board])


def _pair_cell(report: EventReport, pair):
    """A pair in a traveller or a score card: its label, a link to its score card, then the names
    (which a phone leaves out, to keep the figures on the screen: the card gives them)."""
    return format_html(
        '<a href="{}">{}</a><span class="wide-only"> {}</span>',
        card_url(report.event.pk, pair),
        pair_label(pair),
        report.name(pair),
    )


def names_cell(report: EventReport, pair):
    """The pair's players, each member's name leading to their page (a guest's as it is)."""
    people = [(pk, name) for pk, name in report.people.get(tuple(pair), ()) if name]
    if not people:
        return report.name(pair)
    cells = [
        format_html('<a href="{}">{}</a>', reverse("tournaments:player", args=[pk]), name)
        if report.link(pk)
        else name
        for pk, name in people
    ]
    return format_html_join(" & ", "{}", ((cell,) for cell in cells))


def standing_figures(s) -> dict:
    """A standing's figures, raw and as shown (a pair's or an individual's alike)."""
    return {
        "score": s.score,
        "score_text": format_score(s.score),
        "top": s.top,
        "top_text": format_score(s.top),
        "percentage": s.percentage,
        "percentage_text": format_percentage(s.percentage),
        "versus_average": s.versus_average,
        "versus_text": format_versus_average(s.versus_average),
        "tricks": s.tricks,
        "boards_played": s.boards_played,
    }


def standings_table_rows(report: EventReport, field: str) -> list[dict]:
    return [
        {
            "position": int(s.rank.rstrip("=")),
            "rank": s.rank,
            "direction": s.pair[0],
            "pair": s.pair[1],
            "label": pair_label(s.pair),
            "names": report.name(s.pair),
            "names_link": names_cell(report, s.pair),
            "label_link": format_html(
                '<a href="{}">{}</a>', card_url(report.event.pk, s.pair), pair_label(s.pair)
            ),
            **standing_figures(s),
            "card_url": card_url(report.event.pk, s.pair),
        }
        for s in report.scores.field(field)
    ]


def traveller_rows(
    report: EventReport, board_number: int, individuals: IndividualReport | None = None
) -> list[dict]:
    """A board's results, each side by its pair, or by its two players where the pairs are an
    individual event's partnerships (``individuals``)."""
    board = next((b for b in report.scores.boards if b.board == board_number), None)
    if board is None:
        return []

    def side(pair):
        return _pair_cell(report, pair) if individuals is None else _players_cell(individuals, pair)

    return [
        {
            "round": s.result.round,
            "table": s.result.table,
            "ns": side(s.result.ns_pair),
            "ew": side(s.result.ew_pair),
            "ns_tricks": s.result.ns_adjusted or s.result.ns_tricks,
            "ew_tricks": s.result.ew_adjusted or (13 - s.result.ns_tricks),
            "ns_score": s.ns_score,
            "ns_score_text": format_score(s.ns_score),
            "ew_score": s.ew_score,
            "ew_score_text": format_score(s.ew_score),
            **_minnesota_cells(report, s.result),
        }
        for s in sorted(board.results, key=lambda s: (s.result.round, s.result.table))
    ]


def _minnesota_cells(report: EventReport, result) -> dict:
    """A Minnesota board's result: who went grand, and N/S's net points (what matchpoints compare)."""
    rules = report.scores.minnesota
    if not rules or result.adjusted:
        return {"grand": "", "grand_side": "", "ns_points": ""}
    grand = granded_words(result.granded)
    return {
        "grand": grand,
        "grand_side": grand.removesuffix(" grand"),  # under the Grand heading on a phone: "N/S"
        "ns_points": format_versus_average(ns_net(rules, result.granded, result.ns_tricks)),
    }


def scorecard_rows(report: EventReport, pair) -> list[dict]:
    rows = []
    for board in report.scores.boards:
        for s in board.results:
            r = s.result
            if pair not in (r.ns_pair, r.ew_pair):
                continue
            holds_ns = r.ns_pair == pair
            opponents = r.ew_pair if holds_ns else r.ns_pair
            if r.adjusted:
                tricks = r.ns_adjusted if holds_ns else r.ew_adjusted
            else:
                tricks = r.ns_tricks if holds_ns else 13 - r.ns_tricks
            trumps = STRAIN_SYMBOLS.get(report.trumps.get(board.board, ""), "")
            score = s.ns_score if holds_ns else s.ew_score
            rows.append(
                {
                    "board": board.board,
                    "board_link": format_html(
                        '<a href="{}">{}</a>', board_url(report.event.pk, board.board), board.board
                    ),
                    "round": r.round,
                    "opponents": _pair_cell(report, opponents),
                    "opponents_pair": opponents,
                    "trumps": trumps,
                    "trumps_html": format_html(
                        '<span class="{}">{}</span>', "red" if trumps in ("♥", "♦") else "", trumps
                    ),
                    "held": "N/S" if holds_ns else "E/W",
                    "tricks": tricks,
                    "grand": _minnesota_cells(report, r)["grand"],  # who went grand, by the cards held
                    "score": score,
                    "score_text": format_score(score),
                    "top": board.top,
                    "top_text": format_score(board.top),
                }
            )
    return sorted(rows, key=lambda row: (row["round"], row["board"]))


def player_card_url(event_id: int, player: int) -> str:
    return reverse("tournaments:results-player", args=[event_id, player])


def _people_cell(people, fallback: str, linked: frozenset):
    """Players' names, each member's leading to their page (a guest's as it is)."""
    cells = [
        format_html('<a href="{}">{}</a>', reverse("tournaments:player", args=[pk]), name)
        if pk in linked
        else name
        for pk, name in people
        if name
    ]
    return format_html_join(" + ", "{}", ((cell,) for cell in cells)) if cells else fallback


def individual_table_rows(report: IndividualReport) -> list[dict]:
    """The players' ranking, in the shape of ``standings_table_rows`` (one field)."""
    event_id = report.pairs.event.pk
    return [
        {
            "position": int(s.rank.rstrip("=")),
            "rank": s.rank,
            "direction": "ALL",
            "pair": s.player,
            "label": f"Player {s.player}",
            "names": report.name(s.player),
            "names_link": _people_cell(report.people.get(s.player, ()), report.name(s.player), report.linked),
            "label_link": format_html(
                '<a href="{}">{}</a>', player_card_url(event_id, s.player), f"Player {s.player}"
            ),
            **standing_figures(s),
            "card_url": player_card_url(event_id, s.player),
        }
        for s in report.standings
    ]


def _players_cell(report: IndividualReport, pair):
    """An individual event's partnership by its two players, each leading to their card: its
    number is the movement's, shown to no one."""
    event_id = report.pairs.event.pk
    return format_html_join(
        " & ",
        '<a href="{}">{}</a>',
        ((player_card_url(event_id, p), report.name(p)) for p in report.partnerships[tuple(pair)]),
    )


def player_card_rows(report: IndividualReport, player: int) -> list[dict]:
    """A player's boards, partnership by partnership, each with the partner and the two opponents
    named."""
    rows = []
    for pair, players in report.partnerships.items():
        if player in players:
            partner = players[1] if players[0] == player else players[0]
            for row in scorecard_rows(report.pairs, pair):
                row["partner"] = report.name(partner)
                row["opponents"] = _players_cell(report, row["opponents_pair"])
                rows.append(row)
    return sorted(rows, key=lambda row: (row["round"], row["board"]))


def double_dummy_board_rows(dd: EventDoubleDummy) -> list[dict]:
    """Each board's results beside its double-dummy tricks, a board to a table of its own: the
    tricks by the cards, as the travellers give them, the ± of the side holding the N/S cards."""
    report = dd.report

    def side(pair):
        return _pair_cell(report, pair) if dd.individuals is None else _players_cell(dd.individuals, pair)

    boards = []
    for board in dd.against.boards:
        trumps = report.trumps.get(board.board, "")
        boards.append(
            {
                "board": board.board,
                "url": board_url(report.event.pk, board.board),
                "trumps": STRAIN_SYMBOLS.get(trumps, "not yet known"),
                "leader": SEAT_NAMES[leader(board.board)],
                "dd_ns": board.dd_ns_tricks,
                "dd_ew": None if board.dd_ns_tricks is None else 13 - board.dd_ns_tricks,
                "rows": [
                    {
                        "round": line.result.round,
                        "table": line.table,
                        "switched": line.result.arrow_switched,
                        "ns": side(line.result.ns_pair),
                        "ew": side(line.result.ew_pair),
                        "ns_tricks": line.shown_tricks,
                        "dd_ns": "" if line.dd_ns_tricks is None else line.dd_ns_tricks,
                        "difference": format_versus_average(line.ns_difference),
                        "left_out": line.left_out,
                    }
                    for line in board.lines
                ],
            }
        )
    return boards


def double_dummy_entrant_rows(dd: EventDoubleDummy) -> list[dict]:
    """Each pair (or player) with their tricks against double dummy over the evening."""
    rows = []
    event_id = dd.report.event.pk
    for entrant in dd.entrants:
        if dd.individuals is None:
            label, names, url = (
                pair_label(entrant.key),
                names_cell(dd.report, entrant.key),
                card_url(event_id, entrant.key),
            )
        else:
            label, names = (
                dd.report.event.evening_format.entrant.title(entrant.key),
                dd.individuals.name(entrant.key),
            )
            url = player_card_url(event_id, entrant.key)
        figure = entrant.figure
        rows.append(
            {
                "label": label,
                "url": url,
                "names": names,
                "judged": figure.judged,
                "total": format_versus_average(figure.total) if figure.judged else "",
                "average": format_per_board(figure.average),
            }
        )
    return rows
