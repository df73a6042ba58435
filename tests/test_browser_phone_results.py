"""The results on a phone (390 x 844), with the demo's long names: the standings give the place,
the players and the percentage on the screen; travellers and score cards keep their tricks and
scores on it, a score card a line a board. Nothing is cut, nothing wider than the screen, not even
inside a box that scrolls sideways."""

from pathlib import Path

import pytest
from django.urls import reverse

from tests.shots import shoot
from tournaments.models import Event

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
        assert "Mary-Elizabeth Cartwright-Visintin & Bartholomew Featherstonehaugh-Smythe" in names


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


def test_a_score_card_is_a_line_a_board_on_a_phone(phone, events):
    for event in events:
        longest = max(event.pairs.all(), key=lambda pair: len(pair.names))
        card = reverse("tournaments:results-pair", args=[event.pk, longest.direction.lower(), longest.number])
        page = phone(f"score-card-{event.pk}", card)
        table = page.locator("table.results-detail")
        assert table.evaluate(HEADINGS) == ["Board", "Opponents", "Trumps", "Tricks", "Score"]
        assert table.evaluate(WRAPPED) == []
        assert longest.names in page.locator("h2").first.text_content()
