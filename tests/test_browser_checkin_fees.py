"""In Chromium, on a phone: a pairs event's table and a two-player night's table tick the fees paid
there with their check-in (a pair's from its two members' accounts, a guest's by cash or card),
and the organiser's money page of each evening shows them paid. No page breaks a WCAG rule (axe)."""

from datetime import date
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.organisers import organiser_page
from tests.shots import shoot
from tests.tablets import open_page
from tests.test_browser_accessibility import violations
from tournaments import services
from tournaments.models import Member, Pair
from tournaments.services import duels
from tournaments.services.membership.accounts import account_top_up, balance_of
from tournaments.services.membership.fees import evening_money_set

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/checkin-fees")
PHONE = {"width": 390, "height": 844}


def test_tables_of_a_pairs_event_and_a_two_player_night_take_fees_at_check_in(
    live_server, browser, client, organiser, club, make_event
):
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann = Member.objects.create(club=club, first_name="Ann", last_name="Ashby")
    bob = Member.objects.create(club=club, first_name="Bob", last_name="Brown")
    for member in (ann, bob):
        account_top_up(member=member, amount=1000, method="cash", on=date(2026, 9, 30))
    event = make_event(club, name="Pairs Night", tables=3)
    for pair in event.pairs.all():
        Pair.objects.filter(pk=pair.pk).update(guest1=f"Gail {pair.number}", guest2=f"Gus {pair.number}")
    Pair.objects.filter(event=event, direction="NS", number=1).update(
        player1=ann, player2=bob, guest1="", guest2=""
    )
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    evening_money_set(evening=event, member_fee=300, guest_fee=400)
    night = duels.duel_night_create(
        club=club,
        name="Duel Night",
        date=date(2026, 11, 7),
        players=[str(ann), "Xan Guest", "Yan Guest", "Zed Guest"],
        rounds=2,
    )
    evening_money_set(evening=night, member_fee=300, guest_fee=400)
    duels.duel_night_start(night=night)

    tablet = browser.new_context(viewport=PHONE, has_touch=True, bypass_csp=True).new_page()
    open_page(
        tablet, live_server.url + reverse("tournaments:table", args=[event.table_accesses.get(table=1).token])
    )
    fees = tablet.locator("fieldset.fees")
    expect(fees).to_contain_text("Ann Ashby & Bob Brown, £6.00")
    expect(fees).to_contain_text("Gail 1 & Gus 1, £8.00")
    fees.locator("select[name=fee-NS1]").select_option("account")
    fees.locator("select[name=fee-EW1]").select_option("cash")
    shoot(tablet, path=SHOTS / "pairs-table.png", full_page=True)
    assert violations(tablet) == []
    tablet.get_by_role("button", name="That's us").click()
    expect(tablet.locator(".checkin")).to_have_count(0)

    open_page(
        tablet, live_server.url + reverse("tournaments:duel-table", args=[night.tables.get(number=1).token])
    )
    match = night.matches.get(round=1, table=1)
    fees = tablet.locator("fieldset.fees")
    expect(fees).to_contain_text(f"{match.player_b.name}, £")
    fees.locator(f"select[name=fee-P{match.player_b.number}]").select_option("card")
    shoot(tablet, path=SHOTS / "two-player-table.png", full_page=True)
    assert violations(tablet) == []
    tablet.get_by_role("button", name="Yes, that's us").click()
    expect(tablet.locator("#check-in")).to_have_count(0)
    tablet.context.close()

    page = organiser_page(browser, live_server, client, organiser, PHONE)
    page.goto(live_server.url + reverse("tournaments:event-money", args=[event.pk]))
    expect(page.get_by_role("heading", name="At the door (2 of 6 paid)")).to_be_visible()
    assert violations(page) == []
    page.goto(live_server.url + reverse("tournaments:duel-money", args=[night.pk]))
    expect(page.get_by_role("heading", name="At the door (1 of 4 paid)")).to_be_visible()
    shoot(page, path=SHOTS / "two-player-money.png", full_page=True)
    page.context.close()
    assert balance_of(ann) == balance_of(bob) == 700
