"""What a player's tablet feels while the server analyses the boards it dealt.

A 40-table evening of 320 boards is dealt without its analysis; the hall's server (granian, one process of
hall mode's threads) is started and a tablet reads its page over and over: first alone, for
--quiet seconds, then while the server analyses the 320 boards (the run page's "resume", which
starts the analysis as dealing does), until the last board is analysed. The tablet page's server
time (Server-Timing) and client time, median and p95, in both phases, and how long the analysis
took.

    .venv/bin/python bench/analysis_load.py [--tables 40] [--boards-per-round 8] [--quiet 10]

The database is BENCH_DATABASE_URL, recreated (PostgreSQL by default, a SQLite file with
BENCH_DATABASE_URL=sqlite:////tmp/whistdrive_bench.sqlite3); BENCH_PORT the server's port.
"""

import argparse
import json
import os
import signal
import sys
import time
import urllib.request
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_tablets import (  # noqa: E402 (the bench folder on the path first)
    BASE,
    DATABASE_URL,
    THREADS,
    Client,
    percentile,
    recreate_database,
    start_server,
    wait_up,
)


def dealt_event(tables: int, boards_per_round: int):
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from tournaments import services

    club = services.club_get_or_create(name="Bench Club")
    event = services.event_create(
        club=club,
        name="Bench Night",
        date=date(2026, 11, 27),
        tables=tables,
        boards_per_round=boards_per_round,
        variant="relay" if tables % 2 == 0 else None,
    )
    services.event_build_movement(event=event)
    services.event_deal_boards(event=event, seed="bench", analyse=False)
    services.event_set_status(event=event, status="ready")
    services.event_set_status(event=event, status="running")
    user = get_user_model().objects.create_user("bench", password="bench-password-1", is_staff=True)
    club.organisers.add(user)
    return event


def read_page(client, path, seconds=None, until=None):
    """Read ``path`` again and again for ``seconds``, or until ``until()`` is true: client and
    server times."""
    client_ms, server_ms = [], []
    started = time.perf_counter()
    while True:
        _, _, elapsed = client.request(path)
        client_ms.append(elapsed * 1000)
        server_ms.append(client.server * 1000)
        if seconds is not None and time.perf_counter() - started >= seconds:
            break
        if until is not None and until():
            break
        time.sleep(0.05)
    return client_ms, server_ms


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--boards-per-round", type=int, default=8)
    parser.add_argument("--quiet", type=float, default=10, help="seconds of reading before the analysis")
    parser.add_argument("--threads", type=int, default=THREADS)
    args = parser.parse_args()
    try:  # a server left on the port would answer in place of this run's
        urllib.request.urlopen(f"{BASE}/healthz", timeout=2)
        raise SystemExit(f"something already answers on {BASE}: stop it, or set BENCH_PORT")
    except OSError:
        pass
    recreate_database()
    event = dealt_event(args.tables, args.boards_per_round)
    boards = event.boards.count()
    token = event.table_accesses.order_by("table").first().token
    server = start_server("granian", 1, args.threads)
    try:
        wait_up()
        organiser, tablet = Client(), Client()
        organiser.request("/admin/login/")
        organiser.request("/admin/login/", {"username": "bench", "password": "bench-password-1", "next": "/"})
        organiser.request(f"/events/{event.pk}/run/")
        page = f"/t/{token}/"
        read_page(tablet, page, seconds=2)  # the server warmed up
        quiet = read_page(tablet, page, seconds=args.quiet)

        def analysed():
            _, text, _ = organiser.request(f"/events/{event.pk}/boards/analysis/")
            return json.loads(text)["analysed"] >= boards

        started = time.perf_counter()
        organiser.request(f"/events/{event.pk}/boards/analyse/", {"resume": "1"})
        busy = read_page(tablet, page, until=analysed)
        took = time.perf_counter() - started
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait()
    print(
        f"{args.tables} tables, {boards} boards, granian --blocking-threads {args.threads}, "
        f"{DATABASE_URL.split(':')[0]}: analysed in {took:.1f} s"
    )
    for name, (client_ms, server_ms) in (("alone", quiet), ("while analysing", busy)):
        print(
            f"  tablet page {name:<16} n={len(client_ms):4d}  server p50 {percentile(server_ms, 50):6.1f} ms"
            f"  p95 {percentile(server_ms, 95):6.1f} ms · client p50 {percentile(client_ms, 50):6.1f} ms"
            f"  p95 {percentile(client_ms, 95):6.1f} ms"
        )
    ratio = percentile(busy[1], 50) / percentile(quiet[1], 50)
    print(f"  server p50 while analysing / alone: {ratio:.2f}")


if __name__ == "__main__":
    main()
