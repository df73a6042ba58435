"""Printed travellers and score cards of an arrow-switched round give each pair, as it sat, its own
score: the pair sitting N/S held the E/W cards, and the E/W cards' score is its."""

import random

import pytest

from tournaments import services
from tournaments.domain.scoring import pair_label
from tournaments.reports import format_score
from tournaments.services.printing import event_print_pack

pytestmark = pytest.mark.django_db


@pytest.fixture(params=["matchpoints", "total_tricks"])
def event(request, club, make_event):
    event = make_event(club, tables=3, boards_per_round=2, arrow_switch_rounds="1", scoring=request.param)
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    rng = random.Random(7)
    for access in event.table_accesses.all():
        while (state := services.table_state(access)).seating is not None:
            for entry in state.entries:
                tricks = rng.choice([n for n in range(14) if n != 13 - n])
                services.table_result_enter(access=access, board_number=entry.board.number, ns_tricks=tricks)
                services.table_result_confirm(
                    access=access, board_number=entry.board.number, ns_tricks=tricks
                )
    return event


def _scores_by_pair(event) -> dict[tuple[int, str], str]:
    """Each pair's score on each board, read from the scoring by the cards it held."""
    scores = {}
    for board in services.event_report(event).scores.boards:
        for s in board.results:
            scores[(board.board, pair_label(s.result.ns_pair))] = format_score(s.ns_score)
            scores[(board.board, pair_label(s.result.ew_pair))] = format_score(s.ew_score)
    return scores


def test_a_traveller_gives_the_switched_rounds_score_to_the_pair_as_it_sat(event):
    scores = _scores_by_pair(event)
    travellers = event_print_pack(event, base_url="http://hall.example/").travellers
    rows = [(traveller.board, row) for traveller in travellers for row in traveller.rows]
    assert any(row.arrow_switched for _, row in rows) and not all(row.arrow_switched for _, row in rows)
    for board, row in rows:
        assert (row.ns_score, row.ew_score) == (scores[(board, row.ns)], scores[(board, row.ew)]), row


def test_a_score_card_gives_the_switched_rounds_score_to_the_pair_as_it_sat(event):
    scores = _scores_by_pair(event)
    cards = event_print_pack(event, base_url="http://hall.example/").score_cards
    assert {row.round for card in cards for row in card.rows} == {1, 2, 3}
    for card in cards:
        for row in card.rows:
            assert row.score == scores[(row.board, card.pair)], (card.pair, row)
