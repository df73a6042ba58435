"""A figure typed as "²" or "٣" (a digit to str.isdigit, no figure a club writes) is refused in words
wherever a person types a number: a widow deal's tricks, a results file's board and tricks."""

import pytest

from tournaments import services
from tournaments.views.widow.forms import read_deal


@pytest.mark.parametrize("data", [{"tricks_4": "²"}, {"tricks_4": "٣"}, {"tricks_4": "3", "widow": "²"}])
def test_a_widow_deal_with_a_figure_no_club_writes_is_refused_in_words(data):
    with pytest.raises(ValueError, match="Give each player's tricks|Choose who took the widow"):
        read_deal(data)


def test_a_widow_deal_key_that_is_no_player_is_passed_over():
    assert read_deal({"tricks_²": "3", "tricks_7": "4"}) == (None, {7: 4})


@pytest.mark.parametrize(
    "row, words",
    [("²,1,1,7", "board '²' is not a number"), ("1,1,1,²", "ns_tricks '²' should be tricks from 0 to 13")],
)
def test_a_results_file_with_a_figure_no_club_writes_is_refused_in_words(club, make_event, row, words):
    event = make_event(club, name="Import", tables=3, boards_per_round=2)
    with pytest.raises(services.ResultsImportError) as refused:
        services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + row)
    assert any(words in problem for problem in refused.value.problems)
