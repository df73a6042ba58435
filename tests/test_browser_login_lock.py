"""A locked login in Chromium, at phone and 1080p: the organiser is told in words what is locked
and until when, another organiser of the club lifts the lock from the club's page, and the right
password then logs in."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tournaments.services.core.logins import PER_NAME, login_attempt_begin

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
SIZES = {"phone": {"width": 390, "height": 844}, "1080p": {"width": 1920, "height": 1080}}


def _log_in(page, live_server, username, password="secret-pass-123"):
    page.goto(f"{live_server.url}/admin/login/?next=/admin/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("input[type=submit]")


@pytest.mark.parametrize("size", SIZES)
def test_a_colleague_lifts_the_lock_and_the_organiser_logs_in(
    live_server, page, settings, club, organiser, make_organiser, size
):
    SHOTS.mkdir(exist_ok=True)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    make_organiser(username="colleague", clubs=[club])
    organiser.set_password("secret-pass-123")  # hashed again, quickly
    organiser.save()
    for _ in range(PER_NAME):  # ten wrong passwords from this browser's address
        login_attempt_begin(username="organiser", address="127.0.0.1")
    page.set_viewport_size(SIZES[size])

    _log_in(page, live_server, "organiser")
    said = page.locator(".errornote")
    expect(said).to_contain_text("Too many wrong passwords for organiser from this device: try again after")
    expect(said).to_contain_text("or ask another organiser of the club to lift the lock.")
    shoot(page, path=SHOTS / f"login-locked-{size}.png", full_page=True)

    _log_in(page, live_server, "colleague")
    page.goto(f"{live_server.url}/admin/tournaments/club/{club.pk}/change/")
    expect(page.locator("#login-locks")).to_contain_text("too many wrong passwords from 1 device")
    shoot(page, path=SHOTS / f"login-lock-lift-{size}.png", full_page=True)
    page.get_by_role("button", name="Lift the lock on organiser").click()
    expect(page.locator(".messagelist")).to_contain_text("The lock is lifted: organiser can log in again")
    expect(page.locator("#login-locks")).to_have_count(0)

    page.context.clear_cookies()
    _log_in(page, live_server, "organiser")
    expect(page).to_have_url(f"{live_server.url}/admin/")
