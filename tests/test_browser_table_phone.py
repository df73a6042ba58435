"""A table's tablet on a phone (390 wide): a board's dealer and trumps stay on one line, the suit
beside the word "Trumps", never alone on a line of its own; the half table's tablet lists who sits
out there each round and where they go next."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import everyone_checked_in
from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent.parent / "shots" / "tablets"
SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768}}


def test_a_boards_trumps_are_never_cut_from_their_suit_on_a_phone(live_server, page, club, make_event):
    event = make_event(club, tables=4, boards_per_round=3)
    services.event_deal_boards(event=event, seed="phone", analyse=False)
    services.event_start(event=event)
    everyone_checked_in(event)
    page.set_viewport_size({"width": 390, "height": 844})
    for access in event.table_accesses.all():
        page.goto(f"{live_server.url}/t/{access.token}/")
        lines = page.eval_on_selector_all(
            "section.board h2 small", "smalls => smalls.map(s => s.getClientRects().length)"
        )
        assert lines == [1, 1, 1], access.table


@pytest.mark.parametrize("size", list(SIZES))
def test_the_half_tables_tablet_lists_who_sits_out_and_where_they_go(
    live_server, page, club, make_event, size
):
    event = make_event(club, tables=5, boards_per_round=2, phantom=True)
    for pair in event.pairs.all():
        pair.guest1, pair.guest2 = f"Winifred Ashworth {pair}", f"Cuthbert Entwistle {pair}"
        pair.save()
    services.event_deal_boards(event=event, seed="half", analyse=False)
    services.event_start(event=event)
    page.set_viewport_size(SIZES[size])
    page.goto(f"{live_server.url}/t/{event.table_accesses.get(table=5).token}/")
    listed = page.locator(".sit-outs li")
    expect(listed).to_have_count(5)  # five rounds, one pair sitting out in each
    expect(listed.first).to_have_text(
        "Round 1: Winifred Ashworth E/W 5 & Cuthbert Entwistle E/W 5 (E/W 5) sit out here, then go to "
        "table 1."
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    shoot(page, path=SHOTS / f"half-table-{size}.png", full_page=True)
