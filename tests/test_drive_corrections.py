"""A correction changes a drive's scores, never who moves where: the moves of a hand are fixed by
its results as they stood when the next hand was first seated from them."""

import pytest
from django.db import IntegrityError, transaction

from tournaments.domain.drives import Format, next_seatings, start_seating
from tournaments.models import DrivePlayer, DriveResult, DriveSeat
from tournaments.services import drives

pytestmark = pytest.mark.django_db

TABLES = 5


@pytest.fixture
def drive(club):
    drive = drives.drive_create(club=club, name="Friday", date="2026-11-20", hands=6)
    for k in range(4 * TABLES):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    return drives.drive_start(drive=drive)


def _hand(drive, hand: int) -> dict[int, tuple]:
    state = drives.DriveState(drive)
    return {t: (s.ns, s.ew) for t, s in state.seatings.get(hand, {}).items()}


def _players(seated: dict[int, tuple]) -> list[str]:
    return sorted(p for ns, ew in seated.values() for p in (*ns, *ew))


def test_a_correction_between_two_tables_confirmations_seats_everyone_once(drive):
    # Tables 2, 3 and 4 finish hand 1: table 3 of hand 2 takes its players from them alone.
    for table in (2, 3, 4):
        drives.drive_result_record(drive=drive, hand=1, table=table, ns_tricks=8)
    assert list(_hand(drive, 2)) == [3]
    # The organiser corrects table 3: E/W won after all. Then the other tables finish.
    drives.drive_result_correct(drive=drive, hand=1, table=3, ns_tricks=4, reason="Miscounted")
    for table in (1, 5):
        drives.drive_result_record(drive=drive, hand=1, table=table, ns_tricks=8)

    seated = _hand(drive, 2)
    assert len(seated) == TABLES
    assert _players(seated) == sorted(p.key for p in drive.players.all())
    # Everyone moved as the results stood when table 3 of hand 2 was seated: N/S won everywhere.
    start = {t.table: t for t in start_seating(*_roles(drive))}
    expected = next_seatings(Format.PROGRESSIVE, start, dict.fromkeys(range(1, TABLES + 1), 8))
    assert seated == {t: (s.ns, s.ew) for t, s in expected.items()}
    # The score is the corrected one.
    assert DriveResult.objects.get(drive=drive, hand=1, table=3).ns_tricks == 4
    assert drives.DriveState(drive).results[(1, 3)] == 4


def test_a_correction_before_the_next_hand_uses_it_moves_by_it(drive):
    for table in (2, 4):
        drives.drive_result_record(drive=drive, hand=1, table=table, ns_tricks=8)
    drives.drive_result_record(drive=drive, hand=1, table=3, ns_tricks=8, confirmed=False)
    drives.drive_result_correct(drive=drive, hand=1, table=3, ns_tricks=4, reason="Miscounted")
    for table in (1, 5):
        drives.drive_result_record(drive=drive, hand=1, table=table, ns_tricks=8)

    start = {t.table: t for t in start_seating(*_roles(drive))}
    results = dict.fromkeys(range(1, TABLES + 1), 8) | {3: 4}
    expected = next_seatings(Format.PROGRESSIVE, start, results)
    assert _hand(drive, 2) == {t: (s.ns, s.ew) for t, s in expected.items()}


def test_a_correction_after_the_whole_next_hand_is_seated_keeps_it(drive):
    for table in range(1, TABLES + 1):
        drives.drive_result_record(drive=drive, hand=1, table=table, ns_tricks=8)
    before = _hand(drive, 2)
    drives.drive_result_correct(drive=drive, hand=1, table=3, ns_tricks=4, reason="Miscounted")
    assert _hand(drive, 2) == before


def test_the_database_seats_a_player_once_a_hand(drive):
    player = DrivePlayer.objects.get(drive=drive, role="L", card=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        DriveSeat.objects.create(drive=drive, hand=1, table=2, seat=DriveSeat.Seat.NS_GENT, player=player)


def test_the_database_holds_one_player_a_seat(drive):
    player = DrivePlayer.objects.get(drive=drive, role="L", card=1)
    DriveSeat.objects.filter(drive=drive, hand=1, player=player).delete()
    with pytest.raises(IntegrityError), transaction.atomic():
        DriveSeat.objects.create(drive=drive, hand=1, table=1, seat=DriveSeat.Seat.NS_GENT, player=player)


def _roles(drive) -> tuple[list[str], list[str]]:
    players = list(drive.players.all())
    return [p.key for p in players if p.role == "L"], [p.key for p in players if p.role == "G"]
