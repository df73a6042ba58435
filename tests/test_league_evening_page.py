"""A league match pair's page on their phone: opened by its key alone, its stanzas at their tables
with their side's figures and the other side's only once both cards of that table are in (as the
side's tablet shows them), the match so far, its changing part asked alone, a constant number of
queries; and the tablet that gives the link of the pair starting at its table."""

import doctest
import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.leagues import away_cards, home_cards, make_league
from tests.test_league_rubbers import _cards
from tournaments.services.kinds import KINDS
from tournaments.services.leagues import match_card_enter, phone
from tournaments.services.leagues.phone import league_evening_key

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixture(club):
    return make_league(club).fixtures.select_related("home", "away").first()


def _link(fixture, side, table):
    return fixture.tables.get(side=side, table=table)


def _url(link, key=None):
    key = league_evening_key(link) if key is None else key
    return reverse("tournaments:league-evening", args=[link.pk, key])


def _page(client, fixture, side, table) -> str:
    response = client.get(_url(_link(fixture, side, table)))
    assert response.status_code == 200
    return response.content.decode()


def _stanza(page: str, first_deal: int) -> str:
    """The article of the stanza that starts at this deal."""
    return re.search(rf'<article[^>]* id="deals-{first_deal}">(.*?)</article>', page, re.S).group(1)


def _row(deal: int, ours, theirs) -> str:
    return f"<tr><td>{deal}</td><td>{ours}</td><td>{theirs}</td>"


def test_the_league_match_has_its_players_page_in_the_registry():
    assert KINDS["league-match"].phone_page == "league-evening"
    assert doctest.testmod(phone).failed == 0


def test_a_home_pair_sees_its_own_card_before_the_visitors_card_is_in(client, fixture):
    home = home_cards(lambda table, deal: 11 if deal == 3 else 6)
    match_card_enter(fixture=fixture, side="home", tables={1: home[1]})
    page = _page(client, fixture, "home", 1)
    assert "Home pair 1" in page and fixture.home.name in page
    assert "The result is waiting for" in page
    first = _stanza(page, 1)
    assert "Table 1, against" in first and "visiting pair 1" in first
    assert _row(3, 11, "—") in first and "once their card of table 1 is in" in first
    assert "visiting pair 3" in _stanza(page, 9) and "visiting pair 2" in _stanza(page, 17)
    assert "<tr><td>3</td>" not in _stanza(page, 9)  # each stanza its own deals


def test_the_visitors_see_nothing_of_a_table_before_their_own_card_of_it_is_in(client, fixture):
    home = home_cards(lambda table, deal: 11 if deal == 3 else 6)
    match_card_enter(fixture=fixture, side="home", tables=home)
    page = _page(client, fixture, "away", 1)  # visiting pair 1: table 1, then 2, then 3
    assert "Visiting pair 1" in page
    assert "<td>11</td>" not in page and "<tr><td>" not in page
    assert "once " + fixture.away.name + "’s card of table 1 is in" in _stanza(page, 1)

    match_card_enter(fixture=fixture, side="away", tables={1: away_cards(home)[1]})
    page = _page(client, fixture, "away", 1)
    assert _row(3, 2, 11) in _stanza(page, 1)  # both cards of table 1 in: the home side's figures
    assert "<tr><td>" not in _stanza(page, 9)  # table 2: their own card still to come
    assert "once " + fixture.away.name + "’s card of table 2 is in" in _stanza(page, 9)


def test_a_differing_deal_is_marked_and_the_match_held(client, fixture):
    home = home_cards()
    match_card_enter(fixture=fixture, side="home", tables=home)
    away = away_cards(home)
    away[2][12] = 9
    match_card_enter(fixture=fixture, side="away", tables=away)
    page = _page(client, fixture, "away", 1)  # visiting pair 1 plays deals 9–16 at table 2
    assert "Held: table 2 deal 12 differs." in page
    assert '<tr class="differs"><td>12</td><td>9</td><td>6</td><td><b>differ</b>' in _stanza(page, 9)
    assert 'data-part="' in page  # still looked at again by itself


def test_an_agreed_match_shows_its_result_and_stops_looking_again(client, fixture):
    home = home_cards()
    match_card_enter(fixture=fixture, side="home", tables=home)
    match_card_enter(fixture=fixture, side="away", tables=away_cards(home))
    page = _page(client, fixture, "home", 2)
    assert f"{fixture.home.name} 456 tricks, {fixture.away.name} 480" in page
    assert f"Points: {fixture.home.name} 0, {fixture.away.name} 3." in page
    assert _row(9, 6, 7) in _stanza(page, 9) and 'data-part="' not in page


def test_in_games_and_rubbers_each_stanza_shows_its_own_games(client, club):
    fixture = make_league(club, game=5).fixtures.first()
    home, away, home_honours, away_honours = _cards()
    match_card_enter(fixture=fixture, side="home", tables=home, honours=home_honours)
    match_card_enter(fixture=fixture, side="away", tables=away, honours=away_honours)
    page = _page(client, fixture, "away", 2)  # visiting pair 2: table 2, then 3, then 1
    for first, last in ((1, 8), (9, 16), (17, 24)):
        assert f'class="running">Deals {first}–{last}:' in _stanza(page, first)
    assert "honours" not in page  # table 1's deal 8, the only one claimed, is visiting pair 1's
    first = _stanza(_page(client, fixture, "away", 1), 1)
    assert "(we 2 honours)" in first and "(they 2 honours)" in first


def test_its_part_comes_alone(client, fixture):
    response = client.get(_url(_link(fixture, "home", 1)) + "?part=1")
    assert response.status_code == 200 and b"<html" not in response.content
    assert b"Your deals" in response.content


def test_another_links_key_or_a_wrong_key_is_refused(client, fixture):
    home, away = _link(fixture, "home", 1), _link(fixture, "away", 1)
    assert client.get(_url(home, league_evening_key(away))).status_code == 404
    assert client.get(_url(home, "A" * 16)).status_code == 404
    assert client.get(_url(home, "not a key!")).status_code == 404
    assert client.get(reverse("tournaments:league-evening", args=[999999, "A" * 16])).status_code == 404


def _queries(client, link) -> int:
    url = _url(link)
    client.get(url)
    with CaptureQueriesContext(connection) as looked:
        assert client.get(url).status_code == 200
    return len(looked)


def test_its_queries_do_not_grow_with_the_cards(client, club, make_club):
    empty = make_league(club).fixtures.first()
    played = make_league(make_club(name="Pendle Whist Circle"), game=5).fixtures.first()
    home, away, home_honours, away_honours = _cards()
    match_card_enter(fixture=played, side="home", tables=home, honours=home_honours)
    match_card_enter(fixture=played, side="away", tables=away, honours=away_honours)
    counts = [_queries(client, _link(empty, "away", 3)), _queries(client, _link(played, "away", 3))]
    assert counts[0] == counts[1] <= 2, counts  # the link with its match, and the match's cards


def test_the_tablet_gives_the_link_of_the_pair_that_starts_at_its_table(client, fixture):
    for side, table, label in (("home", 1, "Home pair 1"), ("away", 2, "Visiting pair 2")):
        link = _link(fixture, side, table)
        tablet = client.get(reverse("tournaments:league-tablet", args=[link.token])).content.decode()
        assert _url(link) in tablet and f"{label}: your evening on your phone" in tablet
        assert 'src="data:image/svg+xml' in tablet
        assert _url(_link(fixture, "away" if side == "home" else "home", table)) not in tablet


def test_a_tablet_not_open_yet_gives_no_link(client, club):
    fixture = make_league(club, start=timezone.localdate() + timedelta(days=2)).fixtures.first()
    link = _link(fixture, "home", 1)
    tablet = client.get(reverse("tournaments:league-tablet", args=[link.token]))
    assert tablet.status_code == 403 and _url(link) not in tablet.content.decode()
