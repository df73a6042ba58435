"""In Chromium: the club's organiser chooses what the players' phones show and lets the tablets show
travellers, on a phone and at 1080p; then a table's tablet confirms a board and shows its traveller
beneath it; an individual event's tablet too, its sides named by the players' numbers. No page
breaks a WCAG rule (axe)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.organisers import organiser_page
from tests.shots import shoot
from tests.tablets import everyone_checked_in, open_page, tap
from tests.test_browser_accessibility import violations
from tests.test_individual_events import make_individual
from tournaments import services
from tournaments.models import AuditLine, Club

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/club-phones")


def test_the_organiser_lets_the_tablets_show_travellers_and_a_tablet_shows_one(
    live_server, browser, client, organiser, club, make_event
):
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone = organiser_page(browser, live_server, client, organiser, {"width": 390, "height": 844})
    phone.goto(f"{live_server.url}/")
    phone.get_by_role("link", name="Players' phones").click()
    expect(phone.get_by_role("heading", name="Players' phones")).to_be_visible()
    shoot(phone, path=SHOTS / "settings-390.png", full_page=True)
    assert violations(phone) == []
    phone.get_by_role("radio", name="Everything live").check()
    phone.get_by_role("checkbox", name="Tablets show each board's results").check()
    phone.get_by_role("button", name="Save").click()
    expect(phone.get_by_text("Saved:")).to_be_visible()
    assert violations(phone) == []
    phone.set_viewport_size({"width": 1920, "height": 1080})
    shoot(phone, path=SHOTS / "settings-1080p.png", full_page=True)
    assert violations(phone) == []
    phone.context.close()
    club.refresh_from_db()
    assert (club.places_shown, club.tablet_travellers) == (Club.PlacesShown.LIVE, True)
    assert AuditLine.objects.get(club=club).changed_by == organiser

    event = make_event(club, tables=3, boards_per_round=2)
    services.event_deal_boards(event=event, seed="travellers", analyse=False)
    event = services.event_start(event=event)
    everyone_checked_in(event)
    for access in event.table_accesses.all():
        for board in event.seatings.get(round=1, table=access.table).board_numbers:
            services.table_result_enter(access=access, board_number=board, ns_tricks=6 + access.table)
            services.table_result_confirm(access=access, board_number=board, ns_tricks=6 + access.table)
    table_1 = event.table_accesses.get(table=1)
    board = event.seatings.get(round=2, table=1).first_board
    services.table_result_enter(access=table_1, board_number=board, ns_tricks=8)
    tablet = browser.new_page(bypass_csp=True)  # the tests' tablet size
    tablet.route("**/refresh.js", lambda route: route.abort())
    open_page(tablet, f"{live_server.url}/t/{table_1.token}/")
    caption = f"Board {board} at the tables that have confirmed it"
    expect(tablet.get_by_text(caption)).to_have_count(0)  # not before the table confirms it
    tap(tablet, tablet.locator(f"#board-{board}").get_by_role("button", name="Yes, confirm"))
    traveller = tablet.get_by_role("table", name=caption)
    expect(traveller).to_be_visible()
    expect(traveller.locator("tbody tr")).to_have_count(2)  # the table that played it before, and this one
    expect(traveller.locator("tr.own")).to_contain_text("8–5")
    shoot(tablet, path=SHOTS / "tablet-traveller.png", full_page=True)
    assert violations(tablet) == []
    tablet.close()


def test_an_individual_events_tablet_names_a_confirmed_boards_sides_by_players(live_server, browser, club):
    Club.objects.filter(pk=club.pk).update(tablet_travellers=True)
    event = make_individual(club)
    services.event_deal_boards(event=event, seed="travellers", analyse=False)
    event = services.event_start(event=event)
    everyone_checked_in(event)
    table_1, table_2 = event.table_accesses.order_by("table")
    mine = event.seatings.select_related("ns_pair", "ew_pair").get(round=1, table=1)
    board = mine.first_board
    services.table_result_enter(access=table_2, board_number=board, ns_tricks=6)
    services.table_result_confirm(access=table_2, board_number=board, ns_tricks=6)
    services.table_result_enter(access=table_1, board_number=board, ns_tricks=8)
    SHOTS.mkdir(parents=True, exist_ok=True)
    tablet = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, bypass_csp=True
    ).new_page()
    tablet.route("**/refresh.js", lambda route: route.abort())
    open_page(tablet, f"{live_server.url}/t/{table_1.token}/")
    caption = f"Board {board} at the tables that have confirmed it, each side by its players' numbers"
    expect(tablet.get_by_text(caption)).to_have_count(0)  # not before the table confirms it
    tap(tablet, tablet.locator(f"#board-{board}").get_by_role("button", name="Yes, confirm"))
    traveller = tablet.get_by_role("table", name=caption)
    expect(traveller).to_be_visible()
    expect(traveller.locator("tbody tr")).to_have_count(2)  # table 2's, and this one
    ns = mine.ns_pair
    expect(traveller.locator("tr.own")).to_contain_text(f"{ns.individual1.number} & {ns.individual2.number}")
    expect(traveller.locator("tr.own")).to_contain_text("8–5")
    shoot(tablet, path=SHOTS / "individual-tablet-390.png", full_page=True)
    assert violations(tablet) == []
    tablet.set_viewport_size({"width": 1920, "height": 1080})
    shoot(tablet, path=SHOTS / "individual-tablet-1080p.png", full_page=True)
    assert violations(tablet) == []
    tablet.context.close()
