"""A pair's own page of the evening, on their phone: opened without a login by the link (and its QR
code) their table's tablet gives after check-in; the page looks again by itself every little while.
Other players are named as on the public pages (each member's choice)."""

from django.views.decorators.cache import never_cache

from ...domain.boards import STRAIN_SYMBOLS
from ...models import Seating, names_for_public
from ...reports import format_percentage, format_score
from ...services.tablets.pair_evening import pair_evening, pair_evening_pair, pair_evening_path
from .phones import phone_holder, phone_link, phone_page


def traveller_lines(rows) -> list[dict]:
    """A traveller's rows (``services.tablets.travellers``) with their scores as the results pages
    write them, for ``_traveller.html``: a pair's page and the table's tablet show it alike."""
    return [
        {"row": r, "ns_score": format_score(r.ns_score), "ew_score": format_score(r.ew_score)} for r in rows
    ]


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


@never_cache
def pair_evening_page(request, pair_id: int, key: str):
    pair = phone_holder(pair_evening_pair, pair_id, key)
    names_for_public(pair.event.club)
    evening = pair_evening(pair)
    standing = evening.standing
    context = {
        "evening": evening,
        "finished": evening.finished,
        "percentage": format_percentage(standing.percentage) if standing else "",
        "score": format_score(standing.score) if standing else "",
        "boards": [board_item(board) for board in reversed(evening.boards)],  # the newest first
    }
    return phone_page(request, "tournaments/pair_evening.html", "tournaments/_pair_evening.html", context)
