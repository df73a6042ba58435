"""In Chromium, on a phone and at 1080p: the organiser makes the club a decimal-comma kronor club on
its page in the organiser site, then types a drive's fees as "25,50" on the drive's page and sees
them in kronor at the door. The drive's page breaks no WCAG rule (axe)."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.organisers import organiser_page
from tests.shots import shoot
from tests.test_browser_accessibility import violations
from tournaments.models import Club, DriveMoney
from tournaments.services import drives

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
SIZES = {"phone": {"width": 390, "height": 844}, "1080p": {"width": 1920, "height": 1080}}


@pytest.mark.parametrize("size", SIZES)
def test_a_kronor_club_types_and_reads_its_fees_with_a_decimal_comma(
    live_server, browser, client, organiser, club, size
):
    SHOTS.mkdir(exist_ok=True)
    drive = drives.drive_create(club=club, name="Höstdrive", date="2026-09-05", hands=4)
    drives.drive_player_add(drive=drive, role="L", name="Greta Lind")
    page = organiser_page(browser, live_server, client, organiser, SIZES[size])

    page.goto(f"{live_server.url}/admin/tournaments/club/{club.pk}/change/")
    page.get_by_label("Currency").select_option(label="Swedish kronor (kr)")
    page.get_by_label("Number format").select_option(label="Decimal comma: 1.250,50")
    shoot(page, path=SHOTS / f"club-currency-{size}.png", full_page=True)
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messagelist")).to_be_visible()
    assert Club.objects.values_list("currency", "number_format").get() == ("SEK", "comma")

    page.goto(live_server.url + reverse("tournaments:drive-run", args=[drive.pk]))
    if page.locator("#money").get_attribute("open") is None:
        page.locator("#money summary").click()
    page.get_by_label("Member's fee").fill("25.50")
    page.get_by_label("Guest's fee").fill("25,50")
    page.get_by_role("button", name="Save the money").click()
    expect(page.locator(".messages")).to_contain_text(
        "'25.50' has a point where öre would be: write kronor and öre with a comma, e.g. 25,50"
    )
    assert not DriveMoney.objects.exists()
    if page.locator("#money").get_attribute("open") is None:
        page.locator("#money summary").click()
    page.get_by_label("Member's fee").fill("25,50")
    page.get_by_label("Guest's fee").fill("30")
    page.get_by_role("button", name="Save the money").click()
    expect(page.locator(".messages")).to_contain_text("Fees: member 25,50\N{NO-BREAK SPACE}kr, guest 30,00")
    expect(page.locator("#money")).to_contain_text("30,00\N{NO-BREAK SPACE}kr")  # a guest at the door
    shoot(page, path=SHOTS / f"drive-money-kronor-{size}.png", full_page=True)
    assert violations(page) == []
    assert DriveMoney.objects.values_list("member_fee", "guest_fee").get() == (2550, 3000)
    page.context.close()
