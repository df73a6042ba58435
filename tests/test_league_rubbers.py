"""A league whose matches are played in games and rubbers: honours on each card (the two cards must
agree on them too), each stanza at a table its games, the match won by rubber points; on the
organiser's and the tablets' pages, from the command line and through the club's backup."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, ManagementUtility, call_command
from django.db import connections
from django.urls import reverse

from tests.leagues import away_cards, home_cards, make_league
from tests.test_leagues import _run
from tournaments.domain.errors import DomainError
from tournaments.domain.leagues import DEALS, TABLES
from tournaments.models import CardDeal, League, MatchResult
from tournaments.services.core.errors import ServiceError
from tournaments.services.leagues import league_table_data, match_card_enter, match_state

pytestmark = pytest.mark.django_db

# Bennet's rubber in table 1's first stanza (the home pair won 5–4, lost 1–5, won 5–0: +4), the
# home card's honours claimed on deal 8 (E/W three honours: -2 from the home side's view).
BENNET = [7, 4, 6, 11, 7, 2, 12, 8]


def _cards():
    home = home_cards(lambda table, deal: BENNET[deal - 1] if table == 1 and deal <= 8 else 6)
    home_honours = {table: dict.fromkeys(DEALS, 0) for table in TABLES}
    home_honours[1][8] = -2
    away_honours = {t: {d: -h for d, h in deals.items()} for t, deals in home_honours.items()}
    return home, away_cards(home), home_honours, away_honours


def test_a_match_in_rubbers_is_won_by_rubber_points_and_held_while_the_honours_differ(club):
    league = make_league(club, game=5)
    fixture = league.fixtures.first()
    home, away, home_h, away_h = _cards()
    match_card_enter(fixture=fixture, side="home", tables=home, honours=home_h)
    away_h[1][8] = 0
    held = match_card_enter(fixture=fixture, side="away", tables=away, honours=away_h)
    assert held.state == "held" and held.reason == "table 1 deal 8 differs"
    away_h[1][8] = 2
    agreed = match_card_enter(fixture=fixture, side="away", tables=away, honours=away_h)
    # Table 1: +4, then E/W a point a deal in the other stanzas (a treble, 3 points unfinished: −3
    # each), 8 stanzas: 4 − 24 = −20 to the home club, though the tricks are closer.
    assert agreed.state == "agreed" and agreed.home_rubber_points == -20
    assert (agreed.home_points, agreed.away_points) == (0, 3)
    result = MatchResult.objects.get(fixture=fixture)
    assert result.home_rubber_points == -20
    row = {r["club"]: r for r in league_table_data(league)["table"]}
    assert row[fixture.away.name]["rubber_points"] == 20 and row[fixture.away.name]["points"] == 3
    trail = list(league.club.changes.values_list("detail", flat=True))
    assert any("deal 8 honours 0 → 2" in line for line in trail)
    assert any("rubber points −20 to +20" in line for line in trail)


def test_honours_are_refused_in_a_league_without_games(club):
    league = make_league(club)
    home, _, home_h, _ = _cards()
    with pytest.raises(ServiceError, match="does not play games and rubbers"):
        match_card_enter(fixture=league.fixtures.first(), side="home", tables=home, honours=home_h)
    home_h[1][8] = 3
    rubbers = make_league(club, name="Rubber League", game=5)
    with pytest.raises(DomainError, match="honours are 4 or 2 to your side"):
        match_card_enter(fixture=rubbers.fixtures.first(), side="home", tables=home, honours=home_h)
    assert not CardDeal.objects.exists()


def test_the_pages_take_the_honours_and_show_each_stanzas_games(client, organiser, club):
    league = make_league(club, game=5)
    fixture = league.fixtures.first()
    client.force_login(organiser)
    url = reverse("tournaments:league-card", args=[club.slug, league.pk, fixture.pk, "home"])
    form = client.get(url).content.decode()
    assert 'aria-label="Table 1, deal 8: honours"' in form and "they 2 honours" in form
    home, away, home_h, away_h = _cards()
    data = {f"t{t}d{d}": home[t][d] for t in TABLES for d in DEALS}
    data |= {f"t{t}d{d}h": home_h[t][d] for t in TABLES for d in DEALS}
    client.post(url, data)
    assert CardDeal.objects.get(fixture=fixture, side="home", table=1, deal=8).honours == -2
    # The visitors' card on the tablet of table 1, then the paper for the other two.
    link = fixture.tables.get(table=1, side="away")
    tablet = reverse("tournaments:league-tablet-card", args=[link.token])
    buttons = client.get(tablet).content.decode()
    assert 'type="radio" name="t1d8h" value="-2"' in buttons and "they 2 honours" in buttons
    data = {f"t1d{d}": away[1][d] for d in DEALS} | {f"t1d{d}h": away_h[1][d] for d in DEALS}
    page = client.post(tablet, data, follow=True).content.decode()
    assert "Thank you: the card is in." in page
    # Table 1's two cards agree: its tablet shows each stanza's games while the others are to come.
    assert f"Deals 1–8: {fixture.home.name} 2 · {fixture.away.name} 2, game to 5; rubber 2: 0–0" in page
    match_card_enter(fixture=fixture, side="away", tables={t: away[t] for t in (2, 3)}, honours=away_h)
    assert match_state(fixture).state == "agreed"
    page = client.get(reverse("tournaments:league-tablet", args=[link.token])).content.decode()
    assert f"rubber points {fixture.home.name} −20, {fixture.away.name} +20." in page
    page = client.get(
        reverse("tournaments:league-match", args=[club.slug, league.pk, fixture.pk])
    ).content.decode()
    assert "−20 rubber points (0 points)" in page and "+20 (3 points)" in page
    home_name, away_name = fixture.home.name, fixture.away.name
    assert f"Deals 1–8: {home_name} 2 · {away_name} 2, game to 5; rubber 2: 0–0" in page
    assert f"rubber points {home_name} +4 · {away_name} −4" in page
    assert "8 (they 2 honours)" in page and "5 (we 2 honours)" in page
    table = client.get(reverse("tournaments:league", args=[club.slug, league.pk])).content.decode()
    assert '<th class="num">Rubber points</th>' in table and '<td class="num">+20</td>' in table


def test_the_match_page_shows_honours_claimed_at_four_as_not_counted(client, organiser, club):
    """The home pair at table 1 reach 4 on deal 1 and claim four honours on deal 2: each card's
    claim is shown with the word that it scores nothing."""
    league = make_league(club, game=5)
    fixture = league.fixtures.first()
    home = home_cards(lambda table, deal: {1: 10, 2: 6}.get(deal, 6) if table == 1 else 6)
    home_h = {table: dict.fromkeys(DEALS, 0) for table in TABLES}
    home_h[1][2] = 4
    away_h = {t: {d: -h for d, h in deals.items()} for t, deals in home_h.items()}
    match_card_enter(fixture=fixture, side="home", tables=home, honours=home_h)
    match_card_enter(fixture=fixture, side="away", tables=away_cards(home), honours=away_h)
    client.force_login(organiser)
    page = client.get(
        reverse("tournaments:league-match", args=[club.slug, league.pk, fixture.pk])
    ).content.decode()
    assert "6 (we 4 honours, not counted: we were at 4, one point short of the game)" in page
    assert "7 (they 4 honours, not counted: they were at 4, one point short of the game)" in page


def test_the_command_line_takes_honours_that_begin_with_the_other_sides(club, capsys, monkeypatch):
    """ "--honours -2,0,…" (the other side's three honours on deal 1) is the honours, not an option."""
    fixture = make_league(club, game=5).fixtures.first()
    honours = ",".join(["-2"] + ["0"] * 23)
    tricks = ",".join(["6"] * 24)
    argv = ["manage.py", "league_card", str(fixture.pk), "--side", "home", "--table", "1"]
    monkeypatch.setattr(connections, "close_all", lambda: None)  # the test's database stays open
    ManagementUtility([*argv, "--tricks", tricks, "--honours", honours]).execute()
    assert "waiting for" in capsys.readouterr().out
    assert CardDeal.objects.get(fixture=fixture, side="home", table=1, deal=1).honours == -2


def test_from_the_command_line_and_the_new_page(client, organiser, club):
    options = "--name Rubbers --season 2026-27 --rubbers 10"
    made = _run("league_fixtures", "Dee", "Don", "--club", club.name, *options.split())
    assert "Games to 10 and rubbers by the Laws of Whist" in made
    assert League.objects.get(name="Rubbers").game == 10
    client.force_login(organiser)
    page = client.get(reverse("tournaments:league-new", args=[club.slug])).content.decode()
    assert "Games to 5 and rubbers (short whist)" in page
    client.post(
        reverse("tournaments:league-new", args=[club.slug]),
        {"name": "Short", "season": "2026-27", "clubs": "Dee\nDon", "days_between": 7, "game": 5},
    )
    assert League.objects.get(name="Short").game == 5


@pytest.mark.django_db(transaction=True)
def test_the_setting_the_honours_and_the_rubber_points_round_trip_through_the_clubs_backup(club, tmp_path):
    league = make_league(club, game=5)
    fixture = league.fixtures.first()
    home, away, home_h, away_h = _cards()
    match_card_enter(fixture=fixture, side="home", tables=home, honours=home_h)
    match_card_enter(fixture=fixture, side="away", tables=away, honours=away_h)
    before = json.dumps(league_table_data(league))
    path = tmp_path / "club.json"
    call_command("backup", str(path), stderr=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore", str(path), stdout=StringIO())
    league = League.objects.get()
    assert league.game == 5 and json.dumps(league_table_data(league)) == before
    assert CardDeal.objects.get(side="away", table=1, deal=8).honours == 2
    assert MatchResult.objects.get().home_rubber_points == -20


def test_the_cards_and_the_match_from_the_command_line(club):
    league = make_league(club, game=5)
    fixture = league.fixtures.first()
    home, away, home_h, away_h = _cards()

    def figures(card, table):
        return ",".join(str(card[table][deal]) for deal in DEALS)

    for side, card, honours in (("home", home, home_h), ("away", away, away_h)):
        for table in TABLES:
            said = _run(
                "league_card", str(fixture.pk), "--side", side, "--table", str(table),
                "--tricks", figures(card, table), "--honours", figures(honours, table),
            )  # fmt: skip
    assert f"agreed, {fixture.home.name} −20 rubber points (0 points)" in said
    data = json.loads(_run("league_match", str(fixture.pk), "--format", "json"))
    assert (data["game"], data["home_rubber_points"], data["away_points"]) == (5, -20, 3)
    assert data["honours"]["away"]["1"][7] == 2
    with pytest.raises(CommandError, match="1 problem"):
        _run("league_card", str(fixture.pk), "--side", "home", "--table", "1", "--tricks", figures(home, 1),
             "--honours", ",".join(["3"] + ["0"] * 23))  # fmt: skip
