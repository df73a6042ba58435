"""manage.py backup and restore: the whole club in one file, and back into an empty database."""

import gzip
import json
from datetime import timedelta
from io import BytesIO, StringIO
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.utils import timezone

from tests.database_copy import database_built_once, database_put_back
from tournaments.models import (
    PICKED,
    AuditLine,
    Club,
    Competition,
    Drive,
    DuelNight,
    Event,
    HallUpload,
    Member,
    ResultChange,
    ResultMail,
    TableLink,
)
from tournaments.services.backups.club_versions import MIGRATIONS, VERSION
from tournaments.services.county.sending import club_county_set, uploads_send
from tournaments.services.drives import drive_result_correct
from tournaments.services.events.results import result_correct
from tournaments.services.season.competition_pages import competition_csv
from tournaments.services.season.competitions import competition_create, competition_standings
from tournaments.services.season.mail import results_queue, results_send

# Each test empties the database as a new laptop's is (manage.py flush), outside a test's
# transaction: PostgreSQL will not empty tables with checks still pending in one.
pytestmark = pytest.mark.django_db(transaction=True)


def _demo_build():
    """The demo club, with a correction after publication on the Howell and on a finished drive."""
    call_command("demo", stdout=StringIO())
    organiser = get_user_model().objects.get(username="organiser")
    howell = Event.objects.get(name="Tuesday Howell")
    result = howell.results.order_by("board__number", "round").first()
    result_correct(result=result, ns_tricks=(result.ns_tricks + 1) % 14, reason="wrong card", user=organiser)
    drive = Drive.objects.filter(status="finished").order_by("date").first()
    first = drive.results.order_by("hand", "table").first()
    tricks = (first.ns_tricks + 2) % 14
    drive_result_correct(drive=drive, hand=first.hand, table=first.table, ns_tricks=tricks, reason="misread")
    club = Club.objects.get()
    competition_create(
        club=club,
        values={
            "name": "Picked nights",
            "start": min(howell.date, drive.date),
            "end": max(howell.date, drive.date),
            "kinds": "both",
            "by_hand": True,
        },
        picked_events=[howell],
        picked_drives=[drive],
    )
    night = DuelNight.objects.get(published=True)
    competition_create(
        club=club,
        values={
            "name": "Picked two-player nights",
            "start": night.date,
            "end": night.date,
            "kinds": "night",
            "measure": "placing",
            "by_hand": True,
        },
        picked_nights=[night],
    )
    results_send(evening=drive)  # sent, to the tests' mail backend
    results_send(evening=DuelNight.objects.get(published=True))
    results_queue(evening=howell)
    waiting = ResultMail.objects.filter(event=howell).order_by("pk").first()
    ResultMail.objects.filter(pk=waiting.pk).update(
        status="pending", sent_at=None, attempts=2, last_error="down"
    )
    held = ResultMail.objects.filter(event=howell).order_by("pk").last()
    ResultMail.objects.filter(pk=held.pk).update(status="held", sent_at=None, attempts=1, last_error="550 no")
    Club.objects.update(public_address="https://results.example.org/")


@pytest.fixture(scope="module")
def demo_rows(django_db_setup, django_db_blocker, tmp_path_factory) -> list:
    """The demo club built once for the module, its rows copied, the database emptied again."""
    return database_built_once(
        _demo_build, django_db_blocker=django_db_blocker, tmp_path_factory=tmp_path_factory
    )


@pytest.fixture
def demo(demo_rows, db):
    """The demo club, as built, ids and dates and all, in each test's own empty database."""
    database_put_back(demo_rows)
    return Club.objects.get()


def _printed(command: str, pk: int) -> str:
    out = StringIO()
    call_command(command, str(pk), format="json", stdout=out)
    return out.getvalue()


def _season() -> dict:
    """Everything the club's people see, keyed by names and dates (never by ids)."""
    return {
        "events": {
            (e.name, e.date): _printed("results", e.pk) for e in Event.objects.filter(status="finished")
        },
        "drives": {(d.name, d.date): _printed("drive_state", d.pk) for d in Drive.objects.all()},
        "standings": {c.name: competition_csv(competition_standings(c)) for c in Competition.objects.all()},
        "picked": {
            c.name: [sorted(map(str, getattr(c, name).all())) for name in PICKED]
            for c in Competition.objects.all()
        },
        "trail": sorted(
            (
                line.action,
                line.detail,
                line.changed_at,
                str(line.event),
                str(line.drive),
                str(line.night),
                line.changed_by.username if line.changed_by else None,
            )
            for line in AuditLine.objects.select_related("event", "drive", "night", "changed_by")
        ),
        "links": sorted(
            (link.token, link.code, link.table, str(link.event), str(link.drive))
            for link in TableLink.objects.select_related("event", "drive")
        ),
        "members": sorted((m.first_name, m.last_name, m.email, m.active) for m in Member.objects.all()),
        "clubs": list(
            Club.objects.values_list(
                "name",
                "slug",
                "members_only",
                "minutes_per_board",
                "scoring",
                "public_address",
                "large_print",
            )
        ),
        "history": sorted(
            (h.event.name, h.board_number, h.action, h.before, h.after, h.reason, h.changed_at)
            for h in ResultChange.objects.select_related("event")
        ),
        "organisers": sorted(Club.organisers.through.objects.values_list("club__name", "user__username")),
        "tags": sorted(Event.objects.values_list("name", "date", "tag")),
        "mails": sorted(
            (m.member.last_name, m.member.first_name, str(m.evening), m.subject, m.body, m.status)
            + (m.created_at, str(m.sent_at), m.message_id)
            for m in ResultMail.objects.select_related("member", "event", "drive", "night")
        ),
    }


def _empty_the_database():
    call_command("flush", interactive=False, verbosity=0)
    assert not Club.objects.exists() and not get_user_model().objects.exists()


def test_the_demo_club_restores_into_an_empty_database_as_it_was(demo, tmp_path):
    assert Event.objects.filter(variant="howell", published=True).exists()
    assert Event.objects.filter(variant="standard", published=True).exists()
    assert ResultChange.objects.filter(action="corrected").exists()
    assert AuditLine.objects.filter(drive__isnull=False, action="corrected").exists()
    assert set(Drive.objects.values_list("status", flat=True)) >= {"finished", "running"}
    assert Competition.objects.filter(by_hand=False).exists() and TableLink.objects.count() > 50
    counts = (
        Member.objects.count(),
        Event.objects.count(),
        Drive.objects.count(),
        Competition.objects.count(),
    )
    Club.objects.update(large_print=True)  # a club setting kept like the others
    before = _season()
    path = tmp_path / "club.json.gz"
    call_command("backup", str(path), stderr=StringIO())
    _empty_the_database()

    out = StringIO()
    call_command("restore", str(path), stdout=out)

    said = "Restored Ribble Valley Whist Club: {} members, {} events, {} drives, {} competitions".format(
        *counts
    )
    assert said in out.getvalue()
    after = _season()
    restored_line = [line for line in after["trail"] if line[0] == "restored"]
    assert len(restored_line) == 1 and restored_line[0][3:6] == ("None",) * 3  # one line, on the club
    after["trail"].remove(restored_line[0])
    for part in before:
        assert after[part] == before[part], part
    assert len(before["events"]) >= 9 and len(before["drives"]) >= 5
    assert {"pending", "sent", "held"} <= {mail[5] for mail in before["mails"]}
    assert all(".results@" in mail[8] for mail in before["mails"])
    night = str(DuelNight.objects.get(published=True))
    assert any(mail[2] == night for mail in before["mails"])  # a two-player night's e-mails too
    assert before["picked"]["Picked two-player nights"][2] == [night]
    assert before["clubs"][0][5] == "https://results.example.org/" and before["clubs"][0][6] is True


def test_every_evening_player_page_and_competition_keeps_its_address_across_a_restore(demo, tmp_path):
    def addresses():
        return {
            "events": sorted(Event.objects.values_list("pk", "name", "date")),
            "drives": sorted(Drive.objects.values_list("pk", "name", "date")),
            "members": sorted(Member.objects.values_list("pk", "first_name", "last_name")),
            "competitions": sorted(Competition.objects.values_list("pk", "name")),
        }

    # Rows made and deleted before the backup leave gaps a renumbering would close.
    club = Club.objects.get()
    gaps = [
        Event.objects.create(club=club, name="Deleted", date="2030-01-01"),
        Member.objects.create(club=club, first_name="Gone", last_name="Away"),
    ]
    Event.objects.create(club=club, name="Kept", date="2030-02-01")
    Member.objects.create(club=club, first_name="Still", last_name="Here")
    for gap in gaps:
        gap.delete()
    before = addresses()
    path = tmp_path / "club.json.gz"
    call_command("backup", str(path), stderr=StringIO())
    _empty_the_database()

    call_command("restore", str(path), stdout=StringIO())

    assert addresses() == before
    # The next evening made gets a new address, past every restored one.
    made = Event.objects.create(club=Club.objects.get(), name="Next week", date="2031-01-01")
    assert made.pk > max(pk for pk, *_ in before["events"])


def _county_way() -> dict:
    club = Club.objects.get()
    uploads = HallUpload.objects.order_by("queued_at").values_list(
        "event__uuid",
        "drive__uuid",
        "night__uuid",
        "state",
        "queued_at",
        "tried_at",
        "tries",
        "sent_at",
        "answer",
    )
    return {"club": (club.county_address, club.county_key, club.county_club), "uploads": list(uploads)}


def test_the_clubs_county_settings_and_its_queue_of_uploads_come_back(demo, tmp_path):
    club_county_set(club=demo, address="https://county.example.org", key="wdc_secret", county_club="ribble")
    now = timezone.now()
    sent, refused = Event.objects.order_by("pk")[:2]
    HallUpload.objects.bulk_create(
        [
            HallUpload(
                club=demo,
                event=sent,
                state="sent",
                queued_at=now - timedelta(hours=3),
                tried_at=now - timedelta(hours=2),
                tries=2,
                sent_at=now - timedelta(hours=2),
                answer="taken",
            ),
            HallUpload(
                club=demo, event=refused, state="refused", queued_at=now - timedelta(hours=1), tries=1
            ),
            HallUpload(club=demo, drive=Drive.objects.first(), state="queued", queued_at=now),
            HallUpload(club=demo, night=DuelNight.objects.first(), state="queued", queued_at=now),
        ]
    )
    before = _county_way()
    path = tmp_path / "club.json"
    call_command("backup", str(path), stderr=StringIO())
    assert '"county_key": "wdc_secret"' in path.read_text()  # the backup holds the key
    _empty_the_database()

    call_command("restore", str(path), stdout=StringIO())

    assert _county_way() == before
    assert uploads_send(opener=_county_answers) and HallUpload.objects.filter(state="sent").count() == 3


def _county_answers(request, timeout):
    """The county taking every upload."""
    answer = BytesIO(b'{"message": "taken"}')
    answer.status = 200
    return answer


def test_the_organisers_come_back_without_their_passwords(demo, tmp_path):
    path = tmp_path / "club.json"
    hashed = get_user_model().objects.get(username="organiser").password
    call_command("backup", str(path), stderr=StringIO())
    written = path.read_text()
    assert hashed.split("$")[-1] not in written and "password" not in written
    _empty_the_database()
    call_command("restore", str(path), stdout=StringIO())
    organiser = get_user_model().objects.get(username="organiser")
    assert organiser.is_staff and not organiser.has_usable_password()
    assert list(organiser.clubs.all()) == [Club.objects.get()]


def test_a_backup_goes_to_standard_output_and_comes_back_plain(demo, tmp_path, capsys):
    call_command("backup", "-")
    text = capsys.readouterr().out
    data = json.loads(text)
    assert data["format"] == "whistdrive-backup" and data["migrations"]["tournaments"]
    path = tmp_path / "club.json"
    path.write_text(text)
    _empty_the_database()
    call_command("restore", str(path), stdout=StringIO())
    assert Event.objects.count() == len(data["clubs"][0]["events"]) > 9


def test_a_database_that_has_a_club_is_refused(demo, tmp_path):
    path = tmp_path / "club.json"
    call_command("backup", str(path), stderr=StringIO())
    refusal = "already has clubs \\(Ribble Valley Whist Club\\): restore a backup into an empty"
    with pytest.raises(CommandError, match=refusal):
        call_command("restore", str(path))
    assert Club.objects.count() == 1


@pytest.fixture(scope="module")
def demo_backup_text(demo_rows, django_db_blocker, tmp_path_factory) -> str:
    """The demo club's backup, written once for the module; the database emptied again."""
    path = tmp_path_factory.mktemp("backup") / "club.json"
    with django_db_blocker.unblock():
        database_put_back(demo_rows)
        call_command("backup", str(path), stderr=StringIO())
        _empty_the_database()
    return path.read_text()


@pytest.fixture
def backup_text(demo_backup_text, db) -> str:
    """The demo club's backup, and an empty database to restore it into."""
    assert not Club.objects.exists()
    return demo_backup_text


def _restore_refused(tmp_path, content: bytes | str, match: str):
    path = tmp_path / "damaged.json"
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    with pytest.raises(CommandError, match=match):
        call_command("restore", str(path), stdout=StringIO())
    assert not Club.objects.exists() and not Member.objects.exists() and not Event.objects.exists()
    assert not get_user_model().objects.exists()


def test_a_newer_backup_is_refused_in_words(backup_text, tmp_path):
    data = json.loads(backup_text)
    data["version"], data["whistdrive"] = 99, "9.0"
    _restore_refused(
        tmp_path, json.dumps(data), "written by whistdrive 9.0 \\(backup version 99\\), newer than this one"
    )


def test_a_backup_from_a_database_with_migrations_unknown_here_is_refused_as_newer(backup_text, tmp_path):
    data = json.loads(backup_text)
    data["migrations"]["tournaments"] = ["0999_from_the_future"]
    _restore_refused(tmp_path, json.dumps(data), "update whistdrive first")


@pytest.mark.parametrize("version", ["true", "0", '"3"', "2.5"])
def test_a_version_that_is_not_a_whole_number_from_1_is_refused(tmp_path, version):
    # true is refused too, though Python counts it as the number 1.
    text = f'{{"format": "whistdrive-backup", "version": {version}, "clubs": []}}'
    _restore_refused(
        tmp_path,
        text,
        "version number is not a whole number from 1, so it is not a whistdrive backup. Nothing",
    )


def _damaged_event(data):
    data["clubs"][0]["events"][3]["results"][0]["ns_tricks"] = 14


def _unknown_pick(data):
    data["clubs"][0]["competitions"][0]["by_hand"] = True
    data["clubs"][0]["competitions"][0]["picked_events"] = [["Tuesday Pairs", "2020-01-07"]]


def _stranger_organises(data):
    data["clubs"][0]["organisers"].append("nobody")


def _mail_to_nobody(data):
    data["clubs"][0]["mails"][0]["member"] = 999


def _schema(data):
    data["clubs"][0]["members"][0]["active"] = "yes"


def _upload_of(uuid: str):
    def damage(data):
        data["clubs"][0]["county_uploads"] = [
            {
                "kind": "event",
                "uuid": uuid,
                "state": "sent",
                "queued_at": "2026-11-12T20:00:00+00:00",
                "tried_at": None,
                "tries": 0,
                "sent_at": None,
                "answer": "",
            }
        ]

    return damage


@pytest.mark.parametrize(
    "damage, message",
    [
        (_damaged_event, "event 4: The export is damaged .*results\\[0\\].ns_tricks: is 14"),
        (_unknown_pick, "Tuesday Pairs on 2020-01-07 is not among the club's evenings"),
        (_stranger_organises, "organisers\\[1\\]: nobody is not among the users"),
        (_schema, "members\\[0\\].active: is not true or false"),
        (_mail_to_nobody, "mails\\[0\\].member: there is no members\\[999\\]"),
        (_upload_of("event 1"), "county_uploads\\[0\\].uuid: is not an evening's identity"),
        (_upload_of("0" * 8 + "-0000-4000-8000-" + "0" * 12), "names something it does not hold"),
    ],
)
def test_a_backup_that_contradicts_itself_restores_nothing(backup_text, tmp_path, damage, message):
    data = json.loads(backup_text)
    damage(data)
    _restore_refused(tmp_path, json.dumps(data), message + ".*Nothing was restored")


def test_a_truncated_or_mangled_file_restores_nothing(backup_text, tmp_path):
    damaged = "damaged or is not a whistdrive backup"
    _restore_refused(tmp_path, backup_text[: len(backup_text) // 2], damaged)
    _restore_refused(tmp_path, gzip.compress(backup_text.encode())[:-100], damaged)
    _restore_refused(tmp_path, b"\xff\xfe", damaged)
    flipped = bytearray(gzip.compress(backup_text.encode()))
    flipped[12] ^= 0xFF  # a byte at the start of the compressed stream, as a bad disk leaves it
    _restore_refused(tmp_path, bytes(flipped), damaged)
    _restore_refused(tmp_path, '{"format": "whistdrive-event"}', "not a whistdrive backup")


def test_a_version_1_backup_is_brought_forward_and_restored():
    out = StringIO()
    call_command("restore", str(Path(__file__).parent / "data" / "club-backup-version-1.json"), stdout=out)
    assert "Restored Pendle Whist Circle: 4 members, 1 events, 1 drives, 1 competitions" in out.getvalue()
    event, drive = Event.objects.get(), Drive.objects.get()
    assert (event.status, event.published, drive.status) == ("finished", True, "finished")
    rankings = json.loads(_printed("results", event.pk))["rankings"]
    assert "Ann Ashworth & Bob Ashworth" in [row["names"] for row in rankings]
    [competition] = Competition.objects.all()
    assert list(competition.picked_events.all()) == [event] and list(competition.picked_drives.all()) == [
        drive
    ]
    assert not ResultMail.objects.exists()


def test_each_version_step_has_its_function():
    assert sorted(MIGRATIONS) == list(range(1, VERSION))
    old = {"format": "whistdrive-backup", "version": 1, "clubs": [{"name": "Pendle Whist Circle"}]}
    assert MIGRATIONS[1](old) == {
        **old,
        "version": 2,
        "clubs": [{"name": "Pendle Whist Circle", "mails": []}],
    }


def test_whistdrive_restore_into_a_new_laptops_empty_data_folder_makes_its_database(demo, tmp_path):
    import os
    import subprocess
    import sys

    path = tmp_path / "club.json.gz"
    call_command("backup", str(path), stderr=StringIO())
    home = tmp_path / "new-laptop"
    unset = ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "DEBUG")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env["WHISTDRIVE_HOME"] = str(home)

    def restore(*options):
        return subprocess.run(
            [sys.executable, "-m", "whistdrive", "restore", str(path), *options],
            cwd=Path(__file__).resolve().parent.parent,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )

    refused = restore()  # the new laptop has no register of erasures: asked for before anything
    assert refused.returncode != 0
    assert "Copy erasures.json from the old computer's data folder" in refused.stderr
    assert not (home / "db.sqlite3").exists()
    old_laptops = tmp_path / "erasures.json"
    old_laptops.write_text('{"format": "whistdrive-erasures", "erasures": []}')
    run = restore("--erasures", str(old_laptops))
    assert run.returncode == 0, run.stderr
    assert f"Restored Ribble Valley Whist Club: {Member.objects.count()} members" in run.stdout
    assert (home / "db.sqlite3").exists()


def test_a_restore_reads_the_members_once_an_evening_not_once_a_player(demo, tmp_path):
    from django.db import connection

    evenings = Event.objects.count() + Drive.objects.count() + DuelNight.objects.count()
    path = tmp_path / "club.json"
    call_command("backup", str(path), stderr=StringIO())
    _empty_the_database()
    reads = []

    def count_member_reads(execute, sql, params, many, context):
        # Reads of the members' rows; not the statement moving PostgreSQL's id sequence past them.
        table = sql.split("WHERE")[0].split("FROM")[-1]
        if sql.startswith("SELECT") and "setval(" not in sql and "tournaments_member" in table:
            reads.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count_member_reads):
        call_command("restore", str(path), stdout=StringIO())

    # One read of the club's members an evening, one to forget again those the register of erasures
    # names, and the count the command prints at the end.
    assert 0 < len(reads) <= evenings + 2, "\n".join(sorted(set(reads)))


def test_a_restore_takes_as_many_queries_however_many_players_an_evening_names(
    make_club, make_played_event, tmp_path
):
    """The same club of six members, its evening naming two of them or all six: the restore finds
    them from one read of the club's members, not a query a player."""
    from datetime import date

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments import services

    counts = {}
    for seated in (2, 6):
        _empty_the_database()
        club = make_club()
        members = [
            services.member_create(club=club, first_name=f"Player{n}", last_name="Hartley") for n in range(6)
        ]
        make_played_event(club, day=date(2026, 10, 6), members=members[:seated])
        path = tmp_path / f"club-{seated}.json"
        call_command("backup", str(path), stderr=StringIO())
        _empty_the_database()
        with CaptureQueriesContext(connection) as queries:
            call_command("restore", str(path), stdout=StringIO())
        assert Member.objects.count() == 6 and Event.objects.get().pairs.filter(player1__isnull=False).count()
        counts[seated] = len(queries)
    assert counts[2] == counts[6], counts
