"""A widow whist player's page of the evening on their phone: opened by its key alone, names as the
public pages show them, its changing part asked alone, a constant number of statements whatever the
evening's size; and the table's tablet that gives its players' links after check-in."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.test_widow_series import make_series, tricks_for
from tournaments.models import DriveTable, Member
from tournaments.services import drives, widow
from tournaments.services.core.phones import phone_key
from tournaments.services.kinds import KINDS
from tournaments.services.widow.check_in import widow_table_check_in
from tournaments.services.widow.evening import widow_evening_key

pytestmark = pytest.mark.django_db


def _url(player, key=None):
    key = widow_evening_key(player.drive_id, player.pk) if key is None else key
    return reverse("tournaments:widow-evening", args=[player.pk, key])


def _first_deals(drive, deals: int = 2):
    """Each table of series 1 plays its first deals, typed from the score cards."""
    for _ in range(deals):
        state = widow.WidowState(drive)
        for table in sorted(state.tables[1]):
            taker, tricks = tricks_for(state.now_at(table), state.now_at(table).deal)
            widow.widow_deal_record(drive=drive, table=table, taker=taker, tricks=tricks)
            state = widow.WidowState(drive)


def test_it_shows_the_players_evening(client, club):
    drive = widow.widow_start(drive=make_series(club, 10))
    _first_deals(drive)
    player = drive.players.order_by("card").last()
    response = client.get(_url(player))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Widow Player 10" in page and "Series 1 of 3" in page and "Your deals" in page
    assert "deal-1-" in page or "sit out" in page or "sits out" in page
    assert "no deal is played at another table" in page
    assert response["Cache-Control"].startswith("max-age=0")
    assert KINDS["widow"].phone_page == "widow-evening"


def test_its_part_comes_alone(client, club):
    drive = widow.widow_start(drive=make_series(club, 9))
    response = client.get(_url(drive.players.first()) + "?part=1")
    assert response.status_code == 200
    assert b"<html" not in response.content and b"Your deals" in response.content


def test_another_players_key_a_wrong_key_or_another_kinds_key_is_refused(client, club):
    drive = widow.widow_start(drive=make_series(club, 9))
    first, second = drive.players.order_by("card")[:2]
    assert client.get(_url(first, widow_evening_key(drive.pk, second.pk))).status_code == 404
    assert client.get(_url(first, phone_key("pair-evening", drive.pk, first.pk))).status_code == 404
    assert client.get(_url(first, "A" * 16)).status_code == 404
    assert client.get(_url(first, "not a key!")).status_code == 404
    assert client.get(reverse("tournaments:widow-evening", args=[999999, "A" * 16])).status_code == 404


def test_a_drive_players_key_opens_no_widow_page(client, club):
    drive = drives.drive_create(club=club, name="Drive", date="2026-11-27")
    player = drives.drive_player_add(drive=drive, name="Ann Drive", role=drive.roles[0])
    assert client.get(_url(player)).status_code == 404


def test_other_players_are_named_as_on_the_public_pages(client, club, organiser):
    hidden = Member.objects.create(club=club, first_name="Edna", last_name="Quill", published_as="hidden")
    initials = Member.objects.create(club=club, first_name="Walter", last_name="Pye", published_as="initials")
    drive = widow.widow_create(club=club, name="Widow Night", date="2026-11-27")
    drives.drive_player_add(drive=drive, member=hidden)
    drives.drive_player_add(drive=drive, member=initials)
    for k in range(7):
        drives.drive_player_add(drive=drive, name=f"Guest Player {k}")
    drive = widow.widow_start(drive=drive)
    client.force_login(organiser)  # even the club's organiser reads the phone's page as the public do
    page = "".join(client.get(_url(player)).content.decode() for player in drive.players.all())
    assert "Edna" not in page and "Quill" not in page and "Walter" not in page
    assert "A player" in page and "W. P." in page


def test_its_statements_do_not_grow_with_the_evening(client, club):
    counts = []
    for players in (9, 22):
        drive = widow.widow_start(drive=make_series(club, players))
        _first_deals(drive, 3)
        url = _url(drive.players.order_by("card").first())
        with CaptureQueriesContext(connection) as looked:
            assert client.get(url).status_code == 200
        counts.append(len(looked))
    assert counts[0] == counts[1], counts


def test_the_tablet_gives_each_player_their_link_after_check_in(client, club):
    drive = widow.widow_start(drive=make_series(club, 10))
    link = DriveTable.objects.get(drive=drive, table=2)
    seats = widow.WidowState(drive).tables[1][2]
    tablet = reverse("tournaments:drive-table", args=[link.token])
    urls = [reverse("tournaments:widow-evening", args=[p, widow_evening_key(drive.pk, p)]) for p in seats]
    assert urls[0].encode() not in client.get(tablet).content  # asked who is there first
    widow_table_check_in(link=link, series=1, here=True)
    page = client.get(tablet).content.decode()
    assert all(url in page for url in urls) and 'src="data:image/svg+xml' in page
    assert client.get(urls[0]).status_code == 200
