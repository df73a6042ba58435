"""The Mitchell movement against the published spot checks, and its invariants for every size."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.domain.errors import MovementError
from tournaments.domain.movements import build_mitchell, parse_round_list


def _ew_table(movement, ew, round_):
    return next(tr.table for tr in movement.round_of(round_) if tr.ew == ew)


def _itinerary(movement, direction, pair):
    """Where a pair of a Mitchell line sits, round by round."""
    return [tr for tr in movement.table_rounds if (tr.ns if direction == "NS" else tr.ew) == pair]


def _sets_played_by_ew(movement, ew):
    return [tr.board_set for tr in _itinerary(movement, "EW", ew) if tr.ns is not None]


# --- published spot checks (../shared/domain.md, section 1) -------------------------------------


def test_seven_tables_is_a_perfect_mitchell():
    movement = build_mitchell(7, boards_per_round=4)
    assert (movement.rounds, movement.sets, movement.boards) == (7, 7, 28)
    for ew in range(1, 8):
        assert sorted(_sets_played_by_ew(movement, ew)) == list(range(1, 8))
        assert sorted(tr.ns for tr in _itinerary(movement, "EW", ew)) == list(range(1, 8))
        # E/W e plays set ((e-1) + 2(r-1)) mod T + 1
        assert _sets_played_by_ew(movement, ew) == [((ew - 1) + 2 * (r - 1)) % 7 + 1 for r in range(1, 8)]


def test_pairs_move_up_and_boards_move_down():
    movement = build_mitchell(13, boards_per_round=2)
    assert _ew_table(movement, 12, 2) == 13 and _ew_table(movement, 13, 2) == 1
    assert movement.at(2, 13).board_set == 1  # "the boards at table 1 will move to table 13"
    assert movement.at(1, 1).boards == (1, 2) and movement.at(1, 13).boards == (25, 26)


@pytest.mark.parametrize("tables, skip_round", [(6, 4), (8, 5), (10, 6), (14, 8)])
def test_the_skip_comes_at_the_halfway_point(tables, skip_round):
    movement = build_mitchell(tables, boards_per_round=2)
    for r in range(2, tables):
        moved = (_ew_table(movement, 1, r) - _ew_table(movement, 1, r - 1)) % tables
        assert moved == (2 if r == skip_round else 1)


def test_twelve_tables_skip_from_twelve_to_two_and_eleven_to_one():
    movement = build_mitchell(12, boards_per_round=2)
    for ew in range(1, 13):
        if _ew_table(movement, ew, 6) == 12:
            assert _ew_table(movement, ew, 7) == 2
        if _ew_table(movement, ew, 6) == 11:
            assert _ew_table(movement, ew, 7) == 1


@pytest.mark.parametrize("tables", [6, 8])
def test_the_revenge_round_brings_each_pair_back_to_its_first_table(tables):
    movement = build_mitchell(tables, boards_per_round=2, rounds=tables)
    for ew in range(1, tables + 1):
        assert _ew_table(movement, ew, tables) == ew


def test_in_a_skip_five_ew_never_meets_one_ns_with_eight_tables():
    movement = build_mitchell(8, boards_per_round=3)
    for ew in range(1, 9):
        met = {tr.ns for tr in _itinerary(movement, "EW", ew)}
        assert (ew + 4 - 1) % 8 + 1 not in met
    assert 1 not in {tr.ns for tr in _itinerary(movement, "EW", 5)}


@pytest.mark.parametrize(
    "tables, boards_per_round, rounds, sets, played",
    [(9, 3, 9, 9, 27), (13, 2, 13, 13, 26), (10, 3, 9, 10, 27), (14, 2, 13, 14, 26)],
)
def test_club_movements_from_the_ebu_manual_list(tables, boards_per_round, rounds, sets, played):
    movement = build_mitchell(tables, boards_per_round=boards_per_round)
    assert (movement.rounds, movement.sets) == (rounds, sets)
    for ew in range(1, tables + 1):
        assert len(_sets_played_by_ew(movement, ew)) * boards_per_round == played


def test_eight_table_relay_shares_one_and_eight_with_the_relay_between_four_and_five():
    movement = build_mitchell(8, boards_per_round=3, variant="relay")
    for r in range(1, 9):
        assert movement.at(r, 1).board_set == movement.at(r, 8).board_set
        # Boards leave table 5 for the relay, and the relay's boards go to table 4.
        if r < 8:
            assert movement.relay[r].board_set == movement.at(r, 5).board_set
            assert movement.at(r + 1, 4).board_set == movement.relay[r - 1].board_set
    assert movement.relay[8 // 2].board_set == 1  # round N/2+1: set one on the bye stand
    assert movement.at(1, 8).shares_with == 1 and movement.at(1, 1).shares_with == 8


def test_a_half_table_makes_the_last_ns_pair_the_phantom():
    movement = build_mitchell(9, boards_per_round=3, phantom=True)
    for ns in range(1, 9):
        assert len(_itinerary(movement, "NS", ns)) * 3 == 27
    for ew in range(1, 10):
        assert len(_sets_played_by_ew(movement, ew)) * 3 == 24
    assert all(tr.ns is None for tr in movement.table_rounds if tr.table == 9)
    assert [tr.ew for tr in movement.round_of(1) if tr.ns is None] == [9]  # E/W 9 sits out first


@pytest.mark.parametrize("tables", [2, 4, 8, 16])
def test_in_a_relay_the_first_and_last_tables_share_every_round(tables):
    movement = build_mitchell(tables, boards_per_round=2, variant="relay")
    for r in range(1, tables + 1):
        assert movement.at(r, 1).shares_with == tables and movement.at(r, tables).shares_with == 1
        assert movement.at(r, 1).board_set == movement.at(r, tables).board_set
        assert all(movement.at(r, t).shares_with is None for t in range(2, tables))


@pytest.mark.parametrize("tables", [4, 8, 16])
def test_with_a_phantom_in_a_relay_nobody_shares(tables):
    """The phantom sits at the last table, so table 1 has its boards alone: no table shares."""
    movement = build_mitchell(tables, boards_per_round=2, variant="relay", phantom=True)
    assert all(tr.shares_with is None for tr in movement.table_rounds)
    for r in range(1, tables + 1):
        assert movement.at(r, tables).ns is None
        playing = [tr.board_set for tr in movement.round_of(r) if tr.ns is not None]
        assert len(playing) == len(set(playing)), "a set is played at two tables"


def test_the_arrow_switch_spares_the_sharing_table():
    movement = build_mitchell(8, boards_per_round=3, variant="relay", arrow_switch_rounds=(8,))
    switched = {tr.table for tr in movement.round_of(8) if tr.arrow_switched}
    assert switched == set(range(1, 8))
    assert not any(tr.arrow_switched for tr in movement.table_rounds if tr.round < 8)


# --- requests that cannot be played --------------------------------------------------------------


@pytest.mark.parametrize(
    "tables, options, message",
    [
        (1, {}, "at least 2 tables"),
        (41, {}, "up to 40"),
        (7, {"boards_per_round": 0}, "at least one board"),
        (7, {"boards_per_round": 100_000}, "at most 16"),
        (7, {"variant": "skip"}, "only for an even number"),
        (7, {"variant": "relay"}, "only for an even number"),
        (8, {"variant": "standard"}, "choose a skip or a relay"),
        (8, {"variant": "skip", "phantom": True}, "cannot have a phantom"),
        (7, {"rounds": 8}, "at most 7 rounds"),
        (8, {"variant": "skip", "rounds": 9}, "at most 8 rounds"),
        (8, {"variant": "relay", "rounds": 6}, "must be played in full"),
        (7, {"rounds": 0}, "at least one round"),
        (7, {"arrow_switch_rounds": (8,)}, "Round 8 cannot be arrow-switched"),
        (7, {"variant": "howell"}, "not a Mitchell"),
        (2, {"variant": "skip"}, "no result could be compared"),
        (2, {"variant": "relay", "phantom": True}, "Three pairs play every board at one table only"),
        (2, {"variant": "skip", "rounds": 2}, "no result could be compared"),
        (8, {"variant": "relay", "boards_per_round": 1}, "at least 2 boards a round"),
        (18, {"variant": "relay", "boards_per_round": 1, "phantom": True}, "at least 2 boards a round"),
    ],
)
def test_an_impossible_request_is_explained(tables, options, message):
    options = {"boards_per_round": 2, **options}
    with pytest.raises(MovementError, match=message):
        build_mitchell(tables, **options)


def test_round_lists_are_read_from_what_an_organiser_types():
    assert parse_round_list("7, 6 6") == (6, 7)
    assert parse_round_list("") == ()
    with pytest.raises(MovementError, match="'last' is not a round number"):
        parse_round_list("last")


# --- invariants over every variant and size ------------------------------------------------------


@st.composite
def movements(draw):
    tables = draw(st.integers(2, 40))
    if tables % 2:
        variant = "standard"
    elif tables == 2:
        variant = "relay"
    else:
        variant = draw(st.sampled_from(["skip", "relay"]))
    phantom = variant != "skip" and tables > 2 and draw(st.booleans())  # three pairs are refused
    if variant == "relay":
        rounds = tables
    elif variant == "skip":
        rounds = draw(st.integers(1, tables))
    else:
        rounds = draw(st.integers(1, tables))
    switch = draw(st.lists(st.integers(1, rounds), max_size=2))
    k = draw(st.integers(2 if variant == "relay" else 1, 4))
    return build_mitchell(
        tables,
        boards_per_round=k,
        variant=variant,
        rounds=rounds,
        phantom=phantom,
        arrow_switch_rounds=switch,
    )


@settings(max_examples=300, deadline=None)
@given(movements())
def test_every_movement_keeps_the_rules(movement):
    T = movement.tables
    revenge = movement.variant == "skip" and movement.rounds == T
    for r in range(1, movement.rounds + 1):
        round_ = movement.round_of(r)
        assert sorted(tr.table for tr in round_) == list(range(1, T + 1))
        assert sorted(tr.ew for tr in round_) == list(range(1, T + 1))
        # A board set is at one table only, but for the two sharing tables of a relay.
        at_tables = Counter(tr.board_set for tr in round_)
        for board_set, count in at_tables.items():
            sharing = {tr.table for tr in round_ if tr.board_set == board_set}
            assert count == 1 or (movement.variant == "relay" and sharing == {1, T})
        if movement.variant == "skip":
            assert sorted(at_tables) == list(range(1, T + 1))
        if movement.variant == "relay":
            assert set(at_tables) | {movement.relay[r - 1].board_set} == set(range(1, T + 1))

    for ew in range(1, T + 1):
        stops = _itinerary(movement, "EW", ew)
        played = [tr.board_set for tr in stops if tr.ns is not None]
        assert len(played) == len(set(played)), "an E/W pair plays a board twice"
        met = [tr.ns for tr in stops if tr.ns is not None]
        if not revenge:
            assert len(met) == len(set(met)), "a pair meets the same opponents twice"
        complete = movement.rounds == T and movement.variant in ("standard", "relay")
        if complete:
            assert sorted(tr.board_set for tr in stops) == list(range(1, T + 1))
            assert sorted(tr.table for tr in stops) == list(range(1, T + 1))

    for tr in movement.table_rounds:
        assert tr.arrow_switched == (
            tr.round in movement.arrow_switch_rounds and not (movement.variant == "relay" and tr.table == T)
        )
        assert tr.boards == tuple(
            range(
                (tr.board_set - 1) * movement.boards_per_round + 1,
                tr.board_set * movement.boards_per_round + 1,
            )
        )
