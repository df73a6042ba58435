"""In Chromium: the club's organiser opens the membership from the home page, adds a category,
records a member's subscription and starts a renewal round, on a phone and at 1080p. No page
breaks a WCAG rule (axe)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.organisers import organiser_page
from tests.shots import shoot
from tests.test_browser_accessibility import violations
from tournaments.models import Member, SubscriptionPayment

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/membership")


def test_the_organiser_adds_a_category_records_a_payment_and_starts_renewals(
    live_server, browser, client, organiser, club
):
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann = Member.objects.create(club=club, first_name="Ann", last_name="Ashby", email="ann@example.org")
    Member.objects.create(club=club, first_name="Bob", last_name="Brown")
    page = organiser_page(browser, live_server, client, organiser, {"width": 390, "height": 844})
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Membership").click()
    expect(page.get_by_role("heading", name="Membership", exact=True)).to_be_visible()
    assert violations(page) == []
    page.locator("#id_name").fill("Full")
    page.get_by_label("Yearly subscription (£)").fill("25.00")
    page.get_by_role("button", name="Add the category").click()
    expect(page.get_by_text("Full: £25.00 a year")).to_be_visible()
    shoot(page, path=SHOTS / "membership-390.png", full_page=True)
    assert violations(page) == []

    page.get_by_role("link", name="Ann Ashby").click()
    page.get_by_label("Amount (£)").fill("25")
    page.get_by_label("Paid by").select_option("cash")
    page.get_by_role("button", name="Record the payment and make the receipt").click()
    expect(page.get_by_role("link", name="Receipt 1 (PDF)")).to_be_visible()
    assert violations(page) == []
    page.get_by_role("link", name="Back to the membership").click()

    page.get_by_role("button", name="Send the reminders").click()
    expect(page.get_by_role("heading", name="Letters to print")).to_be_visible()
    assert violations(page) == []
    page.set_viewport_size({"width": 1920, "height": 1080})
    shoot(page, path=SHOTS / "round-1080p.png", full_page=True)
    assert violations(page) == []
    page.get_by_role("link", name="Back to the membership").click()
    shoot(page, path=SHOTS / "membership-1080p.png", full_page=True)
    assert violations(page) == []
    page.context.close()
    assert SubscriptionPayment.objects.get().member == ann
