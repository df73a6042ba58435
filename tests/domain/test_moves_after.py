"""Where the boards go after a round: to the tables that play them in the next round (or to the
relay stand), read from the next round's seating, never from the round just played."""

import pytest

from tournaments.domain.movements import build_movement

MOVEMENTS = [
    dict(tables=3, variant="standard", boards_per_round=2),
    dict(tables=5, variant="standard", boards_per_round=3, phantom=True),
    dict(tables=6, variant="skip", boards_per_round=2),
    dict(tables=4, variant="relay", boards_per_round=2),
    dict(tables=8, variant="relay", boards_per_round=2),
    dict(tables=4, variant="howell", boards_per_round=2),
]


def test_a_three_table_mitchells_boards_go_down_one_table():
    movement = build_movement(3, variant="standard", boards_per_round=2)
    assert [movement.moves_after(1, table).boards_to for table in (1, 2, 3)] == [(3,), (1,), (2,)]
    assert [movement.moves_after(2, table).boards_to for table in (1, 2, 3)] == [(3,), (1,), (2,)]
    assert movement.moves_after(3, 1).boards_to == ()


@pytest.mark.parametrize("movement_settings", MOVEMENTS, ids=lambda s: f"{s['tables']}-{s['variant']}")
def test_the_boards_go_where_the_next_round_plays_them(movement_settings):
    options = dict(movement_settings)
    movement = build_movement(options.pop("tables"), **options)
    assert movement.relay or movement_settings["variant"] != "relay"
    checked = 0
    for here in movement.table_rounds:
        moves = movement.moves_after(here.round, here.table)
        following = [tr for tr in movement.round_of(here.round + 1) if tr.board_set == here.board_set]
        relay = {rr.board_set for rr in movement.relay if rr.round == here.round + 1}
        assert moves.boards_to == tuple(sorted(tr.table for tr in following)), here
        assert moves.boards_to_relay == (here.board_set in relay), here
        checked += here.round < movement.rounds
    assert checked
