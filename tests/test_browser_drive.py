"""A progressive drive in Chromium at tablet size: 18 players at five tables (the fifth the sit-out
table), each hand's tricks tapped by N/S and confirmed by E/W, then who moves where; a table waits
for its neighbours when their players are needed."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tournaments.models import Drive, DriveResult
from tournaments.services import drives

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"


@pytest.fixture
def drive(club):
    drive = drives.drive_create(club=club, name="Village Hall Drive", date="2026-11-20", hands=4, halves=2)
    names = ["Mary Smith", "John Brown", "Ann Jones", "Bill Green", "Sue White", "Tom Black"]
    for k in range(18):
        role = "L" if k % 2 == 0 else "G"
        drives.drive_player_add(drive=drive, role=role, guest=f"{names[k % 6]} {k // 6 + 1}")
    return drives.drive_start(drive=drive)


def _tricks(hand: int, table: int) -> int:
    return (hand * 5 + table * 3) % 14


def test_a_drive_is_played_on_five_tablets(live_server, page, drive):
    SHOTS.mkdir(exist_ok=True)
    tablets = {}
    for access in drive.table_accesses.order_by("table"):
        tab = page.context.new_page()
        tab.set_viewport_size({"width": 800, "height": 1280})
        tab.goto(f"{live_server.url}/d/{access.token}/")
        tablets[access.table] = tab
    urls = {a.table: f"{live_server.url}/d/{a.token}/" for a in drive.table_accesses.all()}
    expect(tablets[1].locator(".pairs")).to_contain_text("Mary Smith 1")
    expect(tablets[1].locator(".board h2")).to_contain_text("Hand 1")
    tablets[1].screenshot(path=SHOTS / "drive-table-start.png", full_page=True)
    expect(tablets[5].locator(".pairs")).to_contain_text("Sit-out table")
    tablets[5].screenshot(path=SHOTS / "drive-table-sit-out.png", full_page=True)

    # "No, enter again" takes the count back, with a word why.
    tab = tablets[1]
    tab.get_by_role("button", name="N/S took 3 tricks", exact=True).click()
    tab.get_by_role("button", name="No, enter again").click()
    expect(tab.locator(".messages")).to_contain_text("tap your tricks again")

    # Table 1 finishes hand 1 first: its next hand waits for table 2 (its gent; its lady comes from
    # the sit-out table, which has no result to wait for).
    for hand in range(1, 5):
        for table in (1, 2, 3, 4):
            tab = tablets[table]
            tab.goto(urls[table])
            state = drives.DriveState(Drive.objects.get(pk=drive.pk))
            assert state.now_at(table).hand == hand
            tricks = _tricks(hand, table)
            tab.get_by_role("button", name=f"N/S took {tricks} tricks", exact=True).click()
            tab.get_by_role("button", name="Yes, confirm").click()
            over = tab.locator(".round-over")
            expect(over).to_contain_text(f"Hand {hand} is over: N/S {tricks}, E/W {13 - tricks}")
            seated = state.seatings[hand][table]
            moves = drives.DriveState(Drive.objects.get(pk=drive.pk)).departures(hand, table)
            for player in seated.players:
                expect(over).to_contain_text(f"({player}): {moves[player].text}")
            if hand == 1 and table == 1:
                tab.screenshot(path=SHOTS / "drive-table-moves.png", full_page=True)
                tab.get_by_role("link", name="Next hand").click()
                expect(tab.locator(".notice")).to_contain_text(
                    "Hand 2 starts here when table 2 has finished hand 1"
                )
    assert DriveResult.objects.filter(drive=drive, confirmed=True).count() == 16
    tablets[1].goto(urls[1])
    expect(tablets[1].locator(".notice")).to_contain_text("The drive is over")
