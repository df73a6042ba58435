"""The recommended movement for the pairs who came."""

import pytest

from tournaments.domain.errors import MovementError
from tournaments.domain.recommend import recommend, staying_refusal


@pytest.mark.parametrize(
    "pairs, tables, variant, phantom, boards_per_round, rounds",
    [
        # A small field plays a Howell: every pair meets every other, one winner.
        (4, 2, "howell", False, 8, 3),
        (5, 3, "howell", True, 6, 5),
        (6, 3, "howell", False, 5, 5),
        (7, 4, "howell", True, 4, 7),
        (8, 4, "howell", False, 3, 7),
        (13, 7, "howell", True, 2, 13),
        (14, 7, "howell", False, 2, 13),
        (15, 8, "relay", True, 3, 8),
        (16, 8, "skip", False, 3, 7),
        (18, 9, "standard", False, 3, 9),
        (28, 14, "skip", False, 2, 13),
        (60, 30, "skip", False, 2, 12),  # a skip Mitchell may stop early
    ],
)
def test_the_best_movement_for_a_field(pairs, tables, variant, phantom, boards_per_round, rounds):
    best = recommend(pairs)[0]
    assert (best.tables, best.variant, best.phantom, best.boards_per_round, best.rounds) == (
        tables,
        variant,
        phantom,
        boards_per_round,
        rounds,
    )
    assert best.why


def test_the_evening_length_follows_the_clubs_pace():
    assert recommend(18)[0].minutes == 203  # 27 boards at 7.5 minutes
    assert recommend(18, minutes_per_board=6)[0].minutes == 162


@pytest.mark.parametrize("pairs", range(4, 15))
def test_a_small_field_is_offered_a_howell_then_a_mitchell_to_compare(pairs):
    proposals = recommend(pairs)
    assert [p.variant for p in proposals[:2]] == ["howell", "howell"]
    assert proposals[2].variant != "howell" and proposals[2].why.startswith("Two winners instead of one.")
    assert "every pair meets every other pair" in proposals[0].why


@pytest.mark.parametrize("pairs", range(4, 81))
def test_every_proposal_is_a_real_movement_with_an_alternative(pairs):
    proposals = recommend(pairs)
    assert len(proposals) >= 2
    for p in proposals:
        assert p.tables * 2 - p.phantom == pairs
        assert not (p.phantom and p.variant == "skip")
        assert p.boards_in_play >= p.boards_per_round * 1
        assert not (p.variant == "relay" and p.boards_per_round < 2), "one board cannot be shared"
        assert not (p.variant == "skip" and p.tables == 2)


def test_a_half_table_says_how_much_the_sitting_out_pairs_play():
    """17 pairs: 9 tables with a phantom, so each E/W pair sits out one round in nine."""
    best = recommend(17)[0]
    assert (best.boards_played, best.fewest_boards, best.sit_out_rounds) == (27, 24, 1)
    assert "27 boards for the N/S pairs, 24 for the E/W pairs, who each sit out 1 round of 9" in best.summary
    assert "27 boards each" not in best.summary


def test_a_howell_with_a_missing_pair_says_everyone_sits_out_once():
    best = recommend(7)[0]
    assert "24 boards each, every pair sits out one round" in best.summary
    assert "Pair 8 is the missing one" in best.why


def test_a_full_field_plays_the_same_number_of_boards_each():
    best = recommend(18)[0]
    assert best.sit_out_rounds == 0 and "27 boards each" in best.summary


@pytest.mark.parametrize("pairs, message", [(3, "at least 4 pairs"), (81, "up to 80 pairs")])
def test_too_few_or_too_many_pairs_are_explained(pairs, message):
    with pytest.raises(MovementError, match=message):
        recommend(pairs)


@pytest.mark.parametrize("pairs, staying", [(8, 2), (7, 1), (10, 3), (14, 2)])
def test_pairs_who_stay_at_one_table_are_never_recommended_a_howell_that_moves_them(pairs, staying):
    proposals = recommend(pairs, staying=staying)
    assert proposals and all(p.variant != "howell" for p in proposals)
    assert proposals[0].why.startswith("Not a Howell:")
    assert all(not staying_refusal(p.stationary, staying, howell=False) for p in proposals)


def test_one_pair_who_stays_at_one_table_keeps_the_howell_of_eight_pairs():
    assert recommend(8, staying=1)[0].variant == "howell"


def test_more_pairs_staying_than_any_movement_has_seats_for_is_refused_in_words():
    with pytest.raises(MovementError, match="3 pairs must not move, but the movement has 2 N/S seats"):
        recommend(4, staying=3)
