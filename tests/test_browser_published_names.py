"""What a member chose to publish, in Chromium at phone (390 × 844) and 1080p sizes: Joan Bellamy
publishes her initials and Harold Bickerstaff nothing, so the public's results, room display,
club index and Joan's page say "J. B." and "A player", never their names, and Harold's page is not
there (screenshots in test-artifacts/published-names/)."""

from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import expect

from tests.shots import shoot
from tournaments.models import Club, Drive, Event, Member

from .test_browser_sizes import OVERFLOW

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "published-names"
SIZES = {"phone": (390, 844), "hd": (1920, 1080)}
JOAN, HAROLD = 3, 4


def test_initials_and_a_hidden_name_show_on_every_public_page(live_server, browser):
    call_command("demo")
    Member.objects.filter(pk=JOAN).update(published_as=Member.Published.INITIALS)
    Member.objects.filter(pk=HAROLD).update(published_as=Member.Published.HIDDEN)
    club = Club.objects.get()
    tuesday = Event.objects.filter(name="Tuesday Pairs", published=True).order_by("date").first()
    village = Drive.objects.get(name="Saturday Village Drive")
    pages = {
        "results": reverse("tournaments:results", args=[tuesday.pk]),
        "room": reverse("tournaments:event-room", args=[tuesday.pk]),
        "index": reverse("tournaments:club-results", args=[club.slug]),
        "joan": reverse("tournaments:player", args=[JOAN]),
        "drive": reverse("tournaments:drive-results", args=[village.pk]),
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    too_wide = {}
    for size, (width, height) in SIZES.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        for name, path in pages.items():
            response = page.goto(live_server.url + path)
            assert response.status == 200, (name, size)
            text = page.locator("body").inner_text()
            assert "Bellamy" not in text and "Bickerstaff" not in text, (name, size)
            assert "J. B." in text, (name, size)
            shoot(page, path=SHOTS / f"{name}-{size}.png", full_page=True)
            wide = page.evaluate(OVERFLOW)
            if wide:
                too_wide[(name, size)] = wide
        page.goto(live_server.url + pages["results"])
        expect(page.locator("main")).to_contain_text("A player")
        expect(page.locator(f'a[href="/players/{HAROLD}/"]')).to_have_count(0)
        page.locator(f'main a[href="/players/{JOAN}/"]').first.click()
        expect(page.locator("h1")).to_have_text("J. B.")
        response = page.goto(live_server.url + reverse("tournaments:player", args=[HAROLD]))
        assert response.status == 404
        context.close()
    assert too_wide == {}, "\n".join(f"{k}: {v}" for k, v in too_wide.items())
