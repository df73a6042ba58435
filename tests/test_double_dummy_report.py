"""Play against double dummy: the demo's Mitchell beside its boards' stored analysis, the page's
rules of who may read it, what it leaves out, and its queries."""

import pytest
from django.core.management import call_command

from tournaments import analysis, services
from tournaments.models import Event, Result


@pytest.fixture
def demo(db):
    call_command("demo")


def _autumn() -> Event:
    return Event.objects.get(name="Autumn Pairs")  # the demo's Mitchell, seven tables


def _recomputed(event: Event):
    """Each result's N/S tricks less double dummy, worked out from the stored tables (the board's
    trumps, the dealer's left leading, read as ``analysis.ns_tricks`` reads a table), and each
    pair's total and count, from the results' rows (by the cards, as they are kept)."""
    boards = {b.pk: b for b in event.boards.all()}
    lines, pairs = {}, {}
    for result in Result.objects.filter(event=event).confirmed().select_related("ns_pair", "ew_pair"):
        board = boards[result.board_id]
        difference = result.ns_tricks - analysis.ns_tricks(board.dd_table, board.trumps, board.dealer)
        lines[(board.number, result.round, result.table)] = difference
        for pair, signed in ((result.ns_pair, difference), (result.ew_pair, -difference)):
            key = (pair.direction, pair.number)
            judged, total = pairs.get(key, (0, 0))
            pairs[key] = (judged + 1, total + signed)
    return lines, pairs


def test_the_demo_mitchells_report_equals_a_recomputation_from_the_stored_tables(demo):
    event = _autumn()
    dd = services.event_double_dummy(services.event_report(event))
    lines, pairs = _recomputed(event)
    shown = {
        (board.board, line.result.round, line.table): line.ns_difference
        for board in dd.against.boards
        for line in board.lines
    }
    assert shown == lines and len(lines) == 7 * 7 * 3
    assert {e.key: (e.figure.judged, e.figure.total) for e in dd.entrants} == pairs
    assert dd.against.waiting == () and dd.against.judged == len(lines)
