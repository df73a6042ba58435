"""The results on a phone (390 x 844), with the demo's long names: the standings give the place,
the players and the percentage on the screen; travellers and score cards keep their tricks and
scores on it, a score card a line a board. Nothing is cut, nothing wider than the screen, not even
inside a box that scrolls sideways."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.shots import shoot
from tournaments.models import Drive, Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "phone"
PHONE = {"width": 390, "height": 844}
# Anything past the screen's right edge, a box that scrolls sideways, a cell whose text is cut.
TOO_WIDE = """() => {
  const width = document.documentElement.clientWidth;
  const shown = el => el.getClientRects().length > 0;
  const say = el => el.tagName + ': ' + (el.textContent || '').trim().slice(0, 30);
  return [
    ...Array.from(document.querySelectorAll('body *')).filter(shown)
      .filter(el => el.getBoundingClientRect().right > width + 1).map(el => 'past the edge: ' + say(el)),
    ...Array.from(document.querySelectorAll('.scroll')).filter(el => el.scrollWidth > el.clientWidth)
      .map(el => 'scrolls sideways: ' + say(el)),
    ...Array.from(document.querySelectorAll('td, th')).filter(shown)
      .filter(el => el.scrollWidth > el.clientWidth).map(el => 'cut: ' + say(el)),
  ].slice(0, 5);
}"""
HEADINGS = """table => Array.from(table.querySelectorAll('thead th'))
  .filter(th => th.getClientRects().length).map(th => th.textContent.trim())"""
# Rows taller than a line and a half of their type: a row that wrapped.
WRAPPED = """table => Array.from(table.querySelectorAll('tbody tr')).filter(tr => {
  const line = parseFloat(getComputedStyle(tr.cells[0]).lineHeight);
  return tr.getBoundingClientRect().height > 1.5 * line + 16;
}).map(tr => tr.textContent.trim().slice(0, 40))"""


@pytest.fixture
def phone(live_server, browser):
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    SHOTS.mkdir(parents=True, exist_ok=True)

    def visit(name: str, path: str):
        page.goto(live_server.url + path)
        shoot(page, path=SHOTS / f"{name}.png", full_page=True)
        assert page.evaluate(TOO_WIDE) == [], name
        return page

    yield visit
    context.close()


@pytest.fixture
def events(demo_with_long_names):
    return [Event.objects.get(name=name) for name in ("Autumn Pairs", "Tuesday Howell")]


def test_the_standings_give_place_players_and_percentage_on_a_phone(phone, events):
    for event in events:
        page = phone(f"standings-{event.pk}", reverse("tournaments:results", args=[event.pk]))
        for table in page.locator("table.standings").all():
            assert table.evaluate(HEADINGS) == ["Place", "Pair", "Players", "%"]
        names = " ".join(page.locator("table.standings td.names").all_text_contents())
        assert "Featherstonehaugh" in names  # a longest name, whole on the screen


def test_an_individual_events_standings_name_a_player_a_row_on_a_phone(phone, demo_with_long_names):
    event = Event.objects.get(name="Wednesday Individual")
    page = phone(f"standings-{event.pk}", reverse("tournaments:results", args=[event.pk]))
    assert page.locator("table.standings").evaluate(HEADINGS) == ["Place", "Card", "Player", "%"]


def test_a_traveller_keeps_its_tricks_and_scores_on_a_phone(phone, events):
    for event in events:
        page = phone(f"traveller-{event.pk}", reverse("tournaments:results-board", args=[event.pk, 1]))
        table = page.locator("table.results-detail")
        headings = ["Round", "N/S cards", "E/W cards", "N/S tricks", "N/S score", "E/W score"]
        assert table.evaluate(HEADINGS) == headings
        assert table.evaluate(WRAPPED) == []


def test_a_minnesota_traveller_keeps_who_went_grand_and_the_scores_on_a_phone(phone, demo_with_long_names):
    event = Event.objects.get(name="Minnesota Whist Night")
    page = phone(f"traveller-{event.pk}", reverse("tournaments:results-board", args=[event.pk, 1]))
    table = page.locator("table.results-detail")
    # The round and the pairs on a line above each result's figures.
    assert table.evaluate(HEADINGS) == ["Grand", "N/S tricks", "N/S points", "N/S score", "E/W score"]
    assert table.locator("tr.meeting").first.inner_text().startswith("Round 1: Pair ")
    assert table.evaluate(WRAPPED) == []


def test_a_score_card_is_a_line_a_board_on_a_phone(phone, events):
    for event in events:
        longest = max(event.pairs.all(), key=lambda pair: len(pair.names))
        card = reverse("tournaments:results-pair", args=[event.pk, longest.direction.lower(), longest.number])
        page = phone(f"score-card-{event.pk}", card)
        table = page.locator("table.results-detail")
        assert table.evaluate(HEADINGS) == ["Board", "Opponents", "Trumps", "Tricks", "Score", "Top"]
        assert table.evaluate(WRAPPED) == []
        assert longest.names in page.locator("h2").first.text_content()


def test_an_individual_players_card_keeps_its_score_and_top_on_a_phone(phone, demo_with_long_names):
    event = Event.objects.get(name="Wednesday Individual")
    for number in range(1, event.individuals.count() + 1):
        page = phone(f"player-card-{number}", reverse("tournaments:results-player", args=[event.pk, number]))
        table = page.locator("table.results-detail")
        assert table.evaluate(HEADINGS) == ["Board", "Partner", "Trumps", "Tricks", "Score", "Top"]


def test_a_team_nights_results_keep_points_and_tricks_on_a_phone(phone, demo_with_long_names):
    for night in Drive.objects.filter(format=Drive.Format.TEAMS, published=True).order_by("id"):
        page = phone(f"team-night-{night.pk}", reverse("tournaments:drive-results", args=[night.pk]))
        teams, pairs = page.locator("table.team-results"), page.locator("table.pair-results")
        # The points (in the evening's measure: "Team points", "Rubber points") and the tricks.
        points, *_ = teams.evaluate(HEADINGS)[3:]
        assert points.endswith("points")
        assert teams.evaluate(HEADINGS) == ["Place", "Team", "Name", points, "Tricks"]
        assert pairs.evaluate(HEADINGS) == ["Place", "Team", points, "Tricks"]
        names = " ".join(pairs.locator("td.names .under").all_inner_texts())
        assert "Featherstonehaugh" in names  # a longest name, whole on the screen


def test_a_boards_correction_page_fits_a_phone_form_and_all(
    live_server, browser, client, demo_with_long_names
):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.get(username="organiser"))
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    for name in ("Autumn Pairs", "Minnesota Whist Night", "Wednesday Individual"):
        event = Event.objects.get(name=name)
        page.goto(live_server.url + reverse("tournaments:director-board", args=[event.pk, 1]))
        shoot(page, path=SHOTS / f"director-board-{event.pk}.png", full_page=True)
        assert page.evaluate(TOO_WIDE) == [], name
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        form = page.locator("form.director-form").first
        for field in ("ns_tricks", "ns_adjusted", "ew_adjusted", "reason"):
            assert form.locator(f"[name={field}]").is_visible()
        expect(form.get_by_role("button", name="Save")).to_be_in_viewport()
    # The form still sets a result, from the phone.
    event = Event.objects.get(name="Autumn Pairs")
    page.goto(live_server.url + reverse("tournaments:director-board", args=[event.pk, 1]))
    form = page.locator("form.director-form").first
    form.locator("[name=ns_tricks]").select_option("8")
    form.locator("[name=reason]").fill("Traveller read again")
    form.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_be_visible()
    assert page.evaluate(TOO_WIDE) == []
    context.close()
