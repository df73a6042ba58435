"""A team night in Chromium: set up on its page, four teams played through four tablets (each
naming the home and visiting teams, and after each hand sending the away pair on), closed and
published to the results; and the room display of 25 teams on a hall's projector and a 1080p
screen, no team's name cut."""

import itertools
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import open_page, say_thats_us, tap
from tests.test_browser_room import EVERY_PAGE, hold_the_clock
from tournaments.domain.drives.teams import away_table, hand_points
from tournaments.models import Drive
from tournaments.services import drives

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
TEAMS = """Clitheroe: Mary Smith, John Smith, Ann Jones, Bill Jones
Whalley: Sue White, Tom White, Eve Black, Sam Black
Longridge: Joan Bellamy, Harold Bickerstaff, Irene Cartwright, Frank Cartwright
Sabden: Doreen Dawson, Arthur Ellison, Sheila Fairclough, Kenneth Fenwick"""
HANDS = 3


def _login(context, live_server, client, organiser):
    client.force_login(organiser)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )


def open_tablets(context, live_server, night) -> tuple[dict, dict]:
    """A tablet at each table of a started night, its players checked in: the pages and their
    addresses, by table."""
    tablets, urls = {}, {}
    for access in night.table_accesses.order_by("table"):
        tab = context.new_page()
        tab.set_viewport_size({"width": 800, "height": 1280})
        urls[access.table] = f"{live_server.url}/d/{access.token}/"
        open_page(tab, urls[access.table])
        say_thats_us(tab)
        tablets[access.table] = tab
    return tablets, urls


def close_and_publish(desk, live_server, night) -> None:
    """The organiser closes the night on its page, and publishes the results."""
    desk.goto(live_server.url + reverse("tournaments:drive-run", args=[night.pk]))
    desk.get_by_role("button", name="Close the drive").click()
    expect(desk.locator(".messages")).to_contain_text("The drive is closed.")
    desk.get_by_role("button", name="Publish the results").click()
    expect(desk.locator(".messages")).to_contain_text("The results are published.")


def _tricks(hand: int, table: int) -> int:
    return (hand * 5 + table * 3) % 14


def test_a_team_night_is_set_up_played_on_the_tablets_and_published(
    live_server, browser, client, organiser, club
):
    SHOTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    _login(context, live_server, client, organiser)
    desk = context.new_page()
    desk.goto(live_server.url + reverse("tournaments:team-night-new"))
    desk.get_by_label("Name").fill("Cup night")
    desk.get_by_label("Hands").fill(str(HANDS))
    desk.get_by_label("Halves").fill("1")
    desk.get_by_label("The tricks each side took").check()
    desk.get_by_label("Teams").fill(TEAMS)
    desk.get_by_role("button", name="Create the team night").click()
    expect(desk.locator(".messages")).to_contain_text("Cup night is set up with 4 teams")
    expect(desk.locator("table.team-entries")).to_contain_text("Irene Cartwright & Frank Cartwright")
    _the_add_a_team_form_stacks_on_a_phone(browser, client, live_server, organiser, desk.url)
    desk.get_by_role("button", name="Start the team night").click()
    expect(desk.locator(".messages")).to_contain_text("The drive has started.")
    night = Drive.objects.get(name="Cup night")
    assert night.status == Drive.Status.RUNNING and night.team_points == "tricks"

    tablets, urls = open_tablets(context, live_server, night)
    names = ["Clitheroe", "Whalley", "Longridge", "Sabden"]
    for hand in range(1, HANDS + 1):
        for table, tab in tablets.items():
            open_page(tab, urls[table])
            visitors = next(t for t in range(1, 5) if away_table(4, t, hand) == table)
            expect(tab.locator(".match")).to_contain_text(
                f"Team {table} {names[table - 1]} (home) v Team {visitors} {names[visitors - 1]} (visiting)"
            )
            tricks = _tricks(hand, table)
            tap(tab, tab.get_by_role("button", name=f"N/S took {tricks} tricks", exact=True))
            tap(tab, tab.get_by_role("button", name="Yes, confirm"))
            over = tab.locator(".round-over")
            expect(over).to_contain_text(f"Hand {hand} is over: N/S {tricks}, E/W {13 - tricks}")
            if hand == HANDS:
                expect(over).to_contain_text("That was the last hand.")
                continue
            expect(over).to_contain_text(f"Team {table}'s home pair")
            expect(over).to_contain_text("stay at this table.")
            expect(over).to_contain_text(f"Team {visitors}'s away pair ({names[visitors - 1]}: ")
            expect(over).to_contain_text(f"go to table {away_table(4, visitors, hand + 1)}.")
            if hand == 1 and table == 1:
                shoot(tab, path=SHOTS / "team-night-table-moves.png", full_page=True)

    close_and_publish(desk, live_server, night)
    night.refresh_from_db()
    assert night.status == Drive.Status.FINISHED and night.published

    public = browser.new_page()
    public.goto(live_server.url + reverse("tournaments:drive-results", args=[night.pk]))
    expected = {
        t: sum(hand_points("tricks", _tricks(h, t))[0] for h in range(1, HANDS + 1))
        + sum(hand_points("tricks", _tricks(h, away_table(4, t, h)))[1] for h in range(1, HANDS + 1))
        for t in range(1, 5)
    }
    rows = public.locator("table.team-results tbody tr")
    expect(rows).to_have_count(4)
    for t, points in expected.items():
        expect(public.locator("table.team-results")).to_contain_text(names[t - 1])
        row = rows.filter(has_text=names[t - 1])
        expect(row.locator("td.strong")).to_have_text(str(points))
    # Best first, as the domain ranks them (points, then tricks); the points are the ones counted here.
    first = drives.DriveState(night).team_placings()[0][1]
    assert (
        expected[first.team] == max(expected.values()) and names[first.team - 1] in rows.first.text_content()
    )
    expect(public.locator("table.pair-results tbody tr")).to_have_count(8)
    shoot(public, path=SHOTS / "team-night-results.png", full_page=True)
    context.close()


def _the_add_a_team_form_stacks_on_a_phone(browser, client, live_server, organiser, url):
    """On a phone each of the form's fields takes its own line, inside the screen; on a 1080p
    screen they stand side by side."""
    for size, (width, height) in {"phone": (390, 844), "1080p": (1920, 1080)}.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        _login(context, live_server, client, organiser)
        page = context.new_page()
        page.goto(url)
        form = page.locator("form.team-add")
        shoot(form, path=SHOTS / f"team-night-add-{size}.png")
        boxes = [label.bounding_box() for label in form.locator("label").all()]
        boxes.append(form.get_by_role("button", name="Add the team").bounding_box())
        for field in form.locator("input:visible").all():
            box = field.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (size, field.get_attribute("name"))
        if size == "phone":
            assert all(b["x"] + b["width"] <= width for b in boxes)
            assert all(
                above["y"] + above["height"] <= below["y"] for above, below in itertools.pairwise(boxes)
            )
        else:
            assert len({round(b["y"]) for b in boxes[:3]}) == 1  # the team and its two pairs in one row
        context.close()


LONG_TEAMS = [
    "Featherstonehaugh-Winterbottom Wanderers",
    "Montgomery-Wetherington Whist Club",
    "Bickerstaff-Winterbottom Ladies",
    "Cartwright-Visintin Travellers",
]
ROOM_SIZES = {"1024x768": (1024, 768), "1080p": (1920, 1080)}


def test_the_room_shows_25_teams_without_cutting_a_name(live_server, browser, client, organiser, club):
    teams = [
        (
            f"{LONG_TEAMS[n % 4]} {n // 4 + 1}" if n % 3 == 0 else f"Team {n + 1}",
            [f"P{n}-{k}" for k in range(4)],
        )
        for n in range(25)
    ]
    night = drives.team_night_create(
        club=club, name="Seniors' Team Night", date="2026-11-24", teams=teams, hands=18
    )
    drives.drive_start(drive=night)
    for table in range(1, 26):
        drives.drive_result_record(drive=night, hand=1, table=table, ns_tricks=_tricks(1, table))
    problems = {}
    for size, (width, height) in ROOM_SIZES.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        _login(context, live_server, client, organiser)
        page = context.new_page()
        hold_the_clock(page)
        page.goto(live_server.url + reverse("tournaments:drive-room", args=[night.pk]))
        expect(page.locator(".room-status")).to_contain_text("Hand 2 in play · running totals")
        expect(page.locator(".room-field.teams tbody tr")).to_have_count(25)
        shoot(page, path=SHOTS / f"team-night-room-{size}.png")
        text = " ".join(page.locator(".room-field td.names").all_text_contents())
        assert "Featherstonehaugh-Winterbottom Wanderers 1" in text
        size_px = page.locator(".room-field td.names").first.evaluate(
            "td => parseFloat(getComputedStyle(td).fontSize)"
        )
        assert size_px >= 0.025 * height, (size, size_px)
        found = page.evaluate(EVERY_PAGE)
        if found:
            problems[size] = found[:4]
        context.close()
    assert problems == {}, problems
