"""The organiser gives the club's county server and key on the club's page in the organiser site,
in Chromium at phone and 1080p, and reads there each evening's upload: waiting, with why it did
not go. What the page adds breaks no WCAG rule (axe)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.organisers import organiser_page
from tests.shots import shoot
from tests.test_browser_accessibility import violations
from tournaments.models import HallUpload

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
SIZES = {"phone": {"width": 390, "height": 844}, "1080p": {"width": 1920, "height": 1080}}


@pytest.mark.parametrize("size", SIZES)
def test_the_organiser_sets_the_county_server_and_sees_the_evening_waiting(
    live_server, browser, client, organiser, club, make_played_event, size
):
    SHOTS.mkdir(exist_ok=True)
    page = organiser_page(browser, live_server, client, organiser, SIZES[size])
    page.goto(f"{live_server.url}/admin/tournaments/club/{club.pk}/change/")
    page.get_by_label("County address").fill("http://127.0.0.1:9")
    page.get_by_label("County key").fill("wdc_the-key-from-the-county")
    page.get_by_role("button", name="Save and continue editing").click()
    expect(page.locator(".messagelist")).to_be_visible()

    make_played_event(club)
    [upload] = HallUpload.objects.all()
    assert upload.state == HallUpload.State.QUEUED
    upload.answer = "The county server could not be reached (Connection refused); it will be tried again."
    upload.save(update_fields=["answer"])
    page.reload()
    uploads = page.locator("#hall-uploads")
    expect(uploads).to_contain_text("Club Night")
    expect(uploads).to_contain_text("Waiting to be sent")
    expect(uploads).to_contain_text("could not be reached")
    shoot(page, path=SHOTS / f"hall-uploads-{size}.png", full_page=True)
    # The Django admin's own breadcrumbs (links told apart by colour alone) are not this page's.
    assert [found for found in violations(page) if ".breadcrumbs" not in found] == []
    page.context.close()
