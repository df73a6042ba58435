"""A Swiss German-whist night of 9 players in Chromium, from the organiser's new-night page to the
results: the players typed one a line, the start, a tablet at each of the four tables (one opened by
its code on the start page), every deal entered by one player and confirmed by the other, a round
paired as the last match of the one before ends (a bye each round), the room display's pairings
and standings, a deal that does not add up refused in words, the close and the results."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import open_page, pick_up
from tournaments.domain.duels import Pairing, check_swiss
from tournaments.models import DuelNight
from tournaments.services.duels import night_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/whistdrive-shots")
SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 820, "height": 1180}}
NAMES = [
    "Ann Smith",
    "Bob Jones",
    "Cy Day",
    "Di Lee",
    "Ed Moss",
    "Flo Hart",
    "Gus Reed",
    "Hal Penn",
    "Ida Ward",
]


def _log_in(page, client, organiser, live_server):
    client.force_login(organiser)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}
    page.context.add_cookies([cookie])


def _shots(page, name: str) -> None:
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        shoot(page, path=SHOTS / f"{name}-{size}.png", full_page=True)
    page.set_viewport_size(SIZES["tablet"])


def _deal(tablet, a_name: str, b_name: str, a: int) -> None:
    tablet.get_by_label(f"{a_name}'s tricks").fill(str(a))
    tablet.get_by_label(f"{b_name}'s tricks").fill(str(13 - a))
    tablet.get_by_role("button", name="Enter deal").click()
    expect(tablet.locator(".ask")).to_contain_text(f"{b_name}: is this right?")
    tablet.get_by_role("button", name="Yes, confirm").click()


def test_a_swiss_german_whist_night_of_nine_runs_on_the_tablets(live_server, page, client, organiser, club):
    SHOTS.mkdir(exist_ok=True)
    _log_in(page, client, organiser, live_server)
    page.goto(f"{live_server.url}/drives/new/")
    page.get_by_role("link", name="A new two-player night").click()
    page.get_by_label("Name").fill("German whist night")
    page.get_by_label("Rounds").fill("4")
    page.get_by_label("Deals").fill("2")
    page.get_by_label("Players").fill("\n".join(NAMES))
    _shots(page, "two-player-new")
    page.get_by_role("button", name="Create, then start it").click()
    expect(page.locator(".messages")).to_contain_text("German whist night is set up")
    expect(page.locator(".duel-players li")).to_have_count(9)
    page.get_by_role("button", name="Start: pair round 1").click()
    expect(page.locator(".messages")).to_contain_text("Started: round 1 is paired")

    night = DuelNight.objects.get(name="German whist night")
    tables = list(night.tables.order_by("number"))
    assert len(tables) == 4
    tablets = {}
    for table in tables:
        tablet = page.context.new_page()
        tablet.set_viewport_size(SIZES["tablet"])
        if table.number == 1:
            open_page(tablet, f"{live_server.url}/t/")
            tablet.get_by_label("Type the code on your table card").fill(table.code)
            tablet.get_by_role("button", name="Open my table").click()
        else:
            open_page(tablet, f"{live_server.url}/two/{table.token}/")
        expect(tablet.locator(".where")).to_have_text(f"Table {table.number}")
        tablets[table.number] = tablet

    room = page.context.new_page()
    room.set_viewport_size({"width": 1024, "height": 768})
    for number in range(1, 5):
        state = night_state(night)
        assert state.last_round == number
        lines = state.rounds[number]
        assert sum(line.bye for line in lines) == 1
        open_page(pick_up(room), f"{live_server.url}/two-player/{night.pk}/room/")
        expect(room.locator("#pairings h2")).to_have_text(f"Round {number}")
        bye = next(line for line in lines if line.bye)
        expect(room.locator("#pairings")).to_contain_text(bye.a.name)
        playing = [line for line in lines if not line.bye]
        for line in playing:
            tablet = pick_up(tablets[line.match.table])
            open_page(tablet, f"{live_server.url}/two/{tables[line.match.table - 1].token}/")
            expect(tablet.locator(".pairs")).to_contain_text(line.a.name)
            expect(tablet.locator(".pairs")).to_contain_text(line.b.name)
            expect(tablet.locator("#check-in")).to_contain_text(
                f"{line.a.name} and {line.b.name}: are you both here?"
            )
            if number == 1 and line.match.table == 2:
                _shots(tablet, "two-player-tablet-check-in")
            tablet.get_by_role("button", name="Yes, that's us").click()
            if number == 1 and line.match.table == 1:
                tablet.get_by_label(f"{line.a.name}'s tricks").fill("10")
                tablet.get_by_label(f"{line.b.name}'s tricks").fill("4")
                tablet.get_by_role("button", name="Enter deal").click()
                expect(tablet.locator(".messages")).to_contain_text(
                    "10 and 4 tricks make 14: the last 13 tricks of German whist add up to 13."
                )
                _shots(tablet, "two-player-tablet-refused")
                tablet.get_by_label(f"{line.a.name}'s tricks").fill("8")
                tablet.get_by_label(f"{line.b.name}'s tricks").fill("5")
                tablet.get_by_role("button", name="Enter deal").click()
                _shots(tablet, "two-player-tablet-confirm")
                tablet.get_by_role("button", name="No, enter again").click()
            _deal(tablet, line.a.name, line.b.name, (number * 3 + line.match.table * 5) % 14)
            _deal(tablet, line.a.name, line.b.name, (number * 7 + line.match.table) % 14)
            if line is not playing[-1] and number < 4:
                expect(tablet.locator("#waiting")).to_contain_text(
                    f"Round {number + 1} starts when every table has finished round {number}"
                )
            elif line is not playing[-1]:
                expect(tablet.locator("#waiting")).to_contain_text(
                    "the night ends when every table has finished round 4"
                )
            elif number < 4:  # the round's last match over: the next round is paired once it commits
                expect(tablet.locator(".event")).to_contain_text(f"Round {number + 1}")
            else:
                expect(tablet.locator("#waiting")).to_contain_text("The night is over")
        if number == 1:
            _shots(room, "two-player-room")
    state = night_state(night)
    assert state.complete
    check_swiss(
        9, [[Pairing(m.a.number, m.b.number if m.b else None) for m in state.rounds[n]] for n in range(1, 5)]
    )
    open_page(pick_up(tablets[1]), f"{live_server.url}/two/{tables[0].token}/")
    expect(tablets[1].locator("#waiting")).to_contain_text("The night is over")

    pick_up(page).goto(f"{live_server.url}/two-player/{night.pk}/")
    page.locator("#round-1 tr").first.get_by_role("link", name="Correct").click()
    expect(page.locator("#correct")).to_contain_text("Round 1, table 1")
    page.get_by_label("Deal").fill("1")
    page.get_by_label("First player's tricks").fill("13")
    page.get_by_label("Second player's tricks").fill("0")
    page.get_by_label("Reason").fill("the score card says 13")
    page.get_by_role("button", name="Correct").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 corrected.")
    expect(page.locator(".trail")).to_contain_text("the score card says 13")
    state = night_state(night)
    assert state.rounds[1][0].deals[0].tricks_a == 13

    open_page(pick_up(room), f"{live_server.url}/two-player/{night.pk}/room/")
    expect(room.locator(".room-status")).to_contain_text("every round is in")
    leader = state.standings[0]
    expect(room.locator("#standings tr").first).to_contain_text(leader.player.name)
    shoot(room, path=SHOTS / "two-player-room-1024.png")
    room.set_viewport_size({"width": 1920, "height": 1080})
    shoot(room, path=SHOTS / "two-player-room-1080.png")

    pick_up(page).goto(f"{live_server.url}/two-player/{night.pk}/")
    page.get_by_role("button", name="Close the night").click()
    expect(page.locator(".messages")).to_contain_text("Closed")
    page.get_by_role("button", name="Publish the results").click()
    page.get_by_role("button", name="Send results").click()
    expect(page.locator(".messages")).to_contain_text("e-mails added to the outbox")  # nine guests: none
    _shots(page, "two-player-run")
    page.context.clear_cookies()
    page.goto(f"{live_server.url}/two-player/{night.pk}/results/")
    expect(page.locator(".duel-standings tbody tr")).to_have_count(9)
    expect(page.locator(".duel-standings tbody tr").first).to_contain_text(leader.player.name)
    _shots(page, "two-player-results")
