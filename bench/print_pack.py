"""Benchmark: the print pack of a 30-table share-and-relay event, document by document, in process.

Times gathering the print data once and rendering each document (table cards, guide cards,
travellers, score cards, hand records, results), repeated in rounds (the median and the range
quoted). Runs in a throw-away test database on whatever DATABASE_URL points at (SQLite by default):

    .venv/bin/python bench/print_pack.py [--tables 30] [--rounds 3]
"""

import argparse
import os
import statistics
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402

from tournaments import pdf, services  # noqa: E402

GOAL_MS = 500  # the whole pack in process (the printing issue's goal)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        club = services.club_get_or_create(name="Bench Club")
        event = services.event_create(
            club=club,
            name="Bench",
            date=date(2026, 11, 26),
            tables=args.tables,
            boards_per_round=2,
            variant="relay" if args.tables % 2 == 0 else None,
        )
        services.event_build_movement(event=event)
        services.event_deal_boards(event=event, seed="bench", analyse=False)
        times: dict[str, list[float]] = {}
        for _ in range(args.rounds):
            start = time.perf_counter()
            pack = services.event_print_pack(event, base_url="http://192.168.1.20:8000")
            times.setdefault("print data", []).append((time.perf_counter() - start) * 1000)
            for document in (d for d in pdf.DOCUMENTS if d != "pack"):
                start = time.perf_counter()
                pdf.render(pack, document)
                times.setdefault(document, []).append((time.perf_counter() - start) * 1000)
        print(f"{args.tables}-table relay, {event.boards.count()} boards, database {connection.vendor}")
        total = []
        for name, values in times.items():
            print(f"  {name:<14} {statistics.median(values):8.0f} ms  ({min(values):.0f}–{max(values):.0f})")
        for run in range(args.rounds):
            total.append(sum(values[run] for values in times.values()))
        print(
            f"  {'whole pack':<14} {statistics.median(total):8.0f} ms  ({min(total):.0f}–{max(total):.0f});"
            f" goal {GOAL_MS} ms in process"
        )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
