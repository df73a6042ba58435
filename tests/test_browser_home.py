"""The front page in Chromium with the demo club, on a laptop's screen (1366 × 768) and the other
sizes: one screen, what is on tonight first, everything else a click away."""

from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.shots import shoot
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "home"
SIZES = {
    "laptop": (1366, 768),
    "phone": (390, 844),
    "tablet": (820, 1180),
    "1024": (1024, 768),
    "1080p": (1920, 1080),
}
SIZE = "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"


def _log_in(page, url):
    page.goto(f"{url}/admin/login/?next=/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", "whistdrive")
    page.click("input[type=submit]")
    page.wait_for_url(f"{url}/")


def test_the_organisers_front_page_is_one_screen_of_tonight(live_server, browser):
    call_command("demo")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, (width, height) in SIZES.items():
        page = browser.new_context(viewport={"width": width, "height": height}).new_page()
        _log_in(page, live_server.url)
        shoot(page, path=SHOTS / f"organiser-{size}.png", full_page=True)
        wide, high = page.evaluate(SIZE)
        assert wide <= width, size
        if size == "laptop":
            assert high <= height
        tonight = page.locator("table.grid")
        expect(tonight).to_contain_text("Friday Progressive")  # the demo's drive in play
        expect(tonight).to_contain_text("Playing")
        expect(page.get_by_role("link", name="Tuesday Howell")).to_have_count(0)  # finished: a click away
        for link in (
            "All events",
            "All drives and team nights",
            "Published results",
            "Competitions",
            "Leagues",
        ):
            expect(page.get_by_role("link", name=link)).to_be_visible()
        page.context.close()

    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    _log_in(page, live_server.url)
    page.get_by_role("link", name="All events").click()
    ready = Event.objects.get(status=Event.Status.READY).name
    expect(page.locator("table.grid")).to_contain_text("Tuesday Howell")
    page.get_by_role("link", name=ready).click()
    expect(page.locator("h1")).to_have_text(ready)
    page.go_back()
    page.go_back()
    page.get_by_role("link", name="All drives and team nights").click()
    expect(page.locator("table.grid")).to_contain_text("Valley Rubber Night")
    shoot(page, path=SHOTS / "drives-laptop.png", full_page=True)
    page.go_back()
    page.get_by_role("link", name="Published results").click()
    expect(page.locator("h1")).to_contain_text("Ribble Valley Whist Club")


def test_a_visitors_front_page_is_one_screen_of_the_latest_results(live_server, browser):
    call_command("demo")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, (width, height) in SIZES.items():
        page = browser.new_context(viewport={"width": width, "height": height}).new_page()
        page.goto(f"{live_server.url}/")
        shoot(page, path=SHOTS / f"visitor-{size}.png", full_page=True)
        wide, high = page.evaluate(SIZE)
        assert wide <= width, size
        if size == "laptop":
            assert high <= height
        expect(page.locator("ul.plain li")).to_have_count(8)
        page.context.close()
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Ribble Valley Whist Club").click()
    expect(page.locator("h1")).to_contain_text("Ribble Valley Whist Club")
