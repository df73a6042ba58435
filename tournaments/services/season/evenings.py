"""Each kind of evening's rows for its members: where each member came and what they scored, as
plain rows (``Evening``), read from the evening's own standings (an event's ``events_scores``, kept
in the cache; a drive's ``DriveState``; a widow series' ``WidowState``; a two-player night's
``night_states``), so a player's page and the results e-mail say what the results pages say. Each
reader takes many evenings of its kind and reads them in a fixed number of queries; the kinds'
registry (``services.kinds``) says which reader serves which kind.
"""

from collections import Counter
from dataclasses import dataclass, field
from datetime import date

from django.urls import reverse

from ...domain.drives.games import BIG_HAND  # a hand of ten tricks or more is a record
from ...domain.formats import EveningFormat
from ...domain.individuals import rank_individuals
from ...domain.scoring import pair_label
from ...models import (
    Drive,
    IndividualPlayer,
    Member,
    Pair,
    page_shown,
    person_name,
)
from ...reports import headline_figure, headline_words
from ..drives.standings import plain_number
from ..drives.state import DriveState
from ..duels.state import night_states
from ..events.scoring import (
    events_meetings,
    events_scores,
    meetings_of,
)
from ..widow.state import WidowState
from .reading import widow_states


@dataclass(frozen=True)
class Person:
    """Someone met at the tables: a member (with a page) or a guest (by name)."""

    name: str
    member_id: int | None = None
    page: bool = field(default=True, compare=False)  # the reader may open the member's own page


@dataclass(frozen=True)
class Evening:
    """One evening or drive of a member: where they came and what they scored."""

    kind: str  # "event" or "drive"
    pk: int
    name: str
    date: date
    url: str
    partners: tuple[Person, ...]
    card: str  # the member's pair (N/S 3) or card (L4), as the score cards name them
    place: str  # "1", "2=": as the standings say it
    field_size: int
    field_name: str  # "N/S", "E/W", "all pairs", "Ladies", "Gents"
    score: float  # the standings' own, unrounded
    score_text: str  # the figure the evening is ranked by: "56.25%", "+3.5", "84"
    score_words: str  # it in words: "56.25% of the matchpoints", "84 tricks", "3 team points"
    percentage: float | None  # matchpoint events only
    hands: int  # boards or hands played
    tens: int  # of them with ten tricks or more to the member's side
    won: bool
    evening_format: EveningFormat  # what kind of evening: what its score measures, what it is called
    opponents: Counter = field(default_factory=Counter, compare=False, repr=False)
    partnered: Counter = field(default_factory=Counter, compare=False, repr=False)
    # The published simultaneous evening it was the club's part of: (its name, its ranking's address).
    simultaneous: tuple[str, str] | None = None


def _person(member: Member | None, guest: str = "") -> Person:
    if member is None:
        return Person(person_name(None, guest))
    return Person(person_name(member), member.pk, page_shown(member))


def _people(pair, persons: dict[int, Person]) -> tuple[Person, Person]:
    """A pair's two players: a member as ``persons`` holds them (by id), a guest by name."""
    return (
        persons[pair.player1_id] if pair.player1_id else _person(None, pair.guest1),
        persons[pair.player2_id] if pair.player2_id else _person(None, pair.guest2),
    )


def _wanted(member_id: int | None, member_ids) -> bool:
    """A member's evening is written for them when they are among those asked for (all, when none)."""
    return member_id is not None and (member_ids is None or member_id in member_ids)


FIELD_NAMES = {"NS": "N/S", "EW": "E/W", "ALL": "all pairs"}


def events_evenings(events, member_ids=None, read: dict | None = None) -> list[tuple[int, Evening]]:
    """(member id, evening) for every member of the events' pairs (or those of ``member_ids``),
    from the events' own standings: from their pairs, scores and seats when the caller has them
    (``read``: as ``reading.events_read`` gives them), else read here (a pairs event's scores from
    the cache as its ``Meetings``). A few queries and the cache's, whatever the number of events."""
    events = list(events)
    if read is None:
        pairs_by_event, seats_by_event, scores_by_event = _events_own_reads(events)
    else:
        for event in events:
            if read[event.pk].scores is None:
                raise read[event.pk].error
        pairs_by_event = {event.pk: read[event.pk].pairs for event in events}
        seats_by_event = {event.pk: read[event.pk].seats for event in events}
        scores_by_event = {
            event.pk: (
                read[event.pk].scores
                if event.evening_format.ranks_players
                else meetings_of(read[event.pk].scores)
            )
            for event in events
        }
    # Each member once, however many evenings they played: a season's pairs name the same few.
    persons = {
        member.pk: _person(member)
        for pairs in pairs_by_event.values()
        for pair in pairs
        for member in (pair.player1, pair.player2)
        if member is not None
    }
    rows = []
    for event in events:
        url = reverse("tournaments:results", args=[event.pk])
        scores = scores_by_event[event.pk]
        if event.evening_format.ranks_players:
            seats = seats_by_event.get(event.pk, [])
            played = meetings_of(scores).played
            rows += _individual_evenings(
                event, scores, pairs_by_event.get(event.pk, []), seats, played, member_ids
            )
            continue
        people = {(p.direction, p.number): _people(p, persons) for p in pairs_by_event.get(event.pk, [])}
        sizes = Counter(s.field for s in scores.standings)
        for standing in scores.standings:
            pair = people.get(standing.pair)
            if pair is None or not any(_wanted(me.member_id, member_ids) for me in pair):
                continue
            opponents: Counter = Counter()
            tens = 0
            for theirs, tricks in scores.played.get(standing.pair, ()):
                opponents.update(person for person in people.get(theirs, ()) if person.name)
                tens += tricks is not None and tricks >= BIG_HAND
            for me, partner in ((pair[0], pair[1]), (pair[1], pair[0])):
                if not _wanted(me.member_id, member_ids):
                    continue
                evening = _event_evening(
                    event,
                    url,
                    scores.method,
                    standing,
                    partners=(partner,),
                    card=pair_label(standing.pair),
                    field_size=sizes[standing.field],
                    field_name=FIELD_NAMES[standing.field],
                    tens=tens,
                    opponents=opponents,
                    partnered=Counter({partner: standing.boards_played}) if partner.name else Counter(),
                )
                rows.append((me.member_id, evening))
    return rows


def _events_own_reads(events) -> tuple[dict, dict, dict]:
    """The events' pairs (with their players), their seats, and the scores their rows are read
    from: an individual event's whole, a pairs event's ``Meetings`` (kept apart in the season's
    cache, quick to read back)."""
    pairs_by_event: dict[int, list] = {}
    for pair in Pair.objects.filter(event__in=events).select_related("player1", "player2"):
        pairs_by_event.setdefault(pair.event_id, []).append(pair)
    individual = [event for event in events if event.evening_format.ranks_players]
    scores_by_event = events_scores(individual, pairs_by_event)
    scores_by_event |= events_meetings([e for e in events if e not in individual], pairs_by_event)
    seats_by_event: dict[int, list] = {}
    if individual:
        for seat in IndividualPlayer.objects.filter(event__in=individual).select_related(
            "player1", "player2"
        ):
            seats_by_event.setdefault(seat.event_id, []).append(seat)
    return pairs_by_event, seats_by_event, scores_by_event


def _event_evening(event, url: str, method: str, standing, **own) -> Evening:
    """An event's evening for a pair's or a player's standing: the figures the standing gives, the
    rest (``own``: partners, card, field, tens, opponents) as the caller finds them."""
    return Evening(
        kind="event",
        pk=event.pk,
        name=event.name,
        date=event.date,
        url=url,
        place=standing.rank,
        score=standing.score,
        score_text=headline_figure(method, standing),
        score_words=headline_words(method, standing),
        percentage=standing.percentage,
        hands=standing.boards_played,
        won=standing.rank.rstrip("=") == "1",
        evening_format=event.evening_format,
        **own,
    )


def _seat_people(seat: IndividualPlayer) -> tuple[Person, ...]:
    return tuple(
        _person(member, guest)
        for member, guest in ((seat.player1, seat.guest1), (seat.player2, seat.guest2))
        if member is not None or guest
    )


def _individual_evenings(event, scores, pairs, seats, played, member_ids) -> list[tuple[int, Evening]]:
    """An individual event's evening for each member who held a seat: their own place and score
    among the players (``domain.individuals``), their partners of the evening and their opponents."""
    number_of = {seat.pk: seat.number for seat in seats}
    people = {seat.number: _seat_people(seat) for seat in seats}
    partnerships = {
        (p.direction, p.number): (number_of[p.individual1_id], number_of[p.individual2_id])
        for p in pairs
        if p.individual1_id in number_of and p.individual2_id in number_of
    }
    boards = {s.pair: s.boards_played for s in scores.standings}
    standings = rank_individuals(scores, partnerships, people, tie_break=event.tie_break)
    url = reverse("tournaments:results", args=[event.pk])
    rows = []
    for standing in standings:
        partnered: Counter = Counter()
        opponents: Counter = Counter()
        tens = 0
        for key, players in partnerships.items():
            if standing.player not in players:
                continue
            partner = players[1] if players[0] == standing.player else players[0]
            partnered.update({person: boards.get(key, 0) for person in people[partner]})
            for theirs, tricks in played.get(key, []):
                opponents.update(
                    person for number in partnerships.get(theirs, ()) for person in people[number]
                )
                tens += tricks is not None and tricks >= BIG_HAND
        for me in people[standing.player]:
            if not _wanted(me.member_id, member_ids):
                continue
            evening = _event_evening(
                event,
                url,
                scores.method,
                standing,
                partners=tuple(sorted(partnered, key=lambda p: (-partnered[p], p.name))),
                card=event.evening_format.entrant.title(standing.player),
                field_size=len(standings),
                field_name="players",
                tens=tens,
                opponents=opponents,
                partnered=partnered,
            )
            rows.append((me.member_id, evening))
    return rows


def drives_evenings(drives, member_ids=None, read: dict | None = None) -> list[tuple[int, Evening]]:
    """(member id, evening) for every member who played the drives (or those of ``member_ids``),
    from the drives' own scores and ranking (their states given, ``read``, or read here: four
    queries, whatever the number of drives)."""
    states = DriveState.read_many(drives) if read is None else read
    rows = []
    for drive in drives:
        state = states[drive.pk]
        if not state.tables:
            continue
        url = reverse("tournaments:drive-results", args=[drive.pk])

        def person(key, state=state):
            player = state.players[key]
            return Person(player.name, player.member_id, page_shown(player.member))

        for standing in state.player_standings():
            score = standing.score
            player = state.players[score.player]
            wanted = [m for m in player.member_ids if _wanted(m, member_ids)]  # two for a shared seat
            if not wanted:
                continue
            played = [line for line in score.lines if line.tricks is not None and not line.sat_out]
            partnered = Counter(person(line.partner) for line in played if line.partner)
            opponents = Counter(person(o) for line in played for o in line.opponents if o)
            evening = Evening(
                kind="drive",
                pk=drive.pk,
                name=drive.name,
                date=drive.date,
                url=url,
                partners=tuple(sorted(partnered, key=lambda p: (-partnered[p], p.name))),
                card=standing.entrant,
                place=standing.place,
                field_size=standing.field_size,
                field_name=standing.field,
                score=standing.figure,
                score_text=str(plain_number(standing.figure)),
                score_words=drive.evening_format.measure.amount(str(plain_number(standing.figure))),
                percentage=None,
                hands=len(played),
                tens=sum(line.big for line in played),
                won=standing.place.rstrip("=") == "1",
                evening_format=drive.evening_format,
                opponents=opponents,
                partnered=partnered,
            )
            rows += [(member_id, evening) for member_id in wanted]
    return rows


def widow_evenings(series, member_ids=None, read: dict | None = None) -> list[tuple[int, Evening]]:
    """(member id, evening) for the members who played the widow whist series: their place in its
    one list and their points; no partners (each plays for themselves), the players they met at the
    tables as opponents. Their states given (``read``), or read here."""
    states = widow_states(series) if read is None else read
    return [row for drive in series for row in _widow_evenings(drive, states[drive.pk], member_ids)]


def _widow_evenings(drive: Drive, state: WidowState, member_ids=None) -> list[tuple[int, Evening]]:
    standings = state.standings()
    url = reverse("tournaments:drive-results", args=[drive.pk])
    rows = []
    for standing in standings:
        player = standing["player"]
        wanted = [m for m in player.member_ids if _wanted(m, member_ids)]
        if not wanted:
            continue
        met = Counter(
            Person(state.name(other), state.players[other].member_id, page_shown(state.players[other].member))
            for tables in state.tables.values()
            for seats in tables.values()
            if player.pk in seats
            for other in seats
            if other != player.pk
        )
        points = str(standing["points"])
        evening = Evening(
            kind="drive",
            pk=drive.pk,
            name=drive.name,
            date=drive.date,
            url=url,
            partners=(),
            card=player.number,
            place=standing["place"],
            field_size=len(standings),
            field_name="all players",
            score=float(standing["points"]),
            score_text=points,
            score_words=drive.evening_format.measure.amount(points),
            percentage=None,
            hands=standing["played"],
            tens=state.tens(player.pk),
            won=standing["place"].rstrip("=") == "1",
            evening_format=drive.evening_format,
            opponents=met,
            partnered=Counter(),
        )
        rows += [(member_id, evening) for member_id in wanted]
    return rows


def nights_evenings(nights, member_ids=None, read: dict | None = None) -> list[tuple[int, Evening]]:
    """(member id, evening) for every member who played the two-player nights (or those of
    ``member_ids``): their place in the standings and their game points, the night's own measure
    (their states given, ``read``, or read here)."""
    rows = []
    states = night_states(nights) if read is None else read
    for night in nights:
        state = states[night.pk]
        standings = state.standings
        if not state.rounds:
            continue
        url = reverse("tournaments:duel-results", args=[night.pk])
        for line in standings:
            player = line.player
            if not _wanted(player.member_id, member_ids):
                continue
            opponents: Counter = Counter()
            played = tens = 0
            for matches in state.rounds.values():
                for match in matches:
                    if match.bye or player not in (match.a, match.b):
                        continue
                    other = match.b if match.a == player else match.a
                    confirmed = [d for d in match.deals if d.confirmed]
                    opponents[_person(other.member, other.guest)] += len(confirmed)
                    played += len(confirmed)
                    mine = [d.tricks_a if match.a == player else d.tricks_b for d in confirmed]
                    tens += sum(t >= BIG_HAND for t in mine) if night.scoring.tricks == 13 else 0
            figure = line.standing.game_points
            evening = Evening(
                kind="night",
                pk=night.pk,
                name=night.name,
                date=night.date,
                url=url,
                partners=(),
                card=night.evening_format.player_number("", player.number),
                place=line.standing.place,
                field_size=len(standings),
                field_name="all players",
                score=figure,
                score_text=str(figure),
                score_words=night.evening_format.measure.amount(str(figure)),
                percentage=None,
                hands=played,
                tens=tens,
                won=(state.champion == player) if state.champion else line.standing.place.rstrip("=") == "1",
                evening_format=night.evening_format,
                opponents=opponents,
            )
            rows.append((player.member_id, evening))
    return rows
