"""What a table's tablet says when a round is over: each pair named by its players, as a drive's
tablet names them, and a pair bound for the sit-out table told to sit out."""

import html
import re
from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import strip_tags

from tournaments import services

pytestmark = pytest.mark.django_db


def _howell(club, pairs: int):
    event = services.event_create(
        club=club, name="Tuesday Howell", date=date(2026, 12, 1), tables=3, boards_per_round=2
    )
    for n in range(1, pairs + 1):
        services.entry_add(event=event, first=f"Ann {n}", second=f"Bob {n}")
    services.event_accept_proposal(event=event, choice=0)
    services.event_deal_boards(event=event, seed="howell", analyse=False)
    services.event_start(event=event)
    event.refresh_from_db()
    return event


def _round_over(client, event, table: int) -> str:
    """Table ``table`` plays its first round; its page as the confirm leaves it."""
    access = event.table_accesses.get(table=table)
    for entry in services.table_state(access).entries:
        services.table_result_enter(access=access, board_number=entry.board.number, ns_tricks=7)
        services.table_result_confirm(access=access, board_number=entry.board.number, ns_tricks=7)
    url = reverse("tournaments:table", args=[access.token])
    page = client.get(url, {"played": 1}).content.decode()
    moves = page.split('class="move-list">')[1].split("</ul>")[0]
    return re.sub(r"\s+", " ", html.unescape(strip_tags(moves)))


def test_the_moves_after_a_round_name_the_players(client, club):
    event = _howell(club, 8)
    moves = _round_over(client, event, 1)  # pair 3 v pair 6 at table 1 (EBU 8-pair Howell)
    names = {p.number: p.names for p in event.pairs.all()}
    assert f"{names[3]} (Pair 3): go to table 2, sit E/W." in moves
    assert f"{names[6]} (Pair 6): go to table 3, sit N/S." in moves
    assert "Boards 1–3 go to the relay stand" in moves


def test_a_pair_bound_for_the_sit_out_table_is_told_to_sit_out(client, club):
    event = _howell(club, 7)  # the stationary pair is missing: its table's opponent sits out
    moves = _round_over(client, event, 2)
    names = event.pairs.get(number=2).names
    assert f"{names} (Pair 2): sit out next round (table 4: nobody plays there)." in moves
    assert "go to table 4" not in moves


def _sit_out_list(client, event, table: int) -> str:
    url = reverse("tournaments:table", args=[event.table_accesses.get(table=table).token])
    page = client.get(url).content.decode()
    return re.sub(
        r"\s+", " ", html.unescape(strip_tags(page.split('class="move-list sit-outs">')[1].split("</ul>")[0]))
    )


def test_the_half_tables_tablet_tells_each_pair_sitting_out_where_to_go_next(client, club):
    event = _howell(club, 7)  # pair 8 is missing: its opponent of each round sits out at table 4
    listed = _sit_out_list(client, event, 4)
    movement = services.seated_movement(event)
    names = {p.number: p.names for p in event.pairs.all()}
    for round_ in range(1, event.rounds + 1):
        here = movement.at(round_, 4)
        pair = here.ns or here.ew
        told = f"Round {round_}: {names[pair]} (Pair {pair}) sit out here"
        if round_ < event.rounds:
            seat = movement.seat_of(round_ + 1, "", pair)
            told += f", then go to table {seat.table}, sit {'N/S' if seat.direction == 'NS' else 'E/W'}."
        else:
            told += "."
        assert told in listed


def test_a_mitchells_half_table_tells_its_ew_pair_where_to_go_next(client, club, make_event):
    event = make_event(club, tables=5, boards_per_round=2, phantom=True)
    services.event_deal_boards(event=event, seed="half", analyse=False)
    services.event_start(event=event)
    listed = _sit_out_list(client, event, 5)
    assert "Round 1: E/W 5 sit out here, then go to table 1." in listed
    assert "Round 2: E/W 4 sit out here, then go to table 1." in listed


def test_the_half_tables_list_reads_as_many_queries_however_many_rounds(client, club, make_event):
    counts = []
    for tables in (3, 7):
        event = make_event(club, name=f"Half {tables}", tables=tables, boards_per_round=2, phantom=True)
        services.event_deal_boards(event=event, seed="half", analyse=False)
        services.event_start(event=event)
        url = reverse("tournaments:table", args=[event.table_accesses.get(table=tables).token])
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
