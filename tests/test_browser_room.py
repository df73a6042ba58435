"""The room display on a 1080p hall screen: big enough to read from the back, paging through a
long field, saying the round in play and the tables still playing it."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
HD = {"width": 1920, "height": 1080}


@pytest.fixture
def county_drive(club, make_event):
    """Twenty tables, round 1 in at every table but 4 and 9, and round 2 begun at table 2."""
    event = make_event(club, name="County Drive", tables=19, boards_per_round=2)
    for pair in event.pairs.all():
        pair.guest1, pair.guest2 = f"Player {pair.direction}{pair.number}a", f"Partner {pair.number}b"
        pair.save()
    services.event_deal_boards(event=event, seed="room", analyse=False)
    services.event_start(event=event)
    rows = [
        f"{b},{s.ns_pair.number},{s.ew_pair.number},{(b + s.table) % 14}"
        for s in event.seatings.select_related("ns_pair", "ew_pair")
        if (s.round == 1 and s.table not in (4, 9)) or (s.round == 2 and s.table == 2)
        for b in s.board_numbers
    ]
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows))
    return event


def test_the_room_display_fills_a_1080p_screen_and_pages_through_long_fields(
    live_server, browser, county_drive, organiser, client
):
    client.force_login(organiser)
    context = browser.new_context(viewport=HD)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("tournaments:event-room", args=[county_drive.pk]))
    SHOTS.mkdir(exist_ok=True)
    expect(page.locator(".room-status")).to_contain_text("Round 1 in play · still playing: tables 4, 9")
    fields = page.locator(".room-field")
    expect(fields).to_have_count(2)
    # Letters some 3 cm high on a 2 m screen: type of 34 px at least, and no row below the screen.
    size = page.locator(".room-field td.names").first.evaluate(
        "td => parseFloat(getComputedStyle(td).fontSize)"
    )
    assert size >= 34
    page.screenshot(path=SHOTS / "room-1080p.png")
    for cell in ("rank", "pair", "pct"):  # the figures whole, never cut short
        cut = "tds => tds.filter(td => td.scrollWidth > td.clientWidth).map(td => td.textContent)"
        assert page.locator(f".room-field td.{cell}").evaluate_all(cut) == [], cell
    visible = page.locator(".room-field tbody tr:visible")
    boxes = [visible.nth(i).bounding_box() for i in range(visible.count())]
    assert boxes and max(box["y"] + box["height"] for box in boxes) <= HD["height"]
    # Nineteen pairs a field do not fit: the field pages, and the fields reach down the screen.
    label = page.locator(".room-field .room-page").first
    expect(label).to_have_text("page 1 of 2")
    assert max(box["y"] + box["height"] for box in boxes) > HD["height"] * 0.8
    first_rows = visible.count()
    expect(label).to_have_text("page 2 of 2", timeout=12000)
    assert page.locator(".room-field tbody tr:visible").count() < first_rows  # the rest of the field
    page.screenshot(path=SHOTS / "room-1080p-page-2.png")
    context.close()
