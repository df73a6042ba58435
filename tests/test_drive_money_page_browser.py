"""In Chromium: the drive's money on its organiser's page (takings, prize fund, balance, the fees
not yet paid as a count) and a fee unticked with "Untick", on a phone and at 1080p; the season's
date boxes show the whole date, the year too. No page breaks a WCAG rule (axe)."""

from datetime import date
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.organisers import organiser_page
from tests.shots import shoot
from tests.test_browser_accessibility import violations
from tournaments import services
from tournaments.models import DrivePayment
from tournaments.services import drives

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/accounts")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1920, 1080)])
def test_the_organiser_reads_the_drives_money_and_unticks_a_fee(
    live_server, browser, client, organiser, club, width, height
):
    SHOTS.mkdir(parents=True, exist_ok=True)
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    drive = drives.drive_create(club=club, name="Harvest Drive", date=date(2026, 9, 5), hands=4)
    drives.drive_money_set(drive=drive, member_fee=300, guest_fee=450, raffle=2000, fund_share=50)
    drives.drive_player_add(drive=drive, role="L", name=str(joan))
    drives.drive_player_add(drive=drive, role="G", name="Ivy Dunn")
    page = organiser_page(browser, live_server, client, organiser, {"width": width, "height": height})
    page.goto(live_server.url + reverse("tournaments:drive-run", args=[drive.pk]) + "#money")
    money = page.locator("#money")
    if money.get_attribute("open") is None:
        money.locator("summary").click()
    row = money.locator("table.door tr", has_text="Joan Bellamy")
    row.get_by_label("Joan Bellamy paid by").select_option(label="Cash")
    row.get_by_role("button", name="Tick as paid").click()
    expect(page.get_by_role("row", name="Takings", exact=False).first).to_contain_text("£23.00")
    expect(page.locator("table.books tr", has_text="Prize fund")).to_contain_text("£11.50")
    expect(page.locator("#money")).to_contain_text("Fees not paid yet: 1 card.")
    for box in ("from", "to"):
        day = page.locator(f'input[name="{box}"]')
        # The box is wide enough for its whole date: dd/mm/yyyy with the calendar's button.
        assert day.evaluate("e => e.getBoundingClientRect().width") >= 160
    shoot(page.locator("#money"), path=SHOTS / f"drive-money-{width}.png")
    assert violations(page) == []
    page.locator("table.door tr", has_text="Joan Bellamy").get_by_role("button", name="Untick").click()
    expect(page.locator("#money")).to_contain_text("Fees not paid yet: 2 cards.")
    assert violations(page) == []
    page.context.close()
    assert not DrivePayment.objects.exists()
