"""What each kind's season readers work from, read for many evenings of the kind together: an
event's pairs, scores and seats; a drive's, a widow series' or a two-player night's state. The
kinds' registry (``services.kinds``, ``Kind.read``) says which serves which kind, so a page that
wants both a member's rows and their competitions' entrants (a player's page) reads each evening
once and hands the same read to both readers.

>>> EventRead(pairs=[], scores=None, error=None, seats=[]).scores is None
True
"""

from dataclasses import dataclass

from ...domain.errors import DomainError
from ...domain.scoring import EventScores
from ...models import Event, IndividualPlayer, Pair
from ..events.scoring import events_scores
from ..widow.state import WidowState


@dataclass(frozen=True)
class EventRead:
    """An event as its season readers take it: its pairs (with their players), its scores (None
    when its own scoring cannot score it: ``error`` says why) and an individual event's seats."""

    pairs: list
    scores: EventScores | None
    error: DomainError | None
    seats: list


def events_read(events: list[Event]) -> dict[int, EventRead]:
    """Each event's pairs, scores and seats: the pairs and the seats (with their players) in a
    query each, the scores from the cache or scored together (``events_scores``)."""
    pairs: dict[int, list] = {event.pk: [] for event in events}
    for pair in Pair.objects.filter(event__in=events).select_related("player1", "player2"):
        pairs[pair.event_id].append(pair)
    errors: dict = {}
    scores = events_scores(events, pairs, errors=errors)
    seats: dict[int, list] = {}
    individual = [event.pk for event in events if event.evening_format.ranks_players and event.pk in scores]
    if individual:
        found = IndividualPlayer.objects.filter(event__in=individual).select_related("player1", "player2")
        for seat in found.order_by("event_id", "number"):
            seats.setdefault(seat.event_id, []).append(seat)
    return {
        event.pk: EventRead(
            pairs[event.pk], scores.get(event.pk), errors.get(event.pk), seats.get(event.pk, [])
        )
        for event in events
    }


def widow_states(series) -> dict[int, WidowState]:
    """Each widow whist series' state, all read together (``WidowState.read_many``)."""
    return WidowState.read_many(series)
