"""Who pays at a two-player night: each player, a member's or a guest's fee; the fees themselves
are ``membership.fees``'s."""

from ...domain.drives.money import Payer
from ...models import DuelNight


def night_payers(night: DuelNight) -> list[Payer]:
    """Each player of the night, by number."""
    return [
        Payer(f"P{p.number}", str(p.number), p.name, (p.member_id,))
        for p in night.players.select_related("member")
    ]
