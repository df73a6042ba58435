"""An individual event's player's own page of the evening (``services/tablets/player_evening.py``):
the boards their table has confirmed, each with that round's partner and the tables that have
confirmed it, their figures ranked as the players' results rank them, and where they go next in
the tablet's words."""

import random

import pytest
from django.urls import reverse

from tests.test_individual_events import NAMES, make_individual
from tournaments import services
from tournaments.models import Club
from tournaments.services.events.individuals import individual_report
from tournaments.services.tablets.moves import round_moves
from tournaments.services.tablets.player_evening import (
    player_evening,
    player_evening_key,
    player_evening_player,
)

pytestmark = pytest.mark.django_db


def _running(club, names=NAMES, places=Club.PlacesShown.LIVE, **options):
    club.places_shown = places
    club.save()
    event = make_individual(club, names, **options)
    services.event_deal_boards(event=event, seed="players", analyse=False)
    return services.event_start(event=event)


def _steps(event, rng):
    """Every result of the evening as the tablets send it, round by round and table by table."""
    accesses = {a.table: a for a in event.table_accesses.all()}
    seatings = event.seatings.filter(ns_pair__isnull=False, ew_pair__isnull=False).select_related(
        "ns_pair", "ew_pair"
    )
    for seating in seatings.order_by("round", "table"):
        for board in seating.board_numbers:
            yield accesses[seating.table], seating, board, rng.randint(0, 13)


def _play(event, rng):
    for access, _, board, tricks in _steps(event, rng):
        services.table_result_enter(access=access, board_number=board, ns_tricks=tricks)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks)


def _at(seating) -> set[int]:
    """The numbers of the four players at a seating."""
    pairs = (seating.ns_pair, seating.ew_pair)
    return {p.individual1.number for p in pairs} | {p.individual2.number for p in pairs}


@pytest.mark.parametrize("places", [Club.PlacesShown.LIVE, Club.PlacesShown.ROUNDS])
def test_a_played_through_evening_shows_each_board_once_the_players_table_confirmed_it(club, places):
    """Every board at every round: before a table confirms a board, it is on none of its players'
    pages and no page's traveller has that table's score; once confirmed, both are. Each player
    is told where they go in their tablet's words. After the last board, every player's score
    and place are the individual results'."""
    event = _running(club, places=places)
    players = list(event.individuals.all())
    confirmed: dict[int, set[int]] = {}  # board -> the tables that have confirmed it
    played: set[tuple[int, int]] = set()  # (player number, board) confirmed at the player's table

    def check(board):
        for player in players:
            shown = player_evening(player)
            boards = {b.played.board: b.played for b in shown.boards}
            assert (board in boards) == ((player.number, board) in played)
            if board in boards:
                assert {row.table for row in boards[board].traveller} == confirmed[board]
        return shown

    for access, seating, board, tricks in _steps(event, random.Random(5)):
        for number in _at(seating):  # where the player goes next, as the tablet tells them
            shown = player_evening(next(p for p in players if p.number == number))
            assert shown.now.round == seating.round and shown.now.table == seating.table
            moves = round_moves(event, seating).get("pair_moves", [])
            words = {moved.number: text for moved, text in moves}
            assert shown.moves == words.get(number, "")
        services.table_result_enter(access=access, board_number=board, ns_tricks=tricks)
        check(board)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks)
        confirmed.setdefault(board, set()).add(access.table)
        played.update((number, board) for number in _at(seating))
        check(board)

    final = individual_report(event)
    for standing in final.standings:
        shown = player_evening(next(p for p in players if p.number == standing.player))
        assert shown.standing_after is None and shown.now is None
        assert shown.standing.rank == standing.rank and shown.field_size == len(NAMES)
        assert round(shown.standing.percentage, 2) == round(standing.percentage, 2)
        assert len(shown.boards) == standing.boards_played
    services.event_close(event=event)
    player = players[2]
    player.refresh_from_db()
    assert player_evening(player).finished and player_evening(player).standing.rank == next(
        s.rank for s in final.standings if s.player == player.number
    )


def test_each_board_names_that_rounds_partner_and_opponents(club):
    event = _running(club)
    _play(event, random.Random(2))
    first = event.seatings.select_related("ns_pair", "ew_pair").get(round=1, table=1)
    ann = event.individuals.get(number=1)  # Wh(8)'s round 1, table 1: N 8, E 2, S 1, W 4
    first_board = first.first_board
    board = next(b for b in player_evening(ann, opened={first_board}).boards if b.played.round == 1)
    assert board.partner == "Ivy Dunn" and board.played.held == "N/S"
    assert board.played.opponents.names == "Bob Jones & Ed Long"
    assert board.played.board == first.first_board
    assert [row.ns for row in board.played.traveller if row.own] == ["8 & 1"]


def test_the_seat_partner_and_opponents_of_the_round_now(club):
    event = _running(club)
    shown = player_evening(event.individuals.get(number=1))
    assert (shown.now.round, shown.now.table, shown.now.seat) == (1, 1, "South")
    assert shown.now.partner == "Ivy Dunn" and shown.now.opponents == "Bob Jones & Ed Long"
    assert shown.moves.startswith("table ") and "partner" in shown.moves
    assert shown.boards == () and shown.standing is None


def test_places_after_each_round_stand_as_the_last_round_every_table_finished(club):
    event = _running(club, places=Club.PlacesShown.ROUNDS)
    steps = list(_steps(event, random.Random(4)))
    round_one = [step for step in steps if step[1].round == 1]
    for access, _, board, tricks in round_one[:1]:
        services.table_result_enter(access=access, board_number=board, ns_tricks=tricks)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks)
    player = event.individuals.get(number=1)
    assert player_evening(player).standing is None  # round 1 still in play at table 2
    for access, _, board, tricks in [step for step in steps if step[1].round <= 2][1:]:
        services.table_result_enter(access=access, board_number=board, ns_tricks=tricks)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks)
    shown = player_evening(player)
    assert shown.standing is not None and shown.standing_after == 2


def test_places_only_at_the_close_show_none_in_play(club):
    event = _running(club, places=Club.PlacesShown.CLOSE)
    _play(event, random.Random(1))
    player = event.individuals.first()
    assert player_evening(player).standing is None
    services.event_close(event=event)
    player.refresh_from_db()
    assert player_evening(player).standing is not None


def test_the_key_opens_its_own_player_only(club):
    event = _running(club)
    first, second = event.individuals.all()[:2]
    assert player_evening_player(first.pk, player_evening_key(first)) == first
    assert player_evening_player(first.pk, player_evening_key(second)) is None
    assert player_evening_player(first.pk, "x" * 16) is None
    assert player_evening_player(999999, player_evening_key(first)) is None


def test_a_player_out_in_round_1_sits_it_out_until_every_table_has_played_it(client, club):
    event = _running(club, names=[*NAMES, "Jo King"])  # nine players: one sits out each round
    out = services.individual_schedule(event).sitting_out(1)
    assert len(out) == 1
    player = event.individuals.get(number=out[0])
    shown = player_evening(player)
    assert (shown.now.round, shown.now.table, shown.then.round) == (1, None, 2)
    assert shown.moves == f"table {shown.then.table}, sit {shown.then.seat}, partner {shown.then.partner}"
    url = reverse("tournaments:player-evening", args=[player.pk, player_evening_key(player)])
    assert "You sit out this round." in client.get(url).content.decode()

    steps = list(_steps(event, random.Random(3)))
    for access, seating, board, tricks in steps:
        if seating.round == 1:
            services.table_result_enter(access=access, board_number=board, ns_tricks=tricks)
            if seating.table == 1:
                services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks)
    assert player_evening(player).now.round == 1  # table 2 has not confirmed round 1

    for access, seating, board, tricks in steps:
        if seating.round == 1 and seating.table != 1:
            services.table_result_confirm(access=access, board_number=board, ns_tricks=tricks)
    shown = player_evening(player)
    assert shown.now.round == 2 and shown.now.table is not None and shown.then.round == 3
    assert "You sit out this round." not in client.get(url).content.decode()
