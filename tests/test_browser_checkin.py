"""Who is at the table, in Chromium: a table's players say someone else is here, its entry is held
(on the server too) and the organiser sees it on the live page and seats the pair that is there;
and a 40-player drive where two players sat at each other's tables is caught at both tables
before a trick is entered."""

import random
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import open_page, say_thats_us, tap
from tournaments import services
from tournaments.models import DriveResult, Pair, Result, TableCheckIn
from tournaments.services import drives

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
NAMES = ["Doreen Hardcastle", "Jim Lee", "Ann Smith", "Bob Jones", "Mary Brown", "Tom Green"]


@pytest.fixture
def running(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    for k, pair in enumerate(event.pairs.all()):
        Pair.objects.filter(pk=pair.pk).update(guest1=f"{NAMES[k]}", guest2=f"{NAMES[-1 - k]} {k}")
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    return event


def _log_in(page, client, organiser, live_server):
    client.force_login(organiser)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}
    page.context.add_cookies([cookie])


def _post_a_score_anyway(tablet, url: str, fields: dict) -> int:
    """What a tablet with an old page (or a script) would send: a score, with the tablet's CSRF
    cookie; the status of the page it is answered with."""
    token = next(c["value"] for c in tablet.context.cookies() if c["name"] == "csrftoken")
    return tablet.request.post(url, form=fields, headers={"X-CSRFToken": token}).status


def test_a_table_with_someone_else_waits_until_the_organiser_seats_the_pair_there(
    live_server, browser, page, client, organiser, running
):
    SHOTS.mkdir(exist_ok=True)
    access = running.table_accesses.get(table=1)
    seating = running.seatings.get(round=1, table=1)
    tablet = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True).new_page()
    open_page(tablet, f"{live_server.url}/t/{access.token}/")
    checkin = tablet.locator(".checkin")
    expect(checkin).to_contain_text(f"N/S: Pair 1, {seating.ns_pair.names}")
    expect(checkin).to_contain_text(f"E/W: Pair 1, {seating.ew_pair.names}")
    expect(tablet.locator("section.board")).to_have_count(0)
    shoot(tablet, path=SHOTS / "checkin-asked.png", full_page=True)

    # The E/W pair sitting there is E/W 2: the players say so.
    tablet.get_by_role("button", name="Someone else is here").click()
    expect(tablet.locator(".checkin.waiting")).to_contain_text("Waiting for the organiser")
    expect(tablet.locator("section.board")).to_have_count(0)
    shoot(tablet, path=SHOTS / "checkin-waiting.png", full_page=True)
    # Entry is held on the server: a score sent all the same is not kept.
    enter = reverse("tournaments:table-enter", args=[access.token])
    assert _post_a_score_anyway(tablet, live_server.url + enter, {"board": 1, "ns_tricks": 7}) == 200
    assert not Result.objects.exists()

    # The organiser's live page shows it at a glance, with the tables not yet checked in.
    _log_in(page, client, organiser, live_server)
    page.goto(live_server.url + reverse("tournaments:event-live", args=[running.pk]))
    waiting = page.locator("#check-in-1")
    expect(waiting).to_contain_text("Table 1 waits for you")
    expect(page.locator(".not-checked-in")).to_contain_text("Not yet checked in: table 2, table 3")
    shoot(page, path=SHOTS / "checkin-live-waiting.png", full_page=True)
    there = running.pairs.get(direction="EW", number=2)
    waiting.locator("select[name=pair]").select_option(str(there.pk))
    waiting.locator("select[name=instead_of]").select_option(str(seating.ew_pair.pk))
    waiting.get_by_role("button", name="Seat the pair that is there").click()
    expect(page.locator(".messages")).to_contain_text("Table 1 may play on")
    # The cards printed before are wrong about the two pairs now: the organiser is told, and offered
    # the two pairs' new guide cards and the tables' cards to print again.
    expect(page.locator(".messages")).to_contain_text(
        f"From round 1, E/W 2 ({there.names}) plays E/W 1's rounds and E/W 1 ({seating.ew_pair.names}) "
        "plays E/W 2's: their guide cards, and the table cards of tables 1, 2 and 3 printed before, are "
        "wrong about them."
    )
    guides = page.get_by_role("link", name="Print their new guide cards")
    expect(guides).to_be_visible()
    expect(page.get_by_role("link", name="Print the table cards of tables 1, 2 and 3 again")).to_be_visible()
    shoot(page, path=SHOTS / "checkin-live-seated.png", full_page=True)
    reprint = page.request.get(live_server.url + guides.get_attribute("href"))
    assert reprint.ok and reprint.headers["content-type"] == "application/pdf"
    expect(page.locator("#check-in-1")).to_have_count(0)

    # The table is told, and plays on with E/W 2. (Its waiting page reloads itself every few
    # seconds, so it is visited again as a player would, not reloaded under that reload.)
    open_page(tablet, f"{live_server.url}/t/{access.token}/")
    expect(tablet.locator(".checkin.told")).to_contain_text(f"seated E/W 2 ({there.names}) here")
    shoot(tablet, path=SHOTS / "checkin-resolved.png", full_page=True)
    tap(tablet, tablet.locator("#board-1").get_by_role("button", name="N/S took 9 tricks", exact=True))
    tap(tablet, tablet.locator("#board-1").get_by_role("button", name="Yes, confirm"))
    expect(tablet.locator("#board-1")).to_contain_text("✓ confirmed")  # sent, not only kept on the tablet
    assert Result.objects.get().ew_pair == there


@pytest.fixture
def big_drive(club):
    drive = drives.drive_create(club=club, name="Forty Drive", date="2026-11-20", hands=4)
    for k in range(40):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"{NAMES[k % 6]} {k + 1}")
    return drives.drive_start(drive=drive)


def _hall(drive, wrong: tuple[int, int]) -> dict[int, set[str]]:
    """Who sits at each table for hand 1, by card: everyone where the drive seated them, but for
    the gents of the two ``wrong`` tables, who sat down at each other's table."""
    state = drives.DriveState(drive)
    hall = {table: {key for key in seating.players if key} for table, seating in state.seatings[1].items()}
    one, other = wrong
    gent_one = next(key for key in sorted(hall[one]) if key.startswith("G"))
    gent_other = next(key for key in sorted(hall[other]) if key.startswith("G"))
    hall[one] = hall[one] - {gent_one} | {gent_other}
    hall[other] = hall[other] - {gent_other} | {gent_one}
    return hall


def test_a_forty_player_drive_catches_two_players_in_the_wrong_seats_before_a_trick(
    live_server, browser, page, client, organiser, big_drive
):
    SHOTS.mkdir(exist_ok=True)
    tables = sorted(big_drive.table_accesses.values_list("table", "token"))
    assert len(tables) == 10
    wrong = tuple(sorted(random.Random(40).sample(range(1, 11), 2)))
    hall = _hall(big_drive, wrong)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    tablets = {}
    for table, token in tables:
        tablet = context.new_page()
        open_page(tablet, f"{live_server.url}/d/{token}/")
        # The players read the four names and cards on their tablet and look round the table.
        listed = tablet.locator(".checkin .expected li").all_inner_texts()
        words = (word.strip("()") for line in listed for word in line.split())  # "Mary Smith 3 (L3)"
        expected = {word for word in words if word[:1] in "LG" and word[1:].isdigit()}
        assert len(expected) == 4
        if expected == hall[table]:
            say_thats_us(tablet)
        else:
            tablet.get_by_role("button", name="Someone else is here").click()
        tablets[table] = (tablet, token)

    # Both tables are caught: held, with no trick buttons, and a score sent anyway is not kept.
    for table, (tablet, token) in tablets.items():
        if table in wrong:
            expect(tablet.locator(".checkin.waiting")).to_be_visible()
            expect(tablet.get_by_role("button", name="N/S took 7 tricks", exact=True)).to_have_count(0)
            enter = reverse("tournaments:drive-table-enter", args=[token])
            assert _post_a_score_anyway(tablet, live_server.url + enter, {"hand": 1, "ns_tricks": 7}) == 200
        else:
            expect(tablet.get_by_role("button", name="N/S took 7 tricks", exact=True)).to_be_visible()
    shoot(tablets[wrong[0]][0], path=SHOTS / "checkin-drive-waiting.png", full_page=True)
    assert not DriveResult.objects.exists()
    held = TableCheckIn.objects.filter(link__drive=big_drive, state=TableCheckIn.State.WAITING)
    assert sorted(held.values_list("link__table", flat=True)) == list(wrong)

    # The live page flags both at a glance; every other table has checked in.
    _log_in(page, client, organiser, live_server)
    page.goto(live_server.url + reverse("tournaments:drive-live", args=[big_drive.pk]))
    for table in wrong:
        expect(page.locator(f"#check-in-{table}")).to_contain_text(f"Table {table} waits for you")
    expect(page.locator(".not-checked-in")).to_have_count(0)
    shoot(page, path=SHOTS / "checkin-drive-live.png", full_page=True)

    # The organiser sends each gent back to his own table; the tables play on.
    for table in wrong:
        box = page.locator(f"#check-in-{table}")
        box.locator("input[name=message]").fill("Gents: swap tables, each to the table on his card")
        box.get_by_role("button", name="Tell the table where to go").click()
        expect(page.locator(".messages")).to_contain_text(f"Table {table} may play on")
    tablet, token = tablets[wrong[0]]
    open_page(tablet, f"{live_server.url}/d/{token}/")
    expect(tablet.locator(".checkin.told")).to_contain_text("Gents: swap tables")
    tap(tablet, tablet.get_by_role("button", name="N/S took 7 tricks", exact=True))
    tap(tablet, tablet.get_by_role("button", name="Yes, confirm"))
    expect(tablet.locator(".round-over")).to_contain_text("Hand 1 is over: N/S 7, E/W 6")  # sent
    assert list(DriveResult.objects.values_list("ns_tricks", "confirmed")) == [(7, True)]
