"""In Chromium: the club's organiser opens the members' accounts from the membership page, pays
money into a member's account and corrects it, on a phone and at 1080p. No page breaks a WCAG rule
(axe)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.organisers import organiser_page
from tests.shots import shoot
from tests.test_browser_accessibility import violations
from tournaments.models import Member
from tournaments.services.membership.accounts import balance_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/accounts")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1920, 1080)])
def test_the_organiser_pays_in_and_corrects_a_members_account(
    live_server, browser, client, organiser, club, width, height
):
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann = Member.objects.create(club=club, first_name="Ann", last_name="Ashby")
    Member.objects.create(club=club, first_name="Bob", last_name="Brown")
    page = organiser_page(browser, live_server, client, organiser, {"width": width, "height": height})
    page.goto(f"{live_server.url}/clubs/{club.slug}/membership/")
    page.get_by_role("link", name="Members' accounts").click()
    expect(page.get_by_role("heading", name="Members' accounts", exact=True)).to_be_visible()
    assert violations(page) == []

    page.get_by_role("link", name="Ann Ashby").click()
    page.get_by_label("Amount paid in (£)").fill("10")
    page.get_by_label("Paid by").select_option("transfer")
    page.get_by_role("button", name="Record the money paid in").click()
    expect(page.get_by_text("A bank transfer needs its reference").first).to_be_visible()
    page.get_by_label("Bank transfer's reference").fill("ASHBY A")
    page.get_by_role("button", name="Record the money paid in").click()
    expect(page.get_by_text("£10.00 paid into Ann Ashby's account.")).to_be_visible()
    page.get_by_label("Take from the account").check()
    page.get_by_label("Amount (£)").fill("2.50")
    page.get_by_label("Why").fill("Paid in twice")
    page.get_by_role("button", name="Record the correction").click()
    expect(page.get_by_text("Balance: £7.50")).to_be_visible()
    shoot(page, path=SHOTS / f"account-{width}.png", full_page=True)
    assert violations(page) == []
    page.get_by_role("link", name="Back to the members' accounts").click()
    expect(page.get_by_role("cell", name="£7.50")).to_be_visible()
    shoot(page, path=SHOTS / f"accounts-{width}.png", full_page=True)
    assert violations(page) == []
    page.context.close()
    assert balance_of(ann) == 750
