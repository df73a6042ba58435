"""A league match played on the tablets in Chromium: each side enters its own card at each of the
three tables; one deal pair differs and holds the result, the visitors correct their card, and the
league table counts the match. Then the league's pages at phone and 1080p sizes, screenshotted
(test-artifacts/leagues/), none wider than the screen but for grids that scroll in their box."""

from datetime import date
from pathlib import Path

import pytest
from django.urls import reverse

from tests.leagues import away_cards, home_cards, make_league
from tests.shots import shoot
from tests.test_browser_sizes import OVERFLOW, SIZES
from tournaments.domain.leagues import DEALS
from tournaments.models import CardDeal, MatchResult

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "leagues"
TABLET = {"width": 820, "height": 1180}


def _open(tablet, live_server, link) -> None:
    """The side's tablet types its own code on the start page."""
    from playwright.sync_api import expect

    tablet.goto(live_server.url + reverse("tournaments:table-start"))
    tablet.get_by_label("Type the code on your table card").fill(link.code)
    tablet.get_by_role("button", name="Open my table").click()
    expect(tablet.locator(".where")).to_have_text(f"Table {link.table}")


def _tap(tablet, table: int, deal: int, tricks: int) -> None:
    tablet.locator(f"#deal-{deal}").locator(f'label[for="id_t{table}d{deal}_{tricks}"]').click()


def _enter_card(tablet, button: str, table: int, tricks: dict[int, int]) -> None:
    from playwright.sync_api import expect

    tablet.get_by_role("link", name=button).click()
    for deal in DEALS:
        _tap(tablet, table, deal, tricks[deal])
    expect(tablet.locator("#still")).to_be_hidden()
    tablet.get_by_role("button", name="Save the card").click()
    expect(tablet.locator("#match-state")).to_be_visible()


def test_each_side_enters_its_own_card_on_its_own_tablet_and_the_organiser_corrects_a_held_one(
    live_server, browser, client, club, organiser
):
    from playwright.sync_api import expect

    league = make_league(club)
    fixture = league.fixtures.select_related("home", "away").first()
    home, away = fixture.home.name, fixture.away.name
    links = {(link.table, link.side): link for link in fixture.tables.all()}
    home_card = home_cards()
    away_card = away_cards(home_card)
    context = browser.new_context(viewport=TABLET)
    tablet = context.new_page()

    # Table 1: the home side first; the visitors' tablet then reads none of its figures.
    _open(tablet, live_server, links[1, "home"])
    _enter_card(tablet, f"Enter {home}’s card", 1, home_card[1])
    _open(tablet, live_server, links[1, "away"])
    expect(tablet.locator("#whose")).to_contain_text(f"{away}’s card")
    expect(tablet.locator("table.league-cards tbody tr").first.locator("td").nth(1)).to_have_text("in")
    tablet.get_by_role("link", name=f"Enter {away}’s card").click()
    expect(tablet.locator("fieldset.deal input:checked")).to_have_count(0)
    expect(tablet.locator("#still")).to_have_text("24 deals are still to tap.")
    tablet.go_back()
    _enter_card(tablet, f"Enter {away}’s card", 1, away_card[1])
    expect(tablet.locator("table.league-cards tbody tr").first.locator("td").nth(1)).to_have_text("7")
    cards = CardDeal.objects.filter(fixture=fixture, table=1)
    assert dict(cards.filter(side="home").values_list("deal", "tricks")) == home_card[1]  # untouched
    assert dict(cards.filter(side="away").values_list("deal", "tricks")) == away_card[1]

    # Table 2: the visitors first, with a slip they correct before the home side's card is in.
    _open(tablet, live_server, links[2, "away"])
    _enter_card(tablet, f"Enter {away}’s card", 2, away_card[2] | {5: 9})
    tablet.get_by_role("link", name=f"Correct {away}’s card").click()
    expect(tablet.locator("#id_t2d5_9")).to_be_checked()
    _tap(tablet, 2, 5, away_card[2][5])
    tablet.get_by_role("button", name="Save the card").click()
    _open(tablet, live_server, links[2, "home"])
    _enter_card(tablet, f"Enter {home}’s card", 2, home_card[2])

    # Table 3: the visitors' card is wrong on deals 5 and 9; both are in, so it holds the result
    # and only the organiser corrects it.
    _open(tablet, live_server, links[3, "home"])
    _enter_card(tablet, f"Enter {home}’s card", 3, home_card[3])
    _open(tablet, live_server, links[3, "away"])
    _enter_card(tablet, f"Enter {away}’s card", 3, away_card[3] | {5: 8, 9: 5})
    expect(tablet.locator("#match-state")).to_have_text(
        f"Held: table 3 deals 5 and 9 differ. Check them with {home}; the organiser corrects the card "
        "that is wrong."
    )
    expect(tablet.locator("tr.differs")).to_have_count(2)
    expect(tablet.locator("#card-closed")).to_contain_text("Both cards of table 3 are in")
    expect(tablet.get_by_role("link", name=f"Correct {away}’s card")).to_have_count(0)
    tablet.goto(live_server.url + reverse("tournaments:league-tablet-card", args=[links[3, "away"].token]))
    expect(tablet.locator("#card-closed")).to_be_visible()  # sent back to the table's page
    assert not MatchResult.objects.exists()
    context.close()

    client.force_login(organiser)
    desk = browser.new_context(viewport={"width": 1366, "height": 900})
    desk.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = desk.new_page()
    page.goto(
        live_server.url + reverse("tournaments:league-card", args=[club.slug, league.pk, fixture.pk, "away"])
    )
    page.locator("#id_t3d5").fill(str(away_card[3][5]))
    page.locator("#id_t3d9").fill(str(away_card[3][9]))
    page.get_by_role("button", name="Save the card").click()
    expect(page.locator(".messages")).to_contain_text("The cards agree: the result is in, 456 tricks to 480.")
    desk.close()

    result = MatchResult.objects.get(fixture=fixture)
    assert (result.home_tricks, result.away_tricks) == (456, 480)
    actions = list(club.changes.order_by("id").values_list("action", flat=True))
    assert actions == ["created", "card", "card", "card", "corrected", "card", "card", "card", "held"] + [
        "corrected",
        "agreed",
    ]
    corrections = list(
        club.changes.filter(action="corrected").order_by("id").values_list("detail", "changed_by")
    )
    assert corrections[0][0].endswith("table 2: the visitors' card corrected at the table: deal 5 9 → 7")
    assert corrections[1] == (
        f"{league}: round 1, {home} v {away}, table 3: the visitors' card corrected from the paper card: "
        "deal 5 8 → 7, deal 9 5 → 7",
        organiser.pk,
    )

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
        "tablet-card": reverse("tournaments:league-tablet-card", args=[link.token]),
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


CARD_SIZES = {**SIZES, "1024": (1024, 768)}


@pytest.mark.parametrize("game", [0, 5])
def test_the_tablets_card_has_big_buttons_at_every_size(live_server, browser, club, game):
    """A side's card on its tablet: for each deal a button for each count of tricks, as the
    evenings' tablets have (and the honours as buttons too, in games and rubbers), at a phone, a
    tablet, a 1024x768 screen and a 1080p one, nothing wider than the screen."""
    from playwright.sync_api import expect

    league = make_league(club, game=game)
    fixture = league.fixtures.select_related("away").first()
    link = fixture.tables.get(table=2, side="away")
    url = live_server.url + reverse("tournaments:league-tablet-card", args=[link.token])
    SHOTS.mkdir(parents=True, exist_ok=True)
    too_wide = {}
    for size, (width, height) in CARD_SIZES.items():
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(url)
        expect(page.locator("fieldset.deal")).to_have_count(24)
        buttons = page.locator("#deal-1 label.trick")
        expect(buttons).to_have_count(14)
        for n in (0, 13):
            box = buttons.nth(n).bounding_box()
            assert box["height"] >= 48 and box["width"] >= 40, (size, n, box)
            assert box["x"] + box["width"] <= width
        _tap(page, 2, 1, 6)
        _tap(page, 2, 2, 7)
        if game:
            page.locator("#deal-2").get_by_text("they 2 honours", exact=True).click()
            box = page.locator("#deal-2 label.honour").last.bounding_box()
            assert box["height"] >= 48 and box["x"] + box["width"] <= width
        expect(page.locator("#deal-2 legend")).to_have_text("Deal 2: 7 tricks")
        expect(page.locator("#still")).to_have_text("22 deals are still to tap.")
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, path=SHOTS / f"card-{'rubbers-' if game else ''}{size}.png")
        shoot(page, path=SHOTS / f"card-{'rubbers-' if game else ''}{size}-full.png", full_page=True)
        wide = page.evaluate(OVERFLOW)
        if wide:
            too_wide[size] = wide
        page.close()
    assert too_wide == {}


def test_the_organiser_moves_a_round_off_christmas_day_on_a_phone(
    live_server, browser, client, club, organiser
):
    from playwright.sync_api import expect

    league = make_league(club, start=date(2026, 10, 16))  # Fridays: round 11 on Christmas Day
    client.force_login(organiser)
    width, height = SIZES["phone"]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("tournaments:league-fixtures", args=[club.slug, league.pk]))
    round_11 = page.locator("#round-11")
    expect(round_11.locator(".holiday")).to_have_text(
        "This round falls on Christmas Day. Move it if the clubs will not play then:"
    )
    round_11.scroll_into_view_if_needed()
    shoot(page, path=SHOTS / "fixtures-holiday-phone.png")
    assert page.evaluate(OVERFLOW) == []
    round_11.get_by_label("New date for round 11").fill("2026-12-29")
    round_11.get_by_role("button", name="Move round 11").click()
    expect(page.locator(".messages")).to_contain_text("Round 11 is now on Tue 29 Dec 2026.")
    expect(page.locator("#round-11 h3")).to_have_text("Round 11 · Tue 29 Dec 2026")
    expect(page.locator("#round-11 .holiday")).to_have_count(0)
    expect(page.locator("#round-12 .holiday")).to_contain_text("New Year's Day")
    context.close()
