"""An individual event's player's own page of the evening, on their phone: opened without a login
by the link (and its QR code) their table's tablet gives after check-in; the page looks again by
itself every little while. Other players are named as on the public pages (each member's choice)."""

from dataclasses import replace

from django.views.decorators.cache import never_cache

from ...models import Seating, names_for_public
from ...services.tablets.pair_evening import evening_reading
from ...services.tablets.player_evening import player_evening, player_evening_path, player_evening_player
from ...services.tablets.travellers import sides_caption
from .pair_evening import boards_context, phone_board_page, standing_context
from .phones import phone_holder, phone_link, phone_page


def player_evening_url(player) -> str:
    return player_evening_path(player)


def phone_links(request, event, seating: Seating | None) -> list[dict]:
    """The links (and their QR codes) to the pages of the four players at a table this round, for
    its tablet, in the order they sit: North, South, East, West, each by number and name."""
    if seating is None:
        return []
    title = event.evening_format.entrant.title
    players = [
        player
        for pair in (seating.ns_pair, seating.ew_pair)
        if pair is not None
        for player in (pair.individual1, pair.individual2)
        if player is not None
    ]
    return [phone_link(request, player_evening_url(p), _label(title(p.number), p.names)) for p in players]


def _label(title: str, names: str) -> str:
    """ "Player 8 (Ivy Dunn)": the number, and the name the players know themselves by."""
    return title if names == title else f"{title} ({names})"


@never_cache
def player_evening_page(request, player_id: int, key: str):
    player = phone_holder(player_evening_player, player_id, key)
    names_for_public(player.event.club)

    def context() -> dict:
        evening = player_evening(player)
        return standing_context(evening) | {"sides": sides_caption(player.event)} | _boards(evening, player)

    kept = (evening_reading(player.event), f"part:player:{player.pk}")
    return phone_page(
        request, "tournaments/player_evening.html", "tournaments/_player_evening.html", context, kept=kept
    )


@never_cache
def player_evening_board_page(request, player_id: int, key: str, board: int):
    """One board the player has played, with its traveller so far, on its own page."""
    player = phone_holder(player_evening_player, player_id, key)
    names_for_public(player.event.club)
    evening, partner = _played(player_evening(player, opened={board}))
    path = player_evening_path(player)
    return phone_board_page(request, evening, board, path, sides=sides_caption(player.event), partner=partner)


def _played(evening):
    """The player's evening with its boards as ``PlayedBoard``s, and each board's partner apart
    (``boards_context``'s extra)."""
    partners = {item.played.board: item.partner for item in evening.boards}
    played = replace(evening, boards=tuple(item.played for item in evening.boards))
    return played, lambda board: partners[board.board]


def _boards(evening, player) -> dict:
    played, partner = _played(evening)
    return boards_context(played.boards, player_evening_path(player), partner=partner)
