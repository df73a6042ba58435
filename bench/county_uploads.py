"""Twenty clubs' halls send a 15-table evening to the county server at once (gunicorn, PostgreSQL),
while 200 phones read the simultaneous evening's ranking the clubs' evenings join.

    .venv/bin/python bench/county_uploads.py [--clubs 20] [--tables 15] [--runs 3] [--workers 4]
                                             [--phones 200] [--every 20]

Each run recreates BENCH_DATABASE_URL (PostgreSQL), plays and closes one evening of --tables
tables at a hall club, and makes --clubs county clubs, each with its key; every club's upload is
that evening's export with an identity of its own (as each hall's own evening). Then every club
sends at once (threads let go together), and at once again (a hall sending twice: its answer
lost, say). Checks: each club has its evening exactly once (0 lost, 0 doubled), every second
sending answered "already here", each copy's standings equal to the hall's. The upload's time on
the server is its Server-Timing header (whistdrive/timing.py); p50 and p95 over the first wave's
uploads, and the median and range of each over the runs.

The county clubs all take part in a simultaneous evening on the hall evening's boards, published
before the uploads: each upload joins it as it lands (``simultaneous_join_on_upload``). From just
before the first wave until the second has ended, --phones readers each read its ranking page every
--every seconds (starting at random within the first interval), as phones left open on it do; its
server time is its Server-Timing header too (p50 and p95 of every read). After the waves every
club's evening must be in the ranking.
"""

import argparse
import json
import os
import random
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid

os.environ.setdefault("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/whistdrive_bench_county")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import load_tablets as bench  # noqa: E402


def hall_evening(tables: int):
    """A closed evening of ``tables`` tables at the hall's club, every result in."""
    event = bench.create_event(tables, name="County Night")  # Django set up here
    from tournaments import services

    rows = [
        f"{b},{s.ns_pair.number},{s.ew_pair.number},{bench.tricks_for(b, s.table)}"
        for s in event.seatings.select_related("ns_pair", "ew_pair")
        for b in s.board_numbers
    ]
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows))
    return services.event_close(event=event)


def county_clubs(count: int) -> list[tuple[str, str]]:
    """(slug, key) of ``count`` county clubs."""
    from tournaments.models import Club
    from tournaments.services.county.keys import county_key_make

    made = []
    for n in range(1, count + 1):
        club = Club.objects.create(name=f"County Club {n}", slug=f"county-club-{n}")
        made.append((club.slug, county_key_make(club=club)[1]))
    return made


def send(body: bytes, key: str) -> tuple[int, str, float]:
    """POST one upload: (status, words, the server's milliseconds)."""
    request = urllib.request.Request(
        bench.BASE + "/county/upload/",
        data=body,
        method="POST",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            status, raw, timing = response.status, response.read(), response.headers["Server-Timing"]
    except urllib.error.HTTPError as error:
        status, raw, timing = error.code, error.read(), error.headers.get("Server-Timing", "app;dur=0")
    return status, json.loads(raw)["message"], float(timing.split("dur=")[1])


def wave(bodies: list[tuple[bytes, str]]) -> list[tuple[int, str, float]]:
    """Every upload sent at once, each from its own thread."""
    answers: list = [None] * len(bodies)
    start = threading.Barrier(len(bodies))

    def one(index, body, key):
        start.wait()
        answers[index] = send(body, key)

    threads = [threading.Thread(target=one, args=(i, b, k)) for i, (b, k) in enumerate(bodies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def read(path: str) -> float:
    """GET one page: the server's milliseconds (refused or failed: an error)."""
    with urllib.request.urlopen(bench.BASE + path, timeout=120) as response:
        response.read()
        return float(response.headers["Server-Timing"].split("dur=")[1])


def phones(count: int, every: float, path: str, stop: threading.Event) -> tuple[list, list[float]]:
    """``count`` readers of ``path``, each every ``every`` seconds until ``stop``: their threads and
    the list their server times go into."""
    times: list[float] = []

    def reader():
        if stop.wait(random.uniform(0, every)):
            return
        while True:
            times.append(read(path))
            if stop.wait(every):
                return

    threads = [threading.Thread(target=reader, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    return threads, times


def simultaneous_of(event, clubs: list[tuple[str, str]]):
    """The county's simultaneous evening on the hall evening's boards, every county club in it,
    published (its ranking readable by anyone)."""
    from tournaments.models import Club
    from tournaments.services.events.boards import event_export_pbn
    from tournaments.services.simultaneous import simultaneous_create, simultaneous_publish

    made = simultaneous_create(
        name="County Simultaneous",
        date=event.date,
        pbn=event_export_pbn(event),
        clubs=list(Club.objects.filter(slug__in=[slug for slug, _ in clubs])),
    )
    return simultaneous_publish(simultaneous=made)


def run(args) -> dict:
    from django.apps import apps

    if apps.ready:  # the last run's connection, before its database is dropped
        from django.db import connections

        connections.close_all()
    bench.recreate_database()
    event = hall_evening(args.tables)
    clubs = county_clubs(args.clubs)
    simultaneous = simultaneous_of(event, clubs)
    from tournaments.models import CountyUpload, Event, SimultaneousEvent
    from tournaments.reports import report_as_dict
    from tournaments.services import event_report
    from tournaments.services.backups.event import event_export

    document = event_export(event)
    size = len(json.dumps(document))
    bodies = []
    for slug, key in clubs:
        own = json.loads(json.dumps(document))
        own["event"]["uuid"] = str(uuid.uuid4())
        bodies.append((json.dumps({"club": slug, "kind": "pairs", "document": own}).encode(), key))
    server = bench.start_server("gunicorn", args.workers, 1)
    try:
        bench.wait_up()
        stop = threading.Event()
        readers, read_ms = phones(args.phones, args.every, f"/simultaneous/{simultaneous.pk}/", stop)
        began = time.perf_counter()
        first = wave(bodies)
        took = time.perf_counter() - began
        second = wave(bodies)
        stop.set()
        for reader in readers:
            reader.join()
    finally:
        server.terminate()
        server.wait(timeout=30)
    refused = [words for status, words, _ in first if status != 200]
    again = [words for status, words, _ in second if status != 200 or "already here" not in words]
    per_club = {slug: Event.objects.filter(club__slug=slug).count() for slug, _ in clubs}
    lost = sum(n == 0 for n in per_club.values())
    doubled = sum(n > 1 for n in per_club.values()) + (CountyUpload.objects.count() - args.clubs)
    hall = report_as_dict(event_report(event), None)
    unequal = sum(
        report_as_dict(event_report(copy), None) != hall
        for copy in Event.objects.filter(club__slug__startswith="county-club-")
    )
    ms = sorted(server_ms for _, _, server_ms in first)
    joined = SimultaneousEvent.objects.filter(simultaneous=simultaneous).count()
    return {
        "ranking_p50_ms": statistics.median(read_ms) if read_ms else 0.0,
        "ranking_p95_ms": bench.percentile(sorted(read_ms), 95) if read_ms else 0.0,
        "ranking_reads": len(read_ms),
        "not_joined": args.clubs - joined,
        "p50_ms": statistics.median(ms),
        "p95_ms": bench.percentile(ms, 95),
        "wall_s": took,
        "lost": lost,
        "doubled": doubled,
        "refused": refused,
        "second_not_already_here": again,
        "unequal": unequal,
        "document_bytes": size,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, default=20)
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn's processes")
    parser.add_argument("--phones", type=int, default=200, help="readers of the simultaneous ranking")
    parser.add_argument("--every", type=float, default=20.0, help="seconds between a phone's reads")
    args = parser.parse_args()
    results = []
    for number in range(1, args.runs + 1):
        found = run(args)
        results.append(found)
        print(
            f"run {number}: upload on the server p50 {found['p50_ms']:.0f} ms, p95 {found['p95_ms']:.0f} ms; "
            f"all {args.clubs} in {found['wall_s']:.2f} s; lost {found['lost']}, doubled {found['doubled']}, "
            f"refused {len(found['refused'])}, second sending not 'already here' "
            f"{len(found['second_not_already_here'])}, standings unequal {found['unequal']} "
            f"(document {found['document_bytes'] // 1024} KiB); ranking read {found['ranking_reads']} "
            f"times, p50 {found['ranking_p50_ms']:.0f} ms, p95 {found['ranking_p95_ms']:.0f} ms; "
            f"clubs not in it {found['not_joined']}",
            flush=True,
        )
    for name in ("p50_ms", "p95_ms", "wall_s", "ranking_p50_ms", "ranking_p95_ms"):
        values = [r[name] for r in results]
        print(f"{name}: median {statistics.median(values):.2f}, range {min(values):.2f}–{max(values):.2f}")
    ok = all(
        r["lost"] == r["doubled"] == r["unequal"] == r["not_joined"] == 0
        and not r["refused"]
        and not r["second_not_already_here"]
        for r in results
    )
    print(
        "OK: 0 lost, 0 doubled, every second sending already here, every club in the ranking"
        if ok
        else "FAILED"
    )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
