"""A pair's own page of the evening, on their phone: opened without a login by the link (and its QR
code) their table's tablet gives after check-in; the page looks again by itself every little while.
Other players are named as on the public pages (each member's choice)."""

from html import escape

from django.http import Http404
from django.utils.safestring import mark_safe
from django.views.decorators.cache import never_cache

from ...domain.boards import STRAIN_SYMBOLS
from ...models import Seating, names_for_public
from ...reports import format_percentage, format_score
from ...services.tablets.pair_evening import (
    evening_reading,
    pair_evening,
    pair_evening_pair,
    pair_evening_path,
)
from .phones import phone_holder, phone_link, phone_page


def traveller_lines(rows) -> list[str]:
    """A traveller's rows (``services.tablets.travellers``), each a table row of ``_traveller.html``
    with its scores as the results pages write them: a pair's page and the table's tablet show it
    alike. Made here in one step each of plain strings, every text escaped, not cell by cell in the
    template: a phone's page is looked at by a whole hall every few seconds."""
    lines = []
    for row in rows:
        own = ' class="own"' if row.own else ""
        tricks = escape(row.adjusted) if row.adjusted else f"{row.ns_tricks}–{row.ew_tricks}"
        corrected = ' <span class="corrected">corrected</span>' if row.corrected else ""
        scores = f"{escape(format_score(row.ns_score))}–{escape(format_score(row.ew_score))}"
        lines.append(
            mark_safe(  # every text escaped; the rest numbers
                f"<tr{own}><td>{row.table:d}</td><td>{escape(row.ns)}</td><td>{escape(row.ew)}</td>"
                f"<td>{tricks}{corrected}</td><td>{scores}</td></tr>"
            )
        )
    return lines


BOARD_PAGE = "board/{}/"  # a board's own page, under the phone page's path


def boards_context(boards, path: str, **extra) -> dict:
    """A phone page's boards (``PlayedBoard``s, in the order played) as ``_phone_boards.html`` shows
    them, the newest first: ``newest``, those that carry their traveller, and ``earlier``, each with
    the address of its own page (``path``, the phone page's, and ``BOARD_PAGE``). ``extra(board)``
    adds to each board's item (an individual player's partner); an earlier board's item carries
    its line of the table, made (``earlier_line``)."""
    newest, earlier = [], []
    for board in reversed(boards):
        item = board_item(board) | {"url": path + BOARD_PAGE.format(board.board)}
        for name, value in extra.items():
            item[name] = value(board)
        if board.traveller:
            newest.append(item)
        else:
            item["line"] = earlier_line(item, partners="partner" in extra)
            earlier.append(item)
    return {"newest": newest, "earlier": earlier}


def earlier_line(item: dict, *, partners: bool = False) -> str:
    """An earlier board's row of ``_phone_boards.html``'s table, its figures formatted, with its
    partner's column when ``partners``: made in one step of plain strings, every text escaped (a
    player's page has a line for each board played, looked at by a whole hall)."""
    board = item["played"]
    trumps = ""
    if item["trumps"]:
        red = " red" if item["red"] else ""
        label, symbol = escape(board.trumps), escape(item["trumps"])
        trumps = f' <span class="trumps{red}" aria-label="trumps {label}">{symbol}</span>'
    partner = f"<td>{escape(str(item['partner']))}</td>" if partners else ""
    corrected = ' <span class="corrected">corrected</span>' if board.corrected else ""
    top = f" of {escape(item['top'])}" if item["top"] else ""
    return mark_safe(  # every value above escaped, or a number
        f'<tr><td><a href="{escape(item["url"])}">Board {board.board:d}</a>{trumps}</td>'
        f"<td>{board.round:d}</td>"
        f"{partner}<td>{escape(str(board.adjusted or board.tricks))}{corrected}</td>"
        f"<td>{escape(item['score'])}{top}</td></tr>"
    )


def pair_evening_url(pair) -> str:
    return pair_evening_path(pair)


def phone_links(request, seating: Seating | None) -> list[dict]:
    """The links (and their QR codes) to the pages of the pairs at a table this round, for its
    tablet: N/S then E/W."""
    if seating is None:
        return []
    pairs = (("N/S", seating.ns_pair), ("E/W", seating.ew_pair))
    return [
        phone_link(request, pair_evening_url(pair), f"{side} {pair.number}")
        for side, pair in pairs
        if pair is not None
    ]


def board_item(board) -> dict:
    """A played board (``PlayedBoard``) as a phone's page shows it, its figures and its traveller
    (``_traveller.html``) formatted: a pair's, or an individual event's player's."""
    return {
        "played": board,
        "trumps": STRAIN_SYMBOLS.get(board.trumps, ""),
        "red": board.trumps in ("H", "D"),
        "score": format_score(board.score),
        "top": format_score(board.top),
        "rows": traveller_lines(board.traveller),
    }


def standing_context(evening) -> dict:
    """The evening and its standing as a pairs or individual event's phone page shows them
    (``_phone_standing.html``): the figure written as the results pages write it."""
    standing = evening.standing
    return {
        "evening": evening,
        "finished": evening.finished,
        "percentage": format_percentage(standing.percentage) if standing else "",
        "score": format_score(standing.score) if standing else "",
    }


@never_cache
def pair_evening_page(request, pair_id: int, key: str):
    pair = phone_holder(pair_evening_pair, pair_id, key)
    names_for_public(pair.event.club)

    def context() -> dict:
        evening = pair_evening(pair)
        return standing_context(evening) | boards_context(evening.boards, pair_evening_path(pair))

    kept = (evening_reading(pair.event), f"part:pair:{pair.pk}")
    return phone_page(
        request, "tournaments/pair_evening.html", "tournaments/_pair_evening.html", context, kept=kept
    )


@never_cache
def pair_evening_board_page(request, pair_id: int, key: str, board: int):
    """One board the pair has played, with its traveller so far, on its own page."""
    pair = phone_holder(pair_evening_pair, pair_id, key)
    names_for_public(pair.event.club)
    evening = pair_evening(pair, opened={board})
    return phone_board_page(request, evening, board, pair_evening_path(pair))


def phone_board_page(request, evening, number: int, back: str, sides: str = "", **extra):
    """A board's own page on a phone (``phone_board.html``), under the page of the ``evening`` it
    was played in (``back``): a 404 in words until the player's own table has confirmed it.
    ``sides`` says how its traveller names the sides, when not by pairs (``_traveller.html``)."""
    opened = boards_context(evening.boards, back, **extra)["newest"]
    item = next((item for item in opened if item["played"].board == number), None)
    if item is None:
        raise Http404(f"Board {number} shows here once your table has confirmed it.")
    context = {"evening": evening, "finished": evening.finished, "item": item, "back": back, "sides": sides}
    return phone_page(request, "tournaments/phone_board.html", "tournaments/_phone_board.html", context)
