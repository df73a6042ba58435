"""Who pays at a pairs event (each pair, its two players each a member's or a guest's fee) and at
an individual event (each seat, a shared seat's two people each); a pair or a seat nobody is named
in pays as guests. The fees themselves are ``membership.fees``'s."""

from ...domain.drives.money import Payer
from ...models import Event, IndividualPlayer, Pair


def _people(row, unnamed: tuple) -> tuple[int | None, ...]:
    """A pair's or a seat's people named: each member's id, None for a guest; ``unnamed`` (guests)
    when nobody is named (an evening run by numbers alone)."""
    named = tuple(
        member
        for member, guest in ((row.player1_id, row.guest1), (row.player2_id, row.guest2))
        if member or guest
    )
    return named or unnamed


def _pair_key(pair: Pair) -> str:
    return f"{pair.direction}{pair.number}"


def pairs_payers(event: Event) -> list[Payer]:
    """Each pair of a pairs event, N/S first."""
    pairs = event.pairs.filter(individual1=None).select_related("player1", "player2")
    return [Payer(_pair_key(p), str(p), p.names, _people(p, (None, None))) for p in pairs]


def payer_keys(pairs: list[Pair]) -> list[str]:
    """The keys of the payers the pairs seated at a table stand for: each pair's own at a pairs
    event ("NS3"), each of its two seats' at an individual event, where a pair is one round's
    partnership ("P7", "P12"): one statement for the seats' numbers, none at a pairs event."""
    seats = [seat for pair in pairs for seat in (pair.individual1_id, pair.individual2_id) if seat]
    numbers = dict(IndividualPlayer.objects.filter(pk__in=seats).values_list("pk", "number")) if seats else {}
    keys = []
    for pair in pairs:
        if pair.individual1_id is None:
            keys.append(_pair_key(pair))
        else:
            keys += [f"P{numbers[s]}" for s in (pair.individual1_id, pair.individual2_id) if s in numbers]
    return keys


def individual_payers(event: Event) -> list[Payer]:
    """Each seat of an individual event, by its number."""
    seats = event.individuals.select_related("player1", "player2")
    return [Payer(f"P{s.number}", str(s.number), s.names, _people(s, (None,))) for s in seats]
