"""The ranking of a simultaneous evening across its clubs: every club's confirmed results read
together and compared by the domain (``domain.simultaneous``), with each club's own ranking as its
evening scored it. Read in a constant number of queries, however many clubs take part."""

from collections import defaultdict
from dataclasses import dataclass

from ...domain.errors import DomainError
from ...domain.scoring import EventScores, PairKey, pair_label
from ...domain.simultaneous import ClubField, FieldScores, rank_totals, score_field
from ...models import (
    Board,
    Drive,
    Event,
    Pair,
    Simultaneous,
    SimultaneousDrive,
    SimultaneousEvent,
    names_as_published,
)
from ..events.scoring import events_scores
from ..kinds import by_kind
from .setup import other_deals, simultaneous_deals


@dataclass(frozen=True)
class FieldRow:
    rank: str
    club: str  # the club's name
    event: Event
    pair: PairKey
    label: str  # "N/S 3"
    names: str  # as the club publishes them
    percentage: float | None
    score: float
    top: float
    club_rank: str  # its place in its club's own ranking ("" when not ranked there)
    club_percentage: float | None  # as its club's evening computed it
    club_field: str  # the list it is ranked in at its club ("NS", "EW", "ALL")
    member_ids: tuple[int, ...] = ()  # the pair's members (none for guests)


@dataclass(frozen=True)
class SimultaneousRanking:
    simultaneous: Simultaneous
    events: tuple[Event, ...]  # each taking-part club's event, by club name
    scores: FieldScores
    rows: tuple[FieldRow, ...]
    # The events left out of the field, and why: not on the county's deals, or their own method
    # cannot score them.
    unscored: tuple[tuple[Event, str], ...]

    def club_rows(self, event: Event) -> list[FieldRow]:
        return [row for row in self.rows if row.event.pk == event.pk]


def simultaneous_events(simultaneous: Simultaneous) -> list[Event]:
    """The clubs' events joined to it, by the clubs' names (one query)."""
    entries = SimultaneousEvent.objects.filter(simultaneous=simultaneous).select_related("event__club")
    return sorted((entry.event for entry in entries), key=lambda event: (event.club.name, event.pk))


def simultaneous_ranking(simultaneous: Simultaneous) -> SimultaneousRanking:
    """Rank the field across the clubs' events: their scores come from the cache where each club's
    pages keep them (``events_scores``), so each board's results are those the clubs confirmed.
    Every person is named as their club publishes names: the ranking is read by every club (a
    club that keeps its pages to logged-in users has its pairs shown by their numbers only)."""
    events = simultaneous_events(simultaneous)
    pairs_by_event: dict[int, list[Pair]] = {event.pk: [] for event in events}
    for pair in Pair.objects.filter(event__in=list(pairs_by_event)).select_related("player1", "player2"):
        pairs_by_event[pair.event_id].append(pair)
    errors: dict[int, DomainError | str] = {}
    # An event whose deals are not the county's (changed after it joined) is compared with nothing.
    county, held = simultaneous_deals(simultaneous), defaultdict(dict)
    for event_id, number, deal in Board.objects.filter(event__in=list(pairs_by_event)).values_list(
        "event_id", "number", "deal"
    ):
        held[event_id][number] = deal
    for event in events:
        board = other_deals(held[event.pk], county)
        if board is not None:
            errors[event.pk] = f"its board {board} is not the deal the county dealt for {simultaneous.name}."
    compared = [event for event in events if event.pk not in errors]
    scores = events_scores(compared, pairs_by_event, errors=errors) if compared else {}
    scored = [event for event in events if event.pk in scores]
    field = score_field(
        [
            ClubField(
                event.pk,
                [r.result for b in scores[event.pk].boards for r in b.results],
                _expected(scores[event.pk]),
            )
            for event in scored
        ]
    )
    names = {}
    for event in scored:
        if event.club.members_only:
            # A club that keeps its pages to logged-in users names nobody on a page of the county.
            names[event.pk] = {}
            continue
        with names_as_published(event.club):
            names[event.pk] = {(p.direction, p.number): p.names for p in pairs_by_event[event.pk]}
    members = {
        event.pk: {
            (p.direction, p.number): tuple(pk for pk in (p.player1_id, p.player2_id) if pk)
            for p in pairs_by_event[event.pk]
        }
        for event in scored
    }
    own = {(event.pk, standing.pair): standing for event in scored for standing in scores[event.pk].standings}
    by_id = {event.pk: event for event in scored}
    rows = []
    for standing in field.standings:
        event = by_id[standing.club]
        mine = own.get((event.pk, standing.pair))
        rows.append(
            FieldRow(
                rank=standing.rank,
                club=event.club.name,
                event=event,
                pair=standing.pair,
                label=pair_label(standing.pair),
                names=names[event.pk].get(standing.pair, pair_label(standing.pair)),
                percentage=standing.percentage,
                score=standing.score,
                top=standing.top,
                club_rank=mine.rank if mine else "",
                club_percentage=mine.percentage if mine else None,
                club_field=mine.field if mine else "",
                member_ids=members[event.pk].get(standing.pair, ()),
            )
        )
    unscored = tuple((event, str(errors[event.pk])) for event in events if event.pk in errors)
    return SimultaneousRanking(simultaneous, tuple(events), field, tuple(rows), unscored)


def _expected(scores: EventScores) -> dict[int, int]:
    """How often the club's movement scheduled each board it played (``score_event`` keeps it)."""
    return {board.board: board.expected for board in scores.boards}


def simultaneous_for_event(event: Event) -> Simultaneous | None:
    """The simultaneous evening the event was played in, if any (one query)."""
    return Simultaneous.objects.filter(entries__event=event).first()


@dataclass(frozen=True)
class DriveFieldRow:
    rank: str
    club: str  # the club's name
    drive: Drive
    number: str  # their card at their drive ("L3")
    names: str  # as the club publishes them
    member_ids: tuple[int, ...]
    total: float
    club_place: str  # their place at their own drive
    club_field: str  # the list they are placed in there ("Ladies")


@dataclass(frozen=True)
class SimultaneousDriveRanking:
    simultaneous: Simultaneous
    drives: tuple[Drive, ...]  # each taking-part club's drive, by club name
    rows: tuple[DriveFieldRow, ...]

    def club_rows(self, drive: Drive) -> list[DriveFieldRow]:
        return [row for row in self.rows if row.drive.pk == drive.pk]


def simultaneous_drives(simultaneous: Simultaneous) -> list[Drive]:
    """The clubs' drives joined to it, by the clubs' names (one query)."""
    entries = SimultaneousDrive.objects.filter(simultaneous=simultaneous).select_related("drive__club")
    return sorted((entry.drive for entry in entries), key=lambda drive: (drive.club.name, drive.pk))


def simultaneous_drive_ranking(simultaneous: Simultaneous) -> SimultaneousDriveRanking:
    """Rank every player of the clubs' drives by their totals (``rank_totals``), each kind's
    totals read by its own entry in the registry, each club's place beside them; named as their
    club publishes names (none at a club that keeps its pages to logged-in users). Read in a
    constant number of queries, however many clubs take part."""
    drives = simultaneous_drives(simultaneous)
    totals = {}
    for kind, group in by_kind(drives):
        if kind.totals is None:
            continue
        read = kind.read(group)
        for drive in group:
            with names_as_published(drive.club):
                totals |= kind.totals([drive], read)
    by_key = {(drive.pk, total.key): (drive, total) for drive in drives for total in totals.get(drive.pk, ())}
    field = rank_totals({key: total.total for key, (_, total) in by_key.items()})
    rows = []
    for standing in field:
        drive, total = by_key[(standing.club, standing.player)]
        rows.append(
            DriveFieldRow(
                rank=standing.rank,
                club=drive.club.name,
                drive=drive,
                number=total.number,
                names=total.number if drive.club.members_only else total.names,
                member_ids=total.member_ids,
                total=total.total,
                club_place=total.place,
                club_field=total.field,
            )
        )
    return SimultaneousDriveRanking(simultaneous, tuple(drives), tuple(rows))


def simultaneous_to_join(*, club, drive: bool) -> list[Simultaneous]:
    """The simultaneous evenings the club takes part in that it has not joined yet: the drive
    evenings for a drive, the evenings on the county's boards for an event (one query)."""
    joined = SimultaneousDrive.objects if drive else SimultaneousEvent.objects
    taken = joined.filter(club=club).values("simultaneous_id")
    return list(
        Simultaneous.objects.filter(clubs=club, drive=drive).exclude(pk__in=taken).order_by("date", "name")
    )
