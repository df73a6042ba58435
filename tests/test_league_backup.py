"""A club's leagues travel in its backup: clubs, fixtures, the match tables' codes, every card and
the agreed results, restored so the league table and each match read as before."""

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tests.leagues import away_cards, home_cards, make_league
from tournaments.models import CardDeal, Club, League, LeagueClub, MatchTable, TableLink
from tournaments.services.backups.club_versions import MIGRATIONS
from tournaments.services.leagues import match_card_enter, match_state

pytestmark = pytest.mark.django_db(transaction=True)


def _league_as_seen() -> dict:
    league = League.objects.get()
    return {
        "table": json.loads(_printed("league_table", league.pk)),
        "fixtures": list(league.fixtures.values_list("round", "date", "home__name", "away__name")),
        "states": [
            match_state(f).reason or f"agreed {match_state(f).home_tricks}" for f in league.fixtures.all()
        ],
        "codes": sorted(MatchTable.objects.values_list("fixture__round", "table", "side", "token", "code")),
        "cards": CardDeal.objects.count(),
        "linked": sorted(LeagueClub.objects.filter(club__isnull=False).values_list("name", "club__name")),
        "trail": sorted(league.club.changes.values_list("action", "detail")),
    }


def _printed(command: str, pk: int) -> str:
    out = StringIO()
    call_command(command, str(pk), format="json", stdout=out)
    return out.getvalue()


def test_a_league_restores_as_it_was(make_club, make_organiser, tmp_path):
    runs = make_club(name="Aberdeen Whist Club")
    zetland = make_club(name="Zetland Whist Club")  # ours playing in it, restored after the one running it
    user = make_organiser(clubs=[runs, zetland])
    league = make_league(runs, clubs=["Dee Whist Club", "Zetland Whist Club", "Ythan Whist Club"], user=user)
    first, second = league.fixtures.all()[:2]
    home = home_cards()
    match_card_enter(fixture=first, side="home", tables=home)
    match_card_enter(fixture=first, side="away", tables=away_cards(home))
    wrong = away_cards(home)
    wrong[2][5] = 9
    match_card_enter(fixture=second, side="home", tables=home)
    match_card_enter(fixture=second, side="away", tables=wrong)
    before = _league_as_seen()
    assert before["linked"] == [("Zetland Whist Club", "Zetland Whist Club")]
    assert "table 2 deal 5 differs" in before["states"]

    path = tmp_path / "club.json"
    call_command("backup", str(path), stderr=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    assert not Club.objects.exists() and not get_user_model().objects.exists()
    call_command("restore", str(path), stdout=StringIO())

    after = _league_as_seen()
    restored = [line for line in after.pop("trail") if line[0] != "restored"]
    assert restored == before.pop("trail")
    assert after == before


def test_a_fixture_naming_a_club_the_league_has_not_is_refused(make_club, tmp_path):
    make_league(make_club(name="Aberdeen Whist Club"), clubs=["Dee Whist Club", "Don Whist Club"])
    path = tmp_path / "club.json"
    call_command("backup", str(path), stderr=StringIO())
    data = json.loads(path.read_text())
    data["clubs"][0]["leagues"][0]["fixtures"][0]["away"] = 7
    path.write_text(json.dumps(data))
    call_command("flush", interactive=False, verbosity=0)
    with pytest.raises(
        Exception, match=r"clubs\[0\]\.leagues\[0\]\.fixtures\[0\]\.away: there is no clubs\[7\]"
    ):
        call_command("restore", str(path), stdout=StringIO())
    assert not League.objects.exists()


def test_a_version_2_backup_is_brought_forward_with_no_leagues():
    old = {
        "format": "whistdrive-backup",
        "version": 2,
        "clubs": [{"name": "Pendle Whist Circle", "mails": []}],
    }
    assert MIGRATIONS[2](old) == {
        **old,
        "version": 3,
        "clubs": [{"name": "Pendle Whist Circle", "mails": [], "leagues": []}],
    }


def test_a_league_table_whose_code_an_evenings_table_has_is_given_a_new_code(make_club, make_event, tmp_path):
    club = make_club(name="Aberdeen Whist Club")
    league = make_league(club)
    event = make_event(club)
    evening_code = event.table_accesses.get(table=1).code
    clash = MatchTable.objects.filter(fixture__league=league).order_by("pk").first()
    MatchTable.objects.filter(pk=clash.pk).update(code=evening_code)  # as an older version could leave it
    path = tmp_path / "club.json"
    call_command("backup", str(path), stderr=StringIO())
    call_command("flush", interactive=False, verbosity=0)

    call_command("restore", str(path), stdout=StringIO())

    assert TableLink.objects.filter(code=evening_code).count() == 1
    assert not MatchTable.objects.filter(code=evening_code).exists()
    assert MatchTable.objects.count() == len(set(MatchTable.objects.values_list("code", flat=True)))


def test_a_backup_with_one_code_a_table_gives_the_visitors_their_own(make_club, tmp_path):
    """A backup written before each side had its own code: the table's code stays the home side's
    (printed on the cards already), and the visitors' is drawn new."""
    league = make_league(make_club(name="Aberdeen Whist Club"), clubs=["Dee Whist Club", "Don Whist Club"])
    path = tmp_path / "club.json"
    call_command("backup", str(path), stderr=StringIO())
    data = json.loads(path.read_text())
    for fixture in data["clubs"][0]["leagues"][0]["fixtures"]:
        fixture["tables"] = [
            {key: value for key, value in t.items() if key != "side"}
            for t in fixture["tables"]
            if t["side"] == "home"
        ]
    path.write_text(json.dumps(data))
    homes = set(MatchTable.objects.filter(fixture__league=league, side="home").values_list("token", "code"))
    call_command("flush", interactive=False, verbosity=0)

    call_command("restore", str(path), stdout=StringIO())

    assert set(MatchTable.objects.filter(side="home").values_list("token", "code")) == homes
    visitors = MatchTable.objects.filter(side="away")
    assert visitors.count() == len(homes) == 4 * 3
    assert MatchTable.objects.count() == len(set(MatchTable.objects.values_list("code", flat=True)))
    assert not {token for token, _ in homes} & set(visitors.values_list("token", flat=True))
