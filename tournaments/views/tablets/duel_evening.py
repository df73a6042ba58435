"""A two-player night's player's own page on their phone: opened without a login by the link (and
its QR code) their table's tablet gives after check-in; the page looks again by itself every
little while. Other players are named as on the public pages (each member's choice)."""

from django.urls import reverse
from django.views.decorators.cache import never_cache

from ...models import names_for_public
from ...services.duels.evening import duel_evening, duel_evening_key, duel_evening_player
from ...services.duels.state import MatchLine
from .phones import phone_holder, phone_link, phone_page


def duel_evening_url(player) -> str:
    return reverse("tournaments:duel-evening", args=[player.pk, duel_evening_key(player)])


def phone_links(request, line: MatchLine | None) -> list[dict]:
    """The links (and their QR codes) to the pages of a table's two players, for its tablet once
    they have checked in: the first named, then the second."""
    if line is None or line.bye or line.match.checked_in_at is None:
        return []
    return [phone_link(request, duel_evening_url(player), player.name) for player in (line.a, line.b)]


@never_cache
def duel_evening_page(request, player_id: int, key: str):
    player = phone_holder(duel_evening_player, player_id, key)
    names_for_public(player.night.club)
    evening = duel_evening(player)
    context = {
        "evening": evening,
        "matches": list(reversed(evening.matches)),  # the newest first: what a phone opens on
        "finished": evening.finished,
    }
    return phone_page(request, "tournaments/duel_evening.html", "tournaments/_duel_evening.html", context)
