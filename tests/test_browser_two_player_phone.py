"""A two-player table's tablet on a phone: a deal entered and confirmed, each form naming its round,
its match and its deal; a second phone left on the entry form is told in words that its page was
out of date, and shown the table as it stands, its deal stored nowhere."""

from datetime import date

import pytest
from playwright.sync_api import expect

from tests.tablets import open_page
from tournaments.models import DuelDeal
from tournaments.services import duels

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}
WIDER = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def test_a_phone_enters_and_confirms_a_deal_and_a_stale_phone_is_refused(live_server, browser, club):
    night = duels.duel_night_create(
        club=club,
        name="German whist night",
        date=date(2026, 11, 27),
        players=["Ann Smith", "Bob Jones", "Cy Day", "Di Lee"],
        pairing="swiss",
        rounds=2,
        deals=2,
    )
    duels.duel_night_start(night=night)
    table = night.tables.get(number=1)
    line = next(m for m in duels.night_state(night).rounds[1] if m.match.table == 1)
    a, b = line.a.name, line.b.name
    context = browser.new_context(viewport=PHONE)
    phone, stale = context.new_page(), context.new_page()
    url = f"{live_server.url}/two/{table.token}/"
    open_page(phone, url)
    phone.get_by_role("button", name="Yes, that's us").click()
    open_page(stale, url)  # a second phone at the table, left on deal 1's entry
    expect(stale.locator("#deal-1")).to_contain_text("Deal 1")

    phone.get_by_label(f"{a}'s tricks").fill("8")
    phone.get_by_label(f"{b}'s tricks").fill("5")
    phone.get_by_role("button", name="Enter deal 1").click()
    expect(phone.locator(".ask")).to_contain_text(f"{b}: is this right?")
    assert phone.evaluate(WIDER) <= 0
    phone.get_by_role("button", name="Yes, confirm").click()
    expect(phone.locator("#deal-2")).to_contain_text("Deal 2")
    assert phone.evaluate(WIDER) <= 0

    stale.get_by_label(f"{a}'s tricks").fill("9")
    stale.get_by_label(f"{b}'s tricks").fill("4")
    stale.get_by_role("button", name="Enter deal 1").click()
    expect(stale.locator(".messages")).to_contain_text(
        "This was deal 1 of round 1; the table is now on deal 2. Your page was out of date"
    )
    expect(stale.locator("#deal-2")).to_be_visible()
    assert list(DuelDeal.objects.values_list("number", "tricks_a", "confirmed")) == [(1, 8, True)]
    context.close()
