"""An inter-club league's pages: the table, fixtures and results for anyone the club lets in; the
organiser's new league and paper cards for its own club only; each table's tablet."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.leagues import away_cards, home_cards, make_league
from tournaments.models import AuditLine, CardDeal, League, MatchResult, MatchTable
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


def test_the_organiser_sees_each_sides_codes_and_links(client, organiser, league):
    fixture = league.fixtures.select_related("home", "away").first()
    client.force_login(organiser)
    page = client.get(_url("league-match", league, fixture.pk)).content.decode()
    assert fixture.tables.count() == 6
    for link in fixture.tables.all():
        assert link.code in page and reverse("tournaments:league-tablet", args=[link.token]) in page
    home_codes, away_codes = page.split("the visitors’ codes")
    assert f"{fixture.home}: the home side’s codes" in home_codes
    for link in fixture.tables.filter(side="home"):
        assert link.code in home_codes and link.code not in away_codes
    for link in fixture.tables.filter(side="away"):
        assert link.code in away_codes and link.code not in home_codes


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


def test_a_match_tables_code_opens_its_sides_tablet_from_the_start_page(client, league):
    link = MatchTable.objects.select_related("fixture__away").filter(
        fixture__league=league, table=2, side="away"
    )[0]
    response = client.post(reverse("tournaments:table-start"), {"code": link.code.lower()})
    assert response.url == reverse("tournaments:league-tablet", args=[link.token])
    page = client.get(response.url).content.decode()
    assert "Table 2" in page and "Deals 9–16: home pair 2 (N/S) v visiting pair 1 (E/W)" in page
    assert f"{link.fixture.away}’s card" in page and f"Enter {link.fixture.away}’s card" in page


def _links(fixture, table=1):
    return {link.side: link for link in fixture.tables.filter(table=table)}


def _card_url(link):
    return reverse("tournaments:league-tablet-card", args=[link.token])


def test_each_side_enters_its_own_card_on_its_own_tablet(client, league):
    fixture = league.fixtures.first()
    links = _links(fixture)
    cards = home_cards()
    match_card_enter(fixture=fixture, side="home", tables={2: cards[2], 3: cards[3]})
    match_card_enter(fixture=fixture, side="away", tables={2: away_cards(cards)[2], 3: away_cards(cards)[3]})
    page = client.post(_card_url(links["home"]), _card_post({1: cards[1]}), follow=True).content.decode()
    assert "The result is waiting for the visitors&#x27; card of table 1." in page
    wrong = away_cards(cards)[1] | {4: 5}
    page = client.post(_card_url(links["away"]), _card_post({1: wrong}), follow=True).content.decode()
    assert "Held: table 1 deal 4 differs." in page
    assert list(CardDeal.objects.filter(side="away", table=1, deal=4).values_list("tricks", flat=True)) == [5]
    assert not MatchResult.objects.filter(fixture=fixture).exists()
    opened = client.post(reverse("tournaments:table-start"), {"code": links["home"].code}, follow=True)
    assert opened.request["PATH_INFO"] == reverse("tournaments:league-tablet", args=[links["home"].token])
    assert client.get(reverse("tournaments:league-tablet", args=["no-such-token"])).status_code == 404
    assert client.get(f"/m/{links['home'].token}/away/").status_code == 404  # no side to choose


def test_one_sides_code_neither_reads_nor_writes_the_other_sides_card(client, league):
    """The visitors' tablet, their code typed, never shows the home side's figures before their own
    card is in, and writes only the visitors' card."""
    fixture = league.fixtures.first()
    links = _links(fixture)
    home = home_cards(lambda table, deal: 11 if deal == 3 else 6)
    match_card_enter(fixture=fixture, side="home", tables={1: home[1]})
    eleven = re.compile(r'<td class="num">3</td><td class="num">11</td>')

    away_tablet = client.get(
        reverse("tournaments:league-tablet", args=[links["away"].token])
    ).content.decode()
    assert not eleven.search(away_tablet) and '<td class="num">in</td>' in away_tablet
    form = client.get(_card_url(links["away"])).content.decode()
    assert "checked" not in form  # the visitors' card opens empty: their own, not the home side's
    # The home side's own tablet shows its own figures, to correct them.
    home_tablet = client.get(
        reverse("tournaments:league-tablet", args=[links["home"].token])
    ).content.decode()
    assert eleven.search(home_tablet)
    assert re.search(r'value="11"[^>]* checked>', client.get(_card_url(links["home"])).content.decode())

    # A side named in the post changes nothing: the link says whose card it is.
    client.post(_card_url(links["away"]), _card_post({1: away_cards(home)[1]}) | {"side": "home"})
    assert dict(CardDeal.objects.filter(side="home", table=1).values_list("deal", "tricks")) == home[1]
    assert (
        dict(CardDeal.objects.filter(side="away", table=1).values_list("deal", "tricks"))
        == away_cards(home)[1]
    )
    away_tablet = client.get(
        reverse("tournaments:league-tablet", args=[links["away"].token])
    ).content.decode()
    assert eleven.search(away_tablet)  # both cards in: the home side's figures show


def test_a_side_corrects_its_card_until_the_other_sides_is_in_then_only_the_organiser(
    client, organiser, league
):
    fixture = league.fixtures.select_related("home", "away").first()
    links = _links(fixture)
    home = home_cards()
    client.post(_card_url(links["home"]), _card_post({1: home[1] | {2: 9}}))
    client.post(_card_url(links["home"]), _card_post({1: home[1]}))  # corrected before the other is in
    corrected = AuditLine.objects.filter(action="corrected").values_list("detail", flat=True)
    assert [line.split(": ", 2)[-1] for line in corrected] == [
        "the home side's card corrected at the table: deal 2 9 → 7"
    ]
    wrong = away_cards(home)[1] | {4: 5}
    client.post(_card_url(links["away"]), _card_post({1: wrong}))

    for side in ("home", "away"):
        tablet = client.get(reverse("tournaments:league-tablet", args=[links[side].token])).content.decode()
        assert "Both cards of table 1 are in: a side can no longer change its card at the table." in tablet
        assert _card_url(links[side]) not in tablet
        page = client.post(_card_url(links[side]), _card_post({1: away_cards(home)[1]}), follow=True)
        assert "If a figure is wrong, the organiser corrects it from the paper card." in page.content.decode()
    assert CardDeal.objects.get(side="away", table=1, deal=4).tricks == 5
    assert AuditLine.objects.filter(action="corrected").count() == 1

    match_card_enter(fixture=fixture, side="away", tables={1: away_cards(home)[1]}, user=organiser)
    line = AuditLine.objects.filter(action="corrected").order_by("-id").values_list("detail", "changed_by")[0]
    assert line == (
        f"{league}: round 1, {fixture.home} v {fixture.away}, table 1: the visitors' card corrected from "
        "the paper card: deal 4 5 → 6",
        organiser.pk,
    )


def test_a_tablet_is_closed_once_the_result_is_agreed(client, league):
    fixture = league.fixtures.first()
    _play(fixture)
    link = _links(fixture)["home"]
    page = client.get(_card_url(link), follow=True).content.decode()
    assert "This match is over: its result is agreed. Ask the organiser if a card needs correcting." in page
    assert "The cards agree" in page  # the tablet still shows the agreed result
    refused = client.post(reverse("tournaments:table-start"), {"code": link.code}, follow=True)
    assert "This match is over: its result is agreed." in refused.content.decode()


def test_a_match_tables_code_and_link_wait_for_the_day_before_the_match(client, club):
    fixture = make_league(club, start=timezone.localdate() + timedelta(days=2)).fixtures.first()
    link = fixture.tables.get(table=1, side="home")
    on = f"{fixture.date:%a} {fixture.date.day} {fixture.date:%b}"
    said = f"This match is on {on}; its tables open the day before."
    refused = client.post(reverse("tournaments:table-start"), {"code": link.code}, follow=True)
    assert (
        refused.request["PATH_INFO"] == reverse("tournaments:table-start")
        and said in refused.content.decode()
    )
    tablet = client.get(reverse("tournaments:league-tablet", args=[link.token]))
    assert tablet.status_code == 403 and said in tablet.content.decode()
    assert "Enter " not in tablet.content.decode()
    card = client.get(_card_url(link), follow=True)
    assert card.status_code == 403 and card.content.decode().count(said) >= 1
    sent = client.post(_card_url(link), _card_post({1: home_cards()[1]}))
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
    link = MatchTable.objects.select_related("fixture").get(
        fixture=league.fixtures.first(), table=1, side="away"
    )  # the visitors' tablet, while the home side's card is in
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
        "league-tablet-card": [league.fixtures.all()[6].tables.first().token],
    }[page]
    with django_assert_num_queries(queries):
        assert client.get(reverse(f"tournaments:{page}", args=args)).status_code == 200


def test_a_tablet_says_whose_card_of_its_table_is_still_to_come_while_another_table_differs(client, league):
    """Table 2's cards differ; at table 1 only the home side's card is in, at table 3 both agree:
    each side's tablet says what holds the result where it is."""
    fixture = league.fixtures.select_related("home", "away").first()
    home = home_cards()
    away = away_cards(home)
    away[2][5] = 9
    match_card_enter(fixture=fixture, side="home", tables=home)
    match_card_enter(fixture=fixture, side="away", tables={2: away[2], 3: away[3]})
    said = {
        (link.table, link.side): client.get(reverse("tournaments:league-tablet", args=[link.token]))
        .content.decode()
        .split('id="match-state">')[1]
        .split("</p>")[0]
        for link in fixture.tables.all()
    }
    assert said == {
        (1, "home"): f"Held: table 2 deal 5 differs. {fixture.away}’s card of this table is not in yet.",
        (1, "away"): "Held: table 2 deal 5 differs. Your card of this table is not in yet.",
        (
            2,
            "home",
        ): f"Held: table 2 deal 5 differs. Check it with {fixture.away}; the organiser corrects the "
        "card that is wrong.",
        (
            2,
            "away",
        ): f"Held: table 2 deal 5 differs. Check it with {fixture.home}; the organiser corrects the "
        "card that is wrong.",
        (3, "home"): "Held: table 2 deal 5 differs. This table’s cards agree.",
        (3, "away"): "Held: table 2 deal 5 differs. This table’s cards agree.",
    }
