"""A two-player night's player's own page (``services/duels/evening.py``): each of their matches
with the deals their table has confirmed (never one before), their game points and place as the
club lets them show in play and as the results rank them at the end, and their next match or the
round being paired."""

import random
from datetime import date

import pytest
from django.db.models import Q

from tests.duel_tables import enter, pair_pending, pending, shown
from tournaments.models import Club, DuelPlayer, DuelTable
from tournaments.services import duels
from tournaments.services.duels.evening import duel_evening, duel_evening_key, duel_evening_player

pytestmark = pytest.mark.django_db
PLAYERS = ["Ann Smith", "Bob Jones", "Cy Day", "Di Lee", "Ed Ray", "Flo Hart", "Gus Kemp"]


def _night(club, places=Club.PlacesShown.LIVE, players=PLAYERS, **options):
    club.places_shown = places
    club.save()
    night = duels.duel_night_create(
        club=club,
        name="German whist night",
        date=date(2026, 11, 27),
        players=list(players),
        **({"pairing": "swiss", "rounds": 3, "deals": 2} | options),
    )
    duels.duel_night_start(night=night)
    night.refresh_from_db()  # started: its players' pages read it through them
    return night


def _open_tables(night):
    """The tables with a match still to play in the round in play."""
    state = duels.night_state(night)
    playing = {line.match.table for line in state.rounds[state.round_in_play] if not line.finished}
    return [t.token for t in DuelTable.objects.filter(night=night, number__in=playing).order_by("number")]


def _confirmed(night):
    """Each match's confirmed deals, as (tricks a, tricks b), from the night's reader."""
    state = duels.night_state(night)
    return {
        line.match.pk: [(d.tricks_a, d.tricks_b) for d in line.deals if d.confirmed]
        for lines in state.rounds.values()
        for line in lines
    }


def _check_every_page(night):
    """Every player's page shows exactly the deals confirmed at their table, from their side."""
    state = duels.night_state(night)
    confirmed = _confirmed(night)
    for player in night.players.all():
        evening = duel_evening(player)
        lines = [
            line
            for number in sorted(state.rounds)
            for line in state.rounds[number]
            if player.pk in (line.a.pk, line.b.pk if line.b else None)
        ]
        assert [m.round for m in evening.matches] == [line.match.round for line in lines]
        for shown_match, line in zip(evening.matches, lines, strict=True):
            mine = [d.tricks if line.a.pk == player.pk else d.tricks[::-1] for d in shown_match.deals]
            assert mine == confirmed[line.match.pk]


def _standing(night, player):
    return next(s.standing for s in duels.night_state(night).standings if s.player.pk == player.pk)


@pytest.mark.parametrize("places", [Club.PlacesShown.LIVE, Club.PlacesShown.ROUNDS])
def test_a_night_played_through_shows_each_deal_only_once_confirmed_and_ends_on_the_results(club, places):
    night = _night(club, places)
    rng = random.Random(3)
    for number in (1, 2, 3):
        for token in _open_tables(night):
            while token in _open_tables(night):
                a = rng.randint(0, 13)
                enter(token, a, 13 - a)
                _check_every_page(night)  # entered, not yet confirmed: on no page
                duels.duel_deal_confirm(token=token, **pending(token))
                _check_every_page(night)
                if places == Club.PlacesShown.ROUNDS and number > 1 and _open_tables(night):
                    after = duel_evening(night.players.first())
                    assert after.standing_after == f"round {number - 1}"
        if number < 3:
            assert {duel_evening(p).pairing for p in night.players.all()} == {f"round {number + 1}"}
            assert pair_pending(night)
    for player in night.players.all():
        evening = duel_evening(player)
        assert evening.standing == _standing(night, player)  # as the results page ranks them
        assert evening.standing_after == "" and evening.field_size == len(PLAYERS)
        assert evening.next is None and evening.pairing == "" and evening.over
        assert len(evening.matches) == 3
    closed = duels.duel_night_close(night=night)
    assert all(duel_evening(p).finished for p in closed.players.all())


def test_the_next_match_names_the_table_and_the_opponent(club):
    night = _night(club, players=PLAYERS[:4])
    ann = night.players.get(number=1)
    evening = duel_evening(ann)
    match = night.matches.get(Q(player_a=ann) | Q(player_b=ann), round=1)
    other = match.player_b if match.player_a_id == ann.pk else match.player_a
    assert evening.next.round_name == "round 1" and evening.next.now
    assert (evening.next.table, evening.next.opponent) == (match.table, other.name)
    assert evening.matches[0].result == "" and evening.standing is None


def test_a_player_waits_for_the_other_tables_then_for_the_pairing(club):
    night = _night(club, players=PLAYERS[:4], deals=1)
    first, second = (t.token for t in night.tables.order_by("number"))
    enter(first, 9, 4)
    duels.duel_deal_confirm(token=first, **pending(first))
    winner = night.matches.get(round=1, table=1).player_a
    evening = duel_evening(winner)
    assert evening.next is None and evening.waiting == "round 1" and evening.matches[0].result == "won"
    assert evening.matches[0].points == (3, 0)
    enter(second, 7, 6)
    duels.duel_deal_confirm(token=second, **pending(second))
    assert duel_evening(winner).pairing == "round 2"
    pair_pending(night)
    assert duel_evening(winner).next.round_name == "round 2"


def test_places_after_each_round_wait_for_every_match_of_the_round(club):
    night = _night(club, Club.PlacesShown.ROUNDS, players=PLAYERS[:4], deals=1)
    first, second = (t.token for t in night.tables.order_by("number"))
    enter(first, 9, 4)
    duels.duel_deal_confirm(token=first, **pending(first))
    winner = night.matches.get(round=1, table=1).player_a
    assert duel_evening(winner).standing is None  # round 1 still plays at table 2
    enter(second, 7, 6)
    duels.duel_deal_confirm(token=second, **pending(second))
    assert duel_evening(winner).standing.place == "1"
    pair_pending(night)
    assert shown(first)["round"] == 2
    enter(first, 13, 0)
    duels.duel_deal_confirm(token=first, **pending(first))
    shown_now = duel_evening(winner)
    assert shown_now.standing_after == "round 1" and shown_now.standing.won == 1


def test_places_only_at_the_close_show_nothing_until_the_night_closes(club):
    night = _night(club, Club.PlacesShown.CLOSE, players=PLAYERS[:4], rounds=1, deals=1)
    for token in _open_tables(night):
        enter(token, 9, 4)
        duels.duel_deal_confirm(token=token, **pending(token))
    player = night.players.get(number=1)
    assert duel_evening(player).standing is None and duel_evening(player).over
    closed = duels.duel_night_close(night=night)
    player = DuelPlayer.objects.select_related("night__club").get(night=closed, number=1)
    assert duel_evening(player).standing == _standing(closed, player)


def test_a_corrected_deal_shows_as_one(club, organiser):
    night = _night(club, players=PLAYERS[:4], rounds=1, deals=2)
    token = night.tables.get(number=1).token
    enter(token, 9, 4)
    duels.duel_deal_confirm(token=token, **pending(token))
    match = night.matches.get(table=1)
    duels.duel_deal_correct(
        night=night, match=match, number=1, tricks_a=8, tricks_b=5, reason="Miscounted", user=organiser
    )
    deal = duel_evening(match.player_b).matches[0].deals[0]
    assert (deal.tricks, deal.points, deal.corrected) == ((5, 8), (0, 2), True)


def test_a_key_opens_its_own_players_page_only(club):
    night = _night(club, players=PLAYERS[:4], rounds=1)
    ann, bob = night.players.order_by("number")[:2]
    assert duel_evening_player(ann.pk, duel_evening_key(ann)) == ann
    assert duel_evening_player(ann.pk, duel_evening_key(bob)) is None
    assert duel_evening_player(999999, duel_evening_key(ann)) is None
