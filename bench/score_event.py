"""Benchmark: score events of 8, 15, 30 and 40 tables (2 boards a round, every result in).

For each size, side by side in one run, each measure repeated (the median and the range quoted):
  (a) reading the results for scoring (``event_board_results``) against a bare ``values_list`` of the
      same rows: the ratio is the cost of turning rows into the domain's terms;
  (b) computing the standings, against the simple implementation kept as the reference in the tests
      (every result compared with every other): the ratio is the speed-up;
  (c) serving the standings page, one pair's page and one board's page (server side, in process),
      with their query counts; between two writes (the scores kept) and, for a pair's page, just
      after one (the scores worked out again).
Times are also given per result, so growth with the size of the field shows. Runs in a throw-away
test database on whatever DATABASE_URL points at (SQLite by default):

    .venv/bin/python bench/score_event.py [--tables 8,15,30,40] [--repeat 7] [--rounds 3]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/whistdrive .venv/bin/python bench/score_event.py
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

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.signals import request_finished, request_started  # noqa: E402
from django.db import close_old_connections, connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

from tests.domain.reference_scoring import score_event as reference_score_event  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.domain.scoring import score_event  # noqa: E402
from tournaments.services.events.scoring import (  # noqa: E402
    RESULT_COLUMNS,
    event_board_results,
    event_expected_results,
    event_seating_rows,
)

GOALS = {
    "compute": 0.5,  # the standings in at most half the reference's time
    "read": 2.0,  # the read at most twice a bare values_list of the same rows
    "page_ms": 50.0,  # one pair's or one board's page at 40 tables, server side
}


def _timed(fn, repeat):
    """The median and range, in ms, of ``repeat`` runs of ``fn``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times), max(times)


def event_with_results(tables, club):
    """A ``tables``-table event of 2 boards a round (a relay when even), every result in; and the
    number of results."""
    event = services.event_create(
        club=club,
        name=f"Bench {tables}",
        date=date(2026, 11, 26),
        tables=tables,
        boards_per_round=2,
        variant="relay" if tables % 2 == 0 else None,
    )
    services.event_build_movement(event=event)
    rows = [
        f"{board},{s.ns_pair.number},{s.ew_pair.number},{(board * 7 + s.table * 3) % 14}"
        for s in event.seatings.select_related("ns_pair", "ew_pair")
        for board in s.board_numbers
    ]
    count = services.results_import_csv(
        event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows)
    )
    return event, count


def _page(client, url):
    def get():
        response = client.get(url)
        assert response.status_code == 200, url

    connection.queries_log.clear()  # the log is bounded: an old, full one would count nothing
    with CaptureQueriesContext(connection) as captured:
        get()
    return get, len(captured.captured_queries)


def standings_inputs(event):
    """What computing the standings is given: the event's pairs, boards and seatings, its results in
    the domain's terms and how often each board is expected to be played."""
    pairs, boards, seatings = list(event.pairs.all()), list(event.boards.all()), event_seating_rows(event)
    return (
        pairs,
        boards,
        seatings,
        event_board_results(event, pairs, boards, seatings),
        event_expected_results(seatings),
    )


def measure(tables, club, client, repeat):
    event, count = event_with_results(tables, club)
    pairs, boards, seatings, results, expected = standings_inputs(event)

    def bare():
        return list(event.results.confirmed().values_list(*RESULT_COLUMNS))

    def read():
        return event_board_results(event, pairs, boards, seatings)

    def compute():
        return score_event(results, expected=expected)

    def reference():
        return reference_score_event(results, expected=expected)

    pages = {
        "standings": reverse("tournaments:results", args=[event.pk]),
        "one pair": reverse("tournaments:results-pair", args=[event.pk, "ns", 1]),
        "one board": reverse("tournaments:results-board", args=[event.pk, 1]),
    }
    served = {name: _page(client, url) for name, url in pages.items()}
    pair_page = served["one pair"][0]

    def pair_page_cold():
        cache.clear()  # as right after a write: the scores are worked out again
        pair_page()

    figures = {
        "bare": _timed(bare, repeat),
        "read": _timed(read, repeat),
        "reference": _timed(reference, repeat),
        "compute": _timed(compute, repeat),
        **{name: _timed(get, repeat) for name, (get, _) in served.items()},
        "one pair, just after a write": _timed(pair_page_cold, repeat),
    }
    queries = {name: n for name, (_, n) in served.items()}
    return count, figures, queries


def _line(label, figure, count):
    median, low, high = figure
    return f"    {label:<28} {median:8.2f} ms  ({low:.2f}–{high:.2f})  {median * 1000 / count:7.2f} µs/result"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", default="8,15,30,40")
    parser.add_argument("--repeat", type=int, default=7, help="runs of each measure within a round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every measure, side by side")
    args = parser.parse_args()

    setup_test_environment()
    # One connection across requests, as the test runner does, so queries can be counted.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    settings.ALLOWED_HOSTS = ["testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        club = services.club_get_or_create(name="Bench Club")
        user = get_user_model().objects.create_user("bench", password="bench-pass-123", is_staff=True)
        club.organisers.add(user)
        client = Client()
        client.force_login(user)
        print(
            f"database {connection.vendor}; goals: compute ≤ {GOALS['compute']}× the reference, read ≤ "
            f"{GOALS['read']}× a bare values_list, a pair's or a board's page ≤ {GOALS['page_ms']:.0f} ms"
        )
        for tables in (int(t) for t in args.tables.split(",")):
            runs = [measure(tables, club, client, args.repeat) for _ in range(args.rounds)]
            count, _, queries = runs[0]
            print(f"{tables} tables, {count} results ({args.rounds} rounds of {args.repeat} runs)")
            medians = {key: statistics.median(run[1][key][0] for run in runs) for key in runs[0][1]}
            for key in runs[0][1]:
                values = [run[1][key][0] for run in runs]
                label = {
                    "bare": "bare values_list",
                    "read": "(a) read for scoring",
                    "reference": "reference standings",
                    "compute": "(b) standings",
                }.get(key, f"(c) page: {key}" + (f" [{queries[key]} q]" if key in queries else ""))
                print(_line(label, (statistics.median(values), min(values), max(values)), count))
            read_ratios = [run[1]["read"][0] / run[1]["bare"][0] for run in runs]
            compute_ratios = [run[1]["compute"][0] / run[1]["reference"][0] for run in runs]
            print(
                f"    read / bare = {statistics.median(read_ratios):.2f} "
                f"({min(read_ratios):.2f}–{max(read_ratios):.2f}); "
                f"standings / reference = {statistics.median(compute_ratios):.2f} "
                f"({min(compute_ratios):.2f}–{max(compute_ratios):.2f}); "
                f"pair page {medians['one pair']:.1f} ms ({medians['one pair, just after a write']:.1f} ms "
                f"just after a write), board page {medians['one board']:.1f} ms"
            )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
