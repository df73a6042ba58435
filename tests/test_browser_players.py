"""The players' pages in Chromium at phone, tablet and 1080p sizes: a member's page and the club's
results index fit the screen (screenshots in test-artifacts/players/), need nothing the
Content-Security-Policy refuses, and lead from one to the other."""

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import expect

from tests.shots import shoot
from tournaments.models import Club, Drive, Member

from .test_browser_sizes import OVERFLOW, SIZES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "players"


def test_the_players_pages_fit_a_phone_a_tablet_and_a_hall_screen(live_server, browser):
    call_command("demo")
    club = Club.objects.get()
    joan = Member.objects.get(first_name="Joan", last_name="Bellamy")
    saturday = Drive.objects.get(name="Saturday Village Drive")
    pages = {
        "player": reverse("tournaments:player", args=[joan.pk]),
        "club-results": reverse("tournaments:club-results", args=[club.slug]),
        "drive-results": reverse("tournaments:drive-results", args=[saturday.pk]),
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    too_wide, violations = {}, []
    for size, (width, height) in SIZES.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.on("console", lambda m: "Content Security Policy" in m.text and violations.append(m.text))
        for name, path in pages.items():
            response = page.goto(live_server.url + path)
            assert response.status == 200, (name, size, response.status)
            shoot(page, path=SHOTS / f"{name}-{size}.png", full_page=True)
            wide = page.evaluate(OVERFLOW)
            if wide:
                too_wide[(name, size)] = wide
        context.close()
    assert too_wide == {}, "\n".join(f"{k}: {v}" for k, v in too_wide.items())
    assert violations == []


def test_a_visitor_goes_from_the_index_to_the_results_and_a_players_page(live_server, page):
    call_command("demo")
    club = Club.objects.get()
    page.goto(live_server.url + reverse("tournaments:club-results", args=[club.slug]))
    page.click("text=Tuesday Howell")
    expect(page).to_have_title(re.compile("Tuesday Howell"))
    joan = Member.objects.get(first_name="Joan", last_name="Bellamy")
    page.goto(live_server.url + reverse("tournaments:player", args=[joan.pk]))
    page.click("table.player-evenings >> text=Harold Bickerstaff")
    expect(page.locator("h1")).to_have_text("Harold Bickerstaff")
