"""In Chromium: the club's organiser sends last month's statements from the members' accounts page,
and a member opens their own page from the link in their statement, on a phone and at 1080p. No
page breaks a WCAG rule (axe)."""

from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.organisers import organiser_page
from tests.shots import shoot
from tests.test_browser_accessibility import violations
from tournaments.models import AccountStatement, Member
from tournaments.services.membership.accounts import account_top_up, own_page_key

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/accounts")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1920, 1080)])
def test_the_organiser_sends_the_statements_and_a_member_opens_their_own_page(
    live_server, browser, client, organiser, club, width, height
):
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann = Member.objects.create(club=club, first_name="Ann", last_name="Ashby", email="ann@example.org")
    bob = Member.objects.create(club=club, first_name="Bob", last_name="Brown")
    account_top_up(member=ann, amount=1000, method="cash", on=date(2020, 3, 4))
    account_top_up(member=bob, amount=500, method="card", on=date(2020, 3, 5))
    page = organiser_page(browser, live_server, client, organiser, {"width": width, "height": height})
    page.goto(f"{live_server.url}/clubs/{club.slug}/membership/accounts/")
    page.get_by_label("Month").fill("2020-03")
    page.get_by_role("button", name="Send the month's statements").click()
    expect(page.get_by_text("Statements for March 2020: 1 by e-mail, 1 letters to print.")).to_be_visible()
    expect(page.get_by_role("link", name="Letters for March 2020 (PDF)")).to_be_visible()
    shoot(page, path=SHOTS / f"statements-{width}.png", full_page=True)
    assert violations(page) == []
    assert AccountStatement.objects.count() == 2

    page.goto(f"{live_server.url}/players/{ann.pk}/own/{own_page_key(ann.pk)}/")
    expect(page.get_by_text("Your balance: £10.00")).to_be_visible()
    expect(page.get_by_role("cell", name="Top-up: Cash")).to_be_visible()
    shoot(page, path=SHOTS / f"own-page-{width}.png", full_page=True)
    assert violations(page) == []
    page.context.close()
