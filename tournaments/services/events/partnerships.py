"""An individual event's partnerships as pairs: each round's two partnerships at a table are that
round's pairs (``domain.movements.individual``), and each Pair row names its two players
(``individual1``, ``individual2``) and carries their names, so that tablets, travellers and scoring
read it as any pair. Building the movement (``services.events.evening``) syncs them; renaming the players
(``services.events.individuals``) names the pairs again."""

from collections.abc import Callable, Iterable

from ...domain.movements.individual import IndividualMovement
from ...models import Event, IndividualPlayer, Pair


def individuals_sync(*, event: Event, individual: IndividualMovement, pairs: dict) -> None:
    """Make the event's players 1..v (those kept keep their names) and give each partnership's
    pair its two players and their names. Part of building the movement (its transaction)."""
    players = individual.schedule.players
    event.individuals.filter(number__gt=players).delete()
    kept = set(event.individuals.values_list("number", flat=True))
    IndividualPlayer.objects.bulk_create(
        IndividualPlayer(event=event, number=n) for n in range(1, players + 1) if n not in kept
    )
    seats = {p.number: p for p in event.individuals.select_related("player1", "player2")}
    changed = []
    for partnership in individual.partnerships:
        pair = pairs[("ALL", partnership.number)]
        pair.individual1, pair.individual2 = (seats[n] for n in partnership.players)
        name_pair(pair)
        changed.append(pair)
    Pair.objects.bulk_update(changed, ["individual1", "individual2", *PAIR_NAMES])


PAIR_NAMES = ("player1", "guest1", "player2", "guest2")


def name_pair(pair: Pair) -> None:
    """The pair's names as its two players': a member by the member, anyone else (a guest, a
    shared seat) by the name."""
    for side, seat in (("1", pair.individual1), ("2", pair.individual2)):
        alone = seat.player1 if seat.player1_id and not (seat.player2_id or seat.guest2) else None
        setattr(pair, f"player{side}", alone)
        setattr(pair, f"guest{side}", "" if alone else (seat.names if seat.people else ""))


def partnership_names(event: Event, numbers: list[int] | None = None) -> dict[int, str]:
    """An individual event's partnerships as people know them, by number (they are one field):
    by their two players in seat order (North before South, East before West), a player not named
    yet by their number ("Ann Smith & Player 5"). The pairs exist only to seat and score a round:
    no one is told "Pair 10". All of them, or those ``numbers``; two queries."""
    seats = {p.pk: p.names for p in event.individuals.select_related("player1", "player2")}
    pairs = event.pairs.exclude(individual1=None)
    if numbers is not None:
        pairs = pairs.filter(number__in=numbers)
    rows = pairs.values_list("number", "individual1_id", "individual2_id")
    return {number: f"{seats[first]} & {seats[second]}" for number, first, second in rows}


def pair_namer(
    event: Event, pairs: Iterable[Pair] | None = None, *, as_pair: Callable[[Pair], str] = str
) -> Callable[[Pair | None], str]:
    """How a pair at a table is named to people: a pairs event's by ``as_pair`` (its label, "N/S 3",
    unless the caller words it otherwise), an individual event's partnership by its two players
    (``partnership_names``, of all its partnerships or only of ``pairs``); "—" where nobody sits."""
    if event.evening_format.partnerships_internal:
        names = partnership_names(event, None if pairs is None else [pair.number for pair in pairs])
        return lambda pair: "—" if pair is None else names[pair.number]
    return lambda pair: "—" if pair is None else as_pair(pair)
