"""The models and the migrations say the same thing: a change to a model comes with its migration,
and the migrations that move data keep what the old models held.

The data migrations are checked on one walk: the test database goes back once to the oldest state
a check needs, then forward, stopping before each checked migration to make the old rows and after
it to read them (a walk back and forth for each check took three times as long)."""

from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_every_model_change_has_its_migration():
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit:
        pytest.fail("A model changed without its migration:\n" + out.getvalue())


def _events_trail_before(apps) -> dict:
    club = apps.get_model("tournaments", "Club").objects.create(name="Trail Club")
    event = apps.get_model("tournaments", "Event").objects.create(
        club=club, name="Old Evening", date="2026-01-02", tables=3, boards_per_round=2
    )
    apps.get_model("tournaments", "EventChange").objects.create(
        event=event, action="started", detail="3 tables", changed_at="2026-01-02T19:30:00Z"
    )
    return {"club": club.pk, "event": event.pk}


def _events_trail_after(apps, made) -> dict:
    line = apps.get_model("tournaments", "AuditLine").objects.get(event_id=made["event"])
    return {"line": (line.club_id, line.event_id, line.drive_id, line.action, line.detail), "made": made}


def _adjusted_before(apps) -> dict:
    club = apps.get_model("tournaments", "Club").objects.create(name="Adjusted Club", slug="old-club")
    event = apps.get_model("tournaments", "Event").objects.create(
        club=club, name="Old Evening", date="2026-01-02", tables=3, boards_per_round=2
    )
    return {"club": club.pk, "event": event.pk}


def _adjusted_after(apps, made) -> dict:
    return {
        "event": apps.get_model("tournaments", "Event").objects.get(pk=made["event"]).adjusted_scores,
        "club": apps.get_model("tournaments", "Club").objects.get(pk=made["club"]).adjusted_scores,
    }


def _keys_before(apps) -> dict:
    for name, slug in (("Key Club", "key-club"), ("Other Club", "other")):
        apps.get_model("tournaments", "Club").objects.create(name=name, slug=slug)
    return {"slugs": ("key-club", "other")}


def _keys_after(apps, made) -> dict:
    clubs = apps.get_model("tournaments", "Club").objects.filter(slug__in=made["slugs"])
    return {"keys": dict(clubs.values_list("slug", "key"))}


IDENTITY = "6f1c2b7e-3d4a-4e5f-8a9b-0c1d2e3f4a5b"


def _identity_before(apps) -> dict:
    """One export imported twice into one club, renamed between (two events, one identity), the
    second sent to a county; two drives the same; another club's event with that identity too."""
    club, other = (
        apps.get_model("tournaments", "Club").objects.create(name=name, slug=slug)
        for name, slug in (("Copy Club", "copy-club"), ("Next Club", "next-club"))
    )
    event, drive = apps.get_model("tournaments", "Event"), apps.get_model("tournaments", "Drive")
    events = [
        event.objects.create(
            club=club, name=name, date="2026-01-02", tables=3, boards_per_round=2, uuid=IDENTITY
        )
        for name in ("Pairs", "Pairs (copy)")
    ]
    elsewhere = event.objects.create(
        club=other, name="Pairs", date="2026-01-02", tables=3, boards_per_round=2, uuid=IDENTITY
    )
    drives = [drive.objects.create(club=club, name=n, date="2026-01-02", uuid=IDENTITY) for n in ("A", "B")]
    apps.get_model("tournaments", "CountyUpload").objects.create(
        club=club,
        evening=IDENTITY,
        format="pairs",
        digest="0" * 64,
        event=events[1],
        received_at="2026-01-03T10:00Z",
    )
    return {"events": [e.pk for e in events], "elsewhere": elsewhere.pk, "drives": [d.pk for d in drives]}


def _identity_after(apps, made) -> dict:
    event, drive = apps.get_model("tournaments", "Event"), apps.get_model("tournaments", "Drive")
    return {
        "events": [str(event.objects.get(pk=pk).uuid) for pk in made["events"]],
        "elsewhere": str(event.objects.get(pk=made["elsewhere"]).uuid),
        "drives": [str(drive.objects.get(pk=pk).uuid) for pk in made["drives"]],
    }


# (the check's name, the last migration before the one checked, that one, make the old rows, read them)
CHECKS = (
    (
        "trail",
        "0018_drive_prizes_help_text",
        "0019_one_audit_trail",
        _events_trail_before,
        _events_trail_after,
    ),
    (
        "adjusted",
        "0030_two_role_labels_and_howell_range",
        "0031_adjusted_scores_rule",
        _adjusted_before,
        _adjusted_after,
    ),
    ("keys", "0057_login_failure", "0058_club_key", _keys_before, _keys_after),
    (
        "identity",
        "0074_result_mail_simultaneous",
        "0076_one_evening_per_identity_constraints",
        _identity_before,
        _identity_after,
    ),
)


@pytest.fixture(scope="module")
def walked(django_db_setup, django_db_blocker) -> dict:
    """What each check read after its migration, on one walk back and forth; the database is left
    at the newest migration and empty, as a test that commits leaves it."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    seen = {}
    with django_db_blocker.unblock():
        executor = MigrationExecutor(connection)
        executor.migrate([("tournaments", CHECKS[0][1])])
        try:
            for name, before, after, make, read in CHECKS:
                executor = MigrationExecutor(connection)
                executor.migrate([("tournaments", before)])
                made = make(executor.loader.project_state(("tournaments", before)).apps)
                executor = MigrationExecutor(connection)
                executor.migrate([("tournaments", after)])
                seen[name] = read(executor.loader.project_state(("tournaments", after)).apps, made)
        finally:
            executor = MigrationExecutor(connection)
            executor.migrate(executor.loader.graph.leaf_nodes())
            call_command("flush", interactive=False, verbosity=0)
    return seen


def test_the_events_trail_is_kept_as_the_one_audit_trail(walked):
    made = walked["trail"]["made"]
    assert walked["trail"]["line"] == (made["club"], made["event"], None, "started", "3 tables")


def test_events_scored_before_the_adjusted_scores_setting_keep_sixty_and_forty(walked):
    """Their published standings must not move; new events and every club take the Laws' rule."""
    assert walked["adjusted"] == {"event": "fixed", "club": "session"}


def test_a_club_made_before_keys_takes_its_address_as_its_key(walked):
    """The marks the register of erasures wrote for it were made from that address, and stay valid."""
    assert walked["keys"]["keys"] == {"key-club": "key-club", "other": "other"}


def test_evenings_sharing_an_identity_in_a_club_are_given_their_own(walked):
    """The one a county upload names keeps the identity, else the older; another club's evening
    keeps it too (an identity is one evening in a club)."""
    seen = walked["identity"]
    assert seen["events"][1] == IDENTITY != seen["events"][0]
    assert seen["drives"][0] == IDENTITY != seen["drives"][1]
    assert seen["elsewhere"] == IDENTITY
