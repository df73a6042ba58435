"""In Chromium at a phone's width: a visiting pair opens its side's tablet at the table it starts
at, follows the link to its own page of the match, and reads it; it breaks no WCAG rule (axe) at
a phone's size or at 1080p, and takes in the cards as they come without being reloaded."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.leagues import away_cards, home_cards, make_league
from tests.phones import phone_at_the_table, read_at_both_sizes, the_page_looks_again
from tests.test_browser_accessibility import violations
from tournaments.services.leagues import match_card_enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/league-evening")


def test_a_pair_follows_the_link_from_its_tablet_to_the_match(live_server, browser, club):
    fixture = make_league(club).fixtures.select_related("home", "away").first()
    link = fixture.tables.get(side="away", table=1)
    phone = phone_at_the_table(browser, f"{live_server.url}/m/{link.token}/", SHOTS, check_in=False)
    phone.get_by_role("link", name=f"/me/league/{link.pk}/").click()
    expect(phone.get_by_role("heading", name="Visiting pair 1", exact=True)).to_be_visible()
    expect(phone.locator("#deals-1")).to_contain_text(f"once {fixture.away.name}’s card of table 1 is in")
    assert violations(phone) == []
    # Both cards of table 1 come in: the page takes them in by itself, in its own time.
    home = home_cards()
    match_card_enter(fixture=fixture, side="home", tables={1: home[1]})
    match_card_enter(fixture=fixture, side="away", tables={1: away_cards(home)[1]})
    the_page_looks_again(phone)
    expect(phone.locator("#deals-1 table.traveller tbody tr")).to_have_count(8, timeout=30_000)
    expect(phone.locator("#deals-1 tbody tr").first).to_contain_text("6")
    expect(phone.locator("#match-state")).to_contain_text("waiting for")
    read_at_both_sizes(phone, SHOTS)
