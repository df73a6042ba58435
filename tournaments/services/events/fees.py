"""Who pays at a pairs event (each pair, its two players each a member's or a guest's fee) and at
an individual event (each seat, a shared seat's two people each); the fees themselves are
``membership.fees``'s."""

from ...domain.drives.money import Payer
from ...models import Event


def _people(row) -> tuple[int | None, ...]:
    """A pair's or a seat's people present: each member's id, None for a guest."""
    return tuple(
        member
        for member, guest in ((row.player1_id, row.guest1), (row.player2_id, row.guest2))
        if member or guest
    )


def pairs_payers(event: Event) -> list[Payer]:
    """Each pair of a pairs event, N/S first."""
    pairs = event.pairs.filter(individual1=None).select_related("player1", "player2")
    return [Payer(f"{p.direction}{p.number}", str(p), p.names, _people(p)) for p in pairs]


def individual_payers(event: Event) -> list[Payer]:
    """Each seat of an individual event, by its number."""
    seats = event.individuals.select_related("player1", "player2")
    return [Payer(f"P{s.number}", str(s.number), s.names, _people(s)) for s in seats]
