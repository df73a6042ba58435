"""Where a table's players and boards go after a round, in the words its tablet shows them: the
movement's for a pairs event ("go to table 3, sit E/W"), the schedule's for an individual event's
players one by one, and at the half table, where nobody plays, who sits out there in turn.

Only the round played and the next are read: the whole movement of a big event is thousands of
rows.
"""

from dataclasses import dataclass

from ...domain.movements.individual import BOARDS_DONE, next_seat_text
from ...domain.movements.render import boards_move_text, ew_move_text, seat_move_text
from ...models import Event, Seating, TableAccess
from ..events.movements import individual_schedule, seated_movement


@dataclass(frozen=True)
class PlayerMove:
    """A player of an individual event as a tablet's move list names them (as it names a pair):
    by name, with their number ("Player 3") beside it; a player not yet named by the number alone."""

    number: int
    names: str
    label: str  # "Player 3", as the evening's format numbers its entrants

    def __str__(self):
        return self.label


def _players(event: Event) -> tuple[dict[int, str], object]:
    """The players' names by number, and how the format numbers one ("Player 3")."""
    names = {p.number: p.names for p in event.individuals.select_related("player1", "player2")}
    return names, event.evening_format.entrant.title


def _next_seat(schedule, names: dict[int, str], title, player: int, round: int) -> str:
    """Where a player goes after ``round``, by the schedule's line for the next."""
    line = schedule.itinerary(player)[round]  # the next round's
    partner = names.get(line.partner, title(line.partner)) if line.partner else ""
    return next_seat_text(line, partner)


def _individual_moves(event: Event, seating: Seating) -> dict:
    """Where each of the four players of a table goes after its round, by the schedule."""
    schedule = individual_schedule(event)
    if seating.round >= schedule.round_count:
        return {}
    names, title = _players(event)
    table = schedule.round_tables(seating.round)[seating.table - 1]
    moves = []
    for player in (p for p in table.seats if p is not None):
        label = title(player)
        moves.append(
            (
                PlayerMove(player, names.get(player, label), label),
                _next_seat(schedule, names, title, player, seating.round),
            )
        )
    return {
        "round": seating.round,
        "pair_moves": moves,
        "boards": (seating.first_board, seating.last_board),
        "boards_text": BOARDS_DONE,
    }


def player_moves_after(event: Event, number: int, round: int) -> str:
    """Where an individual event's player goes after a ``round`` they sit out, in the words a
    tablet would give them ("" after the last round)."""
    schedule = individual_schedule(event)
    if round >= schedule.round_count:
        return ""
    return _next_seat(schedule, *_players(event), number, round)


def round_moves(event: Event, seating: Seating) -> dict:
    """Where the E/W pair and the boards of a table went after its round (read from that round and
    the next only: the whole movement of a big event is thousands of rows)."""
    if event.is_individual:
        return _individual_moves(event, seating)
    rounds = (seating.round, seating.round + 1)
    movement = seated_movement(
        event,
        event.seatings.filter(round__in=rounds).select_related("ns_pair", "ew_pair"),
        event.relay_stands.filter(round=seating.round + 1),
    )
    moves = movement.moves_after(seating.round, seating.table)
    if moves.last_round:
        return {}
    pair_moves = _pair_moves(movement, seating, moves)
    return {
        "round": seating.round,
        "pair_moves": pair_moves,
        "boards": (seating.first_board, seating.last_board),
        "boards_text": boards_move_text(moves),
    }


def round_pair_moves(event: Event, round: int) -> dict[int, str]:
    """Where each pair of a pairs event goes after ``round``, in its tablet's words (``round_moves``)
    by the pair's id, every table's at once: a pair's phone page asks it (a Mitchell's N/S pairs
    stay, and are not told; nobody moves after the last round)."""
    seatings = list(event.seatings.filter(round__in=(round, round + 1)).select_related("ns_pair", "ew_pair"))
    movement = seated_movement(event, seatings, event.relay_stands.filter(round=round + 1))
    words = {}
    for seating in seatings:
        if seating.round != round:
            continue
        moves = movement.moves_after(round, seating.table)
        if moves.last_round:
            continue
        for pair, text in _pair_moves(movement, seating, moves):
            words[pair.pk] = text
    return words


def _pair_moves(movement, seating: Seating, moves) -> list[tuple]:
    """(pair, where it goes) for each pair of a seating after its round, in the movement's words."""
    if movement.kind == "howell":  # both pairs move, and may change direction
        return [
            (pair, seat_move_text(seating.table, direction, following, last_round=moves.last_round))
            for pair, direction, following in (
                (seating.ns_pair, "NS", moves.ns_next),
                (seating.ew_pair, "EW", moves.ew_next),
            )
            if pair is not None
        ]
    return [(seating.ew_pair, ew_move_text(moves))] if seating.ew_pair else []


def table_sit_outs(access: TableAccess) -> list[tuple]:
    """At the half table, where nobody plays: round by round, (round, the pair sitting out there,
    where it goes after), in the words the other tables' tablets use. Nobody else tells that pair."""
    event = access.event
    seatings = event.seatings.select_related(
        "ns_pair__player1", "ns_pair__player2", "ew_pair__player1", "ew_pair__player2"
    ).order_by("round", "table")
    movement = seated_movement(event, seatings, event.relay_stands.all())
    return [
        (seating.round, pair, text)
        for seating in seatings
        if seating.table == access.table
        for pair, text in _pair_moves(movement, seating, movement.moves_after(seating.round, seating.table))
    ]
