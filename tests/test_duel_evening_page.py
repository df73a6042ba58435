"""A two-player night's player's page on their phone: opened by its key alone, names as the public
pages show them, its changing part asked alone, a constant number of queries whatever the night;
and the tablet that gives its two players' links after check-in, in no more statements than before."""

from datetime import date

import pytest
from django.db import connection
from django.db.models import Q
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.duel_tables import enter, pair_pending, pending, shown
from tournaments.models import DuelTable, Member
from tournaments.services import duels
from tournaments.services.duels.check_in import duel_table_check_in
from tournaments.services.duels.evening import duel_evening_key

pytestmark = pytest.mark.django_db


def _url(player, key=None):
    key = duel_evening_key(player) if key is None else key
    return reverse("tournaments:duel-evening", args=[player.pk, key])


def _night(club, players=4, rounds=2, name="German whist night"):
    night = duels.duel_night_create(
        club=club,
        name=name,
        date=date(2026, 11, 27),
        players=[f"Player {n}" for n in range(1, players + 1)] if isinstance(players, int) else players,
        pairing="swiss",
        rounds=rounds,
        deals=2,
    )
    duels.duel_night_start(night=night)
    return night


def _play_round(night):
    for table in DuelTable.objects.filter(night=night, number__lte=night.players.count() // 2):
        for _ in range(2):
            enter(table.token, 8, 5)
            duels.duel_deal_confirm(token=table.token, **pending(table.token))


def test_it_shows_the_players_evening(client, club):
    night = _night(club)
    _play_round(night)
    pair_pending(night)
    player = night.players.get(number=1)
    response = client.get(_url(player))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Player 1" in page and "Round 1" in page and "8" in page and "Round 2: <b>table" in page
    assert response["Cache-Control"].startswith("max-age=0")


def test_it_says_the_next_round_is_being_paired(client, club):
    night = _night(club)
    _play_round(night)
    page = client.get(_url(night.players.get(number=2))).content.decode()
    assert "Pairing round 2…" in page


def test_its_part_comes_alone(client, club):
    player = _night(club).players.first()
    response = client.get(_url(player) + "?part=1")
    assert response.status_code == 200 and b"<html" not in response.content
    assert b"Your matches" in response.content


def test_another_players_key_or_a_wrong_key_is_refused(client, club):
    night = _night(club)
    first, second = night.players.order_by("number")[:2]
    assert client.get(_url(first, duel_evening_key(second))).status_code == 404
    assert client.get(_url(first, "A" * 16)).status_code == 404
    assert client.get(_url(first, "not a key!")).status_code == 404
    assert client.get(reverse("tournaments:duel-evening", args=[999999, "A" * 16])).status_code == 404


def _opponent(night, player):
    match = night.matches.get(Q(player_a=player) | Q(player_b=player), round=1)
    return match.player_b if match.player_a_id == player.pk else match.player_a


def test_other_players_are_named_as_on_the_public_pages(client, club, organiser):
    Member.objects.create(club=club, first_name="Edna", last_name="Quill", published_as="hidden")
    Member.objects.create(club=club, first_name="Walter", last_name="Pye", published_as="initials")
    night = _night(club, players=["Edna Quill", "Walter Pye", "Cy Day", "Di Lee"])
    client.force_login(organiser)  # even the club's organiser reads the phone's page as the public do
    for player in night.players.all():
        page = client.get(_url(player)).content.decode()
        assert "Edna" not in page and "Quill" not in page and "Walter" not in page
    edna, walter = night.players.order_by("number")[:2]
    assert "against <b>A player</b>" in client.get(_url(_opponent(night, edna))).content.decode()
    assert "against <b>W. P.</b>" in client.get(_url(_opponent(night, walter))).content.decode()


def _queries(client, player) -> int:
    url = _url(player)
    client.get(url)
    with CaptureQueriesContext(connection) as looked:
        assert client.get(url).status_code == 200
    return len(looked)


def test_its_queries_do_not_grow_with_the_night(client, club, make_club):
    small = _night(club, players=4, rounds=2)
    _play_round(small)
    pair_pending(small)
    big = _night(make_club(name="Pendle Whist Circle"), players=20, rounds=4, name="Long night")
    for _ in range(3):
        _play_round(big)
        assert pair_pending(big)
    counts = [_queries(client, small.players.get(number=3)), _queries(client, big.players.get(number=3))]
    assert counts[0] == counts[1] <= 6, counts


def test_the_tablet_gives_its_two_players_their_links_after_check_in(client, club):
    night = _night(club)
    table = night.tables.get(number=1)
    match = night.matches.get(round=1, table=1)
    tablet = reverse("tournaments:duel-table", args=[table.token])
    assert _url(match.player_a) not in client.get(tablet).content.decode()  # asked who is there first
    named = shown(table.token)
    duel_table_check_in(token=table.token, round=named["round"], match_id=named["match_id"])
    page = client.get(tablet).content.decode()
    assert _url(match.player_a) in page and _url(match.player_b) in page
    assert 'src="data:image/svg+xml' in page


def test_the_tablet_with_its_links_takes_at_most_eight_statements(
    client, club, django_assert_max_num_queries
):
    night = _night(club)
    table = night.tables.get(number=1)
    named = shown(table.token)
    duel_table_check_in(token=table.token, round=named["round"], match_id=named["match_id"])
    client.get(f"/two/{table.token}/")  # the QR encoder imported
    with django_assert_max_num_queries(8):
        page = client.get(f"/two/{table.token}/").content.decode()
    assert "your evening on your phone" in page
