"""A team night in games and rubbers in Chromium: set up on its page (games to 5, two hands a
visit), three teams played through three tablets that ask the honours after the tricks and show
each table's running score, closed and published, the results in rubber points as the rules count
them."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import open_page, tap
from tests.test_browser_team_night import _login, close_and_publish, open_tablets
from tournaments.domain.drives.team_rubbers import score_rubber_teams, table_score
from tournaments.domain.drives.teams import away_table
from tournaments.models import Drive

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
TEAMS = """Clitheroe: Mary Smith, John Smith, Ann Jones, Bill Jones
Whalley: Sue White, Tom White, Eve Black, Sam Black
Longridge: Joan Bellamy, Harold Bickerstaff, Irene Cartwright, Frank Cartwright"""
HANDS, EACH = 4, 2
# Each hand at each table: N/S's tricks and the honours claimed (the button's words).
DEALS = {
    (1, 1): (12, ""), (2, 1): (10, "NS4"), (3, 1): (5, ""), (4, 1): (8, "EW2"),
    (1, 2): (3, "EW2"), (2, 2): (7, ""), (3, 2): (9, ""), (4, 2): (2, ""),
    (1, 3): (6, "NS2"), (2, 3): (4, ""), (3, 3): (11, "EW4"), (4, 3): (7, "NS4"),
}  # fmt: skip
BUTTONS = {"": "No honours", "NS2": "N/S 2", "NS4": "N/S 4", "EW2": "E/W 2", "EW4": "E/W 4"}
NAMES = ["Clitheroe", "Whalley", "Longridge"]


def test_a_team_night_in_rubbers_is_played_on_the_tablets(live_server, browser, client, organiser, club):
    SHOTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    _login(context, live_server, client, organiser)
    desk = context.new_page()
    desk.goto(live_server.url + reverse("tournaments:team-night-new"))
    desk.get_by_label("Name").fill("Rubber night")
    desk.get_by_label("Games and rubbers").select_option(label="Games to 5 and rubbers (short whist)")
    desk.locator("#id_hands").fill(str(HANDS))
    desk.get_by_label("Length of a visit").fill(str(EACH))
    desk.get_by_label("Halves").fill("1")
    desk.get_by_label("Teams").fill(TEAMS)
    desk.get_by_role("button", name="Create the team night").click()
    expect(desk.locator(".messages")).to_contain_text("Rubber night is set up with 3 teams")
    desk.get_by_role("button", name="Start the team night").click()
    expect(desk.locator(".messages")).to_contain_text("The drive has started.")
    expect(desk.locator("main")).to_contain_text("Games to 5 and rubbers by the Laws of Whist")
    night = Drive.objects.get(name="Rubber night")
    assert (night.rubbers, night.hands_per_round) == (5, EACH)

    tablets, urls = open_tablets(context, live_server, night)
    played = {}
    for hand in range(1, HANDS + 1):
        for table, tab in tablets.items():
            open_page(tab, urls[table])
            before = table_score(5, played, hand=hand, table=table, per_round=EACH)
            expect(tab.locator(".board .running")).to_have_text(before.line())
            tricks, honours = DEALS[(hand, table)]
            tab.get_by_label(f"N/S took {tricks} tricks", exact=True).check()
            if hand == 1 and table == 1:
                shoot(tab, path=SHOTS / "team-night-rubbers-honours.png", full_page=True)
            tap(tab, tab.get_by_role("button", name=BUTTONS[honours]))
            claimed = f", {honours[0]}/{honours[1]} {honours[2]} honours" if honours else ""
            expect(tab.locator(".board .score")).to_contain_text(f"N/S {tricks} · E/W {13 - tricks}{claimed}")
            if hand == 1 and table == 1:
                shoot(tab, path=SHOTS / "team-night-rubbers-confirm.png", full_page=True)
            tap(tab, tab.get_by_role("button", name="Yes, confirm"))
            played[(hand, table)] = (tricks, honours)
            after = table_score(5, played, hand=hand, table=table, per_round=EACH)
            over = tab.locator(".round-over")
            expect(over).to_contain_text(f"Hand {hand} is over: N/S {tricks}, E/W {13 - tricks}{claimed}")
            expect(over.locator(".running").first).to_have_text(after.line())
            if hand % EACH == 0:
                expect(over).to_contain_text(f"This table's result: {after.points_line()}")
            if hand == HANDS:
                continue
            visitors = next(t for t in range(1, 4) if away_table(3, t, hand, EACH) == table)
            where = (
                "stay at this table"
                if hand % EACH
                else f"go to table {away_table(3, visitors, hand + 1, EACH)}"
            )
            expect(over).to_contain_text(f"Team {visitors}'s away pair ({NAMES[visitors - 1]}: ")
            expect(over).to_contain_text(where)
            if hand == EACH and table == 1:
                shoot(tab, path=SHOTS / "team-night-rubbers-visit-over.png", full_page=True)

    close_and_publish(desk, live_server, night)

    public = browser.new_page()
    public.goto(live_server.url + reverse("tournaments:drive-results", args=[night.pk]))
    expect(public.locator("table.team-results thead")).to_contain_text("Rubber points")
    expected = score_rubber_teams(5, 3, DEALS, per_round=EACH)
    assert sum(s.points for s in expected.values()) == 0 and any(s.points for s in expected.values())
    rows = public.locator("table.team-results tbody tr")
    expect(rows).to_have_count(3)
    for team, score in expected.items():
        expect(rows.filter(has_text=NAMES[team - 1]).locator("td.strong")).to_have_text(str(score.points))
    expect(public.locator("table.rubber-tables tbody tr")).to_have_count(6)  # 3 tables × 2 visits
    shoot(public, path=SHOTS / "team-night-rubbers-results.png", full_page=True)
    context.close()


def test_a_hand_with_honours_is_kept_offline_sent_back_and_typed_again(live_server, page, club):
    """The network gone: the tablet keeps the tricks with the honours, E/W send them back and N/S
    type them again with the honours buttons the tablet draws itself, then E/W confirm; once the
    network is back the scorer gets the count with its honours, once."""
    from tests.tablets import everyone_checked_in
    from tournaments.models import DriveResult
    from tournaments.services import drives

    teams = [(name, [f"{name} {k}" for k in range(4)]) for name in NAMES[:2]]
    night = drives.team_night_create(
        club=club, name="Rubber night", date="2026-11-24", teams=teams, hands=4, rubbers=5, hands_per_visit=4
    )
    night = drives.drive_start(drive=night)
    everyone_checked_in(night)
    page.set_viewport_size({"width": 800, "height": 1280})
    page.clock.install()
    page.goto(f"{live_server.url}/d/{night.table_accesses.get(table=1).token}/")
    page.context.set_offline(True)
    page.get_by_label("N/S took 9 tricks", exact=True).check()
    page.get_by_role("button", name="N/S 4").click()
    hand = page.locator("#hand-1")
    expect(hand).to_contain_text("N/S 9 · E/W 4, N/S 4 honours waiting to send")
    page.get_by_role("button", name="No, enter again").click()
    page.get_by_label("N/S took 8 tricks", exact=True).check()
    page.get_by_role("button", name="E/W 2").click()
    expect(hand).to_contain_text("N/S 8 · E/W 5, E/W 2 honours waiting to send")
    page.get_by_role("button", name="Yes, confirm").click()
    expect(hand).to_contain_text("Confirmed here · waiting to send")
    page.clock.fast_forward("02:00")
    expect(page.locator("#outbox")).to_contain_text("Hand 1: N/S 8, E/W 2 honours, confirmed")
    shoot(page, path=SHOTS / "team-night-rubbers-offline.png", full_page=True)
    page.context.set_offline(False)
    page.clock.run_for(10000)
    expect(page.locator(".round-over")).to_contain_text("Hand 1 is over: N/S 8, E/W 5, E/W 2 honours")
    assert list(DriveResult.objects.values_list("ns_tricks", "honours", "confirmed")) == [(8, "EW2", True)]
