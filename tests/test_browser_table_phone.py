"""A table's tablet on a phone (390 wide): a board's dealer and trumps stay on one line, the suit
beside the word "Trumps", never alone on a line of its own."""

import pytest

from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_boards_trumps_are_never_cut_from_their_suit_on_a_phone(live_server, page, club, make_event):
    event = make_event(club, tables=4, boards_per_round=3)
    services.event_deal_boards(event=event, seed="phone", analyse=False)
    services.event_start(event=event)
    page.set_viewport_size({"width": 390, "height": 844})
    for access in event.table_accesses.all():
        page.goto(f"{live_server.url}/t/{access.token}/")
        lines = page.eval_on_selector_all(
            "section.board h2 small", "smalls => smalls.map(s => s.getClientRects().length)"
        )
        assert lines == [1, 1, 1], access.table
