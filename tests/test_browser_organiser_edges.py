"""The organiser's edges in Chromium, at tablet size and on a 1080p screen: a new drive from its own
page, and an evening whose pairs who stay at one table are recommended a movement that keeps them."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tournaments import services
from tournaments.models import Drive
from tournaments.services import drives

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
SIZES = {"tablet": {"width": 1024, "height": 768}, "1080p": {"width": 1920, "height": 1080}}


def _log_in(page, live_server, organiser):
    page.goto(f"{live_server.url}/admin/login/?next=/")
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", "secret-pass-123")
    page.click("input[type=submit]")


@pytest.mark.parametrize("size", SIZES)
def test_a_new_drive_is_set_up_from_the_home_page_in_words(live_server, page, organiser, club, size):
    SHOTS.mkdir(exist_ok=True)
    page.set_viewport_size(SIZES[size])
    _log_in(page, live_server, organiser)
    page.get_by_role("link", name="New drive").click()
    expect(page.locator("h1")).to_have_text("A new whist drive")
    expect(page.get_by_label("Club")).to_have_value(str(club.pk))
    expect(page.get_by_label("Highest lady", exact=True)).to_be_checked()
    expect(page.get_by_label("Mystery hand: best score in a hand drawn at random")).not_to_be_checked()
    shoot(page, path=SHOTS / f"drive-new-{size}.png", full_page=True)

    page.get_by_label("Name").fill("Harvest Drive")
    page.get_by_label("Trumps").select_option("HDSCN")
    page.get_by_label("and the other").fill("lady")
    page.get_by_role("button", name="Create, then enter the players").click()
    expect(page.locator(".messages")).to_contain_text("The two roles need two names")
    assert not Drive.objects.exists()

    page.get_by_label("and the other").fill("Gent")
    page.get_by_label("Mystery hand: best score in a hand drawn at random").check()
    page.get_by_role("button", name="Create, then enter the players").click()
    expect(page.locator("h1")).to_have_text("Harvest Drive")
    drive = Drive.objects.get()
    assert drive.trump_schedule == "HDSCN"
    assert drive.prizes == "lady-1,gent-1,booby-lady,booby-gent,mystery-hand"


@pytest.mark.parametrize("size", SIZES)
def test_two_pairs_who_stay_put_are_recommended_a_mitchell_and_each_pair_has_one_number(
    live_server, page, organiser, club, make_event, size
):
    page.set_viewport_size(SIZES[size])
    event = make_event(club, name="Tuesday Pairs", build=False)
    for n in range(1, 9):  # pair 8's first player has the name of pair 1's: a warning says so
        first = "Guest 1a" if n == 8 else f"Guest {n}a"
        services.entry_add(event=event, first=first, second=f"Guest {n}b", stationary=n in (3, 6))
    _log_in(page, live_server, organiser)
    page.goto(f"{live_server.url}/events/{event.pk}/run/")
    expect(page.locator(".notice")).to_contain_text("Guest 1a is entered twice")
    best = page.locator("form.proposal.best")
    expect(best).to_contain_text("a skip Mitchell")
    expect(best).to_contain_text("Not a Howell: 2 pairs must not move")
    shoot(page, path=SHOTS / f"run-staying-{size}.png", full_page=True)
    best.get_by_role("button", name="Use this movement").click()
    expect(page.locator(".messages")).to_contain_text("Movement chosen")
    first_rows = page.locator("ol.steps li").first.locator("tbody tr")
    expect(first_rows.nth(0).locator("td").nth(0)).to_have_text("N/S 1")
    expect(first_rows.nth(0).locator("td").nth(1)).to_have_text("Guest 3a & Guest 3b")
    expect(first_rows.nth(1).locator("td").nth(1)).to_have_text("Guest 6a & Guest 6b")
    # The movement in use is not offered again; the alternatives' buttons are the lighter kind.
    expect(best).to_contain_text("In use")
    expect(best.get_by_role("button")).to_have_count(0)
    other = page.locator("form.proposal").nth(1).get_by_role("button", name="Use this movement")
    assert other.evaluate("b => getComputedStyle(b).backgroundColor") == "rgb(255, 255, 255)"
    shoot(page, path=SHOTS / f"run-numbered-{size}.png", full_page=True)


@pytest.mark.parametrize("size", SIZES)
def test_players_entered_in_runs_keep_their_role_and_are_listed_ladies_first(
    live_server, page, organiser, club, size
):
    page.set_viewport_size(SIZES[size])
    drive = drives.drive_create(club=club, name="Walk Drive", date="2026-11-24", hands=4)
    _log_in(page, live_server, organiser)
    page.goto(f"{live_server.url}/drives/{drive.pk}/")
    for name, role in [("Ann Lee", "L"), ("Bob Roe", "G"), ("Cy Day", None), ("Di Fox", "L")]:
        page.fill("input[name=name]", name)
        if role:
            page.select_option("select[name=role]", role)
        page.get_by_role("button", name="Add", exact=True).click()
    # Cy Day came after a gent, and was entered as one without choosing again.
    assert [p.key for p in drive.players.order_by("pk")] == ["L1", "G1", "G2", "L2"]
    expect(page.locator("select[name=role]")).to_have_value("L")
    expect(page.locator("input[name=name]")).to_be_focused()
    cards = page.locator("section").first.locator("tbody tr td:first-child")
    expect(cards).to_have_text(["L1", "L2", "G1", "G2"])
    remove = page.get_by_role("button", name="Remove").first
    assert remove.evaluate("b => getComputedStyle(b).backgroundColor") == "rgb(255, 255, 255)"
    shoot(page, path=SHOTS / f"drive-players-{size}.png", full_page=True)
