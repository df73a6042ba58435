"""Individual events: the players, their schedule, and their ranking.

An event ranks individuals when its movement is the individual one (``Event.Variant.INDIVIDUAL``,
with its number of players): who an event ranks follows from how it is seated, so it is said once.
The movement (``domain.movements.individual``) makes each round's two partnerships at a table that
round's pairs, one field numbered in seating order; their Pair rows name the two players
(``individual1``, ``individual2``) and carry their names, so tablets, travellers, corrections and
the boards' scoring work as for pairs. A player's ranking sums their partnerships'
(``domain.individuals``).
"""

from dataclasses import dataclass

from django.db import transaction

from ...domain.errors import DomainError
from ...domain.individuals import IndividualStanding, rank_individuals
from ...models import AuditLine, Event, IndividualPlayer, Member, Pair, page_shown, person_name
from ..core.audit import event_log
from ..core.errors import ServiceError
from .entries import member_or_guest
from .evening import event_build_movement, event_update
from .lifecycle import may_change_pairs, may_enter_players, require
from .movements import individual_schedule
from .partnerships import PAIR_NAMES, name_pair
from .scoring import EventReport, event_report

SHARED_SEAT = "+"  # "Ann Smith + Bob Jones": two people who take one seat in turn


def _seat_people(club, text: str) -> tuple[Member | None, str, Member | None, str]:
    """One seat from what the organiser typed: a name, or two joined by "+" (a shared seat)."""
    names = text.split(SHARED_SEAT)
    if len(names) > 2:
        raise ServiceError(f"“{text}”: a seat is shared by two people at most (“Ann Smith + Bob Jones”).")
    first = member_or_guest(club, names[0])
    second = member_or_guest(club, names[1]) if len(names) == 2 else (None, "")
    return (*first, *second)


@transaction.atomic
def individuals_enter(
    *, event: Event, names: list[str], boards_per_round: int | None = None, user=None
) -> None:
    """Tonight's players of an individual event, one a line (two joined by "+" share a seat), in
    the order they take the schedule's numbers: the movement is built for that many players (and
    ``boards_per_round``, when given) and the players named. Refused once play has started."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    require(may_enter_players(event))
    require(may_change_pairs(event))
    names = [" ".join(name.split()) for name in names if name.strip()]
    values = {"players": len(names)}
    if boards_per_round is not None:
        values["boards_per_round"] = boards_per_round
    event = event_update(event=event, values=values, user=user)  # rebuilds the movement on a change
    if not event.seatings.exists():
        event_build_movement(event=event, user=user)
    _rename(event, dict(enumerate(names, 1)), user)


@transaction.atomic
def individuals_rename(*, event: Event, names: dict[int, str], user=None) -> None:
    """Give the event's players their names, by number: a member's name or a guest's, or two joined
    by "+" for a shared seat. Every partnership's pair takes the new names. A line in the trail.
    Names may be corrected at any stage: that orphans nothing."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    require(may_enter_players(event))
    _rename(event, names, user)


def _rename(event: Event, names: dict[int, str], user) -> None:
    seats = {p.number: p for p in event.individuals.all()}
    unknown = sorted(set(names) - set(seats))
    if unknown:
        raise ServiceError(f"{event.name} has no player {unknown[0]}: it seats {len(seats)} players.")
    for number, text in names.items():
        seat = seats[number]
        seat.player1, seat.guest1, seat.player2, seat.guest2 = _seat_people(event.club, text)
        seat.full_clean()
        seat.save(update_fields=["player1", "guest1", "player2", "guest2"])
    pairs = list(
        event.pairs.select_related(
            "individual1__player1", "individual1__player2", "individual2__player1", "individual2__player2"
        )
    )
    for pair in pairs:
        name_pair(pair)
    Pair.objects.bulk_update(pairs, list(PAIR_NAMES))
    detail = "names given: " + "; ".join(f"{number} {seats[number].names}" for number in sorted(names))
    event_log(event=event, action=AuditLine.Action.PLAYERS, detail=detail[:500], user=user)


SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


@dataclass(frozen=True)
class ScheduleGrid:
    """An individual event's schedule as the run page and the movement page show it: round by round,
    each table's four players by seat (None: an empty seat), who sits out, and any shortfall."""

    tables: range
    rows: list[dict]
    shortfall: str
    source: str


def individual_schedule_grid(event: Event) -> ScheduleGrid:
    schedule = individual_schedule(event)
    names = {p.number: p.names for p in event.individuals.select_related("player1", "player2")}
    first = event.boards_per_round
    rows = []
    for tables in schedule.rounds:
        round_ = tables[0].round
        rows.append(
            {
                "round": round_,
                "boards": (first * (round_ - 1) + 1, first * round_),
                "tables": [
                    {
                        "plays": table.plays,
                        "seats": [
                            (seat, number, names.get(number, f"Player {number}") if number else "empty seat")
                            for seat, number in zip("NESW", table.seats, strict=True)
                        ],
                    }
                    for table in tables
                ],
                "out": [names.get(n, f"Player {n}") for n in schedule.sitting_out(round_)],
            }
        )
    return ScheduleGrid(range(1, schedule.tables + 1), rows, schedule.shortfall, schedule.source)


@dataclass(frozen=True)
class IndividualReport:
    """An individual event's ranking with the players' names, beside the boards' report."""

    pairs: EventReport
    standings: tuple[IndividualStanding, ...]
    names: dict[int, str]
    people: dict[int, tuple[tuple[int | None, str], ...]]  # player -> ((member id or None, name), …)
    partnerships: dict[tuple[str, int], tuple[int, int]]
    linked: frozenset = frozenset()  # the members whose own page the reader may open

    def name(self, player: int) -> str:
        return self.names.get(player, f"Player {player}")

    def partnership_name(self, pair) -> str:
        """A partnership by its two players, in seat order: "Ann Smith & Player 5"."""
        return " & ".join(self.name(player) for player in self.partnerships[tuple(pair)])


def event_partnerships(event: Event) -> dict[tuple[str, int], tuple[int, int]]:
    """Each of the event's partnerships, by its pair's key, to its two players' numbers in seat
    order: ``("NS", 3)`` to ``(8, 1)``. One query."""
    return {
        (direction, number): (first, second)
        for direction, number, first, second in event.pairs.exclude(individual1=None).values_list(
            "direction", "number", "individual1__number", "individual2__number"
        )
    }


def individual_report(event: Event, report: EventReport | None = None) -> IndividualReport:
    """The players ranked on the sum of their partnerships' scores (ScoringError as the boards')."""
    report = report or event_report(event)
    seats = list(event.individuals.select_related("player1", "player2"))
    partnerships = event_partnerships(event)
    try:
        standings = rank_individuals(
            report.scores, partnerships, [s.number for s in seats], tie_break=event.tie_break
        )
    except DomainError as error:
        raise ServiceError(str(error)) from None
    return IndividualReport(
        pairs=report,
        standings=standings,
        names={s.number: s.names for s in seats},
        people={s.number: seat_people(s) for s in seats},
        partnerships=partnerships,
        linked=frozenset(m.pk for s in seats for m in (s.player1, s.player2) if page_shown(m)),
    )


def seat_people(seat: IndividualPlayer) -> tuple[tuple[int | None, str], ...]:
    """Who holds the seat: (member id, or None for a guest; name), one or two of them."""
    found = []
    for member, guest in ((seat.player1, seat.guest1), (seat.player2, seat.guest2)):
        if member is not None:
            found.append((member.pk, person_name(member)))
        elif guest:
            found.append((None, person_name(None, guest)))
    return tuple(found)
