"""Every page players and the organiser touch, in Chromium at phone, tablet and 1080p sizes: each
is screenshotted (test-artifacts/sizes/) and none is wider than the screen, but for the wide grids
that scroll inside their own box."""

from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.shots import shoot
from tournaments import services
from tournaments.models import Drive, Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "sizes"
SIZES = {"phone": (390, 844), "tablet": (820, 1180), "hd": (1920, 1080)}
# Wider than the page: the parts that scroll on their own (grids of rounds × tables).
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  return Array.from(document.querySelectorAll('body *'))
    .filter(el => el.getBoundingClientRect().right > width + 1 && !el.closest('.scroll'))
    .filter(el => getComputedStyle(el).display !== 'none' && el.getClientRects().length)
    .slice(0, 3)
    .map(el => el.tagName + '.' + el.className + ': ' + (el.textContent || '').trim().slice(0, 30));
}"""


def _pages(autumn: Event, thursday: Event, howell: Event) -> dict:
    thursday_access = thursday.table_accesses.get(table=1)
    return {
        "home": reverse("tournaments:home"),
        "event": reverse("tournaments:event-detail", args=[thursday.pk]),
        "run": reverse("tournaments:event-run", args=[thursday.pk]),
        "movement": reverse("tournaments:event-movement", args=[howell.pk]),
        "live": reverse("tournaments:event-live", args=[thursday.pk]),
        "results": reverse("tournaments:results", args=[autumn.pk]),
        "pair": reverse("tournaments:results-pair", args=[autumn.pk, "ns", 1]),
        "board": reverse("tournaments:results-board", args=[autumn.pk, 1]),
        "hand-record": reverse("tournaments:board", args=[autumn.pk, 1]),
        "corrections": reverse("tournaments:director-board", args=[thursday.pk, 1]),
        "room": reverse("tournaments:event-room", args=[howell.pk]),
        "table-start": reverse("tournaments:table-start"),
        "tablet": reverse("tournaments:table", args=[thursday_access.token]),
        **_drive_pages(),
    }


def _drive_pages() -> dict:
    saturday = Drive.objects.get(name="Saturday Village Drive")
    friday = Drive.objects.get(name="Friday Progressive")
    return {
        "drive-run": reverse("tournaments:drive-run", args=[friday.pk]),
        "drive-finished": reverse("tournaments:drive-run", args=[saturday.pk]),
        "drive-room": reverse("tournaments:drive-room", args=[saturday.pk]),
        "drive-live": reverse("tournaments:drive-live", args=[friday.pk]),
        "drive-tablet": reverse("tournaments:drive-table", args=[friday.table_accesses.get(table=1).token]),
    }


def test_every_page_fits_a_phone_a_tablet_and_a_hall_screen(live_server, browser, client):
    call_command("demo")
    autumn, howell = (Event.objects.get(name=name) for name in ("Autumn Pairs", "Tuesday Howell"))
    thursday = Event.objects.get(status=Event.Status.READY)  # the demo's relay, ready to play
    services.event_start(event=thursday)
    client.login(username="organiser", password="whistdrive")
    session = client.cookies["sessionid"].value
    SHOTS.mkdir(parents=True, exist_ok=True)
    too_wide = {}
    for size, (width, height) in SIZES.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
        page = context.new_page()
        for name, path in _pages(autumn, thursday, howell).items():
            response = page.goto(live_server.url + path)
            assert response.status == 200, (name, size, response.status)
            shoot(page, path=SHOTS / f"{name}-{size}.png", full_page=name != "room")
            wide = page.evaluate(OVERFLOW)
            if wide:
                too_wide[(name, size)] = wide
        context.close()
    assert too_wide == {}, "\n".join(f"{k}: {v}" for k, v in too_wide.items())
