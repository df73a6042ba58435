"""In Chromium: the club's organiser renames a membership category, is told in words why one with
a member in it cannot be removed, and removes one with none, on a phone and at 1080p. No page
breaks a WCAG rule (axe)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.organisers import organiser_page
from tests.shots import shoot
from tests.test_browser_accessibility import violations
from tournaments.models import Member, MembershipCategory
from tournaments.services.membership.club import membership_category_add

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/membership")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1920, 1080)])
def test_the_organiser_renames_a_category_and_removes_one_no_member_is_in(
    live_server, browser, client, organiser, club, width, height
):
    SHOTS.mkdir(parents=True, exist_ok=True)
    full = membership_category_add(club=club, name="Full", subscription=2500, life=False)
    membership_category_add(club=club, name="Social", subscription=1000, life=False)
    Member.objects.create(club=club, first_name="Ann", last_name="Ashby", category=full)
    page = organiser_page(browser, live_server, client, organiser, {"width": width, "height": height})
    page.goto(f"{live_server.url}/clubs/{club.slug}/membership/")
    page.get_by_role("link", name="Rename, change or remove Full").click()
    expect(page.get_by_role("heading", name="The category Full")).to_be_visible()
    expect(page.get_by_text("1 member is in Full, so it cannot be removed")).to_be_visible()
    shoot(page, path=SHOTS / f"category-{width}.png", full_page=True)
    assert violations(page) == []
    page.locator("#id_name").fill("Full member")
    page.get_by_role("button", name="Save the category").click()
    expect(page.get_by_text("Full member: £25.00 a year")).to_be_visible()

    page.get_by_role("link", name="Rename, change or remove Social").click()
    page.get_by_role("button", name="Remove Social").click()
    expect(page.get_by_text("Removed the category Social.")).to_be_visible()
    assert violations(page) == []
    page.context.close()
    assert list(MembershipCategory.objects.values_list("name", flat=True)) == ["Full member"]
