"""A Minnesota whist progressive drive in Chromium at tablet size: 10 players on three tablets (the
third the sit-out table), two hands; each table's N/S say who went grand and tap their tricks, E/W
confirm, the tablet says the hand's points and who moves where, and the results page ends with each
player's points."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import everyone_checked_in, open_page, say_thats_us, tap
from tournaments.domain.drives.games import MINNESOTA, Game
from tournaments.models import Drive, DriveResult
from tournaments.services import drives

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
# Each hand at each table: who went grand (as the tablet words it), N/S's tricks.
PLAYED = {
    (1, 1): ("Low", "low", 4),
    (1, 2): ("E/W grand", "EW", 5),
    (2, 1): ("N/S grand", "NS", 9),
    (2, 2): ("N/S grand", "NS", 6),
}
SWEDISH = Game(MINNESOTA, "swedish")


@pytest.fixture
def drive(club):
    drive = drives.drive_create(
        club=club, name="Minnesota Drive", date="2026-11-21", hands=2, halves=1, game="minnesota"
    )
    names = ["Mary Smith", "John Brown", "Ann Jones", "Bill Green", "Sue White"]
    for k in range(10):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"{names[k // 2]} {k % 2 + 1}")
    return drives.drive_start(drive=drive)


def test_a_minnesota_drive_is_played_on_every_tablet(live_server, page, drive, organiser):
    SHOTS.mkdir(exist_ok=True)
    urls = {a.table: f"{live_server.url}/d/{a.token}/" for a in drive.table_accesses.all()}
    tablets = {}
    for table in sorted(urls):
        tab = page.context.new_page()
        tab.set_viewport_size({"width": 800, "height": 1280})
        open_page(tab, urls[table])
        tablets[table] = tab
    say_thats_us(tablets[1])
    say_thats_us(tablets[2])
    expect(tablets[1].locator(".board h2")).to_contain_text("Hand 1 No trumps")
    expect(tablets[1].locator(".board")).to_contain_text(
        "Minnesota whist, no trumps: Swedish (classic) rules."
    )
    expect(tablets[3].locator(".pairs")).to_contain_text(
        "Each of you scores the hand's average points for this hand."
    )
    expected: dict[str, float] = {}
    for hand in (1, 2):
        state = drives.DriveState(Drive.objects.get(pk=drive.pk))
        for table in (1, 2):
            words, granded, tricks = PLAYED[(hand, table)]
            tab = tablets[table]
            open_page(tab, urls[table])
            tab.get_by_label(words, exact=True).check()
            if (hand, table) == (1, 1):
                shoot(tab, path=SHOTS / "minnesota-table-grand.png", full_page=True)
            tap(tab, tab.get_by_role("button", name=f"N/S took {tricks} tricks", exact=True))
            # The scorer's page, drawn once it has the count, in the result's own words for who
            # went grand: "Low (nobody went grand) · N/S 4 · E/W 9".
            shown = dict(DriveResult._meta.get_field("granded").choices)[granded]
            score = tab.locator(".board .score")
            expect(score).to_contain_text(f"{shown} · N/S {tricks} · E/W {13 - tricks}")
            tap(tab, tab.get_by_role("button", name="Yes, confirm"))
            ns, ew = SWEDISH.points(tricks, granded)
            over = tab.locator(".round-over")
            expect(over).to_contain_text(f"Hand {hand} is over: {words}, N/S {tricks}, E/W {13 - tricks}")
            expect(over).to_contain_text(f"Points: N/S {ns}, E/W {ew}")
            if (hand, table) == (1, 1):
                shoot(tab, path=SHOTS / "minnesota-table-moves.png", full_page=True)
            seated = state.seatings[hand][table]
            for couple, points in ((seated.ns, ns), (seated.ew, ew)):
                for player in couple:
                    expected[player] = expected.get(player, 0) + points
        # The sit-out players: the hand's average points, to the nearest half.
        played = [
            SWEDISH.points(tricks, granded) for (h, _), (_, granded, tricks) in PLAYED.items() if h == hand
        ]
        average = SWEDISH.sit_out(played, fixed=7)
        for seated in state.seatings[hand].values():
            if seated.sit_out:
                for player in seated.players:
                    expected[player] = expected.get(player, 0) + average
    assert DriveResult.objects.filter(drive=drive, confirmed=True).count() == 4
    for table, tab in tablets.items():
        open_page(tab, urls[table])
        expect(tab.locator(".notice")).to_contain_text("The drive is over")
    final = drives.DriveState(Drive.objects.get(pk=drive.pk))
    assert {key: score.score for key, score in final.scores.items()} == expected

    drives.drive_close(drive=drive)
    drives.drive_publish(drive=drive)
    results = page.context.new_page()
    open_page(results, f"{live_server.url}/drives/{drive.pk}/results/")
    expect(results.locator(".rules")).to_contain_text("Swedish (classic) rules")
    for key, points in expected.items():
        row = results.locator("tr", has_text=final.name(key))
        expect(row.locator("td.strong")).to_have_text(f"{points:g}")
    expect(results.locator("body")).to_contain_text("the points their couples scored")
    shoot(results, path=SHOTS / "minnesota-drive-results.png", full_page=True)


def test_a_minnesota_hand_typed_offline_keeps_who_went_grand(live_server, page, drive):
    everyone_checked_in(drive)
    page.set_viewport_size({"width": 390, "height": 844})
    page.clock.install()
    page.goto(f"{live_server.url}/d/{drive.table_accesses.get(table=1).token}/")
    page.context.set_offline(True)
    page.get_by_label("Low", exact=True).check()
    page.get_by_role("button", name="N/S took 4 tricks", exact=True).click()
    expect(page.locator("#hand-1")).to_contain_text("Low · N/S 4 · E/W 9 waiting to send")
    # Sent back on this tablet: the page's own entry comes again, who went grand with the tricks.
    page.get_by_role("button", name="No, enter again").click()
    page.get_by_label("E/W grand", exact=True).check()
    page.get_by_role("button", name="N/S took 5 tricks", exact=True).click()
    expect(page.locator("#hand-1")).to_contain_text("E/W grand · N/S 5 · E/W 8 waiting to send")
    page.get_by_role("button", name="Yes, confirm").click()
    expect(page.locator("#hand-1")).to_contain_text("Confirmed here · waiting to send")
    shoot(page, path=SHOTS / "minnesota-hand-waiting-phone.png", full_page=True)
    page.context.set_offline(False)
    page.clock.run_for(6000)
    expect(page.locator(".round-over")).to_contain_text("Hand 1 is over: E/W grand, N/S 5, E/W 8")
    assert list(DriveResult.objects.values_list("ns_tricks", "granded", "confirmed")) == [(5, "EW", True)]
