"""A duplicate individual in Chromium: the organiser enters eight players (or nine, one sitting out
each round), two tablets play every round and tell each player where to sit next, and the
published results rank the players one by one."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import open_page, say_thats_us, tap
from tests.test_browser_evening import TABLET
from tournaments.domain.movements.individual import next_seat_text
from tournaments.domain.movements.whist import whist_schedule
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "individual"
PLAYERS = [
    "Ann Smith",
    "Bob Jones",
    "Cath Hill + Dora Hill",
    "Ed Long",
    "Fay Moss",
    "Gus Reed",
    "Hal Ward",
    "Ivy Dunn",
    "Jo Kemp",
]


@pytest.mark.parametrize("players", [8, 9])
def test_players_play_an_individual_on_two_tablets(live_server, browser, club, organiser, players, fake_dds):
    # The stand-in solver: the deal's analysis runs inside its request in the tests.
    people = PLAYERS[:players]
    rounds = players - 1 if players % 4 == 0 else players
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_context(viewport={"width": 1180, "height": 900}).new_page()
    page.goto(f"{live_server.url}/admin/login/?next=/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", "secret-pass-123")
    page.click("input[type=submit]")
    page.get_by_role("link", name="New event").click()
    page.fill("#id_name", "Individual Night")
    page.get_by_label("Individual: players enter alone and partner each other in turn").check()
    page.get_by_role("button", name="Create, then enter tonight's players").click()
    expect(page.locator("h1")).to_have_text("Individual Night")

    page.fill("#id_players", "\n".join(people))
    page.fill("#id_boards_per_round", "2")
    page.get_by_role("button", name="Enter the players").click()
    expect(page.locator(".messages")).to_contain_text(f"{players} players entered and seated")
    schedule_table = page.locator("table.schedule")
    expect(schedule_table.locator("tbody tr")).to_have_count(rounds)
    expect(schedule_table).to_contain_text("Cath Hill + Dora Hill")
    shoot(page, path=SHOTS / f"01-schedule-{players}.png", full_page=True)

    page.get_by_role("button", name="Deal the boards").click()
    expect(page.locator(".messages")).to_contain_text("Boards dealt from seed")
    page.get_by_role("button", name="Start: the tablets go live").click()
    expect(page.locator(".messages")).to_contain_text("The event is running")

    event = Event.objects.get(name="Individual Night")
    schedule = whist_schedule(players)
    tablets = []
    for table in (1, 2):
        tablet = browser.new_context(viewport=TABLET, has_touch=True).new_page()
        open_page(tablet, f"{live_server.url}/t/")
        tablet.fill("#code", event.table_accesses.get(table=table).code)
        tablet.get_by_role("button", name="Open my table").click()
        say_thats_us(tablet)
        tablets.append(tablet)

    for round_ in range(1, rounds + 1):
        for table, tablet in enumerate(tablets, start=1):
            seats = schedule.round_tables(round_)[table - 1]
            north, east, south, west = (PLAYERS[p - 1] for p in seats.seats)
            expect(tablet.locator(".pairs")).to_contain_text(f"{north} & {south}")
            expect(tablet.locator(".pairs")).to_contain_text(f"{east} & {west}")
            for board in (2 * round_ - 1, 2 * round_):
                tricks = (board * 3 + table * 5) % 14
                section = tablet.locator(f"#board-{board}")
                tap(tablet, section.get_by_role("button", name=f"N/S took {tricks} tricks", exact=True))
                tap(tablet, section.get_by_role("button", name="Yes, confirm"))
            told = tablet.locator(".round-over")
            expect(told).to_contain_text(f"Round {round_} is over")
            if round_ < rounds:
                for player in seats.seats:
                    line = schedule.itinerary(player)[round_]
                    partner = PLAYERS[line.partner - 1] if line.partner else ""
                    words = next_seat_text(line, partner)
                    expect(told).to_contain_text(f"{PLAYERS[player - 1]} (Player {player}): {words}.")
                if round_ == 1:
                    shoot(tablet, path=SHOTS / f"02-table-{table}-moves-{players}.png", full_page=True)
                tablet.get_by_role("link", name="Next round").click()
                expect(told).to_have_count(0)
            else:
                expect(tablet.locator(".notice")).to_contain_text("has played all its rounds")
    assert event.results.confirmed().count() == 2 * 2 * rounds

    page.reload()
    page.get_by_role("button", name="Close the event").click()
    expect(page.locator(".messages")).to_contain_text("The event is closed")
    page.get_by_role("button", name="Publish the results").click()
    expect(page.locator(".messages")).to_contain_text("Results published")

    public = browser.new_context(viewport=TABLET).new_page()
    public.goto(live_server.url + reverse("tournaments:results", args=[event.pk]))
    standings = public.locator("table.standings").first
    expect(standings.locator("tbody tr")).to_have_count(players)
    expect(standings).to_contain_text("Cath Hill + Dora Hill")
    shoot(public, path=SHOTS / f"03-results-{players}.png", full_page=True)
    public.get_by_role("link", name="Player 1", exact=True).click()
    expect(public.locator("h2")).to_contain_text("Player 1: Ann Smith")
    played = sum(line.table is not None for line in schedule.itinerary(1))  # 7 rounds, or 8 of 9
    expect(public.locator("table.results-detail tbody tr")).to_have_count(2 * played)
