"""Benchmark: the JSON Schema check of a club's backup, as a restore makes it before writing.

The backup of the season of bench/player_page.py (60 evenings of 30 tables, kept in a SQLite file
and built there first when missing) is read as a restore reads it; then, in rounds of 3 (median
and range), the whole file is checked by the schemas: the club's, then each event's and drive's.
A check of one damaged file (a whole number written 3.0) is timed too, as it finds and words the
fault.

    .venv/bin/python bench/schema_check.py [--evenings 60] [--tables 30] [--repeat 3]

Run it from two checkouts against the same ``--database`` to compare them side by side.
"""

import argparse
import copy
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from player_page import _club  # noqa: E402

from tournaments.models import Club  # noqa: E402
from tournaments.services.backups.club import club_backup_chunks  # noqa: E402
from tournaments.services.backups.club_schema import backup_problems  # noqa: E402
from tournaments.services.backups.drive_schema import drive_document_problems  # noqa: E402
from tournaments.services.backups.event_schema import event_document_problems  # noqa: E402


def check(data: dict) -> list[str]:
    problems = backup_problems(data)
    for club in data["clubs"]:
        for event in club["events"]:
            problems += event_document_problems(event)
        for drive in club["drives"]:
            problems += drive_document_problems(drive)
    return problems


def _timed(fn, repeat: int) -> str:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append((time.perf_counter() - started) * 1000)
    return f"{statistics.median(times):8.0f} ms  ({min(times):.0f}–{max(times):.0f})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--evenings", type=int, default=60)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database", default="/tmp/whistdrive-bench-season.sqlite3")
    args = parser.parse_args()
    if connection.vendor == "sqlite":  # the season kept in a file for the next runs
        connection.settings_dict["TEST"]["NAME"] = args.database
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=True)
    try:
        club = _club(args.evenings, args.tables)
        data = json.loads("".join(club_backup_chunks(Club.objects.filter(pk=club.pk))))
        results = sum(len(e["results"]) for c in data["clubs"] for e in c["events"])
        assert check(data) == []  # the checks made once, as the first restore after a start makes them
        damaged = copy.deepcopy(data)
        damaged["clubs"][0]["events"][-1]["results"][-1]["ns_tricks"] = 3.0
        assert any("is not a whole number" in p for p in check(damaged))
        print(f"{ROOT.name}: a backup of {args.evenings} evenings of {args.tables} tables, {results} results")
        print(f"  the schemas' check, sound file     {_timed(lambda: check(data), args.repeat)}")
        print(f"  the schemas' check, one fault      {_timed(lambda: check(damaged), args.repeat)}")
        print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0, keepdb=True)


if __name__ == "__main__":
    main()
