"""Benchmark: a results file of the largest event (40 tables, 16 boards a round, 40 rounds: 25,600
rows) imported through the service, every row checked, beside a bare ``bulk_create`` of the same
results (no checks, no history): in rounds of 3 (median and range), the results deleted between
runs, in a throw-away test database on whatever DATABASE_URL points at (SQLite by default).

    .venv/bin/python bench/results_import.py [--repeat 3]
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
from django.utils import timezone  # noqa: E402

from tournaments import services  # noqa: E402
from tournaments.domain.limits import MAX_BOARDS_PER_ROUND, MAX_ROUNDS, MAX_TABLES  # noqa: E402
from tournaments.models import Result, ResultChange  # noqa: E402


def _timed(fn, repeat: int, before) -> list[float]:
    times = []
    for _ in range(repeat):
        before()
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return times


def _figures(times: list[float]) -> str:
    return f"{statistics.median(times):6.2f} s  ({min(times):.2f}–{max(times):.2f})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        club = services.club_get_or_create(name="Bench Club")
        event = services.event_create(
            club=club,
            name="The largest",
            date=date(2026, 11, 26),
            tables=MAX_TABLES,
            boards_per_round=MAX_BOARDS_PER_ROUND,
            variant="skip",
            rounds=MAX_ROUNDS,
        )
        services.event_build_movement(event=event)
        services.event_deal_boards(event=event, seed="largest", analyse=False)
        seatings = list(event.seatings.select_related("ns_pair", "ew_pair"))
        boards = {b.number: b for b in event.boards.all()}
        lines = ["board,ns_pair,ew_pair,ns_tricks,round,table"]
        for s in seatings:
            lines += [
                f"{board},{s.ns_pair.number},{s.ew_pair.number},{(board + s.round) % 14},{s.round},{s.table}"
                for board in s.board_numbers
            ]
        text = "\n".join(lines) + "\n"

        def clear():
            ResultChange.objects.filter(event=event).delete()
            Result.objects.filter(event=event).delete()

        def service():
            assert services.results_import_csv(event=event, text=text) == len(lines) - 1

        def bare():
            now = timezone.now()
            Result.objects.bulk_create(
                Result(
                    event_id=event.pk,
                    board=boards[board],
                    round=s.round,
                    table=s.table,
                    ns_pair=s.ns_pair,
                    ew_pair=s.ew_pair,
                    ns_tricks=(board + s.round) % 14,
                    entered_at=now,
                    confirmed_at=now,
                )
                for s in seatings
                for board in s.board_numbers
            )

        imported, bulk = [], []
        for _ in range(args.repeat):  # in turn, so that a busy machine slows both alike
            imported += _timed(service, 1, clear)
            bulk += _timed(bare, 1, clear)
        ratios = [a / b for a, b in zip(imported, bulk, strict=True)]
        print(f"{ROOT.name}: {connection.vendor}, a results file of {len(lines) - 1} rows")
        print(f"  the service (checked, with history)  {_figures(imported)}")
        print(f"  a bare bulk_create of the results    {_figures(bulk)}")
        print(
            f"  ratio                                {statistics.median(ratios):6.2f} ×  "
            f"({min(ratios):.2f}–{max(ratios):.2f})"
        )
        print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
