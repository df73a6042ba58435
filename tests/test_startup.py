"""What Django's start-up loads: on SQLite, not PostgreSQL's driver (bench/startup.py times it)."""

import json
import os
import subprocess
import sys


def test_django_starts_on_sqlite_without_postgresql_or_the_tables_library(tmp_path):
    code = "import json, sys, django; django.setup(); print(json.dumps(sorted(sys.modules)))"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "whistdrive.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = {name.split(".")[0] for name in json.loads(done.stdout)}
    assert not loaded & {"psycopg", "psycopg2", "django_tables2"}
    assert "django.contrib.postgres" not in json.loads(done.stdout)


def test_the_urls_load_without_postgresql_or_the_tables_library(tmp_path):
    """The print command reverses a table's address, which loads every page's URL: the tables
    library (and with it PostgreSQL's driver) waits for the first standings page."""
    code = (
        "import json, sys, django; django.setup();"
        "from django.urls import get_resolver; get_resolver().url_patterns;"
        "print(json.dumps(sorted(sys.modules)))"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "whistdrive.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = {name.split(".")[0] for name in json.loads(done.stdout)}
    assert not loaded & {"psycopg", "psycopg2", "django_tables2"}
