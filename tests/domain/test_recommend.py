"""The recommended movement for the pairs who came."""

import pytest

from tournaments.domain.errors import MovementError
from tournaments.domain.recommend import recommend


@pytest.mark.parametrize(
    "pairs, tables, variant, phantom, boards_per_round, rounds",
    [
        (4, 2, "relay", False, 12, 2),
        (5, 3, "standard", True, 8, 3),
        (8, 4, "skip", False, 8, 3),
        (13, 7, "standard", True, 3, 7),
        (14, 7, "standard", False, 3, 7),
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
    assert recommend(14)[0].minutes == 158  # 21 boards at 7.5 minutes
    assert recommend(14, minutes_per_board=6)[0].minutes == 126


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
    """5 pairs: 3 tables with a phantom, so each E/W pair sits out one round in three."""
    best = recommend(5)[0]
    assert (best.boards_played, best.fewest_boards, best.sit_out_rounds) == (24, 16, 1)
    assert "24 boards for the N/S pairs, 16 for the E/W pairs, who each sit out 1 round of 3" in best.summary
    assert "24 boards each" not in best.summary


def test_a_full_field_plays_the_same_number_of_boards_each():
    best = recommend(14)[0]
    assert best.sit_out_rounds == 0 and "21 boards each" in best.summary


@pytest.mark.parametrize("pairs, message", [(3, "at least 4 pairs"), (81, "up to 80 pairs")])
def test_too_few_or_too_many_pairs_are_explained(pairs, message):
    with pytest.raises(MovementError, match=message):
        recommend(pairs)
