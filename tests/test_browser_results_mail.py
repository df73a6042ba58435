"""Results e-mails from the organiser's side in Chromium, at phone, tablet and 1080p: the club's
public address set on its page in the organiser site, then "Send results" in a hall with no mail
server, which says the e-mails wait in the outbox instead of claiming they were sent."""

from pathlib import Path

import pytest
from django.core import mail
from playwright.sync_api import expect

from tests.shots import shoot
from tournaments import services
from tournaments.models import ResultMail
from tournaments.services.season.mail import outbox_send

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
SIZES = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 1024, "height": 768},
    "1080p": {"width": 1920, "height": 1080},
}


@pytest.mark.parametrize("size", SIZES)
def test_the_organiser_sets_the_public_address_and_is_told_the_emails_wait(
    live_server, page, organiser, club, make_played_event, settings, tmp_path, size
):
    SHOTS.mkdir(exist_ok=True)
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path)
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy", email="joan@example.org")
    harold = services.member_create(
        club=club, first_name="Harold", last_name="Bick", email="harold@example.org"
    )
    event = make_played_event(club, members=[joan, harold])
    page.set_viewport_size(SIZES[size])
    page.goto(f"{live_server.url}/admin/login/?next=/admin/tournaments/club/{club.pk}/change/")
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", "secret-pass-123")
    page.click("input[type=submit]")
    page.get_by_label("Public address").fill("https://results.ribblewhist.org.uk")
    shoot(page, path=SHOTS / f"club-public-address-{size}.png", full_page=True)
    page.get_by_role("button", name="Save", exact=True).click()
    club.refresh_from_db()
    assert club.public_address == "https://results.ribblewhist.org.uk"

    page.goto(f"{live_server.url}/events/{event.pk}/run/")
    page.get_by_role("button", name="Send results").click()
    said = page.locator(".messages")
    expect(said).to_contain_text("No mail server is set: the 2 e-mails wait in the outbox")
    expect(said).not_to_contain_text("sent.")
    shoot(page, path=SHOTS / f"send-results-no-server-{size}.png", full_page=True)
    assert set(ResultMail.objects.values_list("status", flat=True)) == {"pending"}
    assert "https://results.ribblewhist.org.uk/players/" in ResultMail.objects.get(to="joan@example.org").body
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    outbox_send()
    assert sorted(m.to[0] for m in mail.outbox) == ["harold@example.org", "joan@example.org"]
