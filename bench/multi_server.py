"""Two app servers behind nginx on one PostgreSQL: the hall load bench spread over both, one of them
killed mid-run and started again, and a correction through one seen at once through the other.

Runs inside the stack deploy/try-it-here.sh stands up (it passes the addresses and settings):

    deploy/try-it-here.sh .venv/bin/python bench/multi_server.py [--tables 30] [--runs 3]

Each run is a fresh 30-table evening: one simulated tablet a table enters and confirms every board
through nginx while a room display polls the standings; when 40 % of the results are in, the first
app server is killed (SIGKILL, master and workers) and its supervisor starts it again a second
later, as systemd would. Then it checks, as bench/load_tablets.py does: every acknowledged result
in the database exactly once, as sent; the standings nginx serves equal to a recomputation; and
errors the tablets met (they retry) only while the server was down. Last, with each app server's
port hit directly, B's standings are read (and kept in its workers' caches), a result is corrected
through A, and B must show the corrected standings on its very next answers. Every app server, and
nginx, must report the same version at /healthz.
"""

import argparse
import json
import os
import signal
import statistics
import sys
import threading
import time
import urllib.request

# The bench's helpers read the database from BENCH_DATABASE_URL: the one the app servers use.
os.environ["BENCH_DATABASE_URL"] = os.environ["DATABASE_URL"]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import load_tablets as bench  # noqa: E402

PROXY = os.environ["WHISTDRIVE_PROXY_URL"]
APP_SERVERS = os.environ["WHISTDRIVE_APP_URLS"].split()
PIDFILES = os.environ["WHISTDRIVE_APP_PIDFILES"].split()
WARM_READS = 6  # reads of B's standings before the correction, and after it: every worker answers


def organiser(base):
    client = bench.Client(base)
    client.request("/admin/login/")
    client.request("/admin/login/", {"username": "bench", "password": "bench-password-1", "next": "/"})
    return client


def wait_answers(base, timeout=60):
    until = time.perf_counter() + timeout
    while time.perf_counter() < until:
        try:
            return urllib.request.urlopen(base + "/healthz", timeout=2).read().decode()
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"{base} did not come back")


def kill_app_server(pidfile):
    """SIGKILL the gunicorn master and its workers (the master leads their process group)."""
    with open(pidfile) as file:
        os.killpg(int(file.read().strip()), signal.SIGKILL)


def correction_seen_across(event):
    """A result corrected through app server A: how many of B's next answers show it (of
    WARM_READS), and whether they equal a recomputation."""
    a, b = organiser(APP_SERVERS[0]), organiser(APP_SERVERS[1])
    csv = f"/events/{event.pk}/results.csv"
    before = {b.request(csv)[1] for _ in range(WARM_READS)}
    played = event.seatings.filter(ns_pair__isnull=False, ew_pair__isnull=False)
    seating = played.order_by("round", "table")[0]
    board = seating.first_board
    page = f"/events/{event.pk}/director/boards/{board}/"
    a.request(page)
    tricks = (bench.tricks_for(board, seating.table) + 5) % 14
    status, _, _ = a.request(
        page, {"seating": seating.pk, "ns_tricks": tricks, "reason": "Traveller misread (bench)"}
    )
    assert status == 302, f"the correction through A answered HTTP {status}"
    after = [b.request(csv)[1] for _ in range(WARM_READS)]
    recomputed = bench.recomputed_csv(event)
    shown = sum(text == recomputed and text not in before for text in after)
    return shown, len(before) == 1


def run(number, tables):
    event = bench.create_event(tables, name=f"County Night {number}")
    bench.MET.clear()
    stats = {"enter": [], "confirm": [], "standings": [], "enter (server)": [], "confirm (server)": []}
    stats["answered by"] = []
    acked, errors = [], []
    seatings = list(event.seatings.order_by("round"))
    accesses = list(event.table_accesses.all())
    tablets = [
        threading.Thread(
            target=bench.tablet,
            args=(event, access, [s for s in seatings if s.table == access.table], stats, acked, errors),
            kwargs={"base": PROXY},
        )
        for access in accesses
    ]
    room, stop = organiser(PROXY), threading.Event()
    poller = threading.Thread(
        target=bench.poller, args=(f"/events/{event.pk}/room/", room, stats["standings"], stop, 0.5)
    )
    expected = sum(len(s.board_numbers) for s in seatings if s.ns_pair_id and s.ew_pair_id)
    started = time.perf_counter()
    for thread in [*tablets, poller]:
        thread.start()
    killed_after, outage = None, None
    while any(t.is_alive() for t in tablets):
        time.sleep(0.1)
        if killed_after is None and len(acked) > expected * 0.4:
            killed_after, down = len(acked), time.perf_counter()
            kill_app_server(PIDFILES[0])
            time.sleep(0.2)  # its port closes; then wait for the restart to answer there
            wait_answers(APP_SERVERS[0])
            outage = (down, time.perf_counter())
    stop.set()
    poller.join()
    took = time.perf_counter() - started
    _, served_csv, _ = room.request(f"/events/{event.pk}/results.csv")
    stored, doubled, lost = bench.check_stored(event, acked)
    standings_match = served_csv == bench.recomputed_csv(event)
    during = [m for m in bench.MET if outage and outage[0] <= m[0] <= outage[1] + 1.0]
    outside = [m for m in bench.MET if m not in during]
    shown, warmed = correction_seen_across(event)
    answered_by = sum(stats["answered by"], bench.Counter())
    result = {
        "took": took,
        "expected": expected,
        "acked": len(acked),
        "stored": len(stored),
        "doubled": doubled,
        "lost": len(lost),
        "standings_match": standings_match,
        "errors": errors,
        "met": len(bench.MET),
        "met_outside": len(outside),
        "kinds": sorted({what for _, what in bench.MET}),
        "killed_after": killed_after,
        "outage": outage[1] - outage[0] if outage else float("nan"),
        "shown": shown,
        "warmed": warmed,
        "answered_by": dict(answered_by),
        **{
            f"{key} p{p}": bench.percentile([v * 1000 for v in stats[key] if v == v], p)
            for key in ("enter", "confirm", "enter (server)", "confirm (server)")
            for p in (50, 95)
        },
    }
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    versions = {}
    for base in [*APP_SERVERS, PROXY]:
        answer = wait_answers(base)
        versions[base] = json.loads(answer).get("version")
        print(f"{base}/healthz: {answer}")
    results = []
    for number in range(1, args.runs + 1):
        r = run(number, args.tables)
        results.append(r)
        print(
            f"run {number}: {args.tables} tablets through nginx, {len(APP_SERVERS)} app servers; "
            f"{r['expected']} results in {r['took']:.1f} s; app server A killed after {r['killed_after']} "
            f"results, answering again {r['outage']:.1f} s later"
        )
        print(
            f"  stored {r['stored']} of {r['expected']} (acknowledged {r['acked']}), {r['doubled']} doubled, "
            f"{r['lost']} lost or different; standings equal a recomputation: {r['standings_match']}"
        )
        print(
            f"  errors the tablets met: {r['met']} ({r['met_outside']} outside the outage)"
            + (f"; kinds: {', '.join(r['kinds'][:6])}" if r["kinds"] else "")
            + f"; refused answers: {len(r['errors'])}"
        )
        print(f"  the tablets' requests by app server: {r['answered_by']}")
        print(
            "  per score (client, through nginx): "
            f"enter p50 {r['enter p50']:.1f} ms p95 {r['enter p95']:.1f} ms, "
            f"confirm p50 {r['confirm p50']:.1f} ms p95 {r['confirm p95']:.1f} ms; "
            f"server: enter p50 {r['enter (server) p50']:.1f} p95 {r['enter (server) p95']:.1f}, "
            f"confirm p50 {r['confirm (server) p50']:.1f} p95 {r['confirm (server) p95']:.1f} ms"
        )
        print(
            f"  a correction through A shown by B's next {WARM_READS} answers: {r['shown']} "
            f"(B's standings read and kept beforehand: {r['warmed']})"
        )
    if len(results) > 1:
        print(f"median of {len(results)} runs (range):")
        keys = ("took", "enter p50", "enter p95", "confirm p50", "confirm p95")
        keys += ("enter (server) p50", "enter (server) p95", "confirm (server) p50", "confirm (server) p95")
        for key in (*keys, "met", "outage"):
            values = [r[key] for r in results]
            print(f"  {key:<22} {statistics.median(values):8.1f}  ({min(values):.1f} to {max(values):.1f})")
    # Every app server runs the same version (one left behind by an upgrade would show here).
    print(f"version on every app server and through nginx: {sorted(set(map(str, versions.values())))}")
    ok = len(set(versions.values())) == 1 and None not in versions.values()
    ok = ok and all(
        not r["errors"]
        and not r["met_outside"]
        and not r["lost"]
        and not r["doubled"]
        and r["stored"] == r["expected"]
        and r["standings_match"]
        and r["shown"] == WARM_READS
        and r["warmed"]
        for r in results
    )
    print("OK" if ok else "FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
