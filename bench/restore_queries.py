"""Benchmark: the demo club's restore and one county upload of a closed 15-table evening, in
process, each timed (median and range of --repeat runs) with the number of queries it makes.

    .venv/bin/python bench/restore_queries.py [--repeat 3] [--tables 15] [--show 0] [--only upload]

SQLite by default; DATABASE_URL names another database (a throw-away test database is made from it).
``--show N``: the N statements made most often in the last run, with their counts (parameters
apart, as the database is sent them).
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter
from io import StringIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from tournaments.models import Club  # noqa: E402


def _figure(walls: list[float]) -> str:
    return f"{statistics.median(walls):6.2f} s ({min(walls):.2f}–{max(walls):.2f})"


def _run(fn, repeat: int, show: int, before=None) -> tuple[str, int]:
    walls, counts, statements = [], [], Counter()
    for _ in range(repeat):
        if before:
            before()
        statements = Counter()

        def count(execute, sql, params, many, context, statements=statements):
            statements[sql[:110]] += 1
            return execute(sql, params, many, context)

        with connection.execute_wrapper(count):
            started = time.perf_counter()
            fn()
            walls.append(time.perf_counter() - started)
        counts.append(statements.total())
    for sql, n in statements.most_common(show):
        print(f"    {n:6} {sql}")
    return _figure(walls), max(counts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--show", type=int, default=0)
    parser.add_argument("--only", choices=("restore", "upload"), help="time the one")
    args = parser.parse_args()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        folder = Path(tempfile.mkdtemp())
        settings.ERASURES_FILE = folder / "erasures.json"
        settings.ERASURES_FILE.write_text('{"format": "whistdrive-erasures", "erasures": []}\n')
        backup = folder / "club.json.gz"

        def flush():
            call_command("flush", interactive=False, verbosity=0)

        def restore():
            call_command("restore", str(backup), stdout=StringIO())

        if args.only != "upload":
            call_command("demo", stdout=StringIO())
            call_command("backup", str(backup), stderr=StringIO())
            wall, count = _run(restore, args.repeat, args.show, before=flush)
            print(f"{connection.vendor}: demo club restore     {wall}; {count} queries")
            flush()
        if args.only == "restore":
            return
        from county_uploads import hall_evening

        from tournaments.services.county.keys import county_key_make
        from tournaments.services.county.receiving import county_upload_receive
        from tournaments.services.kinds import kind_of

        evening = hall_evening(args.tables)
        document = kind_of(evening).upload.export(evening)
        county = Club.objects.create(name="County Copy Club", slug="county-copy")
        _, key = county_key_make(club=county)

        def upload():
            body = {"club": county.slug, "kind": evening.evening_format.key}
            anew = {"uuid": str(uuid.uuid4()), "name": f"County Night {uuid.uuid4().hex[:8]}"}
            body["document"] = {**document, "event": {**document["event"], **anew}}
            answer = county_upload_receive(secret=key, body=json.dumps(body).encode())
            assert answer.status == 200, answer.message

        wall, count = _run(upload, args.repeat, args.show)
        print(f"{connection.vendor}: {args.tables}-table county upload {wall}; {count} queries")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
