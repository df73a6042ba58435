"""Benchmark: a club's backup and its restore, for the demo club and for a season of 60 evenings of
30 tables (the evenings of bench/season.py), in rounds of 3 runs each (median and range), with the
file's size and the process's peak memory.

    .venv/bin/python bench/backup.py [--evenings 60] [--tables 30] [--repeat 3] [--demo]
"""

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from datetime import date
from io import StringIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from tests.seasons import season  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.models import Result  # noqa: E402


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _timed(fn, repeat) -> str:
    walls = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        walls.append(time.perf_counter() - started)
    return f"{statistics.median(walls):6.2f} s ({min(walls):.2f}–{max(walls):.2f})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--evenings", type=int, default=60)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--demo", action="store_true", help="the demo club instead of a season")
    args = parser.parse_args()

    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        if args.demo:
            call_command("demo", stdout=StringIO())
            what = "the demo club"
        else:
            club = services.club_get_or_create(name="Bench Club")
            season(club, evenings=args.evenings, tables=args.tables, start=date(2025, 9, 2))
            what = f"{args.evenings} evenings of {args.tables} tables"
        print(f"database {connection.vendor}; {what}: {Result.objects.count()} results")
        print(f"peak memory after building: {_peak_mb():.0f} MB")
        folder = Path(tempfile.mkdtemp())
        # The bench's own register of erasures (empty), never the checkout's data folder's.
        from django.conf import settings

        settings.ERASURES_FILE = folder / "erasures.json"
        settings.ERASURES_FILE.write_text('{"format": "whistdrive-erasures", "erasures": []}\n')
        for name in ("club.json", "club.json.gz"):
            path = folder / name

            def backup(path=path):
                call_command("backup", str(path), stderr=StringIO())

            print(f"backup {name:<13} {_timed(backup, args.repeat)}; {path.stat().st_size / 1e6:.1f} MB")
        print(f"peak memory after the backups: {_peak_mb():.0f} MB")

        def restore():
            call_command("flush", interactive=False, verbosity=0)
            call_command("restore", str(folder / "club.json.gz"), stdout=StringIO())

        print(f"flush and restore     {_timed(restore, args.repeat)}")
        print(f"peak memory after the restores: {_peak_mb():.0f} MB")
        print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
