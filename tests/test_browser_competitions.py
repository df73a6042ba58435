"""A club's competitions in Chromium at phone, tablet and 1080p sizes: the list, the standings (with
those not qualified yet), the organiser's page and the room display's strip; each screenshotted
(test-artifacts/competitions/) and none wider than the screen but for grids that scroll in their box."""

import re
from datetime import date
from pathlib import Path

import pytest
from django.urls import reverse

from tests.seasons import members, published_event
from tests.shots import shoot
from tests.test_browser_sizes import OVERFLOW, SIZES
from tournaments import services
from tournaments.models import Competition, Member
from tournaments.services.season import competitions

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "competitions"
SEASON = dict(start=date(2026, 1, 1), end=date(2026, 12, 31))
PAIRS = [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11)]


def _season(club, make_event):
    players = members(club, 12)
    Member.objects.filter(pk=players[0].pk).update(first_name="Margaret-Anne", last_name="Featherstonehaugh")
    for n in range(3):
        pairs = [(players[a], players[b]) for a, b in PAIRS[: 6 if n < 2 else 4]]
        published_event(
            club, day=date(2026, 2, 3 + 7 * n), pairs=pairs, seed=n, name=f"Tuesday Pairs {n + 1}"
        )
    league = competitions.competition_create(
        club=club,
        values={
            "name": "Winter League",
            **SEASON,
            "counting": "best",
            "count": 2,
            "qualify": 3,
            "handicap": "moving",
        },
    )
    competitions.competition_create(
        club=club, values={"name": "Tuesday Ladder", **SEASON, "measure": "placing", "placing": "reverse"}
    )
    tonight = make_event(club, name="Tuesday Pairs 4")
    services.event_deal_boards(event=tonight, seed="t", analyse=False)
    services.event_start(event=tonight)
    return league, tonight


def test_the_competition_pages_fit_a_phone_a_tablet_and_a_hall_screen(
    live_server, browser, client, club, organiser, make_event
):
    league, tonight = _season(club, make_event)
    client.force_login(organiser)
    session = client.cookies["sessionid"].value
    pages = {
        "competitions": reverse("tournaments:competitions", args=[club.slug]),
        "standings": reverse("tournaments:competition", args=[club.slug, league.pk]),
        "competition-form": reverse("tournaments:competition-edit", args=[club.slug, league.pk]),
        "room-competitions": reverse("tournaments:event-room", args=[tonight.pk]),
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    too_wide = {}
    for size, (width, height) in SIZES.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
        page = context.new_page()
        for name, path in pages.items():
            response = page.goto(live_server.url + path)
            assert response.status == 200, (name, size, response.status)
            shoot(page, path=SHOTS / f"{name}-{size}.png", full_page=not name.startswith("room"))
            wide = page.evaluate(OVERFLOW)
            if wide:
                too_wide[(name, size)] = wide
        context.close()
    assert too_wide == {}, "\n".join(f"{k}: {v}" for k, v in too_wide.items())


def test_the_standings_sort_by_a_column_header_in_the_browser(live_server, page, club, make_event):
    league, _ = _season(club, make_event)
    page.goto(live_server.url + reverse("tournaments:competition", args=[club.slug, league.pk]))
    assert page.locator("text=Not qualified yet").is_visible()

    page.locator("table.competition").first.locator("th a", has_text="Name").click()
    page.wait_for_url(re.compile(r"sort="))  # the page the server sorted, loaded

    names = page.locator("table.competition").first.locator("tbody td:nth-child(2)").all_inner_texts()
    assert names == sorted(names)


def _new_competition(page, live_server, club, kind: str) -> None:
    """The organiser opens the new competition's page and chooses its kind."""
    page.goto(live_server.url + reverse("tournaments:competition-new", args=[club.slug]))
    page.get_by_role("radio", name=re.compile(kind)).check()
    page.get_by_role("button", name="Next: its rules").click()
    page.wait_for_url(re.compile(r"kind="))


def _name_and_dates(page, name: str) -> None:
    page.get_by_label("Name").fill(name)
    page.get_by_label("First evening that counts").fill("2026-10-01")
    page.get_by_label("Last evening that counts").fill("2027-03-31")


def _log_in(page, client, organiser, live_server) -> None:
    client.force_login(organiser)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}
    page.context.add_cookies([cookie])


def test_a_best_6_of_10_competition_is_set_up_from_its_kind(live_server, page, client, club, organiser):
    from playwright.sync_api import expect

    _log_in(page, client, organiser, live_server)
    _new_competition(page, live_server, club, "Best 6 of 10 evenings")
    shoot(page, path=SHOTS / "new-best-6.png", full_page=True)
    # The kind's own question is asked first, filled in; the rest wait under "More settings".
    expect(page.get_by_label("How many evenings (best kept, or worst left out)")).to_have_value("6")
    expect(page.get_by_label("What each evening scores")).not_to_be_visible()
    _name_and_dates(page, "Winter Best Six")
    page.get_by_role("button", name="Set it up").click()
    expect(page.get_by_role("heading", name="Winter Best Six")).to_be_visible()

    made = Competition.objects.get(club=club, name="Winter Best Six")
    assert (made.kinds, made.measure, made.counting, made.count, made.qualify, made.handicap) == (
        "event",
        "percentage",
        "best",
        6,
        6,
        "none",
    )
    assert made.start == date(2026, 10, 1) and made.end == date(2027, 3, 31)


def test_a_ladder_is_set_up_with_a_setting_changed_under_more_settings(
    live_server, page, client, club, organiser
):
    from playwright.sync_api import expect

    _log_in(page, client, organiser, live_server)
    _new_competition(page, live_server, club, "Ladder")
    _name_and_dates(page, "Club Ladder")
    page.get_by_text("More settings").click()
    smallest = page.get_by_label("Smallest evening that counts")
    expect(smallest).to_be_visible()
    smallest.fill("3")
    page.get_by_label("Members only").uncheck()
    shoot(page, path=SHOTS / "new-ladder-more.png", full_page=True)
    page.get_by_role("button", name="Set it up").click()
    expect(page.get_by_role("heading", name="Club Ladder")).to_be_visible()

    made = Competition.objects.get(club=club, name="Club Ladder")
    assert (made.kinds, made.measure, made.placing, made.min_field, made.members_only) == (
        "both",
        "placing",
        "reverse",
        3,
        False,
    )


def test_a_setting_refused_under_more_settings_is_shown_open_with_its_reason(
    live_server, page, client, club, organiser
):
    from playwright.sync_api import expect

    _log_in(page, client, organiser, live_server)
    _new_competition(page, live_server, club, "Pairs championship")
    _name_and_dates(page, "Pairs Cup")
    page.get_by_label("Points for 1st, 2nd, 3rd…").fill("1/2/3")
    page.get_by_text("More settings").click()
    page.get_by_label("Smallest evening that counts").fill("999")
    page.get_by_role("button", name="Set it up").click()

    expect(page.get_by_text("Ensure this value is less than or equal to 400.")).to_be_visible()
    expect(page.get_by_label("Smallest evening that counts")).to_be_visible()  # open by itself
    expect(page.get_by_label("Points for 1st, 2nd, 3rd…")).to_have_value("1/2/3")
    expect(page.locator("input[name=kind]")).to_have_value("championship")
    assert not Competition.objects.filter(club=club).exists()
