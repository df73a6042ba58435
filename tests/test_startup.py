"""What Django's start-up loads: on SQLite, not PostgreSQL's driver (bench/startup.py times it)."""

import json
import os
import subprocess
import sys


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
