"""Start-up refuses bad configuration with a message naming the variable; production is clean."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-long-random-production-secret-key-0123456789-abcdefghijklmnop",
    "ALLOWED_HOSTS": "whist.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://whist.example.org",
    "DATABASE_URL": "sqlite:///prod-check.sqlite3",
}


def _manage(*args, **env):
    ours = {"DEBUG", "SECRET_KEY", "DATABASE_URL", "HTTPS", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {k: v for k, v in os.environ.items() if k not in ours}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def _python(code: str) -> subprocess.CompletedProcess:
    """``code`` run by a new Python with whistdrive's settings, which must succeed."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "whistdrive.settings"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done


@pytest.mark.parametrize(
    "name, value",
    [
        ("DEBUG", "maybe"),
        ("HTTPS", "sometimes"),
        ("SECURE_HSTS_SECONDS", "a year"),
        ("DATABASE_URL", "mysql://root@localhost/whist"),
        ("DATABASE_URL", "postgres://user@host:port/whist"),
        ("FRAME_ANCESTORS", "https://club.org; script-src *"),
        ("EMAIL_URL", "http://mail.example.org"),
        ("EMAIL_TIMEOUT", "soon"),
    ],
)
def test_a_malformed_variable_stops_start_up_and_is_named(name, value):
    run = _manage("check", **{name: value})
    assert run.returncode != 0
    assert "ImproperlyConfigured" in run.stderr
    assert name in run.stderr


def test_it_refuses_debug_off_with_the_development_key():
    run = _manage("check", DEBUG="0")
    assert run.returncode != 0
    assert "SECRET_KEY" in run.stderr


@pytest.mark.parametrize("key, what", [("", "empty"), ("short-key", "too short"), ("a" * 60, "too simple")])
def test_it_refuses_debug_off_with_an_empty_or_short_key(key, what):
    run = _manage("check", **{**PRODUCTION, "SECRET_KEY": key})
    assert run.returncode != 0
    assert "ImproperlyConfigured" in run.stderr and "SECRET_KEY" in run.stderr and what in run.stderr


def test_check_deploy_is_clean_under_production_settings():
    run = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no issues" in run.stdout


def test_the_reports_import_on_their_own_with_only_the_settings():
    """No import cycle: the formatting module needs neither the app registry nor the services."""
    run = subprocess.run(
        [sys.executable, "-c", "import tournaments.reports"],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "whistdrive.settings"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr


def test_a_postgresql_address_keeps_its_own_options_beside_prepared_statements():
    from whistdrive.env import database_from_url

    url = "postgres://club@db.example.org:5432/whistdrive?sslmode=require&connect_timeout=5"
    options = database_from_url("DATABASE_URL", url, ROOT)["OPTIONS"]
    assert options == {
        "sslmode": "require",
        "connect_timeout": 5,
        "server_side_binding": True,
        "prepare_threshold": 5,
    }
    pooled = database_from_url("DATABASE_URL", url, ROOT, prepared=False)["OPTIONS"]
    assert pooled["prepare_threshold"] is None and pooled["sslmode"] == "require"


def test_a_sqlite_database_is_opened_in_wal_mode_with_every_commit_on_disk(tmp_path):
    """Readers never hold up a tablet's score, and a score the tablet was told is in survives the
    laptop's power going: a new connection to a fresh file is in WAL mode with synchronous FULL."""
    from django.db.backends.sqlite3.base import DatabaseWrapper

    from whistdrive.env import database_from_url

    config = database_from_url("DATABASE_URL", f"sqlite:///{tmp_path / 'hall.sqlite3'}", ROOT)
    wrapper = DatabaseWrapper({**config, "TIME_ZONE": None, "CONN_MAX_AGE": 0, "AUTOCOMMIT": True})
    connection = wrapper.get_new_connection(wrapper.get_connection_params())
    try:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert connection.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    finally:
        connection.close()


def test_django_starts_without_any_pdf_code():
    """reportlab (and PIL, and the fonts it reads) and the QR encoder are loaded when the first
    document is built, not by ``django.setup()`` nor by the pages' URLs."""
    code = (
        "import json, sys, django; django.setup();"
        "setup = sorted(sys.modules);"
        "from django.urls import get_resolver; get_resolver().url_patterns;"
        "print(json.dumps([setup, sorted(sys.modules)]))"
    )
    done = _python(code)
    for loaded in json.loads(done.stdout):
        pdf_code = {m for m in loaded if m.split(".")[0] in ("reportlab", "PIL", "zxingcpp")}
        pdf_code |= {m for m in loaded if m.startswith("tournaments.pdf.")}
        assert not pdf_code, sorted(pdf_code)


def test_django_starts_without_the_backup_checker():
    """jsonschema, and the check of the backups' schemas, wait for the first backup read."""
    code = (
        "import json, sys, django; django.setup();"
        "from django.urls import get_resolver; get_resolver().url_patterns;"
        "print(json.dumps(sorted(sys.modules)))"
    )
    done = _python(code)
    loaded = json.loads(done.stdout)
    assert "tournaments.services.backups.event_schema" in loaded  # the schemas are declared...
    assert not [m for m in loaded if m.split(".")[0] == "jsonschema"]  # ...and not yet checked


def test_the_garbage_collector_waits_for_start_up_then_runs():
    """Start-up's objects are frozen out of the collector, which is paused while Django starts and
    running again once it has: a long-running server still collects what each request leaves."""
    code = (
        "import gc, json, django;"
        "from django.conf import settings; settings.INSTALLED_APPS;"
        "paused = not gc.isenabled();"
        "django.setup();"
        "print(json.dumps([paused, gc.isenabled(), gc.get_freeze_count()]))"
    )
    done = _python(code)
    paused, running, frozen = json.loads(done.stdout)
    assert paused and running
    assert frozen > 0  # how many is Django's and Python's business


def test_django_starts_without_the_graph_library():
    """networkx (a fifth of a second to import) waits for the first Swiss round too large for the
    pairing library, not loaded by ``django.setup()`` nor by the pages' URLs."""
    code = (
        "import json, sys, django; django.setup();"
        "from django.urls import get_resolver; get_resolver().url_patterns;"
        "print(json.dumps(sorted(sys.modules)))"
    )
    loaded = json.loads(_python(code).stdout)
    assert not [m for m in loaded if m.split(".")[0] == "networkx"]
