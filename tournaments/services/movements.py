"""The movement of an event as its rows hold it, in the domain's terms. No writes."""

from ..domain.movements import Movement, RelayRound, TableRound
from ..models import Event


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
        kind="howell" if event.is_howell else "mitchell",
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
