"""A member's season: every published evening and drive they played, as plain rows, with their
averages, partners, opponents and records.

Nothing is scored here: an event's place and score are its standings' (``scoring.events_scores``,
kept in the cache), a drive's are its players' scores and ranking (``DriveState``), so the page
says what the results pages and ``manage.py results`` say. Read in a fixed number of queries,
however many evenings the member played (a cached event's scores cost nothing more).
"""

import hashlib
from collections import Counter
from dataclasses import dataclass, replace
from datetime import date as Date

from django.db.models import Max, Q
from django.urls import reverse

from ...domain.double_dummy import NO_FIGURE, PairFigure
from ...domain.formats import Measure, Word
from ...models import (
    DrivePlayer,
    DuelPlayer,
    Event,
    IndividualPlayer,
    Member,
    Pair,
    names_whole,
    person_name,
)
from ...reports import format_percentage
from ..core.season_cache import season_cache
from ..drives.reading import players_read
from ..events.double_dummy import analysed_boards, member_against_double_dummy
from ..events.scoring import read_scores_key
from ..kinds import evenings_read, season_rows
from .competitions import PlayerCompetitions
from .evenings import Evening, Person, _person


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
    double_dummy: PairFigure = NO_FIGURE  # tricks against double dummy over the duplicate evenings

    @property
    def events(self) -> list[Evening]:
        """The duplicate evenings, where each board was compared across the tables."""
        return [e for e in self.evenings if e.evening_format.duplicate]

    @property
    def drives(self) -> list[Evening]:
        """The rest, each ranked by its own measure: drives, team nights, two-player nights."""
        return [e for e in self.evenings if not e.evening_format.duplicate]

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


def member_competitions(placings: list) -> tuple[dict, ...]:
    """The competitions of the member's club the member is in, and where they stand
    (``PlayerCompetitions.placings``), as their page shows them."""
    shown = []
    for competition, placing in placings:
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


def members_last_played(club) -> dict[int, Date]:
    """The day each of the club's members last played a published evening or drive (the evenings
    ``club_players`` counts), by member id: one query a way of being seated, however many members."""
    seated = (
        (Pair.objects.filter(event__club=club, event__published=True), ("player1", "player2"), "event__date"),
        (
            IndividualPlayer.objects.filter(event__club=club, event__published=True),
            ("player1", "player2"),
            "event__date",
        ),
        (
            DrivePlayer.objects.filter(drive__club=club, drive__published=True),
            ("member", "second_member"),
            "drive__date",
        ),
        (DuelPlayer.objects.filter(night__club=club, night__published=True), ("member",), "night__date"),
    )
    last: dict[int, Date] = {}
    for rows, seats, day in seated:
        for seat in seats:
            for member_id, played in (
                rows.filter(**{f"{seat}__isnull": False}).values_list(seat).annotate(last=Max(day)).order_by()
            ):
                last[member_id] = max(played, last.get(member_id, played))
    return last


def _member_events_key(member: Member, events: list[Event]) -> str:
    """What the member's evenings of the events (read ``with_score_versions``) are kept in the cache
    under: the member and what the events' scores are worked out from (with their names and dates),
    so a page asked for again between two writes reads none of the events' pairs or scores. They
    are kept with names whole and published for the page's reader (``_published_evenings``)."""
    said = sorted((event.pk, read_scores_key(event), event.name, event.date) for event in events)
    return f"member-events:{member.pk}:" + hashlib.sha256(repr(said).encode()).hexdigest()


def _member_double_dummy(member: Member, events: list[Event]) -> PairFigure:
    """The member's tricks against double dummy over the events (read ``with_score_versions`` and
    with their ``analysed_boards``), kept in the cache under what it is worked out from: their
    results, and their boards' analysis, which may come after the results."""
    said = sorted((event.pk, read_scores_key(event), event.analysed_boards) for event in events)
    key = f"member-double-dummy:{member.pk}:" + hashlib.sha256(repr(said).encode()).hexdigest()
    figure = season_cache().get(key)
    if figure is None:
        figure = member_against_double_dummy(member, events)
        season_cache().set(key, figure)
    return figure


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


def _simultaneous_links(kind: str, evenings) -> dict[tuple[str, int], tuple[str, str]]:
    """{(kind, id): (name, address)} of the published simultaneous evenings the evenings were
    their club's part of, read with the evenings themselves (``simultaneous_entry``)."""
    links = {}
    for evening in evenings:
        entry = getattr(evening, "simultaneous_entry", None)
        if entry is not None and entry.simultaneous.published:
            url = reverse("tournaments:simultaneous", args=[entry.simultaneous_id])
            links[(kind, evening.pk)] = (entry.simultaneous.name, url)
    return links


def _with_simultaneous(evenings: list[Evening], links: dict) -> list[Evening]:
    """The member's rows, each linked to the simultaneous evening it was part of (not kept in the
    cache: the link appears once the county publishes, whenever the rows were kept)."""
    return [
        replace(e, simultaneous=links[(e.kind, e.pk)]) if (e.kind, e.pk) in links else e for e in evenings
    ]


# What the page shows of an evening of each kind beyond the evening itself: an event's club and
# how many of its boards are analysed, the simultaneous evening it was its club's part of; and a
# drive's players, read for every kind kept as a drive (a widow series too) in one query.
_AS_SHOWN = {
    "event": lambda evenings: evenings.annotate(analysed_boards=analysed_boards()).select_related(
        "club", "simultaneous_entry__simultaneous"
    ),
    "drive": lambda evenings: evenings.select_related("simultaneous_entry__simultaneous").prefetch_related(
        players_read()
    ),
    "night": lambda evenings: evenings.select_related("club"),
}


def member_season(member: Member) -> Season:
    """The member's published evenings and drives, newest first, with their competitions."""
    in_pair = Q(player1=member) | Q(player2=member)
    event_ids = Pair.objects.filter(in_pair, event__published=True).values("event_id")
    seat_ids = IndividualPlayer.objects.filter(in_pair, event__published=True).values("event_id")
    drive_ids = DrivePlayer.objects.filter(
        Q(member=member) | Q(second_member=member), drive__published=True
    ).values("drive_id")
    night_ids = DuelPlayer.objects.filter(member=member, night__published=True).values("night_id")
    own = {
        "event": Q(pk__in=event_ids) | Q(pk__in=seat_ids),
        "drive": Q(pk__in=drive_ids),
        "night": Q(pk__in=night_ids),
    }
    # The member's evenings are read with those their competitions are worked out from, a query a
    # model: an evening both need is read once.
    competitions = PlayerCompetitions(member, own, _AS_SHOWN)
    events, drives, nights = (competitions.own[kind] for kind in ("event", "drive", "night"))
    # An event's rows are kept in the cache (``_member_events_key``); every other kind's are read
    # by its own reader, as the kinds' registry says. What is not kept, of the member's evenings
    # and of those their competitions are worked out from, is read together, each evening once.
    key = _member_events_key(member, events)
    events_kept = season_cache().get(key)
    unread = {*(events if events_kept is None else ()), *drives, *nights, *competitions.unread()}
    read = evenings_read(unread)
    if events_kept is None:
        with names_whole():  # kept for every reader
            events_kept = [e for _, e in season_rows(events, {member.pk}, read)]
        season_cache().set(key, events_kept)
    evenings = _published_evenings(events_kept)
    evenings += [e for _, e in season_rows([*drives, *nights], {member.pk}, read)]
    evenings.sort(key=lambda e: (e.date, e.kind, e.pk), reverse=True)
    evenings = _with_simultaneous(
        evenings, {**_simultaneous_links("event", events), **_simultaneous_links("drive", drives)}
    )
    return Season(
        member=member,
        evenings=tuple(evenings),
        competitions=member_competitions(competitions.placings(read)),
        double_dummy=_member_double_dummy(member, events),
    )
