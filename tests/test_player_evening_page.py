"""An individual event's player's page of the evening on their phone: opened by its key alone,
names as the public pages show them, its changing part asked alone, a constant number of queries
whatever the event's size; and the tablet that gives the four players' links after check-in."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.test_individual_events import NAMES, make_individual
from tournaments import services
from tournaments.models import Member
from tournaments.services.tablets.player_evening import player_evening_key

pytestmark = pytest.mark.django_db


def _url(player, key=None):
    key = player_evening_key(player) if key is None else key
    return reverse("tournaments:player-evening", args=[player.pk, key])


def _running(club, names=NAMES):
    event = make_individual(club, names)
    services.event_deal_boards(event=event, seed="phone", analyse=False)
    return services.event_start(event=event)


def _play_round_one(event):
    for access in event.table_accesses.all():
        seating = event.seatings.get(round=1, table=access.table)
        if seating.ns_pair_id is None or seating.ew_pair_id is None:
            continue
        services.table_check_in(access=access, round=1, here=True)
        for board in seating.board_numbers:
            services.table_result_enter(access=access, board_number=board, ns_tricks=7)
            services.table_result_confirm(access=access, board_number=board, ns_tricks=7)


def test_it_shows_the_players_evening(client, club):
    event = _running(club)
    _play_round_one(event)
    response = client.get(_url(event.individuals.get(number=1)))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Player 1" in page and "Ann Smith" in page and "Board 1" in page and "Round 2" in page
    assert "with <b>Ivy Dunn</b> against Bob Jones &amp; Ed Long" in page
    assert response["Cache-Control"].startswith("max-age=0")


def test_its_part_comes_alone(client, club):
    player = _running(club).individuals.first()
    response = client.get(_url(player) + "?part=1")
    assert response.status_code == 200 and b"<html" not in response.content
    assert b"Your boards" in response.content


def test_another_players_key_or_a_wrong_key_is_refused(client, club):
    event = _running(club)
    first, second = event.individuals.all()[:2]
    assert client.get(_url(first, player_evening_key(second))).status_code == 404
    assert client.get(_url(first, "A" * 16)).status_code == 404
    assert client.get(_url(first, "not a key!")).status_code == 404
    assert client.get(reverse("tournaments:player-evening", args=[999999, "A" * 16])).status_code == 404


def test_a_pairs_key_opens_no_players_page(client, club):
    from tournaments.services.tablets.pair_evening import pair_evening_key

    event = _running(club)
    pair = event.pairs.first()
    assert (
        client.get(reverse("tournaments:pair-evening", args=[pair.pk, pair_evening_key(pair)])).status_code
        == 404
    )


def test_other_players_are_named_as_on_the_public_pages(client, club, organiser):
    event = _running(club)
    hidden = Member.objects.create(club=club, first_name="Edna", last_name="Quill", published_as="hidden")
    initials = Member.objects.create(club=club, first_name="Walter", last_name="Pye", published_as="initials")
    for number, member in ((2, hidden), (4, initials)):  # player 1's opponents in round 1
        seat = event.individuals.get(number=number)
        seat.player1, seat.guest1 = member, ""
        seat.save()
    client.force_login(organiser)  # even the club's organiser reads the phone's page as the public do
    page = client.get(_url(event.individuals.get(number=1))).content.decode()
    assert "Edna" not in page and "Quill" not in page and "Walter" not in page
    assert "A player" in page and "W. P." in page


def test_its_queries_do_not_grow_with_the_event(client, club):
    counts = []
    for players in (8, 16):
        event = _running(club, [f"Guest {n}" for n in range(1, players + 1)])
        _play_round_one(event)
        url = _url(event.individuals.get(number=3))
        client.get(url)  # the scores kept in the cache, as for every later look
        with CaptureQueriesContext(connection) as looked:
            assert client.get(url).status_code == 200
        counts.append(len(looked))
    assert counts[0] == counts[1], counts


def test_the_tablet_gives_each_of_the_four_players_their_link_after_check_in(client, club):
    event = _running(club)
    access = event.table_accesses.get(table=1)
    table = reverse("tournaments:table", args=[access.token])
    ann = event.individuals.get(number=1)
    assert _url(ann).encode() not in client.get(table).content  # asked who is there first
    services.table_check_in(access=access, round=1, here=True)
    page = client.get(table).content.decode()
    for number in (8, 1, 2, 4):  # Wh(8)'s round 1, table 1: N 8, S 1, E 2, W 4
        assert _url(event.individuals.get(number=number)) in page
    assert "Player 8 (Ivy Dunn)" in page and "Player 1 (Ann Smith)" in page
    assert "/me/player/" in page and 'src="data:image/svg+xml' in page


def _play_round(event, number):
    for access in event.table_accesses.all():
        seating = event.seatings.get(round=number, table=access.table)
        if seating.ns_pair_id is None or seating.ew_pair_id is None:
            continue
        services.table_check_in(access=access, round=number, here=True)
        for board in seating.board_numbers:
            services.table_result_enter(access=access, board_number=board, ns_tricks=8)
            services.table_result_confirm(access=access, board_number=board, ns_tricks=8)


def test_earlier_boards_are_a_line_each_with_their_own_page(client, club):
    event = _running(club)
    _play_round(event, 1)
    _play_round(event, 2)
    player = event.individuals.get(number=1)
    page = client.get(_url(player) + "?part=1").content.decode()
    first = event.seatings.get(round=1, table=1).first_board  # Wh(8)'s round 1: player 1 at table 1
    key = player_evening_key(player)
    board_url = reverse("tournaments:player-evening-board", args=[player.pk, key, first])
    assert f'href="{board_url}"' in page
    assert f"Board {first} at the tables that have confirmed it" not in page
    shown = client.get(board_url)
    text = shown.content.decode()
    assert shown.status_code == 200 and f"Board {first} at the tables that have confirmed it" in text
    assert "with <b>Ivy Dunn</b>" in text and "each side by its players" in text
    other = event.individuals.get(number=2)
    wrong = reverse("tournaments:player-evening-board", args=[player.pk, player_evening_key(other), first])
    assert client.get(wrong).status_code == 404
