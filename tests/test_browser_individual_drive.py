"""An individual drive in Chromium, from the organiser's new drive page to the results: the players
entered one field at a time (one of them a shared seat), the plan read before the start, every hand
tapped and confirmed on the tablets, each table shown the schedule's four players and told where
each goes next and with whom (checked against the whist tournament), the sit-outs named; then the
close, the room display and the results. 8 players; 9 (one sitting out each hand); 7 (a phantom:
a table sitting out each hand)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import open_page, say_thats_us, tap
from tournaments.domain.movements.whist import whist_schedule
from tournaments.models import Drive, DriveResult
from tournaments.services import drives

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
COMPASS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 820, "height": 1180}}


def _shots(page, name: str) -> None:
    """The page at phone and tablet size, to look at; then back to the tablet's size."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        shoot(page, path=SHOTS / f"{name}-{size}.png", full_page=True)


def _name(card: int) -> str:
    return "Ann Smith + Bob Jones" if card == 3 else f"Player {card}"


def _tricks(hand: int, table: int) -> int:
    return (hand * 5 + table * 3) % 14


def _log_in(page, client, organiser, live_server):
    client.force_login(organiser)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}
    page.context.add_cookies([cookie])


@pytest.mark.parametrize("players", [8, 9, 7])
def test_an_individual_drive_is_played_through_the_pages_and_tablets(
    live_server, page, client, organiser, club, players
):
    SHOTS.mkdir(exist_ok=True)
    _log_in(page, client, organiser, live_server)
    page.goto(f"{live_server.url}/drives/new/?format=individual")
    page.get_by_label("Name").fill("Family Drive")
    page.get_by_label("Halves").fill("1")
    page.get_by_role("button", name="Create, then enter the players").click()
    expect(page.locator(".messages")).to_contain_text("Family Drive is set up")
    expect(page.locator("select[name=role]")).to_have_count(0)
    for card in range(1, players + 1):
        page.get_by_label("Name", exact=True).fill("Ann Smith" if card == 3 else _name(card))
        if card == 3:
            page.get_by_label("Sharing the seat with").fill("Bob Jones")
        page.get_by_role("button", name="Add").click()
        expect(page.locator(".messages")).to_contain_text(f"Entered {_name(card)} (Player {card}).")
    schedule = whist_schedule(players)
    plan = page.locator("#plan")
    expect(plan).to_contain_text(f"{players} players: ")
    expect(plan).to_contain_text(f"{schedule.round_count} rounds")
    if schedule.shortfall:
        expect(plan).to_contain_text(schedule.shortfall)
    _shots(page, f"individual-drive-entries-{players}")
    page.get_by_role("button", name="Start the drive").click()
    expect(page.locator(".messages")).to_contain_text("The drive has started.")

    drive = Drive.objects.get(name="Family Drive")
    assert drive.hands == schedule.round_count
    urls = {a.table: f"{live_server.url}/d/{a.token}/" for a in drive.table_accesses.all()}
    tablet = page.context.new_page()
    tablet.set_viewport_size({"width": 820, "height": 1180})
    for hand, tables in enumerate(schedule.rounds, start=1):
        for table in tables:
            if not table.plays:
                continue
            open_page(tablet, urls[table.table])
            pairs = tablet.locator(".pairs")
            north, east, south, west = table.seats
            # Named by name and seat: an individual drive's players carry no score card code.
            expect(pairs).to_contain_text(f"{_name(north)} (North) & {_name(south)} (South)")
            expect(pairs).to_contain_text(f"{_name(east)} (East) & {_name(west)} (West)")
            if hand == 1:
                say_thats_us(tablet)
                if table.table == 1:
                    _shots(tablet, f"individual-drive-tablet-{players}")
            tricks = _tricks(hand, table.table)
            tap(tablet, tablet.get_by_role("button", name=f"N/S took {tricks} tricks", exact=True))
            tap(tablet, tablet.get_by_role("button", name="Yes, confirm"))
            over = tablet.locator(".round-over")
            expect(over).to_contain_text(f"Hand {hand} is over: N/S {tricks}, E/W {13 - tricks}")
            if hand == schedule.round_count:
                expect(over).to_contain_text("That was the last hand.")
                continue
            for player in table.seats:
                going = schedule.itinerary(player)[hand]  # the next round's line
                if going.table is None or going.partner is None:
                    expect(over).to_contain_text(f"{_name(player)}: sit out next hand")
                    continue
                now = schedule.itinerary(player)[hand - 1]
                seat = COMPASS[going.seat]
                if going.table != now.table:
                    said = f"table {going.table}, sit {seat}"
                else:
                    said = (
                        f"stay in your seat ({seat})" if going.seat == now.seat else f"stay here, sit {seat}"
                    )
                expect(over).to_contain_text(f"{_name(player)}: {said}, partner {_name(going.partner)}.")
            out = schedule.sitting_out(hand + 1)
            if out:
                expect(over.locator(".sitting-out")).to_contain_text(f"Sitting out hand {hand + 1}:")
                for player in out:
                    expect(over.locator(".sitting-out")).to_contain_text(_name(player))
            if hand == 1 and table.table == 1:
                _shots(tablet, f"individual-drive-moves-{players}")
    playing = sum(t.plays for tables in schedule.rounds for t in tables)
    assert DriveResult.objects.filter(drive=drive, confirmed=True).count() == playing

    # Every partnership on the score cards is the schedule's.
    state = drives.DriveState(drive)
    for player in range(1, players + 1):
        for line, planned in zip(state.scores[f"P{player}"].lines, schedule.itinerary(player), strict=True):
            played = planned.table is not None and planned.partner is not None and not line.sat_out
            assert line.partner == (f"P{planned.partner}" if played else None)
        assert len(state.scores[f"P{player}"].lines) == schedule.round_count

    page.goto(f"{live_server.url}/drives/{drive.pk}/")
    page.get_by_role("button", name="Close the drive").click()
    expect(page.locator(".messages")).to_contain_text("The drive is closed.")
    page.get_by_role("button", name="Publish the results").click()
    expect(page.locator(".messages")).to_contain_text("The results are published.")
    _shots(page, f"individual-drive-run-{players}")
    standings = page.locator(".standing")
    expect(standings).to_have_count(1)
    expect(standings).to_contain_text("Players")
    expect(standings).to_contain_text("Ann Smith + Bob Jones")
    page.goto(f"{live_server.url}/drives/{drive.pk}/room/")
    expect(page.locator(".room-field").first).to_contain_text("Players")
    page.goto(f"{live_server.url}/drives/{drive.pk}/results/")
    expect(page.locator("table.drive-results tbody tr")).to_have_count(players)
    expect(page.locator("main")).to_contain_text("Highest overall")
