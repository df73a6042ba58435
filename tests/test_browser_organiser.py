"""In Chromium at tablet size: the demo organiser logs in and opens the demo event."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tournaments.models import Event


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_organiser_logs_in_and_opens_the_demo_event(live_server, page):
    call_command("demo")
    page.goto(f"{live_server.url}/admin/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", "whistdrive")
    page.click("input[type=submit]")
    page.wait_for_url(f"{live_server.url}/admin/")  # the login page shows the site's name too
    expect(page.locator("#site-name")).to_contain_text("whistdrive")

    ready = Event.objects.get(status=Event.Status.READY).name  # the demo's relay, ready to play
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="All events").click()
    page.get_by_role("link", name=ready).click()
    expect(page.locator("h1")).to_have_text(ready)
    expect(page.get_by_text("Ready to play")).to_be_visible()

    page.get_by_role("link", name="See who plays whom").click()
    expect(page).to_have_url(re.compile(r"/movement/$"))
    expect(page.locator("table.movement")).to_contain_text("NS 1 v EW 1")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_reads_the_published_results_on_a_tablet(live_server, page):
    call_command("demo")
    page.goto(f"{live_server.url}/")
    # The front page has the latest results; every result is on the club's index.
    page.get_by_role("link", name="Ribble Valley Whist Club").click()
    page.get_by_role("link", name="Autumn Pairs", exact=True).first.click()
    expect(page.get_by_text("Final results")).to_be_visible()
    expect(page.locator("table.standings").first).to_contain_text("%")
    page.get_by_role("link", name="Pair").first.click()  # sort N/S by pair number
    first_ns = page.locator("table.standings").first.locator("tbody tr").first
    expect(first_ns).to_contain_text("N/S 1")
    first_ns.get_by_role("link", name="N/S 1").click()
    expect(page.locator("h2")).to_contain_text("N/S 1: Margaret Ashworth & Dennis Ashworth")
    page.get_by_role("link", name="1", exact=True).first.click()
    expect(page.locator("h2")).to_have_text("Board 1")
    expect(page.locator("table.grid tbody tr")).to_have_count(7)
