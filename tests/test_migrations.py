"""The models and the migrations say the same thing: a change to a model comes with its migration."""

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


@pytest.mark.django_db(transaction=True)
def test_the_events_trail_is_kept_as_the_one_audit_trail():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before, after = (
        [("tournaments", "0018_drive_prizes_help_text")],
        [("tournaments", "0019_one_audit_trail")],
    )
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    club = old.get_model("tournaments", "Club").objects.create(name="Old Club")
    event = old.get_model("tournaments", "Event").objects.create(
        club=club, name="Old Evening", date="2026-01-02", tables=3, boards_per_round=2
    )
    old.get_model("tournaments", "EventChange").objects.create(
        event=event, action="started", detail="3 tables", changed_at="2026-01-02T19:30:00Z"
    )

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    line = new.get_model("tournaments", "AuditLine").objects.get()
    assert (line.club_id, line.event_id, line.drive_id) == (club.pk, event.pk, None)
    assert (line.action, line.detail) == ("started", "3 tables")
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_events_scored_before_the_adjusted_scores_setting_keep_sixty_and_forty():
    """Their published standings must not move; new events and every club take the Laws' rule."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before, after = (
        [("tournaments", "0030_two_role_labels_and_howell_range")],
        [("tournaments", "0031_adjusted_scores_rule")],
    )
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    club = old.get_model("tournaments", "Club").objects.create(name="Old Club", slug="old-club")
    old.get_model("tournaments", "Event").objects.create(
        club=club, name="Old Evening", date="2026-01-02", tables=3, boards_per_round=2
    )

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    assert new.get_model("tournaments", "Event").objects.get().adjusted_scores == "fixed"
    assert new.get_model("tournaments", "Club").objects.get().adjusted_scores == "session"
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_a_club_made_before_keys_takes_its_address_as_its_key():
    """The marks the register of erasures wrote for it were made from that address, and stay valid."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before, after = [("tournaments", "0057_login_failure")], [("tournaments", "0058_club_key")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    for name, slug in (("Old Club", "old-club"), ("Other Club", "other")):
        old.get_model("tournaments", "Club").objects.create(name=name, slug=slug)

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    assert dict(new.get_model("tournaments", "Club").objects.values_list("slug", "key")) == {
        "old-club": "old-club",
        "other": "other",
    }
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
