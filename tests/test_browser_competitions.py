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
from tournaments.models import Member
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
