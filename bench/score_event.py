"""Benchmark: score a 30-table event with 2 boards a round and every result in.

Times (a) reading the results from the database, (b) computing the standings from them, and
(c) rendering the standings page, each the median of several runs. Runs in a throw-away test
database on whatever DATABASE_URL points at (SQLite by default):

    .venv/bin/python bench/score_event.py [--tables 30] [--repeat 7]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/whistdrive .venv/bin/python bench/score_event.py
"""

import argparse
import os
import statistics
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.signals import request_finished, request_started  # noqa: E402
from django.db import close_old_connections, connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

from tournaments import services  # noqa: E402
from tournaments.domain.scoring import BoardResult, score_event  # noqa: E402
from tournaments.services.scoring import event_expected_results  # noqa: E402


def _median_ms(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    setup_test_environment()
    # Keep one connection across requests, as the test runner does, so queries can be counted.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    settings.ALLOWED_HOSTS = ["testserver"]
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
        rows = []
        for s in event.seatings.select_related("ns_pair", "ew_pair"):
            for board in s.board_numbers:
                rows.append(f"{board},{s.ns_pair.number},{s.ew_pair.number},{(board * 7 + s.table * 3) % 14}")
        start = time.perf_counter()
        count = services.results_import_csv(
            event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows)
        )
        import_ms = (time.perf_counter() - start) * 1000

        def read():
            seatings = list(event.seatings.all())
            results = [
                BoardResult(
                    r.board.number,
                    (r.ns_pair.direction, r.ns_pair.number),
                    (r.ew_pair.direction, r.ew_pair.number),
                    r.ns_tricks,
                    r.ns_adjusted,
                    r.ew_adjusted,
                )
                for r in event.results.select_related("board", "ns_pair", "ew_pair")
            ]
            return seatings, results

        seatings, results = read()
        expected = event_expected_results(seatings)

        def compute():
            return score_event(results, expected=expected)

        user = get_user_model().objects.create_user("bench", password="bench-pass-123", is_staff=True)
        club.organisers.add(user)
        client = Client()
        client.force_login(user)
        url = reverse("tournaments:results", args=[event.pk])

        def render():
            response = client.get(url)
            assert response.status_code == 200

        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as captured:
            render()
        page_queries = len(captured.captured_queries)
        read_ms = _median_ms(read, args.repeat)
        compute_ms = _median_ms(compute, args.repeat)
        render_ms = _median_ms(render, args.repeat)
        vendor = connection.vendor
        print(f"{args.tables} tables, {count} results, database {vendor}")
        print(f"  import of the travellers (once):  {import_ms:8.1f} ms")
        print(f"  (a) read results from database:  {read_ms:8.1f} ms")
        print(f"  (b) compute standings:           {compute_ms:8.1f} ms")
        print(f"  (c) render the standings page:   {render_ms:8.1f} ms  ({page_queries} queries)")
        print(f"  (b) < (a): {'yes' if compute_ms < read_ms else 'NO'}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
