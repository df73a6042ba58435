"""A drive exported as JSON and imported again, into an empty database or beside itself; a damaged
file imports nothing."""

import copy
import json
from functools import partial
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.database_copy import database_built_once, database_put_back
from tournaments.models import Club, Drive, DrivePlayer, DriveResult, DuelNight, Event, Member
from tournaments.services import drives

pytestmark = pytest.mark.django_db
NOON = "2026-11-14T12:00:00+00:00"


@pytest.fixture(scope="module")
def demo_rows(django_db_setup, django_db_blocker, tmp_path_factory) -> list:
    """The demo club built once for the module, its rows copied, the database emptied again."""
    demo = partial(call_command, "demo", stdout=StringIO())
    return database_built_once(demo, django_db_blocker=django_db_blocker, tmp_path_factory=tmp_path_factory)


@pytest.fixture
def saturday(demo_rows, db):
    """The demo club, as built, ids and all, in each test's own database."""
    database_put_back(demo_rows)
    return Drive.objects.get(name="Saturday Village Drive")


@pytest.fixture
def corrected(saturday, django_user_model):
    """The demo drive with one hand corrected by the demo's organiser."""
    drive = saturday
    result = drive.results.get(hand=1, table=1)
    drives.drive_result_correct(
        drive=drive,
        hand=1,
        table=1,
        ns_tricks=13 - result.ns_tricks,
        reason="The card was read the wrong way round",
        user=django_user_model.objects.get(username="organiser"),
    )
    return drive


def _export(drive_id: int) -> dict:
    out = StringIO()
    call_command("export_drive", str(drive_id), stdout=out)
    return json.loads(out.getvalue())


def _import(tmp_path, data) -> Drive:
    path = tmp_path / "drive.json"
    path.write_text(json.dumps(data))
    out = StringIO()
    call_command("import_drive", str(path), stdout=out)
    return Drive.objects.get(pk=int(out.getvalue().split()[-1]))


def test_the_demo_drive_round_trips_into_an_empty_database(saturday, tmp_path):
    exported = _export(saturday.pk)
    assert len(exported["players"]) == 18 and len(exported["results"]) == 96
    assert len(exported["seatings"]) == 24 * 5
    before = drives.DriveState(saturday)
    standings = [(s.player, s.score) for s in before.standings()]
    awards = [(a.prize, a.player) for a in before.awards]
    # Another database: nothing of the club is left.
    Drive.objects.all().delete()
    Event.objects.all().delete()
    DuelNight.objects.all().delete()
    Member.objects.all().delete()
    Club.objects.all().delete()
    restored = _import(tmp_path, exported)
    again = _export(restored.pk)
    assert again["trail"].pop()["action"] == "restored"
    assert len(again["trail"]) > 20  # the drive's trail comes too
    assert again == exported  # the tables' links and codes too: printed cards work on
    after = drives.DriveState(restored)
    assert [(s.player, s.score) for s in after.standings()] == standings
    assert [(a.prize, a.player) for a in after.awards] == awards
    assert restored.club.members.count() == 16  # the members among the players; guests stay guests


def test_a_drive_already_there_is_refused_and_a_copy_gets_new_links(saturday, tmp_path):
    exported = _export(saturday.pk)
    with pytest.raises(CommandError, match="already has a drive"):
        _import(tmp_path, exported)
    renamed = copy.deepcopy(exported)
    renamed["drive"]["name"] = "Saturday Village Drive (copy)"
    copy_drive = _import(tmp_path, renamed)
    old = set(saturday.table_accesses.values_list("code", flat=True))
    assert not old & set(copy_drive.table_accesses.values_list("code", flat=True))


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d["results"][0].update(ns_tricks=14), "13"),
        (lambda d: d["seatings"][0]["seats"].__setitem__(0, "L99"), "not one of the drive's players"),
        (lambda d: d.update(format="something-else"), "not a whistdrive drive export"),
        (lambda d: d["drive"].update(date="last Saturday"), "not a date"),
        (lambda d: d["results"][0].update(hand="one"), "whole number"),
        (lambda d: d["results"][0].update(hand=2**63), r"results\[0\]\.hand: is 9223372036854775808, not"),
        (lambda d: d["seatings"][0]["seats"].__setitem__(1, ["L1"]), r"seatings\[0\]\.seats\[1\]: is not"),
        (lambda d: d["results"][0].update(hand=25), r"results\[0\]\.hand: is 25, but the drive has 24 hands"),
        (
            lambda d: d["history"].append(
                {"hand": 1, "table": 6, "before": "", "after": "7–6", "reason": "", "changed_at": NOON}
            ),
            r"history\[\d+\]\.table: is 6, but the players fill 5",
        ),
        (lambda d: d["tables"][0].update(token="../x"), r"tables\[0\]\.token: is not a table's link"),
        (lambda d: d["totals"].append({"player": "G99", "half": 1, "score": "40"}), "not one of the drive"),
    ],
)
def test_a_damaged_file_imports_nothing(saturday, tmp_path, damage, message):
    data = _export(saturday.pk)
    data["drive"]["name"] = "Another drive"
    damage(data)
    counts = (
        Drive.objects.count(),
        DrivePlayer.objects.count(),
        DriveResult.objects.count(),
        Club.objects.count(),
    )
    with pytest.raises(CommandError, match=message):
        _import(tmp_path, data)
    assert (
        Drive.objects.count(),
        DrivePlayer.objects.count(),
        DriveResult.objects.count(),
        Club.objects.count(),
    ) == counts


def test_who_made_each_correction_is_exported_and_restored(corrected, tmp_path, django_user_model):
    organiser = django_user_model.objects.get(username="organiser")
    line = corrected.result_changes.get(action="corrected")
    exported = _export(corrected.pk)
    assert [h["changed_by"] for h in exported["history"]].count("organiser") == 1
    exported["drive"]["name"] = "Saturday Village Drive (copy)"
    restored = _import(tmp_path, exported)  # beside the original: the organiser runs this club
    assert restored.result_changes.get(changed_by=organiser).reason == line.reason


def test_a_correction_by_someone_unknown_here_keeps_the_name_in_the_line(corrected, tmp_path):
    exported = _export(corrected.pk)
    exported["drive"]["name"] = "Saturday Village Drive (copy)"
    correction = next(line for line in exported["history"] if line["action"] == "corrected")
    correction.update(changed_by="mabel", reason="Wrong table")
    restored = _import(tmp_path, exported)
    assert restored.result_changes.filter(changed_by__isnull=False).count() == 0
    assert restored.result_changes.filter(reason="Wrong table (by mabel)").count() == 1


def test_a_number_of_thousands_of_digits_is_refused_in_words(saturday, tmp_path):
    path = tmp_path / "drive.json"
    path.write_text(json.dumps(_export(saturday.pk)).replace('"hand": 1,', '"hand": ' + "9" * 5000 + ",", 1))
    with pytest.raises(CommandError, match="Cannot read .*digits"):
        call_command("import_drive", str(path))


def test_every_line_of_the_results_history_round_trips_with_its_source(club, tmp_path):
    drive = drives.drive_create(club=club, name="Friday", date="2026-11-20", hands=4)
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    drives.drive_start(drive=drive)
    link = drive.table_accesses.get(table=1)
    drives.drive_table_enter(link=link, hand=1, ns_tricks=8)
    drives.drive_table_reject(link=link, hand=1)
    drives.drive_table_enter(link=link, hand=1, ns_tricks=7)
    drives.drive_table_confirm(link=link, hand=1, ns_tricks=7)
    drives.drive_result_record(drive=drive, hand=1, table=2, ns_tricks=5)
    exported = _export(drive.pk)
    assert [(h["table"], h["action"], h["source"]) for h in exported["history"]] == [
        (1, "created", "table 1"),
        (1, "rejected", "table 1"),
        (1, "created", "table 1"),
        (1, "confirmed", "table 1"),
        (2, "created", "organiser"),
    ]
    drive.delete()
    again = _export(_import(tmp_path, exported).pk)
    assert again["history"] == exported["history"]


def test_an_export_from_before_every_write_was_kept_restores_its_lines_as_corrections(corrected, tmp_path):
    exported = _export(corrected.pk)
    # Such an export held the organiser's corrections alone, without their action and source.
    exported["history"] = [line for line in exported["history"] if line["action"] == "corrected"]
    for line in exported["history"]:
        del line["action"], line["source"]
    exported["drive"]["name"] = "Saturday Village Drive (copy)"
    restored = _import(tmp_path, exported)
    assert list(restored.result_changes.values_list("action", "source")) == [("corrected", "organiser")]


def test_a_drive_imported_again_under_another_name_is_a_copy_with_its_own_identity(saturday, tmp_path):
    exported = _export(saturday.pk)
    exported["drive"]["name"] = "Saturday drive (copy)"
    copy = _import(tmp_path, exported)
    assert copy.club == saturday.club and copy.uuid != saturday.uuid
    assert str(saturday.uuid) == exported["drive"]["uuid"]
    assert copy.changes.filter(detail="from an export, as a copy with an identity of its own").exists()
