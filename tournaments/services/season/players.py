"""A member's season: every published evening and drive they played, as plain rows, with their
averages, partners, opponents and records.

Nothing is scored here: an event's place and score are its standings' (``scoring.events_scores``,
kept in the cache), a drive's are its players' scores and ranking (``DriveState``), so the page
says what the results pages and ``manage.py results`` say. Read in a fixed number of queries,
however many evenings the member played (a cached event's scores cost nothing more).
"""

import hashlib
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import date

from django.db.models import Q
from django.urls import reverse

from ...domain.formats import EveningFormat, Measure, Word
from ...domain.individuals import rank_individuals
from ...domain.scoring import pair_label
from ...models import (
    Drive,
    DrivePlayer,
    DuelNight,
    DuelPlayer,
    Event,
    IndividualPlayer,
    Member,
    Pair,
    names_whole,
    page_shown,
    person_name,
)
from ...reports import format_percentage, headline_figure, headline_words
from ..core.season_cache import season_cache
from ..drives.state import DriveState, plain_number
from ..duels.state import night_states
from ..events.scoring import (
    events_meetings,
    events_scores,
    meetings_of,
    read_scores_key,
    with_score_versions,
)
from ..widow.state import WidowState
from .competitions import player_competitions

TEN_TRICKS = 10  # a hand of ten tricks or more is a record (and a drive's "ten-plus" prize)


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


@dataclass(frozen=True)
class Measured:
    """A member's evenings of one measure and one name (drives in tricks, team nights in team
    points): their average, best and worst, never mixed with another measure's."""

    measure: Measure
    called: Word  # "drive", "team night"
    evenings: tuple[Evening, ...]

    @property
    def average_label(self) -> str:
        """ "Average tricks (drives)", "Average team points (team nights)"."""
        return f"Average {self.measure} ({self.called.plural})"

    @property
    def average(self) -> str:
        return f"{sum(e.score for e in self.evenings) / len(self.evenings):.1f}"

    def _by_score(self) -> list[Evening]:
        return sorted(self.evenings, key=lambda e: e.score)

    @property
    def best(self) -> Evening:
        return self._by_score()[-1]

    @property
    def worst(self) -> Evening:
        return self._by_score()[0]


@dataclass(frozen=True)
class Season:
    member: Member
    evenings: tuple[Evening, ...]  # newest first
    competitions: tuple = ()

    @property
    def events(self) -> list[Evening]:
        return [e for e in self.evenings if e.kind == "event"]

    @property
    def drives(self) -> list[Evening]:
        return [e for e in self.evenings if e.kind != "event"]  # drives, team nights, two-player nights

    @property
    def average_percentage(self) -> str:
        """The mean of the matchpoint evenings' percentages, to two decimals ("" with none)."""
        shown = [e.percentage for e in self.events if e.percentage is not None]
        return format_percentage(sum(shown) / len(shown)) if shown else ""

    @property
    def drives_measured(self) -> list[Measured]:
        """The member's drives grouped by what their score measures (a drive's tricks, a team
        night's points) and what they are called, in the order of the measures."""
        groups: dict[tuple[Measure, Word], list[Evening]] = {}
        for evening in self.drives:
            called = evening.evening_format
            groups.setdefault((called.measure, called.evening), []).append(evening)
        order = list(Measure)
        return [
            Measured(measure, called, tuple(evenings))
            for (measure, called), evenings in sorted(groups.items(), key=lambda g: order.index(g[0][0]))
        ]

    @property
    def wins(self) -> int:
        return sum(e.won for e in self.evenings)

    @property
    def tens(self) -> int:
        return sum(e.tens for e in self.evenings)

    def best_and_worst_event(self) -> tuple[Evening | None, Evening | None]:
        """The best and the worst matchpoint evening, by percentage (events scored in tricks are
        not compared with one another; drives are compared within their measure,
        ``drives_measured``)."""
        rated = [(e.percentage, e) for e in self.events if e.percentage is not None]
        if not rated:
            return None, None
        rated.sort(key=lambda pair: pair[0])
        return rated[-1][1], rated[0][1]

    def met_most(self, which: str, count: int = 5) -> list[tuple[Person, int]]:
        """The partners (or opponents) of the most deals (an event's boards, a drive's hands), most first."""
        total: Counter = Counter()
        for evening in self.evenings:
            total.update(evening.partnered if which == "partners" else evening.opponents)
        total.pop(self.person, None)
        return sorted(total.items(), key=lambda item: (-item[1], item[0].name))[:count]

    @property
    def person(self) -> Person:
        return Person(person_name(self.member), self.member.pk)


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


def events_evenings(events, member_ids=None) -> list[tuple[int, Evening]]:
    """(member id, evening) for every member of the events' pairs (or those of ``member_ids``),
    from the events' own standings (a pairs event's read from the cache as its ``Meetings``). A few
    queries and the cache's, whatever the number of events."""
    events = list(events)
    pairs = list(Pair.objects.filter(event__in=events))
    pairs_by_event: dict[int, list] = {}
    for pair in pairs:
        pairs_by_event.setdefault(pair.event_id, []).append(pair)
    # Each member once, however many evenings they played: a season's pairs name the same few.
    members = Member.objects.in_bulk({m for p in pairs for m in (p.player1_id, p.player2_id) if m})
    persons = {pk: _person(member) for pk, member in members.items()}
    individual = [event for event in events if event.evening_format.ranks_players]
    scores_by_event = events_scores(individual, pairs_by_event)
    meetings_by_event = events_meetings([e for e in events if e not in individual], pairs_by_event)
    seats_by_event: dict[int, list] = {}
    if individual:
        for seat in IndividualPlayer.objects.filter(event__in=individual).select_related(
            "player1", "player2"
        ):
            seats_by_event.setdefault(seat.event_id, []).append(seat)
    rows = []
    for event in events:
        url = reverse("tournaments:results", args=[event.pk])
        if event.evening_format.ranks_players:
            scores = scores_by_event[event.pk]
            seats = seats_by_event.get(event.pk, [])
            played = meetings_of(scores).played
            rows += _individual_evenings(
                event, scores, pairs_by_event.get(event.pk, []), seats, played, member_ids
            )
            continue
        scores = meetings_by_event[event.pk]
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
                tens += tricks is not None and tricks >= TEN_TRICKS
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
                tens += tricks is not None and tricks >= TEN_TRICKS
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


def drives_evenings(drives, member_ids=None) -> list[tuple[int, Evening]]:
    """(member id, evening) for every member who played the drives (or those of ``member_ids``),
    from the drives' own scores and ranking. Four queries, whatever the number of drives."""
    widow_series = [d for d in drives if d.is_widow_series]
    drives = [d for d in drives if not d.is_widow_series]
    states = DriveState.read_many(drives)
    rows = [row for drive in widow_series for row in _widow_evenings(drive, member_ids)]
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
                tens=sum(line.taken >= TEN_TRICKS for line in played),
                won=standing.place.rstrip("=") == "1",
                evening_format=drive.evening_format,
                opponents=opponents,
                partnered=partnered,
            )
            rows += [(member_id, evening) for member_id in wanted]
    return rows


def _widow_evenings(drive: Drive, member_ids=None) -> list[tuple[int, Evening]]:
    """(member id, evening) for the members who played a widow whist series: their place in its one
    list and their points; no partners (each plays for themselves), the players they met at the
    tables as opponents."""
    state = WidowState(drive)
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


def nights_evenings(nights, member_ids=None) -> list[tuple[int, Evening]]:
    """(member id, evening) for every member who played the two-player nights (or those of
    ``member_ids``): their place in the standings and their game points, the night's own measure."""
    rows = []
    states = night_states(nights)
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
                    tens += sum(t >= TEN_TRICKS for t in mine) if night.scoring.tricks == 13 else 0
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


def member_competitions(member: Member) -> tuple[dict, ...]:
    """The competitions of the member's club the member is in, and where they stand."""
    shown = []
    for competition, placing in player_competitions(member):
        shown.append(
            {
                "url": reverse("tournaments:competition", args=[competition.club.slug, competition.pk]),
                "name": competition.name,
                "place": placing.place,
                "field_size": placing.qualified,
                "score_text": placing.total_text,
                "status": placing.status,
            }
        )
    return tuple(shown)


def club_players(club):
    """The club's members with a page: those who played a published evening or drive."""
    published_pairs = Pair.objects.filter(event__club=club, event__published=True)
    seats = IndividualPlayer.objects.filter(event__club=club, event__published=True)
    played = (
        Q(pk__in=published_pairs.values("player1"))
        | Q(pk__in=published_pairs.values("player2"))
        | Q(pk__in=seats.values("player1"))
        | Q(pk__in=seats.values("player2"))
        | Q(pk__in=DrivePlayer.objects.filter(drive__club=club, drive__published=True).values("member"))
        | Q(
            pk__in=DrivePlayer.objects.filter(drive__club=club, drive__published=True).values("second_member")
        )
        | Q(pk__in=DuelPlayer.objects.filter(night__club=club, night__published=True).values("member"))
    )
    return club.members.filter(played, forgotten_at=None).order_by("last_name", "first_name")


def _member_events_evenings(member: Member, events: list[Event]) -> list[Evening]:
    """The member's evenings of the events (read ``with_score_versions``), kept in the cache under
    the member and what the events' scores are worked out from (with their names and dates), so a
    page asked for again between two writes reads none of the events' pairs or scores. They are
    kept with names whole and published for the page's reader here (``_published_evenings``)."""
    said = sorted((event.pk, read_scores_key(event), event.name, event.date) for event in events)
    key = f"member-events:{member.pk}:" + hashlib.sha256(repr(said).encode()).hexdigest()
    evenings = season_cache().get(key)
    if evenings is None:
        with names_whole():  # kept for every reader
            evenings = [e for _, e in events_evenings(events, {member.pk})]
        season_cache().set(key, evenings)
    return _published_evenings(evenings)


def _published_evenings(evenings: list[Evening]) -> list[Evening]:
    """The evenings with everyone met named as the page's reader may read them, and linked only
    when the reader may open their page: one query for the members, however many evenings."""
    ids = {
        person.member_id
        for evening in evenings
        for person in (*evening.partners, *evening.opponents, *evening.partnered)
        if person.member_id
    }
    members = (
        Member.objects.filter(pk__in=ids)
        .order_by()
        .only("first_name", "last_name", "published_as", "forgotten_at")
    )
    persons = {member.pk: _person(member) for member in members}

    def shown(person: Person) -> Person:
        if person.member_id in persons:
            return persons[person.member_id]
        return _person(None, person.name)  # a guest, or a member no longer in the club's list

    def counted(met: Counter) -> Counter:
        shown_met: Counter = Counter()
        for person, deals in met.items():
            shown_met[shown(person)] += deals
        return shown_met

    return [
        replace(
            evening,
            partners=tuple(shown(p) for p in evening.partners),
            opponents=counted(evening.opponents),
            partnered=counted(evening.partnered),
        )
        for evening in evenings
    ]


def member_season(member: Member) -> Season:
    """The member's published evenings and drives, newest first, with their competitions."""
    in_pair = Q(player1=member) | Q(player2=member)
    event_ids = Pair.objects.filter(in_pair, event__published=True).values("event_id")
    seat_ids = IndividualPlayer.objects.filter(in_pair, event__published=True).values("event_id")
    events = list(
        with_score_versions(Event.objects.filter(Q(pk__in=event_ids) | Q(pk__in=seat_ids))).select_related(
            "club"
        )
    )
    drive_ids = DrivePlayer.objects.filter(
        Q(member=member) | Q(second_member=member), drive__published=True
    ).values("drive_id")
    drives = list(Drive.objects.filter(pk__in=drive_ids))
    nights = DuelNight.objects.filter(
        pk__in=DuelPlayer.objects.filter(member=member, night__published=True).values("night_id")
    ).select_related("club")
    only = {member.pk}
    evenings = _member_events_evenings(member, events) + [e for _, e in drives_evenings(drives, only)]
    evenings += [e for _, e in nights_evenings(nights, only)]
    evenings.sort(key=lambda e: (e.date, e.kind, e.pk), reverse=True)
    return Season(member=member, evenings=tuple(evenings), competitions=member_competitions(member))
