"""A league match played on the tablets in Chromium: each side enters its own card at each of the
three tables; one deal pair differs and holds the result, the visitors correct their card, and the
league table counts the match. Then the league's pages at phone and 1080p sizes, screenshotted
(test-artifacts/leagues/), none wider than the screen but for grids that scroll in their box."""

from pathlib import Path

import pytest
from django.urls import reverse

from tests.leagues import away_cards, home_cards, make_league
from tests.shots import shoot
from tests.test_browser_sizes import OVERFLOW, SIZES
from tournaments.domain.leagues import DEALS
from tournaments.models import AuditLine, MatchResult

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "leagues"
TABLET = {"width": 820, "height": 1180}


def _enter_card(tablet, side_button: str, tricks: dict[int, int]) -> None:
    from playwright.sync_api import expect

    tablet.get_by_role("link", name=side_button).click()
    for deal in DEALS:
        tablet.get_by_label(f"Deal {deal}", exact=True).fill(str(tricks[deal]))
    tablet.get_by_role("button", name="Save the card").click()
    expect(tablet.locator("#match-state")).to_be_visible()


def test_a_match_entered_on_three_tablets_is_held_then_agreed(live_server, browser, club):
    from playwright.sync_api import expect

    league = make_league(club)
    fixture = league.fixtures.select_related("home", "away").first()
    home, away = fixture.home.name, fixture.away.name
    home_card = home_cards()
    away_card = away_cards(home_card)
    context = browser.new_context(viewport=TABLET)
    tablet = context.new_page()
    for link in fixture.tables.order_by("table"):
        tablet.goto(live_server.url + reverse("tournaments:table-start"))
        tablet.get_by_label("Type the code on your table card").fill(link.code)
        tablet.get_by_role("button", name="Open my table").click()
        expect(tablet.locator(".where")).to_have_text(f"Table {link.table}")
        sent = dict(away_card[link.table])
        if link.table == 3:  # the visitors' card at table 3 is wrong on deals 5 and 9
            sent[5], sent[9] = 8, 5
        _enter_card(tablet, "Home side’s card: to enter", home_card[link.table])
        _enter_card(tablet, "Visitors’ card: to enter", sent)
    expect(tablet.locator("#match-state")).to_have_text(
        "Held: table 3 deals 5 and 9 differ. Check them with the other side, and correct your card."
    )
    expect(tablet.locator("tr.differs")).to_have_count(2)
    assert not MatchResult.objects.exists()

    # The visitors correct their card: the boxes show what they typed before.
    tablet.get_by_role("link", name="Visitors’ card: in").click()
    expect(tablet.get_by_label("Deal 5", exact=True)).to_have_value("8")
    tablet.get_by_label("Deal 5", exact=True).fill(str(away_card[3][5]))
    tablet.get_by_label("Deal 9", exact=True).fill(str(away_card[3][9]))
    tablet.get_by_role("button", name="Save the card").click()
    expect(tablet.locator(".messages")).to_contain_text(
        "The cards agree: the result is in, 456 tricks to 480."
    )
    expect(tablet.locator("#match-state")).to_contain_text(f"{home} 456 tricks, {away} 480")
    context.close()

    result = MatchResult.objects.get(fixture=fixture)
    assert (result.home_tricks, result.away_tricks) == (456, 480)
    actions = list(club.changes.order_by("id").values_list("action", flat=True))
    assert actions == ["created"] + ["card"] * 6 + ["held", "corrected", "agreed"]
    assert AuditLine.objects.filter(
        action="corrected", detail__contains="deal 5 8 → 7, deal 9 5 → 7"
    ).exists()

    table = browser.new_page()
    table.goto(live_server.url + reverse("tournaments:league", args=[club.slug, league.pk]))
    first = table.locator("table.league-table tbody tr").first
    expect(first.locator("td").nth(1)).to_have_text(away)
    expect(first.locator("td").last).to_have_text("3")
    table.close()


def test_the_league_pages_fit_a_phone_and_a_hall_screen(live_server, browser, client, club, organiser):
    from tournaments.services.leagues import match_card_enter

    league = make_league(club, clubs=["Dee Whist Club", "Don Whist Club", "Kincardine O'Neil Whist Club"])
    fixture = league.fixtures.first()
    home = home_cards()
    away = away_cards(home)
    away[2][5] = 9
    match_card_enter(fixture=fixture, side="home", tables=home)
    match_card_enter(fixture=fixture, side="away", tables=away)
    client.force_login(organiser)
    session = client.cookies["sessionid"].value
    link = fixture.tables.first()
    slug = club.slug
    pages = {
        "leagues": reverse("tournaments:leagues", args=[slug]),
        "league-new": reverse("tournaments:league-new", args=[slug]),
        "league-table": reverse("tournaments:league", args=[slug, league.pk]),
        "fixtures": reverse("tournaments:league-fixtures", args=[slug, league.pk]),
        "results": reverse("tournaments:league-results", args=[slug, league.pk]),
        "match": reverse("tournaments:league-match", args=[slug, league.pk, fixture.pk]),
        "paper-card": reverse("tournaments:league-card", args=[slug, league.pk, fixture.pk, "away"]),
        "tablet": reverse("tournaments:league-tablet", args=[link.token]),
        "tablet-card": reverse("tournaments:league-tablet-card", args=[link.token, "home"]),
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    too_wide = {}
    for size in ("phone", "hd"):
        width, height = SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height})
        context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
        page = context.new_page()
        for name, path in pages.items():
            response = page.goto(live_server.url + path)
            assert response.status == 200, (name, size, response.status)
            shoot(page, path=SHOTS / f"{name}-{size}.png", full_page=True)
            wide = page.evaluate(OVERFLOW)
            if wide:
                too_wide[(name, size)] = wide
        context.close()
    assert too_wide == {}, "\n".join(f"{k}: {v}" for k, v in too_wide.items())


def test_a_phone_shows_the_points_and_the_results_without_scrolling(live_server, browser, club):
    """The figures a player looks for first, the points in the table and each match's result in
    the fixtures, are on the screen of a phone; the tricks for and against wait for a wider one."""
    from tournaments.services.leagues import match_card_enter

    clubs = ["Bucksburn & District Whist Club", "Ythan Valley Senior Citizens' Whist Club", "Dee", "Don"]
    league = make_league(club, clubs=clubs)
    home = home_cards()
    for fixture in league.fixtures.all()[:2]:
        match_card_enter(fixture=fixture, side="home", tables=home)
        match_card_enter(fixture=fixture, side="away", tables=away_cards(home))
    width, height = SIZES["phone"]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(live_server.url + reverse("tournaments:league", args=[club.slug, league.pk]))
    points = page.locator("table.league-table th").filter(has_text="Points")
    assert points.bounding_box()["x"] + points.bounding_box()["width"] <= width
    page.goto(live_server.url + reverse("tournaments:league-fixtures", args=[club.slug, league.pk]))
    result = page.locator("table.league-matches th").filter(has_text="Result").first
    assert result.bounding_box()["x"] + result.bounding_box()["width"] <= width
    shoot(page, path=SHOTS / "fixtures-phone-results.png")
    page.close()
