"""export_event and import_event: the demo's finished event round-trips exactly."""

import copy
import json
from functools import partial
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.database_copy import database_built_once, database_put_back
from tournaments.models import Club, Drive, DuelNight, Event, Member, Result, ResultChange
from tournaments.services.backups.event import event_export
from tournaments.services.backups.event_schema import EVENT_EXPORT, schema_problems


def _export(event_id) -> dict:
    out = StringIO()
    call_command("export_event", str(event_id), stdout=out)
    return json.loads(out.getvalue())


def _import(tmp_path, exported: dict) -> Event:
    """The event ``import_event`` makes of ``exported``."""
    path = tmp_path / "export.json"
    path.write_text(json.dumps(exported))
    out = StringIO()
    call_command("import_event", str(path), stdout=out)
    return Event.objects.get(pk=int(out.getvalue().split()[-1]))


@pytest.fixture(scope="module")
def demo_rows(django_db_setup, django_db_blocker, tmp_path_factory) -> list:
    """The demo club built once for the module, its rows copied, the database emptied again."""
    demo = partial(call_command, "demo", stdout=StringIO())
    return database_built_once(demo, django_db_blocker=django_db_blocker, tmp_path_factory=tmp_path_factory)


@pytest.fixture
def demo(demo_rows, db):
    """The demo club, as built, ids and all, in each test's own database."""
    database_put_back(demo_rows)
    return Event.objects.get(name="Autumn Pairs")


def test_the_demo_event_round_trips_into_an_empty_database(demo, tmp_path):
    exported = _export(demo.pk)
    assert (
        len(exported["results"]) == 147 and len(exported["history"]) == 147 and len(exported["boards"]) == 21
    )
    path = tmp_path / "autumn.json"
    path.write_text(json.dumps(exported))
    # Another database: nothing of the club is left.
    Drive.objects.all().delete()
    Event.objects.all().delete()
    DuelNight.objects.all().delete()
    Member.objects.all().delete()
    Club.objects.all().delete()
    out = StringIO()
    call_command("import_event", str(path), stdout=out)
    restored = Event.objects.get(pk=int(out.getvalue().split()[-1]))
    again = _export(restored.pk)
    assert again["trail"][-1]["action"] == "restored"
    again["trail"].pop()
    assert again == exported  # the tables' links and codes too: printed cards go on working
    assert Result.objects.filter(event=restored).count() == 147
    assert restored.club.members.count() == 28
    # The history stays tied to its results, the entries to their seats, and the trail comes too.
    assert not ResultChange.objects.filter(event=restored, result__isnull=True).exists()
    assert all(h.result.board.number == h.board_number for h in restored.result_changes.all())
    assert restored.entries.count() == 14 == restored.pairs.filter(entry__isnull=False).count()
    assert restored.changes.count() == len(exported["trail"]) + 1 > 1


def test_an_event_already_there_is_not_imported_twice(demo, tmp_path):
    path = tmp_path / "autumn.json"
    path.write_text(json.dumps(_export(demo.pk)))
    with pytest.raises(CommandError, match="already has Autumn Pairs"):
        call_command("import_event", str(path))
    assert Event.objects.filter(name="Autumn Pairs").count() == 1


def test_a_copy_of_an_event_gets_new_links_where_the_old_ones_are_taken(demo, tmp_path):
    exported = _export(demo.pk)
    exported["event"]["name"] = "Autumn Pairs (copy)"
    copy = _import(tmp_path, exported)
    old = set(demo.table_accesses.values_list("code", flat=True))
    new = set(copy.table_accesses.values_list("code", flat=True))
    assert len(new) == copy.tables == demo.tables and not old & new
    # A copy is an evening of its own wherever it is sent: an identity of its own, and the trail says so.
    assert copy.uuid != demo.uuid and str(demo.uuid) == exported["event"]["uuid"]
    assert copy.changes.filter(detail="from an export, as a copy with an identity of its own").exists()


def test_an_evening_keeps_its_identity_in_another_club_and_no_club_holds_one_twice(demo, tmp_path):
    """Imported into another club the event keeps the identity its export carries; two evenings
    of one club holding one identity are refused by the database itself, whatever writes them."""
    from django.db import IntegrityError, transaction

    exported = _export(demo.pk)
    exported["club"]["name"] = "Another Club"
    elsewhere = _import(tmp_path, exported)
    assert elsewhere.uuid == demo.uuid and elsewhere.club != demo.club
    assert elsewhere.changes.filter(detail="from an export").exists()
    for model in (Event, Drive, DuelNight):
        first, second = model.objects.filter(club=demo.club).order_by("pk")[:2]
        with pytest.raises(IntegrityError), transaction.atomic():
            model.objects.filter(pk=second.pk).update(uuid=first.uuid)


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda d: d.update(format="something"), "not a whistdrive event export"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d["results"][0].pop("board"), "damaged or incomplete"),
        (lambda d: d["results"].append(dict(d["results"][0])), r"results\[147\]: .* is also results\[0\]"),
        (lambda d: d["pairs"].append(dict(d["pairs"][0])), "contradicts itself"),
        (
            lambda d: d["results"][0].update(ns_tricks=14),
            r"results\[0\]\.ns_tricks: is 14, not a whole number from 0 to 13",
        ),
        (lambda d: d["boards"][0].update(event_id=1), r"boards\[0\]: has an unknown field 'event_id'"),
        (
            lambda d: d["results"][0].update(ns_tricks=9.0),
            r"results\[0\]\.ns_tricks: is not a whole number or empty",
        ),
        (
            lambda d: d["relay"].append(
                {"round": 1, "board_set": 1, "first_board": 1, "last_board": 3, "event_id": 1}
            ),
            "unknown field 'event_id'",
        ),
        (
            lambda d: d["boards"][0].update(deal="N:AKQ.. ..."),
            r"boards\[0\]\.deal: board 1's deal is not a deal",
        ),
        (
            lambda d: d["boards"][0].update(dd_table={"S": {"N": 99}}),
            r"boards\[0\]\.dd_table: lacks 'H', 'D', 'C', 'NT'",
        ),
        (lambda d: d["pairs"][0].update(guest1="Jo\x00an"), "holds a NUL byte"),
        (lambda d: d["event"].update(name=[[[[["deep"]]]]]), r"event\.name: is not text"),
        (lambda d: d.update(extra={}), "The file: has an unknown field 'extra'"),
        (lambda d: d["event"].update(tables=3), r"seatings\[\d+\]\.table: is 4, but the event has 3"),
        (lambda d: d["tables"][0].update(code=""), r"tables\[0\]\.code: is not a table code"),
        (lambda d: d["tables"][1].update(token="t/1"), r"tables\[1\]\.token: is not a table's link"),
        (
            lambda d: d["history"][0].update(result=[1, 1, 9]),
            r"history\[0\]\.result: \[1, 1, 9\] is not among",
        ),
    ],
)
def test_a_damaged_export_imports_nothing(demo, tmp_path, damage, message):
    data = event_export(demo)
    demo.delete()
    damage(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    events, results, history = Event.objects.count(), Result.objects.count(), ResultChange.objects.count()
    with pytest.raises(CommandError, match=message):
        call_command("import_event", str(path))
    assert (Event.objects.count(), Result.objects.count(), ResultChange.objects.count()) == (
        events,
        results,
        history,
    )


QUICK_CHECK_CASES = [
    lambda d: None,
    lambda d: d["results"][0].update(ns_tricks=3.0),
    lambda d: d["results"][0].update(ns_tricks=True),
    lambda d: d["results"][0].update(ns_tricks=14),
    lambda d: d["results"][0].update(ns_tricks=None),
    lambda d: d["results"][0].update(ns_pair=["NS", 1, 2]),
    lambda d: d["results"][0].update(ns_pair=["NS"]),
    lambda d: d["results"][0].update(ns_pair=["XX", 1]),
    lambda d: d["results"][0].update(entered_at="yesterday"),
    lambda d: d["event"].update(date="2026-02-30"),
    lambda d: d["event"].update(tag="x" * 31),
    lambda d: d["pairs"][0].update(guest1="Jo\x00an"),
    lambda d: d["boards"][0].update(event_id=1),
    lambda d: d["boards"][0].update(dd_table={"S": {"N": 99}}),
    lambda d: d["results"][0].pop("board"),
    lambda d: d.update(version=True),
    lambda d: d.update(version=1.0),
    lambda d: d["tables"][0].update(code=""),
    lambda d: d["event"].update(tables=None),
]


def test_the_quick_check_of_a_file_agrees_with_the_check_that_says_what_is_wrong(demo):
    sound = event_export(demo)
    assert EVENT_EXPORT.sound(sound)
    for damage in QUICK_CHECK_CASES:
        data = copy.deepcopy(sound)
        damage(data)
        wrong = list(EVENT_EXPORT.words.iter_errors(data))
        # Never sound with a fault; a file it doubts (a 1.0) is read again by the one that says why.
        assert not (EVENT_EXPORT.sound(data) and wrong), wrong
        assert bool(schema_problems(data, EVENT_EXPORT)) is bool(wrong)


def test_a_file_that_is_not_json_is_explained(db, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_event", str(path))


def test_a_file_cannot_name_a_superuser_as_the_author_of_its_results(demo, tmp_path, django_user_model):
    django_user_model.objects.create_superuser("admin", password="secret-pass-123")
    data = event_export(demo)
    demo.delete()
    for row in data["results"]:
        row["entered_by"] = "admin"
    for row in data["history"]:
        row["changed_by"] = "admin"
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data))
    call_command("import_event", str(path), stdout=StringIO())
    restored = Event.objects.get(name="Autumn Pairs")
    assert not restored.results.filter(entered_by__isnull=False).exists()
    assert not restored.result_changes.filter(changed_by__isnull=False).exists()
    assert restored.result_changes.filter(reason__endswith="(by admin)").count() == len(data["history"])


def test_who_made_each_change_is_restored_when_they_organise_the_club(demo, tmp_path, django_user_model):
    organiser = django_user_model.objects.get(username="organiser")
    line = demo.result_changes.order_by("changed_at", "id").first()
    ResultChange.objects.filter(pk=line.pk).update(changed_by=organiser)
    data = event_export(demo)
    demo.delete()
    data["history"][1].update(changed_by="mabel", reason="Wrong board")
    path = tmp_path / "autumn.json"
    path.write_text(json.dumps(data))
    call_command("import_event", str(path), stdout=StringIO())
    restored = Event.objects.get(name="Autumn Pairs")
    assert restored.result_changes.get(changed_by=organiser).reason == line.reason
    assert restored.result_changes.filter(changed_by__isnull=False).count() == 1
    assert restored.result_changes.filter(reason="Wrong board (by mabel)").count() == 1


def test_deeply_nested_json_is_refused_in_words(db, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(CommandError, match="nested too deeply|not a whistdrive event export"):
        call_command("import_event", str(path))


def test_the_adjusted_scores_rule_round_trips_and_an_older_export_keeps_sixty_and_forty(demo, tmp_path):
    Event.objects.filter(pk=demo.pk).update(adjusted_scores="session")
    exported = _export(demo.pk)
    assert exported["event"]["adjusted_scores"] == "session"
    for name, older in (("new.json", False), ("old.json", True)):
        Event.objects.filter(name="Autumn Pairs").delete()
        document = json.loads(json.dumps(exported))
        if older:  # written before the setting existed, and scored then with A+ 60 % and A- 40 %
            del document["event"]["adjusted_scores"]
        path = tmp_path / name
        path.write_text(json.dumps(document))
        out = StringIO()
        call_command("import_event", str(path), stdout=out)
        restored = Event.objects.get(pk=int(out.getvalue().split()[-1]))
        assert restored.adjusted_scores == ("fixed" if older else "session")
