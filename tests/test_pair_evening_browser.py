"""In Chromium at a phone's width: the players check in at their table's tablet, follow their link
to their own page of the evening, and read it; it breaks no WCAG rule (axe), and takes in a board
their table confirms without being reloaded."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.phones import phone_at_the_table, read_at_both_sizes, the_page_looks_again
from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/pair-evening")


def test_a_pair_follows_its_link_from_the_tablet_to_its_evening(live_server, browser, make_event, club):
    event = make_event(club, tables=3)
    services.event_deal_boards(event=event, seed="phone", analyse=False)
    event = services.event_start(event=event)
    access = event.table_accesses.get(table=1)
    seating = event.seatings.get(round=1, table=1)
    phone = phone_at_the_table(browser, f"{live_server.url}/t/{access.token}/", SHOTS)
    phone.get_by_role("link", name=f"/me/{seating.ns_pair.pk}/").click()
    expect(phone.get_by_role("heading", name="N/S 1", exact=True)).to_be_visible()
    expect(phone.locator("#now-head + p")).to_contain_text("Table 1, sit N/S")
    # The table confirms its first board: the page takes it in by itself, in its own time.
    board = seating.first_board
    services.table_result_enter(access=access, board_number=board, ns_tricks=8)
    services.table_result_confirm(access=access, board_number=board, ns_tricks=8)
    the_page_looks_again(phone)
    expect(phone.get_by_role("heading", name=f"Board {board}")).to_be_visible(timeout=30_000)
    read_at_both_sizes(phone, SHOTS)
