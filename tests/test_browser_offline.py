"""The table's tablet with the hall's network gone, in Chromium: what the table taps is kept on the
tablet (static/queue.js) and sent, once and in order, when the network is back, through a closed
tab; an entry the organiser overtook is refused and shown to the table. The clock is faked, so
minutes offline take no time."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import everyone_checked_in
from tournaments import services
from tournaments.models import DriveResult, Result, ResultChange
from tournaments.services import drives

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent.parent / "shots" / "offline"


@pytest.fixture
def running(club, make_event):
    event = make_event(club, tables=3, boards_per_round=3)
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    everyone_checked_in(event)
    return event


def _board(page, number):
    return page.locator(f"#board-{number}")


def _shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    shoot(page, path=SHOTS / f"{name}.png", full_page=True)


def test_three_boards_typed_offline_survive_a_closed_tab_and_arrive_once_in_order(live_server, page, running):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.clock.install()
    access = running.table_accesses.get(table=1)
    url = f"{live_server.url}/t/{access.token}/"
    page.goto(url)
    page.context.set_offline(True)
    for board, tricks in ((1, 9), (2, 5), (3, 7)):
        _board(page, board).get_by_role("button", name=f"N/S took {tricks} tricks", exact=True).click()
        expect(_board(page, board)).to_contain_text(f"N/S {tricks} · E/W {13 - tricks} waiting to send")
        # The next board stays open to N/S, and E/W confirm the count kept on the tablet.
        _board(page, board).get_by_role("button", name="Yes, confirm").click()
        expect(_board(page, board)).to_contain_text("Confirmed here · waiting to send")
    page.clock.fast_forward("05:00")  # five minutes without the network: still kept, still trying
    expect(page.locator("#outbox")).to_contain_text("3 boards waiting to send")
    expect(page.locator("#outbox")).to_contain_text("sent by itself when the network is back")
    _shot(page, "three-waiting-tablet")
    assert not Result.objects.exists()

    page.close()  # the tab is closed with the network still gone
    page = page.context.new_page()
    page.context.set_offline(False)
    page.goto(url)  # opened again: the kept entries go first
    expect(page.locator(".round-over")).to_contain_text("Round 1 is over", timeout=10_000)
    expect(page.locator("#outbox")).to_be_hidden()
    stored = sorted(Result.objects.confirmed().values_list("board__number", "ns_tricks", "table"))
    assert stored == [(1, 9, 1), (2, 5, 1), (3, 7, 1)]
    lines = list(ResultChange.objects.order_by("id").values_list("board_number", "action"))
    assert lines == [(b, a) for b in (1, 2, 3) for a in ("created", "confirmed")]
    # The live grid shows the round in.
    assert services.event_results_grid(running)[0]["cells"][0]["state"] == "done"


def test_an_entry_the_organiser_overtook_is_refused_and_shown_to_the_table(
    live_server, page, running, organiser
):
    page.set_viewport_size({"width": 390, "height": 844})
    page.clock.install()
    access = running.table_accesses.get(table=1)
    page.goto(f"{live_server.url}/t/{access.token}/")
    page.context.set_offline(True)
    _board(page, 1).get_by_role("button", name="N/S took 9 tricks", exact=True).click()
    _board(page, 2).get_by_role("button", name="N/S took 4 tricks", exact=True).click()
    expect(page.locator("#outbox")).to_contain_text("2 boards waiting to send")
    # Meanwhile the organiser sets board 1 from the paper traveller.
    services.result_set_by_director(
        event=running,
        seating=running.seatings.get(round=1, table=1),
        board_number=1,
        ns_tricks=8,
        reason="from the traveller",
        user=organiser,
    )
    page.context.set_offline(False)
    page.clock.run_for(6000)
    refused = page.locator("#outbox .refused")
    expect(refused).to_contain_text("Board 1 (N/S 9, typed here): The organiser has set board 1")
    expect(refused).to_contain_text("The organiser has set board 1")
    expect(refused).to_contain_text("ask them")
    expect(page.locator("#outbox")).not_to_contain_text("waiting to send")
    expect(_board(page, 2)).to_contain_text("N/S 4 · E/W 9")
    expect(page.locator(".messages")).to_have_count(0)  # said once, in the box the table must read
    _shot(page, "refused-phone")
    board_1 = Result.objects.get(board__number=1)
    assert (board_1.ns_tricks, board_1.confirmed_at is not None) == (8, True)
    assert Result.objects.get(board__number=2).ns_tricks == 4
    assert not ResultChange.objects.filter(board_number=1, source="table 1").exists()
    page.get_by_role("button", name="Understood").click()
    expect(page.locator("#outbox .refused")).to_have_count(0)


def test_two_tables_on_one_tablet_keep_their_own_lists(live_server, page, running):
    page.clock.install()
    first, second = (running.table_accesses.get(table=t) for t in (1, 2))
    page.goto(f"{live_server.url}/t/{first.token}/")
    page.context.set_offline(True)
    _board(page, 1).get_by_role("button", name="N/S took 9 tricks", exact=True).click()
    expect(page.locator("#outbox")).to_contain_text("1 board waiting to send")
    page.context.set_offline(False)
    other = page.context.new_page()
    page.close()
    other.goto(f"{live_server.url}/t/{second.token}/")
    expect(other.locator("#outbox")).to_be_hidden()
    assert not Result.objects.filter(table=2).exists()
    other.goto(f"{live_server.url}/t/{first.token}/")
    expect(other.locator("#board-1")).to_contain_text("E/W: is this right?")
    expect(other.locator("#outbox")).to_be_hidden()
    assert list(Result.objects.values_list("table", "ns_tricks")) == [(1, 9)]


def test_a_drive_tablet_keeps_a_hand_offline(live_server, page, club):
    drive = drives.drive_create(club=club, name="Village Hall Drive", date="2026-11-20", hands=4)
    for k in range(16):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drive = drives.drive_start(drive=drive)
    everyone_checked_in(drive)
    page.set_viewport_size({"width": 390, "height": 844})
    page.clock.install()
    access = drive.table_accesses.get(table=1)
    page.goto(f"{live_server.url}/d/{access.token}/")
    page.context.set_offline(True)
    page.get_by_role("button", name="N/S took 8 tricks", exact=True).click()
    expect(page.locator("#hand-1")).to_contain_text("N/S 8 · E/W 5 waiting to send")
    page.get_by_role("button", name="Yes, confirm").click()
    expect(page.locator("#hand-1")).to_contain_text("Confirmed here · waiting to send")
    page.clock.fast_forward("02:00")
    expect(page.locator("#outbox")).to_contain_text("1 hand waiting to send")
    _shot(page, "drive-hand-waiting-phone")
    page.context.set_offline(False)
    page.clock.run_for(6000)
    expect(page.locator(".round-over")).to_contain_text("Hand 1 is over: N/S 8, E/W 5")
    assert list(DriveResult.objects.values_list("hand", "table", "ns_tricks", "confirmed")) == [
        (1, 1, 8, True)
    ]


def test_a_drive_hand_the_organiser_set_meanwhile_is_refused(live_server, page, club, organiser):
    drive = drives.drive_create(club=club, name="Village Hall Drive", date="2026-11-20", hands=4)
    for k in range(16):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drive = drives.drive_start(drive=drive)
    everyone_checked_in(drive)
    page.clock.install()
    page.goto(f"{live_server.url}/d/{drive.table_accesses.get(table=1).token}/")
    page.context.set_offline(True)
    page.get_by_role("button", name="N/S took 8 tricks", exact=True).click()
    drives.drive_result_correct(
        drive=drive, hand=1, table=1, ns_tricks=6, reason="score card", user=organiser
    )
    page.context.set_offline(False)
    page.clock.run_for(6000)
    expect(page.locator("#outbox .refused")).to_contain_text("The organiser has set hand 1 at this table")
    assert list(DriveResult.objects.values_list("ns_tricks", "confirmed")) == [(6, True)]


def test_without_javascript_the_forms_post_as_before(live_server, browser, running):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{running.table_accesses.get(table=1).token}/")
    _board(page, 1).get_by_role("button", name="N/S took 9 tricks", exact=True).click()
    expect(_board(page, 1)).to_contain_text("E/W: is this right?")
    _board(page, 1).get_by_role("button", name="Yes, confirm").click()
    expect(_board(page, 1)).to_contain_text("✓ confirmed")
    assert list(Result.objects.confirmed().values_list("ns_tricks", flat=True)) == [9]
    context.close()


def test_a_round_kept_offline_replaces_last_rounds_moves_with_where_to_look(live_server, page, running):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.clock.install()
    access = running.table_accesses.get(table=1)
    page.goto(f"{live_server.url}/t/{access.token}/")
    for board in running.seatings.get(round=1, table=1).board_numbers:
        _board(page, board).get_by_role("button", name="N/S took 7 tricks", exact=True).click()
        _board(page, board).get_by_role("button", name="Yes, confirm").click()
    expect(page.locator(".round-over")).to_contain_text("Round 1 is over")
    page.get_by_role("link", name="Next round").click()
    moves = page.locator("section.moves")
    expect(moves).to_contain_text("Round 1 is over.")
    expect(moves).to_contain_text("go to table")  # last round's moves, true while round 2 starts

    page.context.set_offline(True)
    boards = running.seatings.get(round=2, table=1).board_numbers
    first, *others = boards
    _board(page, first).get_by_role("button", name="N/S took 8 tricks", exact=True).click()
    expect(page.locator("#outbox")).to_contain_text("sent by itself when the network is back")
    notice = page.locator("section.kept-round")
    expect(notice).to_contain_text(
        "Round 2: Its scores are waiting to send, kept on this tablet. When the round is over, see the "
        "table card or your guide card for where to go next."
    )
    expect(page.get_by_text("Round 1 is over.")).to_have_count(0)  # no stale "go to table 2"
    _board(page, first).get_by_role("button", name="Yes, confirm").click()
    for board in others:
        _board(page, board).get_by_role("button", name="N/S took 6 tricks", exact=True).click()
        _board(page, board).get_by_role("button", name="Yes, confirm").click()
    expect(notice).to_contain_text(
        "Round 2 is over at this table. Its scores are waiting to send, kept on this tablet. Where to go "
        "next: see the table card or your guide card."
    )
    expect(page.locator("section.moves")).to_have_count(1)
    expect(page.locator("body")).not_to_contain_text("go to table")
    _shot(page, "round-kept-offline")
    assert not Result.objects.filter(round=2).exists()

    page.context.set_offline(False)
    page.clock.run_for(6000)
    expect(page.locator(".round-over")).to_contain_text("Round 2 is over")  # the scorer's moves again
    expect(page.locator("section.kept-round")).to_have_count(0)
    assert Result.objects.confirmed().filter(round=2).count() == len(boards)
