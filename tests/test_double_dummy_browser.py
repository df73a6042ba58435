"""In Chromium at a phone's width and at 1080p: a visitor opens the demo's Mitchell's published
results, follows the link to its play against double dummy, and reads it; it breaks no WCAG rule
(axe)."""

from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.shots import shoot
from tests.test_browser_accessibility import violations
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/double-dummy")


def test_a_visitor_reads_the_play_against_double_dummy(live_server, browser):
    call_command("demo")
    event = Event.objects.get(name="Autumn Pairs")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, bypass_csp=True
    ).new_page()
    page.goto(f"{live_server.url}/events/{event.pk}/results/")
    page.get_by_role("link", name="Play against double dummy").click()
    expect(page.get_by_role("heading", name="Play against double dummy")).to_be_visible()
    expect(page.get_by_role("heading", name="Board 1", exact=True)).to_be_visible()
    shoot(page, path=SHOTS / "double-dummy-390.png", full_page=True)
    assert violations(page) == []
    page.set_viewport_size({"width": 1920, "height": 1080})
    shoot(page, path=SHOTS / "double-dummy-1080p.png", full_page=False)
    assert violations(page) == []
    page.context.close()
