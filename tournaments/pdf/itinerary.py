"""A personal itinerary card for each player of an individual event (a whist tournament): where
the player sits each round, with whom and against whom, and the rounds the player sits out. Two
to a sheet with a cut line when they fit (``sheets``), in type read at arm's length: the body
size (``BODY_SIZE``), never smaller. A name breaks only at a space or after a hyphen
("Montgomery-" over "Featherstonehaugh"): the partner's and opponents' columns are made wide
enough for the longest part of any name, as long as the page has room for it.

Plain data in (the schedule and the players' names), PDF bytes out; the duplicate individual
event and the individual drive both print it.
"""

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from ..domain.boards import SEAT_NAMES
from ..domain.movements import WhistSchedule
from ..print_data import PrintEvent
from .base import PAGE_SIZES, build_pdf, card_size, card_styles, text, usable_height, usable_width
from .grid import Grid, column_width, unbroken_parts
from .phone_link import beside_phone_link
from .sheets import cards_on_sheets, carried_over, room_left

DOCUMENT = "Itinerary cards"
SITS_OUT = "sits out"


def itinerary_cards_pdf(
    *,
    title: str,
    subtitle: str,
    schedule: WhistSchedule,
    names: dict[int, str],
    page_size=A4,
    large_print: bool = False,
) -> bytes:
    """One card per player: name and number, then a line a round (round, table, seat, partner,
    opponents). ``title`` names the evening, ``subtitle`` says the club and the date, say;
    ``names`` maps player numbers to names (a number without one prints as "Player 7")."""
    paper = next((name for name, size in PAGE_SIZES.items() if tuple(size) == tuple(page_size)), None)
    if paper is None:
        raise ValueError("Itinerary cards print on A4 or Letter paper.")
    # The page footer reads "title · subtitle · Itinerary cards · page 1".
    event = PrintEvent(name=title, club="", date=subtitle, paper=paper, scoring="", large_print=large_print)
    return build_pdf(event, DOCUMENT, _cards(event, title, subtitle, schedule, names))


def itinerary_cards_story(
    event: PrintEvent, *, schedule: WhistSchedule, names: dict[int, str], links: dict[int, str] | None = None
) -> list:
    """The same cards as flowables, for a print pack that holds them among its other documents;
    with ``links``, each player's card has the QR code and address of their own page of the
    evening on their phone."""
    subtitle = " · ".join(part for part in (event.club, event.date) if part)
    return _cards(event, event.name, subtitle, schedule, names, links or {})


def _cards(
    event: PrintEvent,
    title: str,
    subtitle: str,
    schedule: WhistSchedule,
    names: dict[int, str],
    links: dict[int, str] | None = None,
) -> list:
    links = links or {}

    def named(player: int) -> str:
        return names.get(player) or f"Player {player}"

    width, height = usable_width(event), usable_height(event)
    size, styles = card_size(event), card_styles(event)
    widths = [
        column_width("Round", size=size),
        column_width("Table", SITS_OUT, size=size),
        column_width("Seat", "North", "South", size=size),
    ]
    players = range(1, schedule.players + 1)
    parts = (part for p in players for part in unbroken_parts(named(p)))
    longest = column_width(*parts, size=size, bold=False)
    widths += _name_widths(width - sum(widths), longest)
    line = " · ".join(part for part in (title, subtitle, "your seats for the evening") if part)
    cards = []
    for player in players:
        rows = []
        for stop in schedule.itinerary(player):
            if stop.table is None:
                rows.append([str(stop.round), SITS_OUT, "", "", ""])
                continue
            opponents = ", ".join(named(p) for p in stop.opponents)
            rows.append(
                [str(stop.round), str(stop.table), SEAT_NAMES[stop.seat], named(stop.partner), opponents]
            )
        whose = f"{named(player)} · player {player}" if player in names else named(player)
        head = [text(whose, styles["heading"]), text(line, styles["small"]), Spacer(1, 1.5 * mm)]
        head = beside_phone_link(head, links.get(player, ""), styles, width)
        grid = Grid(["Round", "Table", "Seat", "Partner", "Opponents"], rows, widths, size=size, bold=[1])
        # A long evening runs onto a second sheet, which says whose it is (``carried_over``).
        room = room_left(head, width, height)
        cards.append(
            [
                *head,
                *carried_over(
                    grid,
                    width=width,
                    height=height,
                    room=room,
                    continued=f"{whose}, continued",
                    style=styles["heading"],
                ),
            ]
        )
    return cards_on_sheets(event, cards)


def _name_widths(room: float, longest: float) -> list[float]:
    """The partner's and the opponents' columns, sharing ``room`` about 2 to 3 (the opponents are
    two names), each at least ``longest`` (the longest part of a name) when the room allows it.
    Past that, each has half, and a part wider than that is cut: the type does not shrink."""
    partner = max(room * 0.38, longest)
    opponents = max(room - partner, min(longest, room / 2))
    return [room - opponents, opponents]
