"""In Chromium, on a phone and at 1080p: the organiser opens a pairs event's money page from its
run page, sets its fees and ticks a pair's fee from its two members' accounts; a two-player
night's money page, and the money section of a widow series' and a team night's run pages. No page
breaks a WCAG rule (axe)."""

from datetime import date
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.organisers import organiser_page
from tests.shots import shoot
from tests.test_browser_accessibility import violations
from tournaments.models import EveningFee, Member
from tournaments.services import drives, widow
from tournaments.services.duels import duel_night_create
from tournaments.services.membership.accounts import account_top_up, balance_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/evening-money")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1920, 1080)])
def test_the_organiser_takes_fees_at_an_event_a_night_a_widow_series_and_a_team_night(
    live_server, browser, client, organiser, club, make_event, width, height
):
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann = Member.objects.create(club=club, first_name="Ann", last_name="Ashby")
    bob = Member.objects.create(club=club, first_name="Bob", last_name="Brown")
    for member in (ann, bob):
        account_top_up(member=member, amount=1000, method="cash", on=date(2026, 9, 30))
    event = make_event(club, name="Pairs Night", tables=3)
    pair = event.pairs.get(direction="NS", number=1)
    pair.player1, pair.player2 = ann, bob
    pair.save()
    page = organiser_page(browser, live_server, client, organiser, {"width": width, "height": height})

    page.goto(live_server.url + reverse("tournaments:event-run", args=[event.pk]))
    page.get_by_role("link", name="Money: fees at the door, table money and raffle").click()
    expect(page.get_by_role("heading", name="Money: Pairs Night")).to_be_visible()
    page.get_by_label("Member's fee").fill("3")
    page.get_by_label("Guest's fee").fill("4.50")
    page.get_by_role("button", name="Save the money").click()
    expect(page.get_by_text("Fees: member £3.00, guest £4.50.")).to_be_visible()
    page.get_by_label("Ann Ashby & Bob Brown paid by").select_option("account")
    page.get_by_role("row", name="Ann Ashby & Bob Brown").get_by_role("button", name="Record").click()
    expect(page.get_by_text("£3.00 taken from Ann Ashby's account")).to_be_visible()
    expect(page.get_by_role("heading", name="At the door (1 of 6 paid)")).to_be_visible()
    shoot(page, path=SHOTS / f"event-{width}.png", full_page=True)
    assert violations(page) == []

    night = duel_night_create(
        club=club, name="Duel Night", date=date(2026, 11, 7), players=[str(ann), "Xan Guest"], rounds=1
    )
    page.goto(live_server.url + reverse("tournaments:duel-run", args=[night.pk]))
    page.get_by_role("link", name="Money: fees at the door, table money and raffle").click()
    page.get_by_label("Xan Guest paid by").select_option("card")
    page.get_by_role("row", name="Xan Guest").get_by_role("button", name="Record").click()
    expect(page.get_by_role("heading", name="At the door (1 of 2 paid)")).to_be_visible()
    assert violations(page) == []

    series = widow.widow_create(
        club=club, name="Widow Night", date=date(2026, 10, 10), series=1, deals_each=3
    )
    for name in (str(ann), str(bob), "Wes Guest"):
        drives.drive_player_add(drive=series, name=name)
    teams = drives.team_night_create(
        club=club,
        name="Team Night",
        date=date(2026, 10, 17),
        teams=[(t, [f"{t} {n}" for n in "ABCD"]) for t in ("Aces", "Kings", "Queens", "Jacks")],
    )
    for drive in (series, teams):
        page.goto(live_server.url + reverse("tournaments:drive-run", args=[drive.pk]))
        if page.locator("#money").get_attribute("open") is None:
            page.locator("#money summary").click()
        expect(page.get_by_label("Member's fee")).to_be_visible()
        shoot(page, path=SHOTS / f"{drive.name.split()[0].lower()}-{width}.png", full_page=True)
        assert violations(page) == []
    page.context.close()
    assert balance_of(ann) == balance_of(bob) == 700
    assert EveningFee.objects.count() == 2
