"""In Chromium at a phone's width: the players check in at their table's tablet, follow their link
to their own page of the evening, and read it; it breaks no WCAG rule (axe), and takes in a board
their table confirms without being reloaded."""

import io
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.phones import PHONE, phone_at_the_table, read_at_both_sizes, the_page_looks_again
from tests.qr_codes import read_image
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
    # The tablet's QR code, as a phone's camera sees it on the screen, opens the pair's link.
    link = phone.get_by_role("link", name=f"/me/{seating.ns_pair.pk}/")
    code = phone.locator("figure", has=link).get_by_role("img")
    assert read_image(Image.open(io.BytesIO(code.screenshot()))) == link.get_attribute("href")
    link.click()
    expect(phone.get_by_role("heading", name="N/S 1", exact=True)).to_be_visible()
    expect(phone.locator("#now-head + p")).to_contain_text("Table 1, sit N/S")
    # The table confirms its first board: the page takes it in by itself, in its own time.
    board = seating.first_board
    services.table_result_enter(access=access, board_number=board, ns_tricks=8)
    services.table_result_confirm(access=access, board_number=board, ns_tricks=8)
    the_page_looks_again(phone)
    expect(phone.get_by_role("heading", name=f"Board {board}")).to_be_visible(timeout=30_000)
    # Round 2 in: round 1's boards step back to a line each, their travellers a tap away.
    for number in seating.board_numbers[1:]:
        services.table_result_enter(access=access, board_number=number, ns_tricks=6)
        services.table_result_confirm(access=access, board_number=number, ns_tricks=6)
    services.table_check_in(access=access, round=2, here=True)
    for number in event.seatings.get(round=2, table=1).board_numbers:
        services.table_result_enter(access=access, board_number=number, ns_tricks=7)
        services.table_result_confirm(access=access, board_number=number, ns_tricks=7)
    the_page_looks_again(phone)
    earlier = phone.get_by_role("link", name=f"Board {board}", exact=True)
    expect(earlier).to_be_visible(timeout=30_000)
    earlier.click()
    expect(phone.get_by_role("heading", name=f"Board {board}", exact=True).first).to_be_visible()
    expect(phone.locator("table.traveller tr.own")).to_have_count(1)
    read_at_both_sizes(phone, SHOTS, name="board", put_away=False)
    phone.set_viewport_size(PHONE)
    phone.get_by_role("link", name="Back to your evening").click()
    expect(phone.get_by_role("heading", name="N/S 1", exact=True)).to_be_visible()
    read_at_both_sizes(phone, SHOTS)
