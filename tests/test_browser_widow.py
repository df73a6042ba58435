"""A widow whist series of 10 players in Chromium, from the organiser's new series page to the
results: the players entered by name, the first series drawn at tables of 4 + 3 + 3, every deal of
two series entered at each table's tablet (who took the widow, each player's tricks) and agreed by
each of the three who played it, a deal that does not add up refused, the players told where to go
for the second series, then the close, the publication and the results in points."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import open_page
from tournaments.domain.widow import deal_scores
from tournaments.models import Drive
from tournaments.services import widow

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
NAMES = [
    "Ann Smith", "Bob Jones", "Cy Lee", "Di Hart", "Ed Moss",
    "Flo Park", "Gus Reid", "Hal Shaw", "Ivy Todd", "Jo Webb",
]  # fmt: skip
COUNTS = [(5, 4, 4), (2, 6, 5), (4, 4, 5), (6, 3, 4)]


def _log_in(page, client, organiser, live_server):
    client.force_login(organiser)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}
    page.context.add_cookies([cookie])


def _tricks(tablet, name: str, count: int) -> None:
    """Tap the player's number of tricks, one of the big buttons 0 to 13 under their name."""
    player = tablet.get_by_role("group", name=name, exact=True)
    player.locator("label.trick").nth(count).click()  # 0 to 13, in order
    expect(player.get_by_label(f"{name} took {count} tricks", exact=True)).to_be_checked()


def _play_table(tablet, url: str, drive: Drive, series: int, table: int, expected: dict) -> None:
    """Every deal of the series at this table, entered and agreed on its tablet."""
    open_page(tablet, url)
    state = widow.WidowState(drive)
    if series == 1:  # the players check in before the first deal
        expect(tablet.locator(".checkin")).to_contain_text(state.name(state.tables[series][table][0]))
        tablet.get_by_role("button", name="That's us").click()
    for deal in range(1, state.deals_at(series, table) + 1):
        now = state.deal_now(series, table, deal)
        expect(tablet.locator(".table-head")).to_contain_text(f"Series {series} of 2 · Deal {deal} of")
        dealer = state.name(now.dealer)
        expect(tablet.locator(".pairs")).to_contain_text(
            f"{dealer} deals and sits out" if now.sitting_out else f"{dealer} deals"
        )
        counts = COUNTS[(deal + table + series) % 4]
        taker = (deal + table) % 4  # 3: nobody
        if deal == 1 and table == 2 and series == 1:  # first, a deal that does not add up
            for p in now.playing:
                _tricks(tablet, state.name(p), 5)
            tablet.locator(".widow-taker label", has_text="Nobody").click()
            tablet.get_by_role("button", name="Enter the deal").click()
            expect(tablet.locator(".messages")).to_contain_text("add up to 13: these add up to 15")
        for p, count in zip(now.playing, counts, strict=True):
            _tricks(tablet, state.name(p), count)
        who = state.name(now.playing[taker]) if taker < 3 else "Nobody"
        tablet.locator(".widow-taker label", has_text=who).click()
        tablet.get_by_role("button", name="Enter the deal").click()
        scores = deal_scores(counts, taker if taker < 3 else None)
        score_table = tablet.locator(".widow-score")
        for p, points in zip(now.playing, scores, strict=True):
            expect(score_table.locator("tr", has_text=state.name(p))).to_contain_text(f"{points:+d}")
            expected[state.name(p)] = expected.get(state.name(p), 0) + points
        if deal == 1 and table == 1:
            shoot(tablet, path=SHOTS / f"widow-agree-series-{series}.png", full_page=True)
        for p in now.playing:
            tablet.get_by_role("button", name=f"{state.name(p)}: agreed").click()
    if table < 3:
        expect(tablet.locator(".notice")).to_contain_text(
            f"This table has played its deals of series {series}"
        )
    elif series == 1:  # the last table to finish: the next series is drawn, and starts here
        expect(tablet.locator(".table-head")).to_contain_text("Series 2 of 2 · Deal 1 of")


def test_a_widow_whist_series_of_ten_players_is_played_on_the_tablets(
    live_server, page, client, organiser, club
):
    SHOTS.mkdir(exist_ok=True)
    _log_in(page, client, organiser, live_server)
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="New widow whist series").click()
    page.get_by_label("Name").fill("Friday Widow")
    page.get_by_label("Series:", exact=True).fill("2")
    page.get_by_label("Deals each player plays a series").fill("3")
    page.get_by_role("button", name="Create, then enter the players").click()
    expect(page.locator(".messages")).to_contain_text("Friday Widow is set up")
    for name in NAMES:
        page.get_by_label("Name", exact=True).fill(name)
        page.get_by_role("button", name="Add").click()
        expect(page.locator(".messages")).to_contain_text(f"Entered {name}")
    expect(page.locator("#plan")).to_contain_text("10 players: 1 table of 4 and 2 tables of 3.")
    page.get_by_role("button", name="Draw the first series and start").click()
    expect(page.locator(".messages")).to_contain_text("The first series' tables are drawn")
    rows = page.locator(".widow-tables tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("the dealer sits out")
    shoot(page, path=SHOTS / "widow-run.png", full_page=True)

    drive = Drive.objects.get(name="Friday Widow")
    urls = {a.table: f"{live_server.url}/d/{a.token}/" for a in drive.table_accesses.all()}
    tablet = page.context.new_page()
    tablet.set_viewport_size({"width": 820, "height": 1180})
    expected: dict[str, int] = {}
    for series in (1, 2):
        for table in (1, 2, 3):
            if series == 2 and table == 1:  # the tablet says where last series' players go
                open_page(tablet, urls[1])
                expect(tablet.locator(".moves")).to_contain_text("Series 2: the tables are drawn afresh.")
                state = widow.WidowState(drive)
                first = state.tables[1][1][0]
                where = next(t for t, seats in state.tables[2].items() if first in seats)
                go = "stay at this table" if where == 1 else f"go to table {where}"
                expect(tablet.locator(".moves")).to_contain_text(f"{state.name(first)}: {go}.")
                shoot(tablet, path=SHOTS / "widow-series-2.png", full_page=True)
            _play_table(tablet, urls[table], drive, series, table, expected)
    expect(tablet.locator(".notice")).to_contain_text("The organiser closes the evening.")

    page.reload()
    page.get_by_role("button", name="Close the evening").click()
    expect(page.locator(".messages")).to_contain_text("The evening is closed.")
    page.get_by_role("button", name="Publish the results").click()
    expect(page.locator(".messages")).to_contain_text("The results are published.")
    page.get_by_role("button", name="Send results").click()
    expect(page.locator(".messages")).to_contain_text("e-mails added to the outbox")  # ten guests: none
    shoot(page, path=SHOTS / "widow-run-published.png", full_page=True)
    page.get_by_role("link", name="Results", exact=True).click()
    results = page.locator(".widow-results tbody tr")
    expect(results).to_have_count(10)
    best = max(expected.values())
    leader = sorted(name for name, points in expected.items() if points == best)[0]
    expect(results.nth(0)).to_contain_text(leader)
    expect(results.nth(0)).to_contain_text(str(best))
    for name in NAMES:
        expect(page.locator(".widow-results")).to_contain_text(name)
    expect(page.locator("body")).not_to_contain_text("Pair ")
    for size, viewport in {"phone": (390, 844), "desktop": (1920, 1080)}.items():
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        shoot(page, path=SHOTS / f"widow-results-{size}.png", full_page=True)
        # Each player's points in sight: no column past the screen's edge, whatever its width.
        cut = page.locator(".widow-results td.strong").evaluate_all(
            "tds => tds.filter(td => td.getBoundingClientRect().right > window.innerWidth).length"
        )
        assert cut == 0, size
    room = page.context.new_page()
    room.goto(f"{live_server.url}/drives/{drive.pk}/room/")
    expect(room.locator(".room-status")).to_contain_text("final scores")
    expect(room.locator(".room-field").first).to_contain_text(leader)
