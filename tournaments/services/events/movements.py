"""The movement of an event as its rows hold it, in the domain's terms, and the views of it that
the movement page and the guide cards show: the grid of rounds by tables and each moving pair's
itinerary; an individual event's schedule and movement, built from its settings. No writes."""

from collections import defaultdict
from dataclasses import dataclass

from ...domain.movements import Movement, RelayRound, TableRound, movement_kind
from ...domain.movements.individual import IndividualMovement, build_individual
from ...domain.movements.render import sharing_text, stands_text, three_quarter_rule_text
from ...domain.movements.types import Seat
from ...domain.movements.whist import WhistSchedule, whist_schedule
from ...models import Event, Pair, Seating


def individual_schedule(event: Event) -> WhistSchedule:
    """The whist tournament seating an individual event's players; MovementError in words."""
    return whist_schedule(event.players, event.rounds)


def individual_movement(event: Event) -> IndividualMovement:
    """An individual event's movement: its schedule's partnerships played as pairs."""
    return build_individual(individual_schedule(event), boards_per_round=event.boards_per_round)


def seated_movement(event: Event, seatings=None, relay_stands=None) -> Movement:
    """The movement as the event's rows hold it (which may have been edited by hand since it was
    built), for asking where pairs and boards go. Seatings need their pairs loaded."""
    if seatings is None:
        seatings = event.seatings.select_related("ns_pair", "ew_pair")
    if relay_stands is None:
        relay_stands = event.relay_stands.all()
    table_rounds = tuple(
        TableRound(
            round=s.round,
            table=s.table,
            ns=s.ns_pair.number if s.ns_pair_id else None,
            ew=s.ew_pair.number if s.ew_pair_id else None,
            board_set=s.board_set,
            boards=tuple(s.board_numbers),
            arrow_switched=s.arrow_switched,
            shares_with=s.shares_with,
        )
        for s in seatings
    )
    return Movement(
        kind=movement_kind(event.variant),
        variant=event.variant,
        tables=event.tables,
        rounds=max((tr.round for tr in table_rounds), default=0),
        boards_per_round=event.boards_per_round,
        sets=len({tr.board_set for tr in table_rounds}),
        phantom=event.phantom,
        arrow_switch_rounds=tuple(sorted({tr.round for tr in table_rounds if tr.arrow_switched})),
        table_rounds=table_rounds,
        relay=tuple(
            RelayRound(r.round, r.board_set, tuple(range(r.first_board, r.last_board + 1)))
            for r in relay_stands
        ),
        card_set=event.card_set or None,
    )


@dataclass(frozen=True)
class Stop:
    """Where a moving pair sits in one round: the seating, its seat ("N/S" or "E/W") and the pair
    opposite (None: it sits out)."""

    seating: Seating
    seat: str
    opponent: Pair | None


def pair_itineraries(seatings, *, howell: bool) -> list[tuple[Pair, list[Stop]]]:
    """Each pair who moves, by number, with its stops round by round: a Mitchell's E/W pairs, every
    pair of a Howell (its table and direction change), and a Mitchell's N/S pair seated in another
    pair's place during the evening (its table changes). Seatings need their pairs loaded."""
    stops: dict[Pair, list[Stop]] = defaultdict(list)
    for seating in seatings:
        for seat, pair, opponent in (
            ("N/S", seating.ns_pair, seating.ew_pair),
            ("E/W", seating.ew_pair, seating.ns_pair),
        ):
            if pair is not None:
                stops[pair].append(Stop(seating, seat, opponent))
    return [
        (pair, sorted(found, key=lambda stop: stop.seating.round))
        for pair, found in sorted(stops.items(), key=lambda item: item[0].number)
        if howell or _moves(found)
    ]


def _moves(stops: list[Stop]) -> bool:
    """A Mitchell's pair moves when it sits E/W, or changes tables (seated in another's place)."""
    return any(stop.seat == "E/W" for stop in stops) or len({stop.seating.table for stop in stops}) > 1


@dataclass(frozen=True)
class MovementGrid:
    """The movement page: rounds by tables (each cell a seating, or None), the relay stands, where
    the skip falls, the stationary pair of a Howell, and the moving pairs' itineraries."""

    tables: range
    rows: list[dict]
    has_relay: bool
    stands: str  # where the relay stands stand, and the sets each holds, in words
    rule: str  # how a ¾ Howell moves, in words ("" for other movements)
    skip_after: int | None
    stationary: int | None
    stationary_seat: Seat | None
    itineraries: list[tuple[Pair, list[Stop]]]


def event_movement_grid(event: Event) -> MovementGrid:
    """The event's movement as its page shows it, read in three queries."""
    seatings = list(event.seatings.select_related("ns_pair", "ew_pair"))
    stands = list(event.relay_stands.all())
    movement = seated_movement(event, seatings, stands)
    grid: dict[int, dict[int, Seating]] = defaultdict(dict)
    for seating in seatings:
        grid[seating.round][seating.table] = seating
        if seating.shares_with:
            seating.sharing = sharing_text(movement.sharing(seating.round, seating.table))
    relay = defaultdict(list)
    for stand in stands:
        stand.place = movement.stand_of(stand.round, stand.board_set).place
        relay[stand.round].append(stand)
    tables = range(1, event.tables + 1)
    stationary = movement.stationary[0][1] if event.one_field and movement.stationary else None
    return MovementGrid(
        tables=tables,
        rows=[
            {
                "round": r,
                "cells": [grid[r].get(t) for t in tables],
                "relay": relay.get(r, []),
                "skip": r == movement.skip_after,
            }
            for r in sorted(grid)
        ],
        has_relay=bool(relay),
        stands=stands_text(movement),
        rule=three_quarter_rule_text(movement),
        skip_after=movement.skip_after,
        stationary=stationary,
        stationary_seat=movement.seat_of(1, "", stationary) if stationary else None,
        itineraries=pair_itineraries(seatings, howell=event.one_field),
    )
