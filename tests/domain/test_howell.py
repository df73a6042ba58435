"""The Howell movements: the published first rounds, turned by the cyclic rule, keep every promise."""

from collections import Counter
from itertools import combinations

import pytest

from tournaments.domain.errors import MovementError
from tournaments.domain.movements import build_howell, howell_card_sets, unmet_pairs
from tournaments.domain.movements.howell import FIRST_ROUNDS

SIZES = [(t, card_set) for t in sorted(FIRST_ROUNDS) for card_set in FIRST_ROUNDS[t]]


@pytest.mark.parametrize("tables, card_set", SIZES)
def test_round_one_is_the_published_one(tables, card_set):
    movement = build_howell(tables, boards_per_round=3, card_set=card_set)
    assert (
        tuple((tr.ns, tr.ew, tr.board_set) for tr in movement.round_of(1)) == FIRST_ROUNDS[tables][card_set]
    )


@pytest.mark.parametrize("tables, card_set", SIZES)
def test_every_pair_meets_every_other_exactly_once(tables, card_set):
    movement = build_howell(tables, boards_per_round=3, card_set=card_set)
    meetings = Counter(frozenset((tr.ns, tr.ew)) for tr in movement.table_rounds)
    assert set(meetings) == {frozenset(p) for p in combinations(range(1, 2 * tables + 1), 2)}
    assert set(meetings.values()) == {1}
    assert movement.rounds == 2 * tables - 1 and unmet_pairs(movement) == ()


@pytest.mark.parametrize("tables, card_set", SIZES)
def test_every_pair_plays_every_set_once_and_every_round(tables, card_set):
    movement = build_howell(tables, boards_per_round=3, card_set=card_set)
    n = 2 * tables - 1
    for pair in range(1, 2 * tables + 1):
        seats = [tr for tr in movement.table_rounds if pair in (tr.ns, tr.ew)]
        assert sorted(tr.round for tr in seats) == list(range(1, n + 1))
        assert sorted(tr.board_set for tr in seats) == list(range(1, n + 1))


@pytest.mark.parametrize("tables, card_set", SIZES)
def test_no_set_is_at_two_tables_but_where_the_movement_shares(tables, card_set):
    movement = build_howell(tables, boards_per_round=3, card_set=card_set)
    for r in range(1, movement.rounds + 1):
        sets = Counter(tr.board_set for tr in movement.round_of(r))
        resting = {rr.board_set for rr in movement.relay if rr.round == r}
        if tables == 2:  # both tables play the same set, the others rest
            assert list(sets.values()) == [2] and all(tr.shares_with for tr in movement.round_of(r))
        elif tables == 3 and r == 5:  # the published 3-table Howell: all three share the last round
            assert list(sets.values()) == [3] and movement.sharing(5, 1) == (2, 3)
        else:
            assert set(sets.values()) == {1}
        assert set(sets) | resting == set(range(1, movement.sets + 1)) and not set(sets) & resting


def _comparisons(movement) -> Counter:
    """How often two pairs held the same cards (the same direction on the same set) at different tables."""
    holders = {}
    for tr in movement.table_rounds:
        holders.setdefault((tr.board_set, "NS"), []).append(tr.ns)
        holders.setdefault((tr.board_set, "EW"), []).append(tr.ew)
    counts = Counter()
    for pairs in holders.values():
        counts.update(frozenset(p) for p in combinations(pairs, 2))
    return counts


@pytest.mark.parametrize("tables, card_set", SIZES)
def test_comparisons_are_as_even_as_the_size_allows(tables, card_set):
    """Equal (T - 1 times) with an even number of tables; T - 2 to T with an odd number (1.7)."""
    counts = _comparisons(build_howell(tables, boards_per_round=3, card_set=card_set))
    every = {frozenset(p) for p in combinations(range(1, 2 * tables + 1), 2)}
    assert set(counts) <= every
    spread = {counts.get(p, 0) for p in every}
    if tables % 2 == 0:
        assert spread == {tables - 1}
    else:
        assert spread <= {tables - 2, tables - 1, tables}


def test_the_highest_pair_stays_put():
    movement = build_howell(7, boards_per_round=2)
    seats = {
        (tr.table, "NS" if tr.ns == 14 else "EW") for tr in movement.table_rounds if 14 in (tr.ns, tr.ew)
    }
    assert seats == {(4, "NS")}


def test_each_seat_is_taken_next_round_by_the_pair_numbered_one_below():
    """'Each pair (except the highest numbered pair) moves to the spot vacated by the pair with the
    number immediately below their own' (bridgecentral, Reduced Howell)."""
    movement = build_howell(5, boards_per_round=2)
    n = 9
    for r in range(1, movement.rounds):
        for now, then in zip(movement.round_of(r), movement.round_of(r + 1), strict=True):
            for before, after in ((now.ns, then.ns), (now.ew, then.ew)):
                assert after == before if before == 10 else after == before % n + 1


def test_an_odd_number_of_pairs_leaves_the_stationary_pair_out():
    movement = build_howell(4, boards_per_round=2, phantom=True)
    for r in range(1, movement.rounds + 1):
        missing = [tr for tr in movement.round_of(r) if tr.ns is None or tr.ew is None]
        assert len(missing) == 1  # its opponent sits out this round
    assert 8 not in {p for tr in movement.table_rounds for p in (tr.ns, tr.ew)}
    assert unmet_pairs(movement) == ()  # the seven pairs still meet each other


def test_a_howell_cut_short_says_who_does_not_meet():
    movement = build_howell(4, boards_per_round=2, rounds=5)
    unmet = unmet_pairs(movement)
    assert len(unmet) == 28 - 5 * 4 and all(a < b for a, b in unmet)


@pytest.mark.parametrize(
    "tables, options, message",
    [
        (3, {}, "at least 3 boards a round"),
        (2, {"boards_per_round": 1}, "at least 2 boards a round"),
        (2, {"phantom": True}, "Three pairs play every board at one table only"),
        (9, {}, "play a Mitchell"),
        (6, {"card_set": "acbl"}, "EBU card set, not ACBL"),
        (4, {"rounds": 8}, "has 7 rounds"),
        (4, {"boards_per_round": 0}, "at least one board"),
    ],
)
def test_an_impossible_howell_is_explained(tables, options, message):
    with pytest.raises(MovementError, match=message):
        build_howell(tables, **{"boards_per_round": 2, **options})


def test_the_card_sets_on_offer():
    assert howell_card_sets(4) == ("ebu", "acbl") and howell_card_sets(6) == ("ebu",)
    assert howell_card_sets(3) == ("shared",) and howell_card_sets(9) == ()


def test_the_three_table_howell_is_the_published_one_round_by_round():
    """bridgescorer's "Howell 6 teams 3 tables relay", table by table: N/S, E/W and the set."""
    published = [
        [(6, 1, 1), (4, 3, 2), (2, 5, 4)],
        [(6, 2, 2), (5, 4, 3), (3, 1, 4)],
        [(6, 3, 3), (1, 5, 2), (4, 2, 1)],
        [(6, 4, 4), (2, 1, 3), (5, 3, 1)],
        [(6, 5, 5), (3, 2, 5), (1, 4, 5)],
    ]
    movement = build_howell(3, boards_per_round=6)
    assert [[(tr.ns, tr.ew, tr.board_set) for tr in movement.round_of(r)] for r in range(1, 6)] == published
    assert movement.round_of(5)[0].boards == (25, 26, 27, 28, 29, 30)
