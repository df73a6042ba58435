"""How numbers are shown: halves rounded up as on paper, signs on ± average."""

import pytest

from tournaments.reports import format_percentage, format_score, format_versus_average, is_rounded


@pytest.mark.parametrize(
    "value, shown",
    [(45.625, "45.63"), (2.675, "2.68"), (50.0, "50.00"), (33.333333, "33.33"), (66.666667, "66.67")],
)
def test_percentages_round_half_up(value, shown):
    assert format_percentage(value) == shown


@pytest.mark.parametrize(
    "value, shown",
    [
        (12, "12"),
        (6.5, "6.5"),
        (19.9, "19.9"),
        (2.25, "2.3"),
        (8.35, "8.4"),
        (10.166666, "10.2"),
        (-0.25, "-0.3"),
    ],
)
def test_scores_show_exact_halves_and_round_factored_scores_half_up(value, shown):
    assert format_score(value) == shown


@pytest.mark.parametrize(
    "value, shown",
    [(2, "+2"), (-1, "-1"), (0, "0"), (0.04, "0"), (1.25, "+1.3"), (-0.3333, "-0.3"), (None, "")],
)
def test_versus_average_is_signed(value, shown):
    assert format_versus_average(value) == shown


def test_a_score_shown_to_one_decimal_is_known_to_be_rounded():
    assert is_rounded(10.166666) and not is_rounded(19.9) and not is_rounded(6.5) and not is_rounded(None)
