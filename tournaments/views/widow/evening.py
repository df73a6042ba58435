"""A widow whist player's own page of the evening on their phone: opened without a login by the
link (and its QR code) their table's tablet gives after check-in; the page looks again by itself
every little while. Players are named as on the public pages (each member's choice)."""

from django.urls import reverse
from django.views.decorators.cache import never_cache

from ...models import names_for_public
from ...services.widow.evening import widow_evening, widow_evening_key, widow_evening_player
from ...services.widow.state import SeatedTable
from ..tablets.phones import phone_holder, phone_link, phone_page


def widow_evening_url(drive_id: int, player_id: int) -> str:
    return reverse("tournaments:widow-evening", args=[player_id, widow_evening_key(drive_id, player_id)])


def phone_links(request, drive_id: int, seated: SeatedTable) -> list[dict]:
    """The links (and their QR codes) to the pages of the players at a table this series, for its
    tablet, in their seats' order: made from what the tablet has read, with no statement more."""
    return [phone_link(request, widow_evening_url(drive_id, p), seated.name(p)) for p in seated.seats]


@never_cache
def widow_evening_page(request, player_id: int, key: str):
    player = phone_holder(widow_evening_player, player_id, key)
    names_for_public(player.drive.club)
    evening = widow_evening(player)
    context = {
        "evening": evening,
        # The newest first: what a phone opens on.
        "series": [(at, list(reversed(at.deals))) for at in reversed(evening.series)],
        "finished": evening.finished,
    }
    return phone_page(request, "tournaments/widow_evening.html", "tournaments/_widow_evening.html", context)
