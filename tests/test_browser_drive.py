"""A progressive drive in Chromium at tablet size: 16 players on four tablets, and 18 on five (the
fifth the sit-out table); each hand's tricks tapped by N/S and confirmed by E/W, then who moves
where; a table waits for its neighbours when their players are needed, and for every table at the
interval."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import open_page, pick_up, say_thats_us, tap
from tournaments.models import Drive, DriveResult
from tournaments.services import drives

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
MY_SHOTS = Path(__file__).resolve().parent.parent.parent / "shots" / "tablets"
SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768}}


@pytest.fixture(params=[16, 18], ids=["16-players-4-tablets", "18-players-5-tablets"])
def drive(club, request):
    drive = drives.drive_create(club=club, name="Village Hall Drive", date="2026-11-20", hands=4, halves=2)
    names = ["Mary Smith", "John Brown", "Ann Jones", "Bill Green", "Sue White", "Tom Black"]
    for k in range(request.param):
        role = "L" if k % 2 == 0 else "G"
        drives.drive_player_add(drive=drive, role=role, guest=f"{names[k % 6]} {k // 6 + 1}")
    return drives.drive_start(drive=drive)


def _tricks(hand: int, table: int) -> int:
    return (hand * 5 + table * 3) % 14


def test_a_drive_is_played_on_every_tablet(live_server, page, drive):
    SHOTS.mkdir(exist_ok=True)
    MY_SHOTS.mkdir(parents=True, exist_ok=True)
    tablets = {}
    for access in drive.table_accesses.order_by("table"):
        tab = page.context.new_page()
        tab.set_viewport_size({"width": 800, "height": 1280})
        open_page(tab, f"{live_server.url}/d/{access.token}/")
        tablets[access.table] = tab
    urls = {a.table: f"{live_server.url}/d/{a.token}/" for a in drive.table_accesses.all()}
    expect(tablets[1].locator(".pairs")).to_contain_text("Mary Smith 1")
    for table, tab in tablets.items():
        if table <= 4:  # the sit-out table asks nobody
            say_thats_us(tab)
    expect(tablets[1].locator(".board h2")).to_contain_text("Hand 1")
    shoot(tablets[1], path=SHOTS / "drive-table-start.png", full_page=True)
    playing = [t for t in tablets if t <= 4]
    if 5 in tablets:
        expect(tablets[5].locator(".pairs")).to_contain_text("Sit-out table")
        shoot(tablets[5], path=SHOTS / "drive-table-sit-out.png", full_page=True)

    # "No, enter again" takes the count back, with a word why.
    tab = tablets[1]
    tab.get_by_role("button", name="N/S took 3 tricks", exact=True).click()
    tab.get_by_role("button", name="No, enter again").click()
    expect(tab.locator(".messages")).to_contain_text("tap your tricks again")

    # Table 1 finishes hand 1 first: its next hand waits for table 2 (its gent; its lady comes from
    # the sit-out table, which has no result to wait for).
    for hand in range(1, 5):
        for table in playing:
            if hand == 4 and table == playing[-1] and 5 in tablets:
                # The last hand is still played at this table: the sit-out table says who sits it
                # out, and what they score, not that the drive is over.
                open_page(tablets[5], urls[5])
                sit_out = tablets[5].locator(".pairs")
                expect(sit_out).to_contain_text("Sit-out table: nobody plays hand 4 here")
                expect(sit_out).to_contain_text("Each of you scores 7 tricks for this hand.")
                expect(tablets[5].locator(".moves")).to_contain_text(
                    f"This is the last hand: play ends when table {table} has finished it."
                )
                for size, viewport in SIZES.items():
                    tablets[5].set_viewport_size(viewport)
                    shot = MY_SHOTS / f"drive-sit-out-last-hand-{size}.png"
                    shoot(tablets[5], path=shot, full_page=True)
            tab = pick_up(tablets[table])  # at its own table, as its players hold it
            open_page(tab, urls[table])
            state = drives.DriveState(Drive.objects.get(pk=drive.pk))
            assert state.now_at(table).hand == hand
            tricks = _tricks(hand, table)
            tap(tab, tab.get_by_role("button", name=f"N/S took {tricks} tricks", exact=True))
            tap(tab, tab.get_by_role("button", name="Yes, confirm"))
            over = tab.locator(".round-over")
            expect(over).to_contain_text(f"Hand {hand} is over: N/S {tricks}, E/W {13 - tricks}")
            seated = state.seatings[hand][table]
            moves = drives.DriveState(Drive.objects.get(pk=drive.pk)).departures(hand, table)
            if hand == 4:  # the last: nobody goes anywhere
                expect(over).to_contain_text("That was the last hand.")
                expect(over.get_by_role("link", name="Next hand")).to_have_count(0)
                continue
            for player in seated.players:
                expect(over).to_contain_text(f"({player}): {moves[player].text}")
            if hand == 1 and table == 1:
                shoot(tab, path=SHOTS / "drive-table-moves.png", full_page=True)
                tab.get_by_role("link", name="Next hand").click()
                # 18 players: the lady comes from the sit-out table, so only table 2 (the gent) is
                # awaited; 16 players: table 4 sends the lady.
                awaited = "table 2 has" if 5 in tablets else "tables 2 and 4 have"
                expect(tab.locator(".notice")).to_contain_text(
                    f"Hand 2 starts here when {awaited} finished hand 1"
                )
            if hand == 2 and table == playing[0]:
                tab.get_by_role("link", name="Next hand").click()
                expect(tab.locator(".notice")).to_contain_text("Interval.")
                shoot(tab, path=SHOTS / "drive-table-interval.png", full_page=True)
    assert DriveResult.objects.filter(drive=drive, confirmed=True).count() == 4 * len(playing)
    for table in tablets:
        open_page(tablets[table], urls[table])
        expect(tablets[table].locator(".notice")).to_contain_text("The drive is over")
