"""In Chromium at a phone's width: the two players check in at their table's tablet, follow the
link to a player's own page of the night, and read it; it breaks no WCAG rule (axe), and takes in
a deal their table confirms without being reloaded."""

from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.duel_tables import enter, pending
from tests.phones import phone_at_the_table, read_at_both_sizes, the_page_looks_again
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
    phone = phone_at_the_table(browser, f"{live_server.url}/two/{table.token}/", SHOTS)
    phone.get_by_role("link", name=f"/me/two-player/{line.a.pk}/").click()
    expect(phone.get_by_role("heading", name=line.a.name, exact=True)).to_be_visible()
    expect(phone.locator("#next-head + p")).to_contain_text(f"Round 1: table 1 against {line.b.name}")
    # The table confirms its first deal: the page takes it in by itself, in its own time.
    enter(table.token, 9, 4)
    duels.duel_deal_confirm(token=table.token, **pending(table.token))
    the_page_looks_again(phone)
    expect(phone.locator("#round-1 table.traveller tbody tr")).to_have_count(1, timeout=30_000)
    expect(phone.locator("#round-1 .figures")).to_contain_text("So far 3 v 0")
    read_at_both_sizes(phone, SHOTS)
