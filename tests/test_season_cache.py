"""The season's cache: kept on disk by default, so the first standings after a restart read no
evening again; keyed by the app's version and the database; emptied when a database is made."""

import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from django.core.cache import cache, caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.seasons import members, published_event
from tournaments.apps import season_cache_emptied
from tournaments.models import Competition
from tournaments.services.season import competitions
from whistdrive import __version__

ROOT = Path(__file__).resolve().parent.parent
PAIRS = [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11)]


@pytest.fixture
def on_disk(settings, tmp_path):
    """The season's cache in a folder of the test's own, as a server keeps it by default."""
    settings.CACHES = {
        **settings.CACHES,
        "season": {
            **settings.CACHES["season"],
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(tmp_path / "season"),
        },
    }
    yield caches["season"]
    caches["season"].clear()


def _caches(**env) -> dict:
    """settings.CACHES as a new process reads them, with ``env`` (and no CACHE_BACKEND unless given)."""
    clean = {k: v for k, v in os.environ.items() if k not in ("CACHE_BACKEND", "CACHE_LOCATION")}
    code = "import json; from django.conf import settings; print(json.dumps(settings.CACHES))"
    run = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(run.stdout.splitlines()[-1])  # after what the shell says of its imports


def test_the_season_is_kept_in_the_data_folder_under_the_version_and_the_database(tmp_path):
    kept = _caches(WHISTDRIVE_HOME=str(tmp_path))
    assert kept["default"]["BACKEND"].endswith("LocMemCache")
    assert kept["season"]["BACKEND"].endswith("FileBasedCache")
    assert kept["season"]["LOCATION"] == str(tmp_path / "cache" / "season")
    assert kept["season"]["KEY_PREFIX"].startswith(f"whistdrive-{__version__}-")
    other = _caches(WHISTDRIVE_HOME=str(tmp_path), DATABASE_URL="sqlite:///other.sqlite3")
    assert other["season"]["KEY_PREFIX"] != kept["season"]["KEY_PREFIX"]


def test_a_shared_cache_keeps_the_season_too():
    redis = "django.core.cache.backends.redis.RedisCache"
    kept = _caches(CACHE_BACKEND=redis, CACHE_LOCATION="redis://127.0.0.1:6379")
    for alias in ("default", "season"):
        assert (kept[alias]["BACKEND"], kept[alias]["LOCATION"]) == (redis, "redis://127.0.0.1:6379")
    assert kept["season"]["OPTIONS"] == {}


def test_the_first_standings_after_a_restart_read_no_evening_again(club, on_disk):
    players = members(club, 12)
    for n in range(3):
        published_event(
            club, day=date(2026, 2, 1 + 7 * n), pairs=[(players[a], players[b]) for a, b in PAIRS]
        )
    competition = competitions.competition_create(
        club=club, values={"name": "Season", "start": date(2026, 1, 1), "end": date(2026, 12, 31)}
    )
    first = competitions.competition_standings(competition)
    cache.clear()  # the process's own memory, as after a restart; the disk keeps the season's

    with CaptureQueriesContext(connection) as captured:
        again = competitions.competition_standings(Competition.objects.get(pk=competition.pk))

    assert again.standings == first.standings
    assert not any('"tournaments_result"' in q["sql"] or '"tournaments_pair"' in q["sql"] for q in captured)


def test_a_new_or_emptied_database_starts_with_nothing_kept_on_disk(on_disk):
    on_disk.set("competition-standings:x", "kept")
    season_cache_emptied(plan=[])  # a migrate that applied nothing
    assert on_disk.get("competition-standings:x") == "kept"
    season_cache_emptied(plan=[("migration", False)])  # a database made
    assert on_disk.get("competition-standings:x") is None
    on_disk.set("competition-standings:x", "kept")
    season_cache_emptied()  # flush
    assert on_disk.get("competition-standings:x") is None


def test_a_players_first_page_after_a_restart_reads_no_evening_again(client, club, on_disk):
    from django.urls import reverse

    players = members(club, 12)
    for n in range(3):
        published_event(
            club, day=date(2026, 2, 1 + 7 * n), pairs=[(players[a], players[b]) for a, b in PAIRS]
        )
    competitions.competition_create(
        club=club, values={"name": "Season", "start": date(2026, 1, 1), "end": date(2026, 12, 31)}
    )
    url = reverse("tournaments:player", args=[players[0].pk])
    first = client.get(url).content.decode()
    cache.clear()  # the process's own memory, as after a restart

    with CaptureQueriesContext(connection) as captured:
        again = client.get(url).content.decode()

    assert again == first
    read = [q["sql"] for q in captured]
    assert not any(
        sql.startswith(('SELECT "tournaments_pair"', 'SELECT "tournaments_result"')) for sql in read
    )
    assert len(read) <= 12  # as between two writes: no more with more evenings


def test_a_forgotten_members_name_leaves_the_disk_once_the_erasure_is_committed(
    client, club, on_disk, tmp_path, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    from tournaments.services.core.members import member_forget

    players = members(club, 12)
    published_event(club, day=date(2026, 2, 1), pairs=[(players[a], players[b]) for a, b in PAIRS])
    client.get(reverse("tournaments:player", args=[players[1].pk]))  # names their partner, players[0]
    folder = tmp_path / "season"  # the on_disk fixture's
    assert any(folder.iterdir())
    with django_capture_on_commit_callbacks(execute=True):
        member_forget(member=players[0], reason="asked by letter")
    assert not any(folder.glob("*.djcache"))
