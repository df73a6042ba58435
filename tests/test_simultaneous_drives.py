"""A simultaneous drive evening: three clubs' progressive drives, every player ranked across the
clubs by their totals, checked against a recomputation by hand; joining refused in words for an
evening that cannot take part; the organiser's join and the ranking page."""

import json
from collections import defaultdict

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditLine, Drive, Member, SimultaneousDrive
from tournaments.services import ServiceError
from tournaments.services import drives as drive_services
from tournaments.services.backups.drive import drive_export
from tournaments.services.county.keys import county_key_make
from tournaments.services.county.receiving import county_upload_receive
from tournaments.services.simultaneous import (
    simultaneous_drive_ranking,
    simultaneous_join,
    simultaneous_join_drive,
    simultaneous_publish,
)

from .simultaneous import DAY, make_drive_evening, make_simultaneous, play_drive


@pytest.fixture
def three_clubs(make_club):
    return [
        make_club(name=name) for name in ("Ribble Valley Whist Club", "Pendle Whist Circle", "Bowland Whist")
    ]


@pytest.fixture
def county(django_user_model):
    return django_user_model.objects.create_superuser("county", password="secret-pass-123")


def _by_hand(drive, tricks) -> dict[str, int]:
    """Each player's total worked out with plain arithmetic: at each hand, the N/S tricks recorded
    at their table if they sat N/S there, else the thirteen less them."""
    totals = defaultdict(int)
    seatings = drive_services.DriveState(drive).seatings
    for (hand, table), ns_tricks in tricks.items():
        seated = seatings[hand][table]
        for player in seated.ns:
            totals[player] += ns_tricks
        for player in seated.ew:
            totals[player] += 13 - ns_tricks
    return totals


def _places(figures: list[float]) -> list[str]:
    """Places by hand: 1 + how many did better, "=" when another did as well."""
    return [
        f"{1 + sum(other > mine for other in figures)}" + ("=" if figures.count(mine) > 1 else "")
        for mine in figures
    ]


def test_three_clubs_drives_ranking_equals_a_recomputation_by_hand(three_clubs):
    simultaneous = make_drive_evening(three_clubs)
    played = [
        play_drive(simultaneous, club, players=players, club_number=n)
        for n, (club, players) in enumerate(zip(three_clubs, (8, 12, 8), strict=True), start=1)
    ]
    by_hand = {
        (drive.pk, key): total for drive, tricks in played for key, total in _by_hand(drive, tricks).items()
    }
    ranking = simultaneous_drive_ranking(simultaneous)
    assert len(ranking.rows) == len(by_hand) == 8 + 12 + 8
    assert {(row.drive.pk, row.number): row.total for row in ranking.rows} == by_hand
    totals = [row.total for row in ranking.rows]
    assert totals == sorted(totals, reverse=True)
    assert [row.rank for row in ranking.rows] == _places(totals)
    # Each player's place at their own drive, beside the field's.
    for drive, _ in played:
        own = {s.score.player: s.place for s in drive_services.DriveState(drive).player_standings()}
        assert {row.number: row.club_place for row in ranking.club_rows(drive)} == own


def test_joining_is_in_the_drives_trail_and_again_changes_nothing(three_clubs):
    simultaneous = make_drive_evening(three_clubs)
    drive = drive_services.drive_create(club=three_clubs[0], name="Winter Drive", date=DAY, hands=4)
    first = simultaneous_join_drive(drive=drive, simultaneous=simultaneous)
    assert simultaneous_join_drive(drive=drive, simultaneous=simultaneous) == first
    assert SimultaneousDrive.objects.filter(simultaneous=simultaneous).count() == 1
    assert AuditLine.objects.filter(drive=drive, action=AuditLine.Action.SIMULTANEOUS).count() == 1


@pytest.mark.parametrize(
    ("format", "words"),
    [(Drive.Format.WIDOW, "widow whist"), (Drive.Format.TEAMS, "team night")],
)
def test_a_drive_that_cannot_rank_its_players_by_tricks_is_refused_in_words(three_clubs, format, words):
    simultaneous = make_drive_evening(three_clubs)
    drive = drive_services.drive_create(club=three_clubs[0], name="Odd Night", date=DAY, hands=4)
    Drive.objects.filter(pk=drive.pk).update(format=format)  # its setup is not what is tested
    drive.refresh_from_db()
    with pytest.raises(ServiceError, match=f"Odd Night is a {words}.*Take part with a progressive drive"):
        simultaneous_join_drive(drive=drive, simultaneous=simultaneous)
    assert not SimultaneousDrive.objects.exists()


def test_a_minnesota_drive_is_refused_in_words(three_clubs):
    simultaneous = make_drive_evening(three_clubs)
    drive = drive_services.drive_create(
        club=three_clubs[0], name="Grand Night", date=DAY, hands=4, game=Drive.Game.MINNESOTA
    )
    with pytest.raises(ServiceError, match="by the tricks on their score card"):
        simultaneous_join_drive(drive=drive, simultaneous=simultaneous)


def test_a_drive_cannot_join_an_evening_on_the_countys_boards_nor_an_event_a_drive_evening(
    three_clubs, make_event
):
    boards = make_simultaneous(three_clubs, boards=3)
    drive = drive_services.drive_create(club=three_clubs[0], name="Winter Drive", date=DAY, hands=4)
    with pytest.raises(ServiceError, match="a club takes part with a pairs event"):
        simultaneous_join_drive(drive=drive, simultaneous=boards)
    evening = make_drive_evening(three_clubs)
    event = make_event(three_clubs[0], name="Winter Pairs", tables=3, boards_per_round=1)
    with pytest.raises(ServiceError, match="is a drive evening"):
        simultaneous_join(event=event, simultaneous=evening, analyse=False)


def test_a_club_not_taking_part_and_a_second_drive_are_refused(three_clubs):
    simultaneous = make_drive_evening(three_clubs[:2])
    outside = drive_services.drive_create(club=three_clubs[2], name="Bowland Drive", date=DAY, hands=4)
    with pytest.raises(ServiceError, match="Bowland Whist does not take part"):
        simultaneous_join_drive(drive=outside, simultaneous=simultaneous)
    first = drive_services.drive_create(club=three_clubs[0], name="First", date=DAY, hands=4)
    second = drive_services.drive_create(club=three_clubs[0], name="Second", date=DAY, hands=4)
    simultaneous_join_drive(drive=first, simultaneous=simultaneous)
    with pytest.raises(ServiceError, match="in another drive already \\(First\\)"):
        simultaneous_join_drive(drive=second, simultaneous=simultaneous)


def test_an_organiser_joins_their_clubs_drive_from_the_ranking_page(client, club, organiser):
    simultaneous = make_drive_evening([club])
    drive = drive_services.drive_create(club=club, name="Winter Drive", date=DAY, hands=4)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:simultaneous", args=[simultaneous.pk])).content.decode()
    assert "Winter Drive" in page and "Take part with this drive" in page
    url = reverse("tournaments:simultaneous-join-drive", args=[simultaneous.pk])
    assert client.get(url).status_code == 405
    assert client.post(url, {"drive": drive.pk}).status_code == 302
    drive.refresh_from_db()
    assert drive.simultaneous_entry.simultaneous == simultaneous


def test_an_organiser_cannot_join_another_clubs_drive(client, club, other_club, organiser):
    simultaneous = make_drive_evening([club, other_club])
    theirs = drive_services.drive_create(club=other_club, name="Pendle Drive", date=DAY, hands=4)
    client.force_login(organiser)
    url = reverse("tournaments:simultaneous-join-drive", args=[simultaneous.pk])
    assert client.post(url, {"drive": theirs.pk}).status_code == 404
    assert not SimultaneousDrive.objects.exists()


def test_the_published_drive_ranking_names_players_as_each_club_publishes_them(client, three_clubs):
    ours = three_clubs[0]
    joan = services.member_create(club=ours, first_name="Joan", last_name="Bellamy")
    Member.objects.filter(pk=joan.pk).update(published_as=Member.Published.INITIALS)
    simultaneous = make_drive_evening(three_clubs[:2])
    play_drive(simultaneous, ours, players=8, club_number=1, members=[joan])
    play_drive(simultaneous, three_clubs[1], players=8, club_number=2)
    simultaneous_publish(simultaneous=simultaneous)
    html = client.get(reverse("tournaments:simultaneous", args=[simultaneous.pk])).content.decode()
    assert "J. B." in html and "Bellamy" not in html
    assert html.count("<tr>") == 1 + 16
    three_clubs[1].members_only = True
    three_clubs[1].save()
    html = client.get(reverse("tournaments:simultaneous", args=[simultaneous.pk])).content.decode()
    assert "Guest 1" in html  # the open club's guests, as it publishes them
    assert html.count("Guest") == 7  # none of the members-only club's


def _ranking_queries(client, clubs) -> int:
    simultaneous = make_drive_evening(clubs, name=f"Drive evening of {len(clubs)}")
    for number, club in enumerate(clubs, start=1):
        play_drive(simultaneous, club, players=8, club_number=number)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("tournaments:simultaneous", args=[simultaneous.pk]))
    assert page.content.decode().count("<tr>") == 1 + 8 * len(clubs)
    return len(queries)


def test_the_drive_rankings_queries_are_the_same_for_two_clubs_as_for_four(client, county, make_club):
    clubs = [make_club(name=f"Club {n}") for n in range(6)]
    client.force_login(county)
    two, four = _ranking_queries(client, clubs[:2]), _ranking_queries(client, clubs[2:])
    assert two == four, (two, four)


def test_the_county_sets_a_drive_evening_joins_and_prints_it_from_the_command_line(three_clubs):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command(
        "simultaneous", "create", "--name", "Drive Night", "--date", "2026-12-10", "--drive",
        "--club", three_clubs[0].slug, "--club", three_clubs[1].slug, stdout=out,
    )  # fmt: skip
    pk = int(out.getvalue().split()[-1])
    drive = drive_services.drive_create(club=three_clubs[0], name="Winter Drive", date=DAY, hands=4)
    call_command("simultaneous", "join-drive", str(pk), str(drive.pk), stdout=StringIO())
    assert drive.simultaneous_entry.simultaneous_id == pk
    printed = StringIO()
    call_command("simultaneous", "ranking", str(pk), stdout=printed)
    assert printed.getvalue() == ""  # nobody has played yet


def test_a_drive_uploaded_from_a_hall_joins_the_drive_evening_its_club_takes_part_in_that_day(
    make_club, django_capture_on_commit_callbacks
):
    hall, county = make_club(name="Hall Club"), make_club(name="County Club")
    evening = make_drive_evening([hall, county])
    played, _ = play_drive(evening, hall, players=8, club_number=1)
    _, secret = county_key_make(club=county)
    body = {"club": county.slug, "kind": played.evening_format.key, "document": drive_export(played)}

    with django_capture_on_commit_callbacks(execute=True):
        taken = county_upload_receive(secret=secret, body=json.dumps(body).encode())

    assert taken.status == 200
    copy = Drive.objects.get(pk=taken.evening_id)
    assert copy.club == county and SimultaneousDrive.objects.get(drive=copy).simultaneous == evening
