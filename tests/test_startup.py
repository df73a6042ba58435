"""What Django's start-up loads: on SQLite, not PostgreSQL's driver (bench/startup.py times it)."""

import json
import os
import subprocess
import sys

import pytest


def modules_loaded(tmp_path, code: str) -> list[str]:
    """The modules a new Python on a SQLite database has loaded once ``code`` has run."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "whistdrive.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    program = f"import json, sys, django; django.setup(); {code}; print(json.dumps(sorted(sys.modules)))"
    command = [sys.executable, "-c", program]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_django_starts_on_sqlite_without_postgresql_or_the_tables_library(tmp_path):
    loaded = modules_loaded(tmp_path, "pass")
    assert not {name.split(".")[0] for name in loaded} & {"psycopg", "psycopg2", "django_tables2"}
    assert "django.contrib.postgres" not in loaded


def test_the_urls_load_without_postgresql_or_the_tables_library(tmp_path):
    """The print command reverses a table's address, which loads every page's URL: the tables
    library (and with it PostgreSQL's driver) waits for the first standings page."""
    loaded = modules_loaded(tmp_path, "from django.urls import get_resolver; get_resolver().url_patterns")
    assert not {name.split(".")[0] for name in loaded} & {"psycopg", "psycopg2", "django_tables2"}


def test_django_starts_without_the_services_or_the_admin_and_the_pages_find_the_admin(tmp_path):
    """A management command that shows no page starts with the models only: the services (every
    feature's rules) and the admin's modules are loaded by what uses them, the admin's by the
    pages' URLs (whistdrive/urls.py)."""
    ours = ("tournaments.services", "tournaments.admin", "tournaments.views")
    loaded = modules_loaded(tmp_path, "pass")
    assert not [name for name in loaded if name.startswith(ours)]
    code = (
        "from django.urls import get_resolver; get_resolver().url_patterns;"
        "from django.contrib import admin; from tournaments.models import Event;"
        "assert admin.site.is_registered(Event)"
    )
    assert "tournaments.admin" in modules_loaded(tmp_path, code)


@pytest.mark.parametrize(
    "signal, sender, services",
    [
        (
            "evening_closed",
            "Event",
            ["backups.hall.hall_backup_on_close", "county.sending.hall_upload_on_close"],
        ),
        (
            "evening_closed",
            "Drive",
            ["backups.hall.hall_backup_on_close", "county.sending.hall_upload_on_close"],
        ),
        ("member_forgotten", "Member", ["county.sending.hall_uploads_on_forget"]),
        ("evening_uploaded", "Event", ["simultaneous.setup.simultaneous_join_on_upload"]),
        ("evening_uploaded", "Drive", ["simultaneous.setup.simultaneous_join_drive_on_upload"]),
    ],
)
def test_a_signal_reaches_the_services_it_is_connected_to(monkeypatch, signal, sender, services):
    """The receivers ``TournamentsConfig.ready`` connects import their service when the signal is
    first sent, and hand it what the signal sends."""
    from importlib import import_module

    from tournaments import models, signals

    heard = []
    for path in services:
        module, name = path.rsplit(".", 1)
        hear = lambda path=path, **kwargs: heard.append((path, kwargs["sender"], kwargs["instance"]))  # noqa: E731
        monkeypatch.setattr(import_module(f"tournaments.services.{module}"), name, hear)
    model = getattr(models, sender)
    getattr(signals, signal).send(sender=model, instance="the evening", evenings=[])
    assert heard == [(path, model, "the evening") for path in services]
