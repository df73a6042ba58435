"""The new-event page in Chromium on a laptop's screen (1366 × 768): a duplicate evening is
proposed under a name of its own, not a drive's, and every choice is read in full."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "new-event"
LAPTOP = {"width": 1366, "height": 768}
# Each label of a choice whose text runs past its own box or past the window: cut off.
CUT = """() => [...document.querySelectorAll("form.stacked label")].filter(label => {
  const box = label.getBoundingClientRect();
  return label.scrollWidth > label.clientWidth + 1 || box.right > document.documentElement.clientWidth;
}).map(label => label.textContent.trim())"""


def test_a_new_event_reads_whole_on_a_laptop_and_is_no_drive(live_server, browser, organiser):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(f"{live_server.url}/admin/login/?next=/events/new/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", "secret-pass-123")
    page.click("input[type=submit]")

    expect(page.locator("#id_name")).to_have_value("Duplicate whist")
    individual = page.get_by_label("Individual: players enter alone and partner each other in turn")
    expect(page.get_by_label("Pairs", exact=True)).to_be_checked()
    recommended = page.get_by_label("The one recommended for tonight's pairs, once they are entered")
    expect(recommended).to_be_checked()
    individual.check()
    expect(page.get_by_role("button", name="Create, then enter tonight's players")).to_be_visible()
    shoot(page, path=SHOTS / "new-event-1366.png", full_page=True)
    assert page.evaluate(CUT) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]

    page.get_by_role("button", name="Create, then enter tonight's players").click()
    expect(page.locator("h1")).to_have_text("Duplicate whist")
    assert Event.objects.get().is_individual


def _log_in(page, live_server, then: str):
    page.goto(f"{live_server.url}/admin/login/?next={then}")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", "secret-pass-123")
    page.click("input[type=submit]")


def test_a_minnesota_event_is_offered_no_trumps(live_server, browser, organiser):
    page = browser.new_context(viewport=LAPTOP).new_page()
    _log_in(page, live_server, "/events/new/")
    trumps = page.locator("#id_trump_schedule")
    expect(trumps).to_be_visible()
    page.select_option("#id_scoring", "minnesota")
    expect(trumps).to_be_hidden()
    expect(page.get_by_text("Trumps", exact=True)).to_be_hidden()
    page.select_option("#id_scoring", "minnesota_total")
    expect(trumps).to_be_hidden()
    page.select_option("#id_scoring", "matchpoints")
    expect(trumps).to_be_visible()


def test_a_minnesota_drive_is_offered_neither_trumps_nor_a_sit_out_of_7_tricks(
    live_server, browser, organiser
):
    page = browser.new_context(viewport=LAPTOP).new_page()
    _log_in(page, live_server, "/drives/new/")
    hidden_for_minnesota = [page.locator("#id_trump_schedule"), page.locator("#id_sit_out")]
    for field in hidden_for_minnesota:
        expect(field).to_be_visible()
    page.select_option("#id_game", "minnesota")
    for field in hidden_for_minnesota:
        expect(field).to_be_hidden()
    expect(page.get_by_text("At the sit-out table a player scores")).to_be_hidden()
    page.select_option("#id_game", "whist")
    for field in hidden_for_minnesota:
        expect(field).to_be_visible()
