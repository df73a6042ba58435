"""Every kind of page players and the organiser meet, checked by axe-core against the WCAG 2.0 to 2.2
A and AA rules in Chromium, at phone and 1080p sizes: none has a violation. The axe script comes
from a pinned package (axe-playwright-python ships it), never fetched while the tests run."""

from pathlib import Path

import axe_playwright_python
import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import expect

from tests.leagues import away_cards, home_cards, make_league
from tests.shots import shoot
from tests.tablets import open_page, say_thats_us
from tournaments import services
from tournaments.models import Club, Drive, Event
from tournaments.services import widow
from tournaments.services.leagues import match_card_enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
AXE = Path(axe_playwright_python.__file__).with_name("axe.min.js")
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SIZES = {"phone": (390, 844), "hd": (1920, 1080)}
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "accessibility"
RUN_AXE = r"""async (tags) => {
  const found = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  const where = n => n.target.join(' ') + ' [' + n.failureSummary.replace(/\s+/g, ' ') + ']';
  return found.violations.map(v => v.id + ' (' + v.impact + '): ' + v.help + ' at '
    + v.nodes.slice(0, 3).map(where).join(', '));
}"""


def violations(page) -> list[str]:
    """What axe finds wrong on the page as it is now (the page's own script policy is set aside for
    axe alone: the browser contexts bypass it)."""
    page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE, RULES)


def _organiser_pages(club: Club, thursday: Event, autumn: Event, howell: Event, league) -> dict:
    saturday = Drive.objects.get(name="Saturday Village Drive")
    friday = Drive.objects.get(name="Friday Progressive")
    fixture = league.fixtures.order_by("pk").first()
    slug = club.slug
    return {
        "home": reverse("tournaments:home"),
        "new-event": reverse("tournaments:event-new"),
        "new-drive": reverse("tournaments:drive-new"),
        "event": reverse("tournaments:event-detail", args=[thursday.pk]),
        "run": reverse("tournaments:event-run", args=[thursday.pk]),
        "movement": reverse("tournaments:event-movement", args=[howell.pk]),
        "live": reverse("tournaments:event-live", args=[thursday.pk]),
        "drive-run": reverse("tournaments:drive-run", args=[friday.pk]),
        "room": reverse("tournaments:event-room", args=[howell.pk]),
        "drive-room": reverse("tournaments:drive-room", args=[saturday.pk]),
        "results": reverse("tournaments:results", args=[autumn.pk]),
        "results-board": reverse("tournaments:results-board", args=[autumn.pk, 1]),
        "drive-results": reverse("tournaments:drive-results", args=[saturday.pk]),
        "club-results": reverse("tournaments:club-results", args=[slug]),
        "competitions": reverse("tournaments:competitions", args=[slug]),
        "competition-kinds": reverse("tournaments:competition-new", args=[slug]),
        "competition-form": reverse("tournaments:competition-new", args=[slug]) + "?kind=best",
        "league-match": reverse("tournaments:league-match", args=[slug, league.pk, fixture.pk]),
        "league-card": reverse("tournaments:league-card", args=[slug, league.pk, fixture.pk, "away"]),
        # A side's own card on its tablet, still to be entered: the big buttons of every deal.
        "league-tablet-card": reverse(
            "tournaments:league-tablet-card",
            args=[
                league.fixtures.order_by("pk")[1].tables.filter(side="home").order_by("table").first().token
            ],
        ),
    }


@pytest.fixture
def demo(client, make_event):
    call_command("demo")
    club = Club.objects.get(slug="ribble-valley-whist-club")
    thursday = Event.objects.get(status=Event.Status.READY)  # the demo's relay, ready to play
    services.event_start(event=thursday)
    ready = make_event(club, name="Friday Pairs")
    services.event_set_status(event=ready, status="ready")
    series = widow.widow_create(club=club, name="Widow Tonight", date=thursday.date, series=1, deals_each=3)
    for member in club.members.order_by("pk")[:9]:
        services.drives.drive_player_add(drive=series, member=member)
    series = widow.widow_start(drive=series)
    league = make_league(club, clubs=["Dee Whist Club", "Don Whist Club", "Ribble Whist Club"])
    fixture = league.fixtures.order_by("pk").first()
    home = home_cards()
    away = away_cards(home)
    away[2][5] = 9
    match_card_enter(fixture=fixture, side="home", tables=home)
    match_card_enter(fixture=fixture, side="away", tables=away)
    client.login(username="organiser", password="whistdrive")
    return {
        "session": client.cookies["sessionid"].value,
        "pages": _organiser_pages(
            club,
            thursday,
            Event.objects.get(name="Autumn Pairs"),
            Event.objects.get(name="Tuesday Howell"),
            league,
        ),
        "tablets": {
            "tablet-ready": reverse("tournaments:table", args=[ready.table_accesses.get(table=1).token]),
            "tablet": reverse("tournaments:table", args=[thursday.table_accesses.get(table=1).token]),
            "drive-tablet": reverse(
                "tournaments:drive-table",
                args=[Drive.objects.get(name="Friday Progressive").table_accesses.get(table=1).token],
            ),
            # A widow whist table of three: who took the widow, then each player's tricks.
            "widow-tablet": reverse(
                "tournaments:drive-table", args=[series.table_accesses.get(table=1).token]
            ),
        },
    }


@pytest.mark.parametrize("size", SIZES)
def test_no_page_breaks_a_wcag_rule(live_server, browser, demo, size):
    width, height = SIZES[size]
    SHOTS.mkdir(parents=True, exist_ok=True)
    found = {}
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    context.add_cookies([{"name": "sessionid", "value": demo["session"], "url": live_server.url}])
    page = context.new_page()
    for name, path in demo["pages"].items():
        response = page.goto(live_server.url + path)
        assert response.status == 200, (name, response.status)
        shoot(page, path=SHOTS / f"{name}-{size}.png", full_page=True)
        found[name] = violations(page)
    context.close()
    # A table's tablet: waiting for the start, then the players first say who is at the table (the
    # check-in) and enter scores (the demo's drive is two hands in, its tables past the check-in).
    tablet = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True, bypass_csp=True
    ).new_page()
    # A waiting table's page loads itself again every few seconds: held still while axe reads it.
    tablet.route("**/refresh.js", lambda route: route.abort())
    for name, path in demo["tablets"].items():
        open_page(tablet, live_server.url + path)
        if name in ("tablet", "widow-tablet"):  # just started: the table asks who is there
            found[f"{name}-check-in"] = violations(tablet)
            say_thats_us(tablet)
        if name == "tablet-ready":
            expect(tablet.get_by_text("play starts when the organiser presses Start")).to_be_visible()
        shoot(tablet, path=SHOTS / f"{name}-{size}.png", full_page=True)
        found[name] = violations(tablet)
    tablet.context.close()
    wrong = {name: found for name, found in found.items() if found}
    assert wrong == {}, "\n".join(f"{name}: {line}" for name, lines in wrong.items() for line in lines)
