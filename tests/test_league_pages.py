"""An inter-club league's pages: the table, fixtures and results for anyone the club lets in; the
organiser's new league and paper cards for its own club only; each table's tablet."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.leagues import away_cards, home_cards, make_league
from tournaments.models import CardDeal, League, MatchResult, MatchTable
from tournaments.services.leagues import match_card_enter

pytestmark = pytest.mark.django_db


def _url(name, league, *args):
    return reverse(f"tournaments:{name}", args=[league.club.slug, league.pk, *args])


def _card_post(tables):
    return {f"t{table}d{deal}": tricks for table, deals in tables.items() for deal, tricks in deals.items()}


@pytest.fixture
def league(club):
    return make_league(club)


def _play(fixture, home=None, away=None):
    home = home or home_cards()
    match_card_enter(fixture=fixture, side="home", tables=home)
    match_card_enter(fixture=fixture, side="away", tables=away or away_cards(home))


def test_the_league_table_ranks_the_clubs_with_agreed_results(client, league):
    fixture = league.fixtures.select_related("home", "away").first()
    _play(fixture)
    page = client.get(_url("league", league)).content.decode()
    assert page.index(fixture.away.name) < page.index(fixture.home.name)
    assert "+24" in page and "−24" not in page  # the difference, with its sign


def test_the_fixtures_list_every_round_with_its_date_in_a_fixed_number_of_queries(
    client, league, django_assert_num_queries
):
    _play(league.fixtures.first())
    with django_assert_num_queries(4):  # the league, its fixtures, the unagreed matches' cards, its clubs
        page = client.get(_url("league-fixtures", league)).content.decode()
    assert "Round 12 · Mon 21 Dec 2026" in page
    assert page.count("To play") == 23
    assert page.count(" won<") + page.count("Tied<") == 1


def test_the_results_list_only_agreed_matches(client, league):
    first, second = league.fixtures.select_related("home", "away")[:2]
    _play(first)
    home = home_cards()
    away = away_cards(home)
    away[1][1] = 9
    _play(second, home, away)
    page = client.get(_url("league-results", league)).content.decode()
    assert f"{first.home}" in page and "456" in page
    assert f"{second.home}</td>" not in page


def test_a_held_match_says_which_deals_differ(client, league):
    fixture = league.fixtures.first()
    home = home_cards()
    away = away_cards(home)
    away[2][5] = away[2][9] = 8
    _play(fixture, home, away)
    page = client.get(_url("league-match", league, fixture.pk)).content.decode()
    assert '<p class="status warning" id="match-state">Held: table 2 deals 5 and 9 differ.' in page
    assert page.count('class="red differs"') == 2
    assert "Enter the home side" not in page  # an organiser's buttons, not a visitor's


def test_the_organiser_sees_the_tables_codes_and_links(client, organiser, league):
    fixture = league.fixtures.first()
    client.force_login(organiser)
    page = client.get(_url("league-match", league, fixture.pk)).content.decode()
    for link in fixture.tables.all():
        assert link.code in page and reverse("tournaments:league-tablet", args=[link.token]) in page


def test_an_organiser_sets_up_a_league(client, organiser, club):
    client.force_login(organiser)
    response = client.post(
        reverse("tournaments:league-new", args=[club.slug]),
        {
            "name": "Deeside League",
            "season": "2026–27",
            "clubs": "Dee\nDon\n\nYthan\n",
            "start": "2026-10-05",
            "days_between": 14,
        },
    )
    league = League.objects.get(name="Deeside League")
    assert response.url == _url("league", league)
    assert league.fixtures.count() == 12
    assert league.fixtures.get(round=2).date.isoformat() == "2026-10-19"
    assert "Deeside League" in client.get(reverse("tournaments:leagues", args=[club.slug])).content.decode()


def test_a_league_of_one_club_is_refused_in_plain_words(client, organiser, club):
    client.force_login(organiser)
    response = client.post(
        reverse("tournaments:league-new", args=[club.slug]),
        {"name": "Deeside League", "season": "2026", "clubs": "Dee", "days_between": 7},
    )
    assert "A league has 2 to 20 clubs, not 1." in response.content.decode()
    assert not League.objects.exists()


def test_another_clubs_organiser_is_refused(client, league, other_club):
    client.login(username="rival", password="secret-pass-123")
    fixture = league.fixtures.first()
    assert client.get(reverse("tournaments:league-new", args=[league.club.slug])).status_code == 404
    assert client.get(_url("league-card", league, fixture.pk, "home")).status_code == 404
    response = client.post(_url("league-card", league, fixture.pk, "home"), _card_post(home_cards()))
    assert response.status_code == 404
    assert not CardDeal.objects.exists()
    # The public pages, and the match without its codes, are open to anyone.
    page = client.get(_url("league-match", league, fixture.pk)).content.decode()
    assert fixture.tables.first().code not in page


def test_a_visitor_is_sent_to_log_in_for_the_organisers_card(client, league):
    response = client.get(_url("league-card", league, league.fixtures.first().pk, "away"))
    assert response.status_code == 302 and "login" in response.url


def test_the_organiser_enters_both_paper_cards(client, organiser, league):
    client.force_login(organiser)
    fixture = league.fixtures.first()
    home = home_cards()
    response = client.post(_url("league-card", league, fixture.pk, "home"), _card_post(home), follow=True)
    assert "The result is waiting for the visitors" in response.content.decode()
    response = client.post(
        _url("league-card", league, fixture.pk, "away"), _card_post(away_cards(home)), follow=True
    )
    assert "The cards agree: the result is in, 456 tricks to 480." in response.content.decode()
    assert MatchResult.objects.get(fixture=fixture).away_tricks == 480


def test_a_card_with_an_impossible_figure_is_refused_in_players_words(client, organiser, league):
    client.force_login(organiser)
    fixture = league.fixtures.first()
    sent = _card_post(home_cards())
    sent["t2d7"] = 14
    sent["t3d1"] = ""
    sent["t1d2"] = "seven"
    page = client.post(_url("league-card", league, fixture.pk, "home"), sent).content.decode()
    assert "Table 2, deal 7: a side takes 0 to 13 tricks of a deal." in page
    assert "Table 3, deal 1: the tricks are missing." in page
    assert "Table 1, deal 2: write the tricks as a number from 0 to 13." in page
    assert 'value="14"' in page  # kept as typed, to be corrected
    assert not CardDeal.objects.exists()


def test_a_match_tables_code_opens_its_tablet_from_the_start_page(client, league):
    link = MatchTable.objects.filter(fixture__league=league, table=2).first()
    response = client.post(reverse("tournaments:table-start"), {"code": link.code.lower()})
    assert response.url == reverse("tournaments:league-tablet", args=[link.token])
    page = client.get(response.url).content.decode()
    assert "Table 2" in page and "Deals 9–16: home pair 2 (N/S) v visiting pair 1 (E/W)" in page


def test_each_side_enters_its_card_on_the_tablet_until_the_result_is_agreed(client, league):
    link = MatchTable.objects.select_related("fixture").filter(fixture__league=league, table=1).first()
    fixture = link.fixture
    cards = home_cards()
    match_card_enter(fixture=fixture, side="home", tables={2: cards[2], 3: cards[3]})
    match_card_enter(fixture=fixture, side="away", tables={2: away_cards(cards)[2], 3: away_cards(cards)[3]})
    home_url = reverse("tournaments:league-tablet-card", args=[link.token, "home"])
    away_url = reverse("tournaments:league-tablet-card", args=[link.token, "away"])
    client.post(home_url, _card_post({1: cards[1]}))
    wrong = away_cards(cards)[1] | {4: 5}
    page = client.post(away_url, _card_post({1: wrong}), follow=True).content.decode()
    assert "Held: table 1 deal 4 differs." in page
    page = client.post(away_url, _card_post({1: away_cards(cards)[1]}), follow=True).content.decode()
    assert "The cards agree" in page
    assert MatchResult.objects.filter(fixture=fixture).exists()
    page = client.get(home_url, follow=True).content.decode()
    assert "This match is over: its result is agreed. Ask the organiser if a card needs correcting." in page
    assert "The cards agree" in page  # the tablet still shows the agreed result
    refused = client.post(reverse("tournaments:table-start"), {"code": link.code}, follow=True)
    assert "This match is over: its result is agreed." in refused.content.decode()
    assert (
        client.get(reverse("tournaments:league-tablet-card", args=[link.token, "north"])).status_code == 404
    )
    assert client.get(reverse("tournaments:league-tablet", args=["no-such-token"])).status_code == 404


def test_a_match_tables_code_and_link_wait_for_the_day_before_the_match(client, club):
    fixture = make_league(club, start=timezone.localdate() + timedelta(days=2)).fixtures.first()
    link = fixture.tables.get(table=1)
    on = f"{fixture.date:%a} {fixture.date.day} {fixture.date:%b}"
    said = f"This match is on {on}; its tables open the day before."
    refused = client.post(reverse("tournaments:table-start"), {"code": link.code}, follow=True)
    assert (
        refused.request["PATH_INFO"] == reverse("tournaments:table-start")
        and said in refused.content.decode()
    )
    tablet = client.get(reverse("tournaments:league-tablet", args=[link.token]))
    assert tablet.status_code == 403 and said in tablet.content.decode()
    assert "Home side" not in tablet.content.decode()
    card = client.get(reverse("tournaments:league-tablet-card", args=[link.token, "home"]), follow=True)
    assert card.status_code == 403 and card.content.decode().count(said) == 1
    sent = client.post(
        reverse("tournaments:league-tablet-card", args=[link.token, "home"]), _card_post(home_cards())
    )
    assert sent.status_code == 302 and not CardDeal.objects.exists()


def test_an_odd_league_says_who_has_the_bye(client, club):
    league = make_league(club, clubs=["Dee", "Don", "Ythan"])
    page = client.get(_url("league-fixtures", league)).content.decode()
    assert page.count("Bye: ") == 12
    assert "Bye: Dee</p>" in page and "Bye: Don</p>" in page and "Bye: Ythan</p>" in page


def test_a_sides_figures_stay_hidden_until_the_other_sides_card_of_the_table_is_in(client, organiser, league):
    """Two cards are compared only if each side writes its own: the tablet and the match page say
    a card is in, but show its figures once both cards of that table are in (the organiser, who
    holds the paper cards, sees them all)."""
    link = MatchTable.objects.select_related("fixture").filter(fixture__league=league, table=1).first()
    fixture = link.fixture
    home = home_cards(lambda table, deal: 11 if deal == 3 else 6)
    match_card_enter(fixture=fixture, side="home", tables={1: home[1]})
    # deal 3's row, on the tablet and on the match page (where the pairs come between)
    eleven = re.compile(r'<td class="num">3</td>(<td>[^<]*</td>)?<td class="num">11</td>')
    tablet = reverse("tournaments:league-tablet", args=[link.token])
    match = _url("league-match", league, fixture.pk)

    for url in (tablet, match):
        page = client.get(url).content.decode()
        assert not eleven.search(page) and '<td class="num">in</td>' in page
    client.force_login(organiser)
    assert eleven.search(client.get(match).content.decode())
    client.logout()

    match_card_enter(fixture=fixture, side="away", tables={1: away_cards(home)[1]})
    for url in (tablet, match):
        page = client.get(url).content.decode()
        assert eleven.search(page) and "<td>differ" not in page


def test_a_tablet_marks_its_tables_differing_deal_before_the_other_tables_cards_are_in(client, league):
    link = MatchTable.objects.select_related("fixture").filter(fixture__league=league, table=1).first()
    home = home_cards()
    away = away_cards(home)
    away[1][4] = 5
    match_card_enter(fixture=link.fixture, side="home", tables={1: home[1]})
    match_card_enter(fixture=link.fixture, side="away", tables={1: away[1]})

    page = client.get(reverse("tournaments:league-tablet", args=[link.token])).content.decode()
    assert "Held: table 1 deal 4 differs." in page
    assert page.count('class="red differs"') == 1


def test_the_fixtures_say_a_match_is_held_as_its_match_page_does(client, league, django_assert_num_queries):
    """One rule for held: the fixture list reads the cards of the matches not yet agreed and asks
    the league's rules, rather than counting the cards in."""
    held, coming = league.fixtures.all()[:2]
    home = home_cards()
    away = away_cards(home)
    away[1][4] = 5
    match_card_enter(fixture=held, side="home", tables={1: home[1]})
    match_card_enter(fixture=held, side="away", tables={1: away[1]})
    match_card_enter(fixture=coming, side="home", tables=home)

    with django_assert_num_queries(4):  # the league, its fixtures, the unagreed matches' cards, its clubs
        page = client.get(_url("league-fixtures", league)).content.decode()
    assert page.count("Held: the cards differ") == 1 and page.count("Cards coming in") == 1


@pytest.mark.parametrize(
    ("page", "queries"),
    [
        ("league", 3),  # the league, its clubs, the agreed results
        ("league-results", 2),  # the league, its agreed matches
        ("league-match", 3),  # the league, the match, its cards
        ("league-tablet", 2),  # the table with its match and its result, its cards
        ("league-tablet-card", 2),  # the table with its match and its result, the match's cards
    ],
)
def test_each_league_page_reads_a_fixed_number_of_queries(
    client, club, page, queries, django_assert_num_queries
):
    league = make_league(club, clubs=[f"Club {n}" for n in range(1, 9)])
    for fixture in league.fixtures.all()[:6]:
        _play(fixture)
    fixture = league.fixtures.first()
    link = fixture.tables.first()
    args = {
        "league": [club.slug, league.pk],
        "league-results": [club.slug, league.pk],
        "league-match": [club.slug, league.pk, fixture.pk],
        "league-tablet": [link.token],
        # a match whose day has come, with no card in
        "league-tablet-card": [league.fixtures.all()[6].tables.first().token, "home"],
    }[page]
    with django_assert_num_queries(queries):
        assert client.get(reverse(f"tournaments:{page}", args=args)).status_code == 200


def test_a_tablet_whose_cards_agree_is_not_told_to_correct_them_when_another_table_differs(client, league):
    fixture = league.fixtures.first()
    home = home_cards()
    away = away_cards(home)
    away[2][5] = 9
    _play(fixture, home, away)
    tablet = {
        link.table: reverse("tournaments:league-tablet", args=[link.token]) for link in fixture.tables.all()
    }

    page = client.get(tablet[1]).content.decode()
    assert "Held: table 2 deal 5 differs. This table’s cards agree." in page
    assert "correct your card" not in page
    page = client.get(tablet[2]).content.decode()
    assert "Held: table 2 deal 5 differs. Check it with the other side, and correct your card." in page
