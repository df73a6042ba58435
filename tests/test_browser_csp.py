"""Every kind of page works under the Content-Security-Policy: Chromium reports no violation."""

import pytest
from django.core.management import call_command

from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_pages_need_no_inline_script_or_style(live_server, page):
    call_command("demo")
    finished = Event.objects.get(name="Autumn Pairs")
    ready = Event.objects.get(status="ready")
    violations = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)

    page.goto(f"{live_server.url}/admin/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", "whistdrive")
    page.click("input[type=submit]")
    page.wait_for_url(f"{live_server.url}/admin/")  # logged in before the pages are visited
    paths = [
        "/",
        "/admin/",
        "/admin/tournaments/event/",
        f"/admin/tournaments/event/{ready.pk}/change/",
        "/admin/tournaments/member/",
        f"/events/{ready.pk}/",
        f"/events/{ready.pk}/run/",
        f"/events/{ready.pk}/movement/",
        f"/events/{ready.pk}/live/",
        f"/events/{finished.pk}/results/",
        f"/events/{finished.pk}/results/boards/1/",
        f"/events/{finished.pk}/room/",
        f"/events/{finished.pk}/boards/1/",
        f"/events/{finished.pk}/director/boards/1/",
        "/events/new/",
        "/t/",
    ]
    for path in paths:
        response = page.goto(f"{live_server.url}{path}")
        assert response.ok, path
        assert "script-src 'self'" in response.headers["content-security-policy"]
    assert violations == []
