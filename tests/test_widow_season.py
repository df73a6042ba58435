"""A published widow whist series in the club's season: its members' pages give their place and
points (never tricks), the club's results list it, and a competition by placings counts it."""

import csv
import io
from datetime import date

import pytest
from django.core import mail
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.seasons import members
from tests.test_widow_series import play_series
from tournaments.services import drives, widow
from tournaments.services.season import competitions
from tournaments.services.season.players import member_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def series(club):
    people = members(club, 9)
    drive = widow.widow_create(club=club, name="Widow Night", date=date(2026, 11, 27), series=1, deals_each=3)
    for member in people:
        drives.drive_player_add(drive=drive, member=member)
    drive = widow.widow_start(drive=drive)
    play_series(drive)
    drive = widow.widow_close(drive=drive)
    return drives.drive_publish(drive=drive), people


def test_a_members_page_shows_the_series_in_points(client, series):
    drive, people = series
    standings = widow.WidowState(drive).standings()
    top = standings[0]
    season = member_season(top["player"].member)
    (evening,) = [e for e in season.evenings if e.pk == drive.pk]
    assert evening.place == top["place"] and evening.score_words == f"{top['points']} points"
    assert evening.hands == 3 and evening.field_size == 9 and not evening.partners
    assert len(evening.opponents) == 2  # the two others at their table of three
    page = client.get(reverse("tournaments:player", args=[top["player"].member_id])).content.decode()
    assert "Widow Night" in page and "points" in page


def test_the_clubs_results_list_the_series(client, club, series):
    page = client.get(reverse("tournaments:club-results", args=[club.slug])).content.decode()
    assert "Widow Night" in page


def test_a_competition_by_placings_counts_the_series_in_one_list(club, series):
    drive, people = series
    competition = competitions.competition_create(
        club=club,
        values={
            "name": "Season",
            "start": date(2026, 1, 1),
            "end": date(2026, 12, 31),
            "measure": "placing",
            "kinds": "drive",
        },
    )
    table = competitions.competition_standings(competition)
    assert len(table.standings.evenings) == 1
    assert {r.key for r in table.standings.rows} == {f"m{p.pk}" for p in people}
    top = widow.WidowState(drive).standings()[0]
    assert table.standings.rows[0].place.startswith("1")
    assert f"m{top['player'].member_id}" in {r.key for r in table.standings.rows if r.place.startswith("1")}


def test_the_demos_widow_evening_is_played_and_published(club):
    from tournaments.management.commands.make_demo_fixture import widow_evening

    drive = widow_evening(club, members(club, 30))
    state = widow.WidowState(drive)
    assert drive.published and drive.status == "finished" and state.complete
    assert [len(seats) for _, seats in sorted(state.tables[2].items())] == [4, 3, 3]
    assert set(state.played().values()) == {24}
    first = state.series_totals(1)
    top_table = sorted(first.get(p, 0) for p in state.tables[2][1])  # by running totals: the top four
    assert top_table == sorted(first.get(p, 0) for p in state.players)[-4:]


def test_the_organiser_sends_a_published_series_results_from_its_page(client, organiser, series, settings):
    """Each member with an address gets their place of the field and their points; pressing it
    again sends nobody a second one."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    drive, people = series
    for n, member in enumerate(people[:4]):
        member.email = f"widow{n}@example.org"
        member.save(update_fields=["email"])
    client.force_login(organiser)
    page = client.get(reverse("tournaments:drive-run", args=[drive.pk])).content.decode()
    assert "Send results" in page
    response = client.post(reverse("tournaments:drive-send-results", args=[drive.pk]), follow=True)
    assert "4 e-mails added to the outbox; 4 sent." in response.content.decode()
    standings = {s["player"].member_id: s for s in widow.WidowState(drive).standings()}
    for message in mail.outbox:
        (member,) = [m for m in people if m.email in message.to]
        mine = standings[member.pk]
        assert f"of 9 (all players), with {mine['points']} points." in message.body
    client.post(reverse("tournaments:drive-send-results", args=[drive.pk]))
    assert len(mail.outbox) == 4


def test_the_treasurers_season_csv_reads_the_series_as_a_widow_series(client, organiser, club, series):
    """Nobody owes a fee the series does not charge, and it gives no prizes: a classic drive's
    reader saw nine players tied for every prize, and nine fees unpaid."""
    drive, people = series
    client.force_login(organiser)
    url = reverse("tournaments:club-money-csv", args=[club.slug])
    rows = list(
        csv.reader(io.StringIO(client.get(url, {"from": "2026-09-01", "to": "2027-08-31"}).content.decode()))
    )
    assert rows[1][1:4] == ["Widow Night", "9", "0"]
    drives.drive_money_set(drive=drive, member_fee=200, guest_fee=200, fund_fixed=1000, ties="share")
    for player in drive.players.order_by("card")[:3]:
        drives.drive_fee_record(drive=drive, player=player, method="cash")
    rows = list(
        csv.reader(io.StringIO(client.get(url, {"from": "2026-09-01", "to": "2027-08-31"}).content.decode()))
    )
    assert rows[1][1:5] == ["Widow Night", "9", "6", "6.00"]
    assert rows[1][11:] == ["0.00", "6.00", "GBP"]  # no prize paid: the takings are the balance


def test_a_members_page_reads_three_series_in_the_statements_of_one(client, club):
    """The series a member played are read together (``WidowState.read_many``): a page with three
    costs no more statements than a page with one, and each series' figures are its own."""
    people = members(club, 9)

    def played(name, day):
        drive = widow.widow_create(club=club, name=name, date=day, series=1, deals_each=3)
        for member in people:
            drives.drive_player_add(drive=drive, member=member)
        drive = widow.widow_start(drive=drive)
        play_series(drive)
        return drives.drive_publish(drive=widow.widow_close(drive=drive))

    first = played("Widow One", date(2026, 11, 6))
    page = reverse("tournaments:player", args=[people[0].pk])

    def statements():
        for cache in caches.all():
            cache.clear()
        with CaptureQueriesContext(connection) as captured:
            assert client.get(page).status_code == 200
        return len(captured.captured_queries)

    one = statements()
    others = [played("Widow Two", date(2026, 11, 13)), played("Widow Three", date(2026, 11, 20))]
    assert statements() == one
    states = widow.WidowState.read_many([first, *others])
    for drive in (first, *others):
        assert states[drive.pk].standings() == widow.WidowState(drive).standings()
