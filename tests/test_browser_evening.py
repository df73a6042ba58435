"""A whole evening in Chromium: create, enter 14 pairs, accept the movement, deal, print, start,
four tablets play a round, close, publish, and the public sees the standings."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import open_page, pick_up, say_thats_us, tap
from tournaments import services
from tournaments.models import Event

SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "evening"
TABLET = {"width": 820, "height": 1180}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_whole_evening(live_server, browser, club, organiser, fake_dds):
    # In the tests the boards' analysis runs inside the request that deals them (the immediate
    # task backend): the stand-in solver answers at once, as the evening, not the analysis, is
    # what this test plays.
    SHOTS.mkdir(parents=True, exist_ok=True)
    names = [("Margaret", "Ashworth"), ("Dennis", "Ashworth"), ("Joan", "Bellamy"), ("Harold", "Bickerstaff")]
    for first, last in names:
        services.member_create(club=club, first_name=first, last_name=last)
    context = browser.new_context(viewport={"width": 1180, "height": 900})
    page = context.new_page()

    def shot(name):
        shoot(page, path=SHOTS / f"{name}.png", full_page=True)

    page.goto(f"{live_server.url}/admin/login/?next=/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", "secret-pass-123")
    page.click("input[type=submit]")
    page.get_by_role("link", name="New event").click()
    page.fill("#id_name", "Friday Drive")
    page.fill("#id_date", "2026-12-04")
    shot("01-new-event")
    page.get_by_role("button", name="Create, then enter tonight's pairs").click()
    expect(page.locator("h1")).to_have_text("Friday Drive")

    entries = [("Margaret Ashworth", "Dennis Ashworth", True), ("Joan Bellamy", "Harold Bickerstaff", False)]
    entries += [(f"Guest {n}", f"Partner {n}", False) for n in range(3, 15)]
    for first, second, stationary in entries:
        page.fill("input[name=first]", first)
        page.fill("input[name=second]", second)
        if stationary:
            page.check("input[name=stationary]")
        page.get_by_role("button", name="Add the pair").click()
        expect(page.locator(".messages")).to_contain_text(f"Entered {first} & {second}")
    expect(page.locator("li.step").first).to_contain_text("14 entered")
    shot("02-entries")

    expect(page.locator("form.proposal.best")).to_contain_text("7 tables, a Howell: 13 rounds of 2 boards")
    mitchell = page.locator("form.proposal").nth(2)  # offered to compare: this club wants two winners
    expect(mitchell).to_contain_text("7 tables, a standard Mitchell: 7 rounds of 3 boards")
    mitchell.get_by_role("button", name="Use this movement").click()
    expect(page.locator(".messages")).to_contain_text("Movement chosen")
    shot("03-movement")

    page.get_by_role("button", name="Deal the boards").click()
    expect(page.locator(".messages")).to_contain_text("Boards dealt from seed")
    shot("04-boards")

    pack = context.request.get(
        f"{live_server.url}{page.get_by_role('link', name='Print pack').get_attribute('href')}"
    )
    assert pack.ok and pack.body().startswith(b"%PDF") and pack.headers["content-type"] == "application/pdf"

    page.get_by_role("button", name="Start: the tablets go live").click()
    expect(page.locator(".messages")).to_contain_text("The event is running")
    shot("05-started")

    event = Event.objects.get(name="Friday Drive")
    assert event.pairs.get(direction="NS", number=1).names == "Margaret Ashworth & Dennis Ashworth"
    tablets = []
    for table in range(1, 5):
        tablet = browser.new_context(viewport=TABLET, has_touch=True).new_page()
        open_page(tablet, f"{live_server.url}/t/")
        tablet.fill("#code", event.table_accesses.get(table=table).code)
        tablet.get_by_role("button", name="Open my table").click()
        expect(tablet.locator(".table-head")).to_contain_text(f"Table {table}")
        say_thats_us(tablet)
        tablets.append(tablet)
    for table, tablet in enumerate(tablets, start=1):
        pick_up(tablet)
        for board in tablet.locator("section.board").all():
            number = int(board.get_attribute("id").split("-")[1])
            tricks = (number * 3 + table) % 14
            tap(tablet, board.get_by_role("button", name=f"N/S took {tricks} tricks", exact=True))
            section = tablet.locator(f"#board-{number}")
            expect(section).to_contain_text(f"N/S {tricks} · E/W {13 - tricks}")
            tap(tablet, section.get_by_role("button", name="Yes, confirm"))
        expect(tablet.locator(".round-over")).to_contain_text("Round 1 is over")
        tablet.get_by_role("link", name="Next round").click()
        expect(tablet.locator(".table-head")).to_contain_text("Round 2 of 7")
        shoot(tablet, path=SHOTS / f"06-tablet-{table}.png", full_page=True)
    assert event.results.confirmed().count() == 12

    page.reload()
    expect(page.locator("li.step").nth(5)).to_contain_text("12 of 147 results in")
    page.check("input[name=adjust]")
    shot("07-before-close")
    page.get_by_role("button", name="Close the event").click()
    expect(page.locator(".messages")).to_contain_text("The event is closed")
    page.get_by_role("button", name="Publish the results").click()
    expect(page.locator(".messages")).to_contain_text("Results published")
    shot("08-published")

    public = browser.new_context(viewport=TABLET).new_page()
    public.goto(f"{live_server.url}/")
    public.get_by_role("link", name="Friday Drive").click()
    expect(public.get_by_text("Final results")).to_be_visible()
    expect(public.locator("table.standings").first).to_contain_text("Margaret Ashworth & Dennis Ashworth")
    shoot(public, path=SHOTS / "09-public-results.png", full_page=True)
