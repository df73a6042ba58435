"""The table's tablet in Chromium at tablet size: a round entered and confirmed, and what can go wrong."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import say_thats_us, tap
from tournaments import services
from tournaments.models import Event, Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"


@pytest.fixture
def running(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    return event


def _open(page, live_server, event, table=1):
    access = event.table_accesses.get(table=table)
    page.goto(f"{live_server.url}/t/{access.token}/")
    say_thats_us(page)
    return access


def _board(page, number):
    return page.locator(f"#board-{number}")


def test_a_full_round_at_one_table(live_server, page, running):
    page.goto(f"{live_server.url}/t/")
    page.fill("#code", running.table_accesses.get(table=1).code.lower())
    page.get_by_role("button", name="Open my table").click()
    expect(page.locator(".table-head")).to_contain_text("Table 1")
    expect(page.locator(".table-head")).to_contain_text("Round 1 of 3")
    expect(page.locator(".pairs")).to_contain_text("N/S 1")
    SHOTS.mkdir(exist_ok=True)
    shoot(page, path=SHOTS / "table-check-in.png", full_page=True)
    say_thats_us(page)
    shoot(page, path=SHOTS / "table-round-start.png", full_page=True)

    for board, tricks in ((1, 9), (2, 5)):
        tap(page, _board(page, board).get_by_role("button", name=f"N/S took {tricks} tricks", exact=True))
        expect(_board(page, board)).to_contain_text(f"N/S {tricks} · E/W {13 - tricks}")
        if board == 1:
            shoot(page, path=SHOTS / "table-awaiting.png", full_page=True)
        tap(page, _board(page, board).get_by_role("button", name="Yes, confirm"))

    # The round's scores stay on screen with the moves until the players go on.
    over = page.locator(".round-over")
    expect(over).to_contain_text("Round 1 is over")
    expect(over.locator(".round-scores td")).to_have_text(["1", "9", "4", "2", "5", "8"])
    expect(over).to_contain_text("E/W 1: go to table 2.")
    expect(over).to_contain_text("Boards 1–2 go to table 3.")
    expect(page.locator("section.board")).to_have_count(0)
    shoot(page, path=SHOTS / "table-round-over.png", full_page=True)
    page.get_by_role("link", name="Next round").click()
    expect(page.locator(".table-head")).to_contain_text("Round 2 of 3")
    expect(page.locator(".moves")).to_contain_text("E/W 1: go to table 2")
    expect(page.locator(".moves")).to_contain_text("Boards 1–2 go to table 3")
    shoot(page, path=SHOTS / "table-next-round.png", full_page=True)
    assert sorted(Result.objects.confirmed().values_list("board__number", "ns_tricks")) == [(1, 9), (2, 5)]


def test_ew_send_a_wrong_score_back(live_server, page, running):
    _open(page, live_server, running)
    _board(page, 1).get_by_role("button", name="N/S took 12 tricks", exact=True).click()
    _board(page, 1).get_by_role("button", name="No, enter again").click()
    expect(page.locator(".messages")).to_contain_text("Board 1 sent back: N/S, tap your tricks again.")
    expect(_board(page, 1)).to_contain_text("N/S: how many tricks did you take?")
    tap(page, _board(page, 1).get_by_role("button", name="N/S took 7 tricks", exact=True))
    tap(page, _board(page, 1).get_by_role("button", name="Yes, confirm"))
    expect(_board(page, 1)).to_contain_text("✓ confirmed")
    assert list(Result.objects.values_list("ns_tricks", flat=True)) == [7]


def test_bad_input_gets_a_plain_message(live_server, page, running):
    page.goto(f"{live_server.url}/t/")
    page.fill("#code", "WRONG")
    page.get_by_role("button", name="Open my table").click()
    expect(page.locator(".messages")).to_contain_text("'WRONG' is not the code of a table in play")

    _open(page, live_server, running)
    # A doctored button (or a garbled request) asks for 14 tricks.
    page.eval_on_selector("#board-1 button[value='13']", "b => b.value = '14'")
    _board(page, 1).get_by_role("button", name="N/S took 13 tricks", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("0 to 13")
    assert not Result.objects.exists()


def test_another_tables_link_cannot_score_this_table(live_server, page, running):
    _open(page, live_server, running, table=2)
    # Table 2's page, with a form pointed at board 1 (played at table 1).
    page.eval_on_selector("#board-3 input[name=board]", "i => i.value = '1'")
    _board(page, 3).get_by_role("button", name="N/S took 8 tricks", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Board 1 is not played at table 2 in round 1")
    assert not Result.objects.exists()


def test_a_finished_event_is_refused(live_server, page, running):
    _open(page, live_server, running)
    Event.objects.filter(pk=running.pk).update(status="finished")
    _board(page, 1).get_by_role("button", name="N/S took 8 tricks", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("has finished")
    expect(page.locator(".notice")).to_contain_text("has finished")
    assert not Result.objects.exists()


def test_a_double_tap_makes_one_result(live_server, page, running):
    _open(page, live_server, running)
    _board(page, 1).get_by_role("button", name="N/S took 6 tricks", exact=True).dblclick()
    expect(_board(page, 1)).to_contain_text("N/S 6 · E/W 7")
    expect(page.locator("#outbox")).to_be_hidden()  # sent, not only kept on the tablet
    assert Result.objects.count() == 1


def test_a_retried_request_makes_one_result_and_no_error(live_server, page, running):
    _open(page, live_server, running)
    # Flaky Wi-Fi: the same form is sent twice, the second time by the browser's retry.
    page.evaluate(
        """async () => {
            const form = document.querySelector('#board-1 form');
            const data = new FormData(form);
            data.set('ns_tricks', '6');
            await fetch(form.action, {method: 'POST', body: data});
            await fetch(form.action, {method: 'POST', body: data});
        }"""
    )
    page.reload()
    expect(_board(page, 1)).to_contain_text("E/W: is this right?")
    expect(page.locator(".messages")).to_have_count(0)
    assert Result.objects.count() == 1


def test_two_tablets_at_one_table(live_server, browser, running):
    access = running.table_accesses.get(table=1)
    url = f"{live_server.url}/t/{access.token}/"
    first = browser.new_context(viewport={"width": 820, "height": 1180}).new_page()
    second = browser.new_context(viewport={"width": 1180, "height": 820}).new_page()
    first.goto(url)
    say_thats_us(first)
    second.goto(url)
    first.locator("#board-1").get_by_role("button", name="N/S took 10 tricks", exact=True).click()
    expect(first.locator("#board-1")).to_contain_text("N/S 10 · E/W 3")
    expect(first.locator("#outbox")).to_be_hidden()  # saved before the second taps
    second.locator("#board-1").get_by_role("button", name="N/S took 3 tricks", exact=True).click()
    expect(second.locator(".messages")).to_contain_text(
        "Board 1 already has N/S 10 (waiting for E/W to confirm)"
    )
    expect(second.locator("#board-1")).to_contain_text("N/S 10 · E/W 3")
    shoot(second, path=SHOTS / "table-second-tablet-landscape.png", full_page=True)
    second.locator("#board-1").get_by_role("button", name="Yes, confirm").click()
    expect(second.locator("#board-1")).to_contain_text("✓ confirmed")
    first.reload()
    expect(first.locator("#board-1")).to_contain_text("✓ confirmed")
    assert list(Result.objects.values_list("ns_tricks", flat=True)) == [10]
    assert re.search(r"confirmed", second.content())


@pytest.mark.parametrize("outage", ["503", "connection lost"])
def test_the_tablet_keeps_trying_through_an_outage_and_saves_once(live_server, page, running, outage):
    """A restart of the database or a Wi-Fi blip: the tap is kept on the tablet, 'waiting to send',
    and goes through after."""
    _open(page, live_server, running)
    failures = []

    def flaky(route):
        if len(failures) < 2:
            failures.append(route.request.url)
            if outage == "503":
                route.fulfill(status=503, body="busy")
            else:
                route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/enter/", flaky)
    _board(page, 1).get_by_role("button", name="N/S took 8 tricks", exact=True).click()
    expect(page.locator("#outbox")).to_contain_text("1 board waiting to send")
    expect(_board(page, 1)).to_contain_text("N/S 8 · E/W 5")
    expect(page.locator("#outbox")).to_be_hidden(timeout=15_000)
    shoot(page, path=SHOTS / f"table-after-outage-{outage.replace(' ', '-')}.png", full_page=True)
    assert len(failures) == 2
    assert list(Result.objects.values_list("board__number", "ns_tricks")) == [(1, 8)]
    # The page goes on working after the retry: E/W confirm as usual.
    _board(page, 1).get_by_role("button", name="Yes, confirm").click()
    expect(_board(page, 1)).to_contain_text("confirmed")
