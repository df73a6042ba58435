"""A table's secret link and short code, one model for events and drives: the database holds a
code and a link to one table among both."""

import itertools

import pytest
from django.db import IntegrityError, transaction

from tournaments.models import DriveTable, TableAccess, TableLink
from tournaments.services import drives, event_open_tables
from tournaments.services.core import codes

pytestmark = pytest.mark.django_db


@pytest.fixture
def drive(club):
    drive = drives.drive_create(club=club, name="Friday", date="2026-11-20", hands=4)
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    return drives.drive_start(drive=drive)


def test_an_events_code_cannot_open_a_drives_table_too(club, make_event, drive):
    event = make_event(club)
    taken = event_open_tables(event=event)[0].code
    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(drive=drive, table=3, token="another-token", code=taken)


@pytest.mark.parametrize("owners", ["both", "neither"])
def test_a_link_opens_a_table_of_an_event_or_of_a_drive(club, make_event, drive, owners):
    event = make_event(club) if owners == "both" else None
    with pytest.raises(IntegrityError), transaction.atomic():
        TableLink.objects.create(
            event=event, drive=drive if owners == "both" else None, table=9, token="t", code="CCCCC"
        )


def test_a_code_drawn_twice_is_drawn_again(club, make_event, drive, monkeypatch):
    taken = drive.table_accesses.get(table=1).code
    draws = iter([taken, taken, "AAAAA", "AAAAA", "CCCCC", "DDDDD"])
    monkeypatch.setattr(codes, "new_table_code", lambda: next(draws))
    event = make_event(club, tables=3)
    assert [link.code for link in event_open_tables(event=event)] == ["AAAAA", "CCCCC", "DDDDD"]
    assert TableLink.objects.filter(code=taken).count() == 1


def test_each_kind_of_table_sees_its_own_links(club, make_event, drive):
    event = make_event(club)
    event_open_tables(event=event)
    assert set(TableAccess.objects.values_list("event", flat=True)) == {event.pk}
    assert set(DriveTable.objects.values_list("drive", flat=True)) == {drive.pk}
    assert drive.table_accesses.count() == 2
    assert event.table_accesses.count() == event.tables


def test_a_code_a_league_match_has_is_drawn_again_for_an_event(club, make_event, monkeypatch):
    """The start page opens a league match's tables too, so their codes are taken for events and
    drives, and the other way round."""
    from tournaments.services import leagues

    league = leagues.league_create(club=club, name="City league", season="2026", clubs=["Ours", "Theirs"])
    taken = league.fixtures.first().tables.first().code
    draws = iter([taken, "AAAAA", "CCCCC", "DDDDD"])
    monkeypatch.setattr(codes, "new_table_code", lambda: next(draws))
    event = make_event(club, tables=3)
    assert [link.code for link in event_open_tables(event=event)] == ["AAAAA", "CCCCC", "DDDDD"]

    draws = iter(["AAAAA", "EEEEE", "FFFFF", "EEEEE", "FFFFF", "HHHHH"])
    assert sorted(codes.free_table_codes(3)) == ["EEEEE", "FFFFF", "HHHHH"]


def test_codes_made_by_the_hundred_keep_the_free_ones_and_draw_only_the_rest_again(
    club, make_event, monkeypatch
):
    """A league of twenty clubs wants 1,140 codes at once: where a few of a draw are taken, the
    others are kept, rather than drawn all again until a whole draw comes out free."""
    taken = event_open_tables(event=make_event(club))[0].code
    fresh = (
        "".join(code) for code in itertools.product(codes.CODE_ALPHABET, repeat=5) if "".join(code) != taken
    )
    calls = itertools.count()
    # one code in every ten is one an event's table has
    monkeypatch.setattr(codes, "new_table_code", lambda: taken if next(calls) % 10 == 0 else next(fresh))

    drawn = codes.free_table_codes(100)

    assert len(set(drawn)) == 100 and taken not in drawn
