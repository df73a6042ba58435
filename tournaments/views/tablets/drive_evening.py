"""A drive player's own page of the evening, on their phone: opened without a login by the link
(and its QR code) their table's tablet gives after check-in; the page looks again by itself every
little while. Other players are named as on the public pages (each member's choice)."""

from django.urls import reverse
from django.views.decorators.cache import never_cache

from ...domain.boards import STRAIN_SYMBOLS
from ...models import names_for_public
from ...services.drives.player_evening import drive_evening, drive_evening_key, drive_evening_player
from .phones import phone_holder, phone_link, phone_page


def drive_evening_url(player) -> str:
    return reverse("tournaments:drive-evening", args=[player.pk, drive_evening_key(player)])


def phone_links(request, state, seating) -> list[dict]:
    """The links (and their QR codes) to the pages of the players at a table this hand, for its
    tablet: N/S then E/W, each named as the tablet names them."""
    return [
        phone_link(request, drive_evening_url(state.players[key]), state.label(key))
        for key in seating.players
    ]


@never_cache
def drive_evening_page(request, player_id: int, key: str):
    player = phone_holder(drive_evening_player, player_id, key)
    names_for_public(player.drive.club)
    evening = drive_evening(player)
    context = {
        "evening": evening,
        "event": evening.drive,
        "finished": evening.finished,
        "hands": [
            {
                "played": hand,
                "trumps": STRAIN_SYMBOLS.get(hand.trumps, ""),
                "red": hand.trumps in ("H", "D"),
            }
            for hand in reversed(evening.hands)  # the newest first: what a phone opens on
        ],
    }
    return phone_page(request, "tournaments/drive_evening.html", "tournaments/_drive_evening.html", context)
