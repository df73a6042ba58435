"""The ¾ Howell for 6 tables equals the published cards round by round, and keeps their promises:
every pair meets 9 of the 11 others once, plays every set once, and no set is at two tables."""

import json
from collections import Counter
from pathlib import Path

import pytest

from tournaments.domain.errors import MovementError
from tournaments.domain.movements import build_movement, build_three_quarter_howell, unmet_pairs
from tournaments.domain.movements.render import movement_as_text
from tournaments.domain.recommend import recommend

CARDS = json.loads((Path(__file__).parent.parent / "data" / "three-quarter-howell-6-tables.json").read_text())
SAFFRON, YELLOW = CARDS["movements"]


@pytest.mark.parametrize("card, card_set", [(SAFFRON, "ebu"), (YELLOW, "acbl")])
def test_the_movement_is_the_published_card(card, card_set):
    assert "Saffron" in SAFFRON["name"] and "Yellow" in YELLOW["name"]
    movement = build_three_quarter_howell(6, boards_per_round=3, card_set=card_set)
    rows = [[tr.round, tr.table, tr.ns, tr.ew, tr.board_set] for tr in movement.table_rounds]
    assert rows == card["rows"]
    assert (movement.rounds, movement.boards, movement.boards_per_round) == (
        card["rounds"],
        card["boards"],
        card["boards_per_round"],
    )


@pytest.mark.parametrize("card_set", ["ebu", "acbl"])
def test_every_pair_meets_nine_others_once_and_plays_every_set_once(card_set):
    movement = build_three_quarter_howell(6, boards_per_round=3, card_set=card_set)
    meetings = Counter(frozenset((tr.ns, tr.ew)) for tr in movement.table_rounds)
    assert set(meetings.values()) == {1}
    for pair in range(1, 13):
        assert sum(pair in met for met in meetings) == 9
    assert len(unmet_pairs(movement)) == 66 - 54
    for pair in range(1, 13):
        sets = [tr.board_set for tr in movement.table_rounds if pair in (tr.ns, tr.ew)]
        assert sorted(sets) == list(range(1, 10))
    for r in range(1, 10):
        in_play = [tr.board_set for tr in movement.round_of(r)]
        resting = [rr.board_set for rr in movement.relay if rr.round == r]
        assert len(set(in_play)) == 6 and sorted(in_play + resting) == list(range(1, 10))
    # Each set is played at 6 tables in all: each board's matchpoints compare 6 results.
    assert Counter(tr.board_set for tr in movement.table_rounds) == {s: 6 for s in range(1, 10)}


def test_on_the_saffron_card_pairs_10_to_12_stay_and_pair_12_turns_every_third_round():
    movement = build_three_quarter_howell(6, boards_per_round=3)
    assert movement.stationary == (("NS", 10), ("NS", 11), ("NS", 12))
    seats = [movement.seat_of(r, "", 12) for r in range(1, 10)]
    assert {seat.table for seat in seats} == {6}
    assert [r for r, seat in enumerate(seats, 1) if seat.direction == "EW"] == [3, 6, 9]


def test_the_relay_stands_are_named_where_they_stand():
    movement = build_three_quarter_howell(6, boards_per_round=3)
    assert [(stand.place, sets) for stand, sets in movement.stands()] == [
        ("between tables 1 and 2", 1),
        ("between tables 4 and 5", 1),
        ("between tables 6 and 1", 1),
    ]
    # Round 1: set 2 waits between tables 1 and 2, set 6 between 4 and 5, set 9 between 6 and 1.
    assert [movement.stand_of(1, s).place for s in (2, 6, 9)] == [
        "between tables 1 and 2",
        "between tables 4 and 5",
        "between tables 6 and 1",
    ]
    # Table 1's boards (set 1) rest a round between tables 6 and 1, then go to table 6.
    moves = movement.moves_after(1, 1)
    assert moves.boards_to_relay and moves.stand.place == "between tables 6 and 1"
    text = movement_as_text(movement)
    assert text.startswith(
        "6-table ¾ Howell: 9 rounds of 3 boards, boards 1-27 in 9 sets (EBU Saffron cards)"
    )
    assert "Relay stands: between tables 1 and 2 (1 set), between tables 4 and 5 (1 set)" in text
    assert "pair 12 sits E/W in rounds 3, 6 and 9" in text


def test_a_half_table_leaves_pair_12_out_and_its_opponent_sits_out():
    movement = build_movement(6, variant="three-quarter-howell", boards_per_round=3, phantom=True)
    assert all(12 not in (tr.ns, tr.ew) for tr in movement.table_rounds)
    assert [(tr.ns, tr.ew) for tr in movement.round_of(3)][5] == (3, None)


@pytest.mark.parametrize(
    "tables, options, message",
    [
        (5, {}, "whistdrive has the ¾ Howell for 6 tables (12 pairs), not for 5"),
        (6, {"rounds": 10}, "A ¾ Howell has 9 rounds; it can be cut short, not lengthened."),
        (6, {"card_set": "blue"}, "Saffron (EBU) and Yellow (ACBL) cards, not BLUE"),
        (6, {"arrow_switch_rounds": [9]}, "nothing to arrow-switch"),
    ],
)
def test_an_impossible_three_quarter_howell_is_explained(tables, options, message):
    with pytest.raises(MovementError, match=message.replace("(", r"\(").replace(")", r"\)")):
        build_movement(tables, variant="three-quarter-howell", boards_per_round=3, **options)


def test_twelve_pairs_who_want_27_boards_are_recommended_the_three_quarter_howell():
    best = recommend(12, boards=27)[0]
    assert (best.variant, best.tables, best.rounds, best.boards_per_round, best.boards_played) == (
        "three-quarter-howell",
        6,
        9,
        3,
        27,
    )
    assert "meets 9 of the 11 others" in best.why and best.summary.startswith("6 tables, a ¾ Howell")
    # Without a wish the complete Howell leads, the ¾ Howell offered last; other fields never get it.
    assert [p.variant for p in recommend(12)] == ["howell", "howell", "skip", "three-quarter-howell"]
    assert recommend(12, boards=22)[0].variant == "howell"
    assert all(p.variant != "three-quarter-howell" for n in (10, 11, 13, 14) for p in recommend(n, boards=27))
    # Its three stationary pairs keep three pairs who cannot move; four are too many.
    assert recommend(12, staying=3, boards=27)[0].variant == "three-quarter-howell"
    assert "three-quarter-howell" not in [p.variant for p in recommend(12, staying=4, boards=27)]
