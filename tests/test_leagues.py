"""An inter-club league's services: the league and its fixtures, the two sides' cards, a result
held while they differ and agreed once corrected, with a line in the trail for each."""

import json
from datetime import date, timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction
from django.utils import timezone

from tests.leagues import CLUBS, away_cards, home_cards, make_league
from tournaments.domain.errors import DomainError
from tournaments.domain.leagues import AGREED, HELD, WAITING, LeagueError
from tournaments.models import AuditLine, CardDeal, CodeGuard, Fixture, MatchResult, MatchTable
from tournaments.services.core.codes import Tablet
from tournaments.services.core.errors import ServiceError
from tournaments.services.leagues import (
    league_fixtures_make,
    league_standings,
    match_card_enter,
    may_play_match,
)
from tournaments.services.tablets.access import TableError, table_code_lookup

pytestmark = pytest.mark.django_db


def _trail(club):
    return list(club.changes.order_by("id").values_list("action", "detail"))


def test_a_league_gets_its_clubs_fixtures_and_table_links(club):
    league = make_league(club, clubs=[*CLUBS[:3], club.name])
    assert [c.name for c in league.clubs.all()] == sorted([*CLUBS[:3], club.name])
    assert league.clubs.get(name=club.name).club == club
    fixtures = league.fixtures.all()
    assert fixtures.count() == 4 * 3 * 2  # 4 clubs: 6 pairs, four meetings each
    assert fixtures.get(round=1, home__name=fixtures.first().home.name).date.isoformat() == "2026-10-05"
    assert fixtures.filter(round=2).first().date.isoformat() == "2026-10-12"
    assert MatchTable.objects.filter(fixture__league=league).count() == 2 * 3 * 24  # each side's, each table
    assert len(set(MatchTable.objects.values_list("code", flat=True))) == 2 * 3 * 24
    assert len(set(MatchTable.objects.values_list("token", flat=True))) == 2 * 3 * 24
    assert _trail(club) == [(AuditLine.Action.CREATED, f"{league}: 4 clubs, 24 matches")]


def test_a_league_club_is_linked_only_to_a_club_its_organiser_runs(club, organiser, other_club, make_club):
    ythan = make_club(name="Ythan Whist Club", organisers=[organiser])
    names = [club.name, other_club.name, ythan.name, "Ury Whist Club"]
    league = make_league(club, clubs=names, user=organiser)
    linked = {c.name: c.club for c in league.clubs.all()}
    assert linked == {club.name: club, other_club.name: None, ythan.name: ythan, "Ury Whist Club": None}
    # From the command line, with no organiser, only the club that runs the league is linked.
    league = make_league(club, name="Deeside League", clubs=names)
    assert {c.name: c.club for c in league.clubs.all()} == {**linked, ythan.name: None}


@pytest.mark.parametrize(
    ("clubs", "message"),
    [
        (["Dee Whist Club"], "A league has 2 to 20 clubs, not 1."),
        (["Dee Whist Club", "dee whist club"], "dee whist club is listed twice"),
    ],
)
def test_a_league_of_the_wrong_clubs_is_refused_and_nothing_is_written(club, clubs, message):
    with pytest.raises(DomainError, match=message):
        make_league(club, clubs=clubs)
    assert not club.leagues.exists() and not club.changes.exists()


def test_the_database_holds_a_card_to_0_to_13_tricks(club):
    fixture = make_league(club).fixtures.first()
    with pytest.raises(IntegrityError), transaction.atomic():
        CardDeal.objects.create(fixture=fixture, side="home", table=1, deal=1, tricks=14)
    with pytest.raises(IntegrityError), transaction.atomic():
        CardDeal.objects.create(fixture=fixture, side="home", table=4, deal=1, tricks=6)
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchResult.objects.create(
            fixture=fixture, home_tricks=500, away_tricks=500, agreed_at="2026-10-05T20:00Z"
        )


def test_two_agreeing_cards_agree_the_result_and_it_counts(club, organiser):
    fixture = make_league(club).fixtures.select_related("home", "away").first()
    home = home_cards()
    assert match_card_enter(fixture=fixture, side="home", tables=home, user=organiser).state == WAITING
    assert not MatchResult.objects.exists()
    result = match_card_enter(fixture=fixture, side="away", tables=away_cards(home), user=organiser)
    assert (result.state, result.home_tricks, result.away_tricks) == (
        AGREED,
        7 * 24 + 12 * 24,
        6 * 24 + 14 * 24,
    )
    saved = MatchResult.objects.get(fixture=fixture)
    assert (saved.home_tricks, saved.away_tricks) == (456, 480)
    top, club_row = league_standings(fixture.league)[0]
    assert (club_row, top.points, top.won, top.difference) == (fixture.away, 3, 1, 24)
    actions = [action for action, _ in _trail(club)]
    assert actions == ["created"] + ["card"] * 6 + ["agreed"]
    assert _trail(club)[-1][1].endswith(f"{fixture.home.name} 456 tricks, {fixture.away.name} 480")


def test_a_mismatch_holds_the_result_until_a_card_is_corrected(club, organiser):
    fixture = make_league(club).fixtures.select_related("home", "away").first()
    home = home_cards()
    away = away_cards(home)
    away[2][5] = away[2][9] = 8
    match_card_enter(fixture=fixture, side="home", tables=home, user=organiser)
    held = match_card_enter(fixture=fixture, side="away", tables=away, user=organiser)
    assert (held.state, held.reason) == (HELD, "table 2 deals 5 and 9 differ")
    assert not MatchResult.objects.exists()
    assert all(row.points == 0 for row, _ in league_standings(fixture.league))
    assert _trail(club)[-1] == (
        "held",
        f"{fixture.league}: round 1, {fixture.home} v {fixture.away}: held, table 2 deals 5 and 9 differ",
    )

    # Both cards of table 2 are in: the visitors' tablet can no longer change theirs; the
    # organiser corrects it from the paper card, and only its two deals change.
    away[2][5] = away[2][9] = 7
    with pytest.raises(ServiceError, match="Both cards of table 2 are in"):
        match_card_enter(fixture=fixture, side="away", tables={2: away[2]}, at_table=True)
    agreed = match_card_enter(fixture=fixture, side="away", tables={2: away[2]}, user=organiser)
    assert agreed.state == AGREED
    assert MatchResult.objects.get(fixture=fixture).home_tricks == 456
    corrected, last = _trail(club)[-2:]
    assert corrected[0] == "corrected"
    assert corrected[1].endswith(
        "table 2: the visitors' card corrected from the paper card: deal 5 8 → 7, deal 9 8 → 7"
    )
    assert last[0] == "agreed"


def test_a_correction_after_agreement_holds_the_result_again(club, organiser):
    fixture = make_league(club).fixtures.first()
    home = home_cards()
    match_card_enter(fixture=fixture, side="home", tables=home)
    match_card_enter(fixture=fixture, side="away", tables=away_cards(home))
    home[3][24] = 13
    result = match_card_enter(fixture=fixture, side="home", tables={3: home[3]}, user=organiser)
    assert (result.state, result.reason) == (HELD, "table 3 deal 24 differs")
    assert not MatchResult.objects.exists()


def test_a_tablet_cannot_change_an_agreed_result_but_the_organiser_can(club):
    fixture = make_league(club).fixtures.first()
    home = home_cards()
    match_card_enter(fixture=fixture, side="home", tables=home)
    match_card_enter(fixture=fixture, side="away", tables=away_cards(home))
    lines = club.changes.count()
    with pytest.raises(ServiceError, match="result is agreed"):
        match_card_enter(fixture=fixture, side="home", tables={1: home[1]}, at_table=True)
    assert club.changes.count() == lines


def test_the_same_card_again_changes_nothing_and_writes_no_line(club):
    fixture = make_league(club).fixtures.first()
    home = home_cards()
    match_card_enter(fixture=fixture, side="home", tables=home)
    lines = club.changes.count()
    match_card_enter(fixture=fixture, side="home", tables=home)
    assert club.changes.count() == lines


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        (14, "Table 1, deal 3: 14 tricks is not possible; a side takes 0 to 13 tricks of a deal."),
        (None, "deal 3"),
    ],
)
def test_a_card_out_of_the_rules_writes_nothing(club, tricks, message):
    fixture = make_league(club).fixtures.first()
    cards = home_cards()
    cards[1][3] = tricks
    with pytest.raises(LeagueError, match=message):
        match_card_enter(fixture=fixture, side="home", tables=cards)
    assert not CardDeal.objects.exists()


def test_the_fixture_list_is_made_afresh_only_before_any_card(club):
    league = make_league(club)
    assert league_fixtures_make(league=league, start=None) == 24
    assert not league.fixtures.filter(date__isnull=False).exists()
    fixture = league.fixtures.first()
    match_card_enter(fixture=fixture, side="home", tables={1: home_cards()[1]})
    with pytest.raises(ServiceError, match="stays as it is"):
        league_fixtures_make(league=league, start=None)
    assert Fixture.objects.filter(pk=fixture.pk).exists()


def _run(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_the_commands_make_the_fixtures_and_print_the_table(club):
    text = _run(
        "league_fixtures",
        "Dee",
        "Don",
        "Ythan",
        "--club",
        club.name,
        "--name",
        "Aberdeen",
        "--season",
        "2026",
        "--start",
        "2026-10-05",
    )
    lines = text.splitlines()
    assert lines[0].startswith("Aberdeen 2026 (league ")
    assert len(lines) == 1 + 4 * 3  # three clubs: a bye each round, one match a round
    assert lines[1] == "Round  1 Mon 5 Oct 2026: Ythan v Don"
    league = club.leagues.get()
    fixture = league.fixtures.get(round=1)
    home = home_cards()
    match_card_enter(fixture=fixture, side="home", tables=home)
    match_card_enter(fixture=fixture, side="away", tables=away_cards(home))
    data = json.loads(_run("league_table", str(league.pk), "--format", "json"))
    assert data["table"][0] == {
        "place": "1",
        "club": "Don",
        "played": 1,
        "won": 1,
        "tied": 0,
        "lost": 0,
        "tricks_for": 480,
        "tricks_against": 456,
        "points": 3,
    }
    assert [row["place"] for row in data["table"]] == ["1", "2", "3"]
    text = _run("league_table", str(league.pk))
    assert text.splitlines()[2].split() == ["1", "Don", "1", "1", "0", "0", "480", "456", "3"]


def test_the_commands_say_what_is_wrong(club):
    with pytest.raises(CommandError, match="There is no league 999"):
        _run("league_table", "999")
    with pytest.raises(CommandError, match="A league has 2 to 20 clubs"):
        _run("league_fixtures", "Dee", "--club", club.name, "--name", "A", "--season", "2026")


@pytest.mark.parametrize("days", [0, -7, 61])
def test_rounds_1_to_60_days_apart_or_the_league_is_refused_in_words(club, days):
    with pytest.raises(DomainError, match=f"Rounds are 1 to 60 days apart, not {days}."):
        make_league(club, days_between=days)
    assert not club.leagues.exists() and not club.changes.exists()
    with pytest.raises(CommandError, match="Rounds are 1 to 60 days apart"):
        _run(
            "league_fixtures",
            "Dee",
            "Don",
            "--club",
            club.name,
            "--name",
            "A",
            "--season",
            "2026",
            "--days",
            str(days),
        )
    league = make_league(club)
    with pytest.raises(DomainError, match="Rounds are 1 to 60 days apart"):
        league_fixtures_make(league=league, start=date(2026, 10, 5), days_between=days)
    assert {f.date for f in league.fixtures.filter(round=2)} == {date(2026, 10, 12)}


@pytest.mark.parametrize(
    ("today", "refusal"),
    [
        (date(2026, 2, 1), "This match is on Tue 3 Mar; its tables open the day before."),
        (date(2026, 3, 1), "This match is on Tue 3 Mar; its tables open the day before."),
        (date(2026, 3, 2), ""),
        (date(2026, 3, 3), ""),
        (date(2026, 4, 30), ""),  # late, but its cards are not in yet
    ],
)
def test_a_match_may_be_played_from_the_day_before_its_date(club, today, refusal):
    fixture = make_league(club, start=date(2026, 3, 3)).fixtures.first()
    assert may_play_match(fixture, today=today).reason == refusal


def test_a_match_without_a_date_may_be_played_until_its_result_is_agreed(club):
    fixture = make_league(club, start=None).fixtures.first()
    assert fixture.date is None and may_play_match(fixture, today=date(2000, 1, 1))
    home = home_cards()
    match_card_enter(fixture=fixture, side="home", tables=home)
    match_card_enter(fixture=fixture, side="away", tables=away_cards(home))
    verdict = may_play_match(fixture, today=date(2000, 1, 1))
    assert not verdict and verdict.reason.startswith("This match is over: its result is agreed.")


def test_a_tablet_cannot_enter_a_card_before_the_match_opens_but_the_organiser_can(club):
    fixture = make_league(club, start=timezone.localdate() + timedelta(days=2)).fixtures.first()
    with pytest.raises(ServiceError, match="its tables open the day before"):
        match_card_enter(fixture=fixture, side="home", tables={1: home_cards()[1]}, at_table=True)
    assert not CardDeal.objects.exists() and club.changes.count() == 1
    match_card_enter(fixture=fixture, side="home", tables={1: home_cards()[1]})
    assert CardDeal.objects.filter(fixture=fixture).count() == 24


def test_a_match_tables_code_opens_only_while_the_match_may_be_played(club):
    today = timezone.localdate()
    soon = make_league(club, start=today + timedelta(days=2)).fixtures.first()
    tomorrow = make_league(club, name="Deeside League", start=today + timedelta(days=1)).fixtures.first()
    tablet = Tablet("early", "10.0.0.7")
    on = soon.date
    with pytest.raises(TableError, match=f"This match is on {on:%a} {on.day} {on:%b}; its tables open"):
        table_code_lookup(code=soon.tables.get(table=1, side="home").code, tablet=tablet)
    assert CodeGuard.objects.get(key="address:10.0.0.7").failures == 1  # counted as a wrong code
    link = tomorrow.tables.get(table=2, side="away")
    assert table_code_lookup(code=link.code, tablet=tablet) == link
    home = home_cards()
    match_card_enter(fixture=tomorrow, side="home", tables=home)
    match_card_enter(fixture=tomorrow, side="away", tables=away_cards(home))
    with pytest.raises(TableError, match="This match is over: its result is agreed."):
        table_code_lookup(code=link.code, tablet=tablet)
