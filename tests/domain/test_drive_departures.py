"""What a drive's tablet tells each player after a hand: a player bound for the sit-out table is
told to sit out, not to go to a table as if to play there."""

import random

import pytest

from tournaments.domain.drives import Circles, Format, departures, play_drive, start_seating

from .test_drives import _players


@pytest.mark.parametrize("count", [17, 18, 19, 22])
@pytest.mark.parametrize("fmt", [Format.PROGRESSIVE, Format.SEMI_PARTNER, Format.WINNERS_MOVE])
def test_a_player_bound_for_the_sit_out_table_is_told_to_sit_out(fmt, count):
    rng = random.Random(count)
    seatings, results = play_drive(fmt, start_seating(*_players(count)), 8, lambda h, s: rng.randint(0, 13))
    circles = Circles.of(seatings[1])
    told_to_sit_out = 0
    for hand in range(1, 8):
        for table, sat in seatings[hand].items():
            before = seatings.get(hand - 1, {}).get(table)
            for move in departures(fmt, sat, results.get((hand, table)), circles, before).values():
                sits_out = seatings[hand + 1][move.table].sit_out
                assert move.sits_out == sits_out
                if sits_out and not move.stays:
                    told_to_sit_out += 1
                    assert move.text == f"sit out next hand (table {move.table}: nobody plays there)"
                elif sits_out:
                    assert move.text == "sit out next hand too, at this table"
                else:
                    assert "sit out" not in move.text
    assert told_to_sit_out > 0
