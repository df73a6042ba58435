"""Relay stands are placed between two tables, as the published cards place them, and every table
that puts boards on a stand or takes them off it is one of the two."""

import pytest

from tournaments.domain.movements import build_howell, build_mitchell
from tournaments.domain.movements.howell import FIRST_ROUNDS, SHARED_SETS
from tournaments.domain.movements.render import boards_move_text, movement_as_text, stands_text

SIZES = [(t, card_set) for t in sorted(FIRST_ROUNDS) for card_set in FIRST_ROUNDS[t] if t not in SHARED_SETS]


def _stands(movement) -> dict[str, int]:
    return {stand.place: sets for stand, sets in movement.stands()}


@pytest.mark.parametrize(
    "tables, published",
    [
        # The EBU manual's Howells as a club lists them (domain.md 1.1, the exeter list): "4 Tables
        # Howell, 7 rounds, 28 boards: Sets of 4 boards, 1 relay between tables 1 & 2 and 2 relays
        # between tables 4 & 1"; "5 Tables ... 4 relays between tables 5 & 1"; "7 Tables ... 6 relays
        # between tables 7 & 1".
        (4, {"between tables 1 and 2": 1, "between tables 4 and 1": 2}),
        (5, {"between tables 5 and 1": 4}),
        (7, {"between tables 7 and 1": 6}),
    ],
)
def test_the_ebu_howells_stands_stand_where_the_published_cards_put_them(tables, published):
    assert _stands(build_howell(tables, boards_per_round=3, card_set="ebu")) == published


def test_the_default_howells_for_eight_and_twelve_pairs_have_two_stands_each():
    assert len(build_howell(4, boards_per_round=3).stands()) == 2
    assert _stands(build_howell(6, boards_per_round=2)) == {
        "between tables 4 and 5": 1,
        "between tables 6 and 1": 4,
    }


def test_the_share_and_relay_mitchells_stand_is_halfway():
    movement = build_mitchell(8, boards_per_round=3, variant="relay")
    assert _stands(movement) == {"between tables 4 and 5": 1}
    assert boards_move_text(movement.moves_after(1, 5)) == "the relay stand between tables 4 and 5"
    assert movement.moves_after(1, 4).boards_from.place == "between tables 4 and 5"


@pytest.mark.parametrize("tables, card_set", SIZES)
def test_boards_go_onto_a_stand_and_off_it_only_at_its_two_tables(tables, card_set):
    movement = build_howell(tables, boards_per_round=2, card_set=card_set)
    for r in range(1, movement.rounds):
        for tr in movement.round_of(r):
            moves = movement.moves_after(r, tr.table)
            assert (moves.stand is not None) == moves.boards_to_relay
            for stand in (moves.stand, moves.boards_from):
                assert stand is None or tr.table in stand.between, (r, tr.table, stand)
        for rr in movement.relay:  # a set resting two rounds running stays on its stand
            if rr.round == r and (r + 1, rr.board_set % movement.sets + 1) in {
                (x.round, x.board_set) for x in movement.relay
            }:
                assert movement.stand_of(r, rr.board_set) == movement.stand_of(
                    r + 1, rr.board_set % movement.sets + 1
                )


@pytest.mark.parametrize("options", [{"rounds": 3}, {"phantom": True}])
def test_a_howell_cut_short_or_with_a_missing_pair_keeps_its_stands(options):
    assert _stands(build_howell(4, boards_per_round=3, **options)) == _stands(
        build_howell(4, boards_per_round=3)
    )


def test_the_three_table_howell_has_one_stand_for_the_room():
    movement = build_howell(3, boards_per_round=3)
    assert {stand.between for stand, _ in movement.stands()} == {None}
    assert stands_text(movement) == ""
    assert boards_move_text(movement.moves_after(2, 3)) == "the relay stand"


def test_the_movement_grid_names_the_stands():
    text = movement_as_text(build_howell(4, boards_per_round=3))
    assert "Relay stands: between tables 1 and 2 (1 set), between tables 4 and 1 (2 sets)." in text
