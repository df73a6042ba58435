"""A drive player's page of the evening on their phone: opened by its key alone, names as the public
pages show them, its changing part asked alone, a constant number of queries whatever the drive's
size; and the drive's tablet that gives its players' links after check-in."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.models import Drive, Member
from tournaments.services import drives
from tournaments.services.drives.check_in import drive_table_check_in
from tournaments.services.drives.player_evening import drive_evening_key

pytestmark = pytest.mark.django_db


def _url(player, key=None):
    return reverse(
        "tournaments:drive-evening", args=[player.pk, drive_evening_key(player) if key is None else key]
    )


def _drive(club, players=12, members=()) -> Drive:
    drive = drives.drive_create(club=club, name="Village Drive", date="2026-11-20", hands=4)
    for member in members:
        drives.drive_player_add(
            drive=drive, role="L" if drive.players.count() % 2 == 0 else "G", member=member
        )
    for k in range(players - len(members)):
        drives.drive_player_add(drive=drive, role="LG"[(k + len(members)) % 2], guest=f"Guest {k}")
    return drives.drive_start(drive=drive)


def _play_hand_one(drive):
    state = drives.DriveState(drive)
    for link in drive.table_accesses.all():
        if not state.seatings[1][link.table].sit_out:
            drive_table_check_in(link=link, hand=1, here=True)
            drives.drive_table_enter(link=link, hand=1, ns_tricks=8)
            drives.drive_table_confirm(link=link, hand=1, ns_tricks=8)


def _player(drive, key):
    return drive.players.get(role=key[0], card=int(key[1:]))


def test_it_shows_the_players_evening(client, club):
    drive = _drive(club)
    _play_hand_one(drive)
    key = drives.DriveState(drive).seatings[1][1].ns[0]
    response = client.get(_url(_player(drive, key)))
    assert response.status_code == 200
    page = response.content.decode()
    assert f"<h1>{key}</h1>" in page and "Hand 1" in page and "8</b> tricks" in page and "Place" in page
    assert response["Cache-Control"].startswith("max-age=0")


def test_its_part_comes_alone(client, club):
    player = _drive(club).players.first()
    response = client.get(_url(player) + "?part=1")
    assert (
        response.status_code == 200 and b"<html" not in response.content and b"Your hands" in response.content
    )


def test_another_players_key_or_a_wrong_key_is_refused(client, club):
    drive = _drive(club)
    first, second = drive.players.all()[:2]
    assert client.get(_url(first, drive_evening_key(second))).status_code == 404
    assert client.get(_url(first, "A" * 16)).status_code == 404
    assert client.get(_url(first, "not a key!")).status_code == 404
    assert client.get(reverse("tournaments:drive-evening", args=[999999, "A" * 16])).status_code == 404


def test_other_players_are_named_as_on_the_public_pages(client, club, organiser):
    hidden = Member.objects.create(club=club, first_name="Edna", last_name="Quill", published_as="hidden")
    initials = Member.objects.create(club=club, first_name="Walter", last_name="Pye", published_as="initials")
    drive = _drive(club, members=(hidden, initials))
    _play_hand_one(drive)
    client.force_login(organiser)  # even the club's organiser reads the phone's page as the public do
    for player in drive.players.all():
        page = client.get(_url(player)).content.decode()
        assert "Edna" not in page and "Quill" not in page and "Walter" not in page
    seated = drives.DriveState(drive).seatings[1]
    table = next(t for t in seated.values() if "L1" in t.players)
    page = client.get(_url(_player(drive, table.opponents_of("L1")[0]))).content.decode()
    assert "A player" in page


def test_its_queries_do_not_grow_with_the_drive(client, club):
    counts = []
    for players in (12, 40):
        drive = _drive(club, players=players)
        _play_hand_one(drive)
        url = _url(drive.players.get(role="G", card=2))
        client.get(url)
        with CaptureQueriesContext(connection) as looked:
            assert client.get(url).status_code == 200
        counts.append(len(looked))
    assert counts[0] == counts[1], counts


def test_the_tablet_gives_each_player_their_link_after_check_in(client, club):
    drive = _drive(club)
    link = drive.table_accesses.get(table=1)
    seated = drives.DriveState(drive).seatings[1][1]
    table = reverse("tournaments:drive-table", args=[link.token])
    urls = [_url(_player(drive, key)) for key in seated.players]
    assert urls[0].encode() not in client.get(table).content  # asked who is there first
    drive_table_check_in(link=link, hand=1, here=True)
    page = client.get(table).content.decode()
    assert all(url in page for url in urls) and 'src="data:image/svg+xml' in page


def test_a_team_nights_player_sees_the_teams_points_and_place(client, club):
    club.places_shown = club.PlacesShown.LIVE
    club.save()
    teams = [(f"Team {n}", [f"P{n}{k}" for k in range(4)]) for n in "ABCD"]
    night = drives.team_night_create(club=club, name="Team night", date="2026-11-24", teams=teams, hands=2)
    night = drives.drive_start(drive=night)
    _play_hand_one(night)
    page = client.get(_url(night.players.get(role="L", card=1))).content.decode()
    assert "Place " in page and " of 4 teams" in page
    assert "Team 1: <b>" in page and "team point" in page


def test_a_minnesota_drives_player_sees_who_went_grand(client, club):
    drive = drives.drive_create(
        club=club, name="Minnesota", date="2026-11-20", hands=2, halves=1, game="minnesota"
    )
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Guest {k}")
    drive = drives.drive_start(drive=drive)
    link = drive.table_accesses.get(table=1)
    drives.drive_table_enter(link=link, hand=1, ns_tricks=9, granded="NS")
    drives.drive_table_confirm(link=link, hand=1, ns_tricks=9, granded="NS")
    key = drives.DriveState(drive).seatings[1][1].ew[0]
    page = client.get(_url(_player(drive, key))).content.decode()
    assert "Grand: Them" in page and "<b>4</b> tricks" in page and "points" in page
