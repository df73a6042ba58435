"""In Chromium at a phone's width: the two players check in at their table's tablet, follow the
link to a player's own page of the night, and read it; it breaks no WCAG rule (axe), and takes in
a deal their table confirms without being reloaded."""

from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.duel_tables import enter, pending
from tests.shots import shoot
from tests.tablets import open_page, say_thats_us
from tests.test_browser_accessibility import violations
from tournaments.services import duels

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/duel-evening")


def test_a_player_follows_the_link_from_the_tablet_to_the_night(live_server, browser, club):
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
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, bypass_csp=True
    ).new_page()
    open_page(phone, f"{live_server.url}/two/{table.token}/")
    say_thats_us(phone)
    shoot(phone, path=SHOTS / "tablet-390.png", full_page=True)
    assert violations(phone) == []
    phone.get_by_role("link", name=f"/me/two-player/{line.a.pk}/").click()
    expect(phone.get_by_role("heading", name=line.a.name, exact=True)).to_be_visible()
    expect(phone.locator("#next-head + p")).to_contain_text(f"Round 1: table 1 against {line.b.name}")
    # The table confirms its first deal: the page takes it in by itself, in its own time.
    enter(table.token, 9, 4)
    duels.duel_deal_confirm(token=table.token, **pending(table.token))
    phone.evaluate("document.querySelector('#live').setAttribute('data-seconds', '1')")
    expect(phone.locator("#round-1 table.traveller tbody tr")).to_have_count(1, timeout=30_000)
    expect(phone.locator("#round-1 .figures")).to_contain_text("So far 3 v 0")
    shoot(phone, path=SHOTS / "phone-390.png", full_page=True)
    assert violations(phone) == []
    phone.set_viewport_size({"width": 1920, "height": 1080})
    shoot(phone, path=SHOTS / "phone-1080p.png", full_page=True)
    assert violations(phone) == []
    phone.context.close()
