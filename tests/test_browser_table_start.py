"""Opening a table in Chromium, at phone and tablet sizes: its printed code typed before the
organiser presses Start, and a mistyped code corrected in the box."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import say_thats_us
from tournaments import services
from tournaments.models import CodeGuard

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent.parent / "shots" / "tablets"
SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768}}


@pytest.fixture
def ready(club, make_event):
    """The movement built, the table cards printed: play has not started."""
    event = make_event(club, tables=3, boards_per_round=2)
    services.event_set_status(event=event, status="ready")
    return event


@pytest.fixture(params=list(SIZES))
def size(request, page):
    page.set_viewport_size(SIZES[request.param])
    SHOTS.mkdir(parents=True, exist_ok=True)
    return request.param


def test_a_code_typed_before_the_start_waits_at_its_table_until_play_starts(live_server, page, ready, size):
    page.goto(f"{live_server.url}/t/")
    page.fill("#code", ready.table_accesses.get(table=3).code.lower())
    page.get_by_role("button", name="Open my table").click()
    expect(page.locator(".notice")).to_have_text(
        "Table 3 is ready; play starts when the organiser presses Start. This page looks again every "
        "few seconds."
    )
    expect(page.locator(".messages")).to_have_count(0)
    shoot(page, path=SHOTS / f"table-ready-{size}.png", full_page=True)
    assert not CodeGuard.objects.filter(failures__gt=0).exists()

    services.event_set_status(event=ready, status="running")  # the organiser presses Start
    expect(page.locator(".checkin")).to_contain_text("Who is at the table?", timeout=20_000)
    say_thats_us(page)
    expect(page.locator("#board-5")).to_contain_text("N/S: how many tricks did you take?")
    expect(page.locator(".table-head")).to_contain_text("Round 1 of 3")


def test_a_mistyped_code_stays_in_the_box_to_be_corrected(live_server, page, ready, size):
    right = ready.table_accesses.get(table=2).code
    page.goto(f"{live_server.url}/t/")
    page.fill("#code", right[:4] + "Z")
    page.get_by_role("button", name="Open my table").click()
    expect(page.locator(".messages")).to_contain_text(f"'{right[:4]}Z' is not the code of a table in play")
    expect(page.locator("#code")).to_have_value(right[:4] + "Z")
    shoot(page, path=SHOTS / f"table-start-wrong-code-{size}.png", full_page=True)
    page.locator("#code").press("Backspace")
    page.locator("#code").type(right[4])
    page.locator("#code").press("Enter")
    expect(page.locator(".notice")).to_contain_text("Table 2 is ready")


def test_back_from_the_table_after_a_mistyped_code_is_the_start_page_again(live_server, page, ready, size):
    page.goto(f"{live_server.url}/t/")
    page.fill("#code", "ZZZZZ")
    page.get_by_role("button", name="Open my table").click()
    expect(page.locator("#code")).to_have_value("ZZZZZ")
    page.fill("#code", ready.table_accesses.get(table=1).code)
    page.get_by_role("button", name="Open my table").click()
    expect(page.locator(".notice")).to_contain_text("Table 1 is ready")
    page.go_back()  # no "Confirm form resubmission": the start page, as it was left
    expect(page.locator("#code")).to_have_value("ZZZZZ")
    expect(page.get_by_role("button", name="Open my table")).to_be_visible()
    page.reload()  # a reload sends nothing again: the wrong code counted once
    expect(page.locator("#code")).to_have_value("ZZZZZ")
    assert CodeGuard.objects.get(key__startswith="browser:").failures == 1
