"""What a table's tablet says when a round is over: each pair named by its players, as a drive's
tablet names them, and a pair bound for the sit-out table told to sit out."""

import html
import re
from datetime import date

import pytest
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
