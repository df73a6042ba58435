"""Each kind of evening's entrants, as a competition counts them (``domain.competitions``'
``Entrant``): who played, where they were placed and with which figure. Each reader takes the
evenings of one kind, read together; the kinds' registry (``services.kinds``) says which reader
serves which kind.
"""

from collections import Counter

from ...domain import competitions as rules
from ...domain.drives import PlayerScore
from ...domain.errors import DomainError
from ...domain.individuals import rank_individuals
from ...models import Drive, Event, person_name
from ..drives.state import DriveState
from ..events.individuals import seat_people
from ..widow.state import WidowState
from .reading import events_read, widow_states


def events_entrants(
    events: list[Event], read: dict | None = None
) -> dict[int, tuple[int, tuple[rules.Entrant, ...]]]:
    """Each published event's players and entrants, from their pairs, scores and seats read
    together (``read``: as ``reading.events_read`` gives them, when the caller has them), an
    individual event's players ranked on its scores with its seats. An event its scoring cannot
    score counts for no one."""
    read = events_read(events) if read is None else read
    found = {}
    for event in events:
        own = read[event.pk]
        if own.scores is None:
            found[event.pk] = (0, ())
        elif event.evening_format.ranks_players:
            found[event.pk] = _individual_event_entrants(event, own.scores, own.pairs, own.seats)
        else:
            found[event.pk] = _pair_entrants(own.scores, own.pairs)
    return found


def drives_entrants(
    drives: list[Drive], read: dict | None = None
) -> dict[int, tuple[int, tuple[rules.Entrant, ...]]]:
    """Each published drive's (or team night's) players and entrants, their states read together
    (or given: ``read``)."""
    states = DriveState.read_many(drives) if read is None else read
    return {drive.pk: _drive_entrants(drive, states[drive.pk]) for drive in drives}


def widow_entrants(
    series: list[Drive], read: dict | None = None
) -> dict[int, tuple[int, tuple[rules.Entrant, ...]]]:
    """Each published widow whist series' players and entrants, by its own state (or given: ``read``)."""
    states = widow_states(series) if read is None else read
    return {drive.pk: _widow_entrants(states[drive.pk]) for drive in series}


def player(member_id: int | None, name: str) -> rules.Player:
    if member_id is not None:
        return rules.Player(f"m{member_id}", name, member_id)
    return rules.Player(f"g:{name.strip().casefold()}", name.strip())


def _individual_event_entrants(event: Event, scores, pairs, seats) -> tuple[int, tuple[rules.Entrant, ...]]:
    """The players of a published individual event, ranked as its results page ranks them
    (``individual_report``) from its scores, pairs and seats already read (none when they cannot
    be ranked: the event then counts for no one)."""
    numbers = {seat.pk: seat.number for seat in seats}
    partnerships = {
        (pair.direction, pair.number): (numbers.get(pair.individual1_id), numbers.get(pair.individual2_id))
        for pair in pairs
        if pair.individual1_id is not None
    }
    try:
        standings = rank_individuals(
            scores, partnerships, [seat.number for seat in seats], tie_break=event.tie_break
        )
    except DomainError:
        return 0, ()
    return _individual_entrants(standings, {seat.number: seat_people(seat) for seat in seats})


def _pair_entrants(scores, pairs) -> tuple[int, tuple[rules.Entrant, ...]]:
    """The players and each pair's standing of a published event, by its own scoring."""
    pairs = {(p.direction, p.number): p for p in pairs}
    ranks: dict[tuple[str, str], int] = {}
    for s in scores.standings:
        ranks[(s.field, s.rank)] = ranks.get((s.field, s.rank), 0) + 1
    entrants = []
    for s in scores.standings:
        pair = pairs.get(tuple(s.pair))
        if pair is None:
            continue
        # A pair known only by its seat ("N/S 3") has no players to follow across the season.
        players = tuple(
            player(member_id, person_name(member if member_id else None, guest))
            for member_id, member, guest in (
                (pair.player1_id, pair.player1, pair.guest1),
                (pair.player2_id, pair.player2, pair.guest2),
            )
            if member_id or guest.strip()
        )
        entrants.append(
            rules.Entrant(
                players,
                s.field,
                int(s.rank.rstrip("=")),
                ranks[(s.field, s.rank)],
                percentage=s.percentage,
                tricks=s.versus_average,
            )
        )
    return 2 * len(entrants), tuple(entrants)


def _individual_entrants(standings, people: dict) -> tuple[int, tuple[rules.Entrant, ...]]:
    """The players of a published individual event, one entrant a seat (a shared seat's two
    people together), placed in the one field of players."""
    shared = Counter(s.rank for s in standings)
    entrants = tuple(
        rules.Entrant(
            tuple(player(member_id, name) for member_id, name in people.get(s.player, ())),
            "ALL",
            int(s.rank.rstrip("=")),
            shared[s.rank],
            percentage=s.percentage,
            tricks=s.versus_average,
        )
        for s in standings
        if people.get(s.player)
    )
    return len(standings), entrants


def _drive_entrants(drive: Drive, state: DriveState) -> tuple[int, tuple[rules.Entrant, ...]]:
    """The players of a published drive, placed within their role by their score (an individual
    drive's in one list); a shared seat's two people both counted, with the seat's score. Only a
    drive scored in tricks gives a drive score: a Minnesota drive's points are never added to
    tricks (it counts by its placings)."""
    in_tricks = drive.evening_format.cards_in_tricks
    entrants = []
    for role in drive.roles:
        own: list[PlayerScore] = [s for s in state.scores.values() if s.role == role]
        for score, (place, shared) in zip(own, rules.places([s.score for s in own]), strict=True):
            card = state.players[score.player]
            people = [player(card.member_id, card.first_name)]
            if card.second_name:
                people.append(player(card.second_member_id, card.second_name))
            figure = float(score.score) if in_tricks else None
            entrants.append(rules.Entrant(tuple(people), role, place, shared, drive_score=figure))
    return len(entrants), tuple(entrants)


def _widow_entrants(state: WidowState) -> tuple[int, tuple[rules.Entrant, ...]]:
    """A widow whist series' players in its one list, placed by their points: counted by their
    placings, never by a drive score (points are not tricks)."""
    standings = state.standings()
    placed = rules.places([s["points"] for s in standings])
    entrants = []
    for standing, (place, shared) in zip(standings, placed, strict=True):
        card = standing["player"]
        people = [player(card.member_id, card.first_name)]
        if card.second_name:
            people.append(player(card.second_member_id, card.second_name))
        entrants.append(rules.Entrant(tuple(people), card.role, place, shared))
    return len(entrants), tuple(entrants)
