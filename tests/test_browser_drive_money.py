"""A drive with fees and the new prizes, in Chromium: the organiser sets the fees and a prize fund
of all the takings split 50/25/25, ticks two fees at the door, the tables tick the rest at their
check-in, four hands are played on two tablets, and the results show each prize with its money."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.shots import shoot
from tests.tablets import open_page, tap
from tournaments import services
from tournaments.models import Drive, DrivePayment
from tournaments.services import drives

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts"
PRIZES = "overall,half-time-lady,half-time-gent,second-half,booby-lady,booby-gent"


def _login(context, live_server, client, organiser):
    client.force_login(organiser)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )


def _open_money(desk) -> None:
    """Open the Money section (a return to #money may have opened it already)."""
    if desk.locator("#money").get_attribute("open") is None:
        desk.locator("#money summary").click()
    expect(desk.get_by_label("Member's fee")).to_be_visible()


def test_a_drive_with_fees_and_the_new_prizes_runs_on_the_tablets(
    live_server, browser, client, organiser, club
):
    SHOTS.mkdir(exist_ok=True)
    joan = services.member_create(club=club, first_name="Joan", last_name="Bellamy")
    drive = drives.drive_create(
        club=club, name="Harvest Drive", date="2026-09-05", hands=4, halves=2, prizes=PRIZES
    )
    names = [
        str(joan),
        "Harold Bick",
        "Ann Jones",
        "Bill Green",
        "Sue White",
        "Tom Black",
        "Eve Day",
        "Sam Day",
    ]
    for index, name in enumerate(names):
        drives.drive_player_add(drive=drive, role="LG"[index % 2], name=name)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    _login(context, live_server, client, organiser)
    desk = context.new_page()
    run = live_server.url + reverse("tournaments:drive-run", args=[drive.pk])
    desk.goto(run)

    # The money: fees, the raffle, all the takings as the fund split 50/25/25, ties share.
    _open_money(desk)
    desk.get_by_label("Member's fee").fill("3.00")
    desk.get_by_label("Guest's fee").fill("4")
    desk.get_by_label("Raffle takings").fill("-5")
    desk.get_by_role("button", name="Save the money").click()
    expect(desk.locator(".messages")).to_contain_text("The raffle cannot be negative")
    _open_money(desk)
    desk.get_by_label("Member's fee").fill("3.00")
    desk.get_by_label("Guest's fee").fill("4")
    desk.get_by_label("Raffle takings").fill("20")
    desk.get_by_label("Prize fund").select_option("share")
    desk.get_by_label("Share of the takings, per cent").fill("100")
    desk.get_by_label("Split across the prizes").select_option("50/25/25")
    desk.get_by_label("Players level").select_option("share")
    desk.get_by_role("button", name="Save the money").click()
    expect(desk.locator(".messages")).to_contain_text(
        "prize fund 100 per cent of the takings, split 50/25/25"
    )

    # At the door: Joan (a member, £3.00) pays cash, Harold (a guest, £4.00) by card.
    door = desk.locator("table.door")
    for who, method in (("Joan Bellamy", "Cash"), ("Harold Bick", "Card")):
        row = door.locator("tr", has_text=who)
        row.get_by_label(f"{who} paid by").select_option(label=method)
        row.get_by_role("button", name="Tick as paid").click()
        expect(desk.locator("table.door tr", has_text=who)).to_contain_text(f"paid {method.lower()}")
    expect(desk.locator("#money h3", has_text="At the door")).to_contain_text("2 of 8 paid")
    shoot(desk.locator("#money"), path=SHOTS / "drive-money-door.png")
    desk.get_by_role("button", name="Start the drive").click()
    expect(desk.locator(".messages")).to_contain_text("The drive has started.")

    drive = Drive.objects.get(pk=drive.pk)
    tablets, urls = {}, {}
    for access in drive.table_accesses.order_by("table"):
        tab = context.new_page()
        tab.set_viewport_size({"width": 800, "height": 1280})
        urls[access.table] = f"{live_server.url}/d/{access.token}/"
        open_page(tab, urls[access.table])
        tablets[access.table] = tab
    # Table 1's check-in asks only the two who have not paid; they pay there.
    fees = tablets[1].locator("fieldset.fees")
    expect(fees).to_contain_text("Ann Jones (L2), £4.00")
    expect(fees).not_to_contain_text("Joan Bellamy")
    fees.locator("select").nth(0).select_option(label="Cash")
    fees.locator("select").nth(1).select_option(label="Card")  # a guest has no account
    shoot(tablets[1], path=SHOTS / "drive-money-check-in.png", full_page=True)
    tablets[1].get_by_role("button", name="That's us").click()
    # Table 2: three pay by card, one does not pay yet.
    fees = tablets[2].locator("fieldset.fees")
    for n in range(3):
        fees.locator("select").nth(n).select_option(label="Card")
    tablets[2].get_by_role("button", name="That's us").click()
    expect(tablets[2].get_by_role("button", name="That's us")).to_have_count(0)
    assert DrivePayment.objects.filter(player__drive=drive).count() == 7

    for hand in range(1, 5):
        for table, tab in tablets.items():
            open_page(tab, urls[table])
            tricks = (hand * 5 + table * 3) % 14
            tap(tab, tab.get_by_role("button", name=f"N/S took {tricks} tricks", exact=True))
            tap(tab, tab.get_by_role("button", name="Yes, confirm"))
            expect(tab.locator(".round-over")).to_contain_text(f"Hand {hand} is over")

    desk.goto(run)
    desk.get_by_role("button", name="Close the drive").click()
    desk.get_by_role("button", name="Publish the results").click()
    # Takings: fees 3 + 4 + 4 + 4 + 3 x 4 = £27.00, the raffle £20.00: a fund of £47.00.
    state = drives.DriveState(Drive.objects.get(pk=drive.pk))
    lines = drives.prize_lines(state)
    assert [line.label for line in lines] == [
        "Highest overall",
        "Highest lady at half time",
        "Highest gent at half time",
        "Highest second half",
        "Lowest lady (booby)",
        "Lowest gent (booby)",
    ]
    results = context.new_page()
    results.goto(live_server.url + reverse("tournaments:drive-results", args=[drive.pk]))
    prizes = results.locator("dl.facts")
    expect(prizes).to_contain_text("Highest lady at half time")
    expect(prizes).to_contain_text("Highest second half")
    for line in lines:
        if line.amount:
            expect(prizes).to_contain_text(line.amount)
    paid = sum(pence for line in lines for _, pence in line.money.paid)
    assert paid == 4700  # the whole fund goes out, shared or not
    expect(prizes).to_contain_text("£23.50")  # the first prize: half of £47.00
    shoot(results, path=SHOTS / "drive-money-results.png", full_page=True)
    csv = client.get(reverse("tournaments:drive-money-csv", args=[drive.pk])).content.decode()
    assert csv.splitlines()[1].endswith(",8,1,7.00,20.00,0.00,0.00,20.00,47.00,47.00,47.00,0.00,GBP")
    context.close()
