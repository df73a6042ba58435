"""The run page in Chromium: dealing answers at once, the bar follows the analysis to its end, and
a stopped analysis is resumed with a press."""

import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tournaments import analysis, services

SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "analysis"


@pytest.fixture
def slow_dds(monkeypatch):
    """DDS that analyses a batch each time the test lets it (an instant stand-in for the tables)."""
    turns = threading.Semaphore(0)

    def dd_tables(deals):
        assert turns.acquire(timeout=60), "the test never let the analysis go on"
        return [{s: {p: 6 for p in "NESW"} for s in ("S", "H", "D", "C", "NT")} for _ in deals]

    monkeypatch.setattr(analysis, "dd_tables", dd_tables)
    yield turns
    turns.release(1000)  # a test that failed halfway lets its thread finish


def _log_in(page, live_server, event):
    page.goto(f"{live_server.url}/admin/login/?next=/events/{event.pk}/run/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", "secret-pass-123")
    page.click("input[type=submit]")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_bar_follows_the_analysis_after_dealing(
    live_server, page, club, organiser, make_event, tasks_worker, slow_dds
):
    SHOTS.mkdir(parents=True, exist_ok=True)
    event = make_event(club, tables=8, boards_per_round=4, variant="relay")  # 32 boards, 16 a batch
    _log_in(page, live_server, event)
    page.get_by_role("button", name="Deal the boards").click()
    expect(page.locator(".messages")).to_contain_text("Boards dealt from seed")
    box = page.locator(".analysis")
    expect(box).to_contain_text("Analysing the boards (double dummy): 0 of 32")
    expect(box.locator(".analysis-resume")).to_be_hidden()

    slow_dds.release()
    expect(box).to_contain_text("16 of 32", timeout=15_000)
    assert box.locator("progress").evaluate("bar => [bar.value, bar.max]") == [16, 32]
    shoot(page, path=SHOTS / "halfway.png", full_page=True)

    slow_dds.release()
    expect(box).to_contain_text("Double-dummy analysis done: 32 boards", timeout=15_000)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_stopped_analysis_is_resumed_from_the_run_page(
    live_server, page, club, organiser, make_event, tasks_worker, slow_dds
):
    event = make_event(club, tables=8, boards_per_round=2, variant="relay")
    services.event_deal_boards(event=event, seed="stopped", analyse=False)  # as if the server stopped
    _log_in(page, live_server, event)
    box = page.locator(".analysis")
    expect(box).to_contain_text("0 of 16")
    expect(box.locator(".analysis-resume")).to_contain_text("has not moved for a minute")
    shoot(page, path=SHOTS / "stopped.png", full_page=True)

    page.get_by_role("button", name="Resume the analysis").click()
    expect(page.locator(".messages")).to_contain_text("The analysis of the boards goes on.")
    expect(box.locator(".analysis-resume")).to_be_hidden()
    slow_dds.release(2)
    expect(box).to_contain_text("Double-dummy analysis done: 16 boards", timeout=15_000)
