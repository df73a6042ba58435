"""A restore's number of queries does not grow with the rows it writes: a drive, an event and a
two-player night restored with all their results take as many queries as with half of them."""

import copy
import random
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.test_duel_nights import _night, play_round
from tournaments.models import DriveResult, DuelDeal, Result
from tournaments.services.backups.drive import DriveBackupError, drive_export, drive_import
from tournaments.services.backups.duel import duel_export, duel_import
from tournaments.services.backups.event import event_export, event_import
from tournaments.services.duels import duel_night_start

pytestmark = pytest.mark.django_db


def _queries(restore) -> int:
    with CaptureQueriesContext(connection) as queries:
        restore()
    return len(queries)


def _halved(data: dict, rows: str, history: str, same) -> dict:
    """The document with the first half of its ``rows`` only, and their history."""
    kept = copy.deepcopy(data)
    kept[rows] = kept[rows][: len(kept[rows]) // 2]
    kept[history] = [line for line in kept[history] if any(same(line, row) for row in kept[rows])]
    return kept


def _anew(data: dict, settings: str) -> dict:
    return {**data, settings: {**data[settings], "uuid": str(uuid.uuid4())}}


def test_a_drives_restore_takes_as_many_queries_with_twice_its_results(make_club, make_played_drive):
    data = drive_export(make_played_drive(make_club(name="Hall")))
    half = _halved(
        data, "results", "history", lambda h, r: (h["hand"], h["table"]) == (r["hand"], r["table"])
    )
    assert len(data["results"]) >= 2 * len(half["results"]) > 0

    fewer = _queries(lambda: drive_import(_anew(half, "drive"), club=make_club(name="Half")))
    more = _queries(lambda: drive_import(_anew(data, "drive"), club=make_club(name="Whole")))

    assert more == fewer
    assert DriveResult.objects.filter(drive__club__name="Whole").count() == len(data["results"])


def test_an_events_restore_takes_as_many_queries_with_twice_its_results(make_club, make_played_event):
    data = event_export(make_played_event(make_club(name="Hall")))
    half = _halved(
        data, "results", "history", lambda h, r: h["result"] == [r["board"], r["round"], r["table"]]
    )
    assert len(data["results"]) >= 2 * len(half["results"]) > 0

    fewer = _queries(lambda: event_import(_anew(half, "event"), club=make_club(name="Half")))
    more = _queries(lambda: event_import(_anew(data, "event"), club=make_club(name="Whole")))

    assert more == fewer
    assert Result.objects.filter(event__club__name="Whole").count() == len(data["results"])


def test_a_two_player_nights_restore_takes_as_many_queries_with_twice_its_matches(make_club):
    night = _night(make_club(name="Hall"), 8, pairing="round-robin", rounds=0)
    duel_night_start(night=night)
    play_round(night, random.Random(6))
    data = duel_export(night)
    half = copy.deepcopy(data)
    half["matches"] = half["matches"][: len(half["matches"]) // 2]
    assert len(data["matches"]) >= 2 * len(half["matches"]) > 0

    fewer = _queries(lambda: duel_import(_anew(half, "night"), club=make_club(name="Half"), users={}))
    more = _queries(lambda: duel_import(_anew(data, "night"), club=make_club(name="Whole"), users={}))

    assert more == fewer
    assert DuelDeal.objects.filter(match__night__club__name="Whole").count() == sum(
        len(m["deals"]) for m in data["matches"]
    )


def test_a_result_given_twice_is_still_refused_in_the_words_of_its_rule(make_club, make_played_drive):
    data = drive_export(make_played_drive(make_club(name="Hall")))
    data["results"].append(dict(data["results"][-1]))

    with pytest.raises(
        DriveBackupError, match=r"^Drive result with this Drive, Hand and Table already exists"
    ):
        drive_import(_anew(data, "drive"), club=make_club(name="Copy"))
    assert not DriveResult.objects.filter(drive__club__name="Copy").exists()
