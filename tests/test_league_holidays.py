"""A league's rounds that fall on Christmas Day, Boxing Day or New Year's Day are said in words, on
the new league's page, the fixtures page and by the command; the organiser moves such a round."""

from datetime import date

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.leagues import make_league
from tournaments.models import AuditLine
from tournaments.services.core.errors import ServiceError
from tournaments.services.leagues import league_holiday_warnings, league_round_move

pytestmark = pytest.mark.django_db

FRIDAY = date(2026, 10, 16)  # weekly from here: round 11 on Fri 25 Dec, round 12 on Fri 1 Jan


def test_rounds_on_christmas_and_new_years_day_are_said(club):
    league = make_league(club, start=FRIDAY)
    assert league_holiday_warnings(league) == [
        "Round 11 falls on Christmas Day, Fri 25 Dec 2026: move it to another day if the clubs will not "
        "play then.",
        "Round 12 falls on New Year's Day, Fri 1 Jan 2027: move it to another day if the clubs will not "
        "play then.",
    ]
    assert league_holiday_warnings(make_league(club, name="Mondays")) == []  # 21 and 28 December


def test_boxing_day_is_said_too(club):
    league = make_league(club, start=date(2026, 12, 12), days_between=14)
    assert [w.split(":")[0] for w in league_holiday_warnings(league)] == [
        "Round 2 falls on Boxing Day, Sat 26 Dec 2026"
    ]


def test_the_new_league_page_warns_of_the_holidays(client, organiser, club):
    client.force_login(organiser)
    response = client.post(
        reverse("tournaments:league-new", args=[club.slug]),
        {
            "name": "Friday League",
            "season": "2026–27",
            "clubs": "Dee\nDon\nYthan\nUry",
            "start": "2026-10-16",
            "days_between": 7,
            "game": 0,
        },
        follow=True,
    )
    page = response.content.decode()
    assert "Round 11 falls on Christmas Day, Fri 25 Dec 2026" in page
    assert "Round 12 falls on New Year&#x27;s Day, Fri 1 Jan 2027" in page


def test_the_fixtures_page_says_it_and_the_organiser_moves_the_round(client, organiser, club):
    league = make_league(club, start=FRIDAY)
    fixtures = reverse("tournaments:league-fixtures", args=[club.slug, league.pk])
    public = client.get(fixtures).content.decode()
    assert "This round falls on Christmas Day." in public and "Move round 11" not in public
    client.force_login(organiser)
    assert "Move round 11" in client.get(fixtures).content.decode()
    move = reverse("tournaments:league-round-move", args=[club.slug, league.pk, 11])
    page = client.post(move, {"date": "2026-12-29"}, follow=True).content.decode()
    assert "Round 11 is now on Tue 29 Dec 2026." in page
    assert "Round 12 falls on New Year&#x27;s Day" in page  # still to move
    assert set(league.fixtures.filter(round=11).values_list("date", flat=True)) == {date(2026, 12, 29)}
    assert AuditLine.objects.filter(
        club=club, detail__endswith="round 11 moved: Fri 25 Dec 2026 → Tue 29 Dec 2026"
    ).exists()
    assert [w.split(",")[0] for w in league_holiday_warnings(league)] == ["Round 12 falls on New Year's Day"]


def test_a_round_moved_onto_another_rounds_day_is_refused(club):
    league = make_league(club, start=FRIDAY)
    with pytest.raises(ServiceError, match="Round 10 is on Fri 18 Dec 2026 already"):
        league_round_move(league=league, round=11, date=date(2026, 12, 18))
    assert set(league.fixtures.filter(round=11).values_list("date", flat=True)) == {date(2026, 12, 25)}


def test_only_the_organiser_moves_a_round(client, other_club, club):
    league = make_league(club, start=FRIDAY)
    client.force_login(other_club.organisers.first())
    move = reverse("tournaments:league-round-move", args=[club.slug, league.pk, 11])
    assert client.post(move, {"date": "2026-12-29"}).status_code == 404
    assert set(league.fixtures.filter(round=11).values_list("date", flat=True)) == {date(2026, 12, 25)}


def test_the_command_notes_the_holidays(capsys, club):
    names = ["Dee", "Don", "Ythan"]
    options = {"club": club.name, "name": "N", "season": "S", "start": FRIDAY}
    call_command("league_fixtures", *names, **options)
    out = capsys.readouterr().out
    assert "Note: Round 11 falls on Christmas Day, Fri 25 Dec 2026" in out
