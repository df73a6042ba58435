"""Who pays at a two-player night: each player, a member's or a guest's fee; the fees themselves
are ``membership.fees``'s."""

from ...domain.drives.money import Payer
from ...models import DuelNight, DuelPlayer


def payer_key(player: DuelPlayer) -> str:
    """The player's key among the night's payers: "P3"."""
    return f"P{player.number}"


def night_payers(night: DuelNight) -> list[Payer]:
    """Each player of the night, by number."""
    return [
        Payer(payer_key(p), str(p.number), p.name, (p.member_id,))
        for p in night.players.select_related("member")
    ]
