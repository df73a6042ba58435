"""Hall mode with the players' phones: the same evening with and without them, side by side in one run.

The 30-table pairs evening of bench/load_tablets.py, played whole (or its first --rounds rounds)
by one tablet a table on hall mode's own server (whistdrive/serving.py: granian, one process of 2
threads) and a SQLite file in WAL mode, twice in each repeat: with no phones, and with
--phones-per-table phones a table (4: each pair's link opened by both its players) each asking its
page's changing part (``?part=1``, as the page's script does, sending the ETag of the part it last
got) every --phone-seconds seconds, give or take a fifth, from a moment of its own. The arms take
turns, in an order swapped from one repeat to the next, each on a fresh copy of the migrated
database. Each arm runs in its own process
(``--arm``), and writes its figures as JSON for this one to gather.

It prints, median and range of the repeats: a score's wait on the tablet (client p50 and p95 of
entering and confirming) in each arm, and the ratio of the p95s in the same repeat (the goal: at
most 1.2); the phone page's own time in the server (its Server-Timing header, from the first
middleware to the response: never the client's clock) during play, and alone, one page after
another once the evening is in (the goal: p50 under 30 ms), with the share of looks answered
"not modified"; and the results stored against those expected, none lost or doubled. That the
page's queries do not grow from 4 to 40 tables is pinned by tests/test_pair_evening_page.py.

    .venv/bin/python bench/hall_phones.py [--tables 30] [--phones-per-table 4] [--phone-seconds 20]
        [--rounds N] [--repeat 3]

The database is BENCH_DATABASE_URL's SQLite file (default /tmp/whistdrive_hall_phones.sqlite3),
BENCH_PORT the server's port; each arm's own report is kept in --logs.
"""

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
os.environ.setdefault(
    "BENCH_DATABASE_URL", f"sqlite:///{tempfile.gettempdir()}/whistdrive_hall_phones.sqlite3"
)
sys.path.insert(0, str(HERE))
from hall_servers import migrated_database, spread  # noqa: E402 (the bench folder on the path first)
from load_tablets import (  # noqa: E402
    DATABASE_URL,
    ROOT,
    SERVER_ENV,
    THREADS,
    Client,
    check_stored,
    create_event,
    percentile,
    recreate_database,
    start_server,
    tablet,
    wait_up,
)

GOAL = 1.2  # the scores' client p95 with the phones at most this much without
PAGE_GOAL_MS = 30  # a phone's page, server side, p50
ARMS = {"no phones": "none", "phones": "phones"}  # an arm's name -> its --arm


def phone(path, every, stop, times, errors, unchanged):
    """One phone: its page's changing part every ``every`` seconds (± a fifth), starting at a
    moment of its own, until ``stop``, sending the ETag of the part it last got as the page's
    script does (static/live_part.js); the server's time of each answer into ``times``, each
    "not modified" into ``unchanged``."""
    client = Client()
    shown = ""
    stop.wait(random.uniform(0, every))
    while not stop.is_set():
        status, _, _ = client.request(path, headers={"If-None-Match": shown} if shown else None)
        if status in (200, 304):
            times.append(client.server)
            shown = client.etag if status == 200 else shown
            unchanged.append(status == 304)
        else:
            errors.append(f"phone {path}: HTTP {status}")
        stop.wait(every * random.uniform(0.8, 1.2))


def ms(values, p):
    return round(percentile([v for v in values if v == v], p) * 1000, 1)


def play(args) -> dict:
    """One arm: the evening played by the tablets, with the phones or without; its figures."""
    recreate_database()
    os.environ["SECRET_KEY"] = SERVER_ENV["SECRET_KEY"]  # the phones' keys signed as the server signs
    event = create_event(args.tables)
    from tournaments.views.tablets.pair_evening import pair_evening_url

    pairs = list(event.pairs.order_by("pk"))
    links = [pair_evening_url(pair) + "?part=1" for pair in pairs]
    phones = args.tables * args.phones_per_table if args.arm == "phones" else 0
    seatings = [s for s in event.seatings.order_by("round") if not args.rounds or s.round <= args.rounds]
    expected = sum(len(s.board_numbers) for s in seatings if s.ns_pair_id and s.ew_pair_id)

    server = start_server("hall", 1, THREADS)
    wait_up()
    stats = {key: [] for key in ("enter", "confirm", "enter (server)", "confirm (server)")}
    acked, errors, during, unchanged, stop = [], [], [], [], threading.Event()
    tablets = [
        threading.Thread(
            target=tablet,
            args=(event, access, [s for s in seatings if s.table == access.table], stats, acked, errors),
        )
        for access in event.table_accesses.all()
    ]
    readers = [
        threading.Thread(
            target=phone,
            args=(links[i % len(links)], args.phone_seconds, stop, during, errors, unchanged),
        )
        for i in range(phones)
    ]
    started = time.perf_counter()
    for thread in readers + tablets:
        thread.start()
    for thread in tablets:
        thread.join()
    took = time.perf_counter() - started
    stop.set()
    for thread in readers:
        thread.join()
    alone, sizes, reader = [], [], Client()  # each pair's page once, one after another, the evening in
    for link in links if phones else []:
        sizes.append(len(reader.request(link)[1].encode()))
        alone.append(reader.server)
    os.killpg(server.pid, signal.SIGTERM)
    server.wait()

    stored, doubled, lost = check_stored(event, acked)
    scores = stats["enter"] + stats["confirm"]
    return {
        "arm": next(name for name, arm in ARMS.items() if arm == args.arm),
        "results": expected,
        "stored": len(stored),
        "took_s": round(took, 1),
        "client_p50_ms": ms(scores, 50),
        "client_p95_ms": ms(scores, 95),
        "server_p95_ms": ms(stats["enter (server)"] + stats["confirm (server)"], 95),
        "phones": phones,
        "page_reads": len(during),
        "page_p50_ms": ms(during, 50) if during else None,
        "page_p95_ms": ms(during, 95) if during else None,
        "not_modified": sum(unchanged),
        "alone_p50_ms": ms(alone, 50) if alone else None,
        "page_kb": round(statistics.median(sizes) / 1000) if sizes else None,
        "lost": len(lost) + expected - len(acked),
        "doubled": doubled,
        "errors": errors[:10],
    }


def run_arm(arm, repeat, args, env) -> dict:
    """One arm in its own process (a fresh Django on a fresh database); its report kept in --logs."""
    log = args.logs / f"{arm.replace(' ', '-')}-{repeat + 1}.txt"
    options = ["--tables", str(args.tables), "--phones-per-table", str(args.phones_per_table)]
    options += ["--phone-seconds", str(args.phone_seconds), "--rounds", str(args.rounds or 0)]
    with tempfile.NamedTemporaryFile(suffix=".json") as out, log.open("w") as report:
        command = [sys.executable, __file__, *options, "--arm", ARMS[arm], "--json", out.name]
        run = subprocess.run(command, cwd=ROOT, env=env, stdout=report, stderr=subprocess.STDOUT)
        text = Path(out.name).read_text()
    if not text:
        raise SystemExit(f"the {arm} arm stopped (exit {run.returncode}): see {log}")
    return json.loads(text)


def line(f: dict) -> str:
    return (
        f"{f['arm']}: {f['stored']} of {f['results']} results in {f['took_s']:.1f} s, scores' client p50 "
        f"{f['client_p50_ms']:,.0f} ms p95 {f['client_p95_ms']:,.0f} ms, lost {f['lost']}, doubled "
        f"{f['doubled']}"
        + (
            f"; {f['phones']} phones read {f['page_reads']} pages ({f.get('not_modified', 0)} not modified), "
            f"server p50 {f['page_p50_ms']} ms, "
            f"alone {f['alone_p50_ms']} ms, {f['page_kb']} kB"
            if f["phones"]
            else ""
        )
        + (f"; errors: {f['errors']}" if f["errors"] else "")
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--phones-per-table", type=int, default=4)
    parser.add_argument("--phone-seconds", type=float, default=20, help="how often a phone asks its page")
    parser.add_argument("--rounds", type=int, default=0, help="play the first N rounds only (0: all)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--logs", type=Path, default=Path(tempfile.gettempdir()) / "whistdrive-hall-phones")
    parser.add_argument(
        "--arm", choices=["none", "phones"], help=argparse.SUPPRESS
    )  # one arm, in its process
    parser.add_argument("--json", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not DATABASE_URL.startswith("sqlite:///"):
        raise SystemExit("hall mode's database is a SQLite file: BENCH_DATABASE_URL=sqlite:////path/file")
    if args.arm:
        figures = play(args)
        print(line(figures))
        Path(args.json).write_text(json.dumps(figures))
        return

    args.logs.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "BENCH_SQLITE_MIGRATED": str(migrated_database(DATABASE_URL))}
    runs = {arm: [] for arm in ARMS}
    started = time.perf_counter()
    for repeat in range(args.repeat):
        for arm in list(ARMS)[:: 1 if repeat % 2 == 0 else -1]:
            runs[arm].append(run_arm(arm, repeat, args, env))
            print(f"repeat {repeat + 1}, {line(runs[arm][-1])}", flush=True)

    print(
        f"\n{args.repeat} repeats in {(time.perf_counter() - started) / 60:.1f} min: {args.tables} tables, "
        f"{f'the first {args.rounds} rounds' if args.rounds else 'the whole evening'}, hall mode on SQLite; "
        f"{args.tables * args.phones_per_table} phones asking every {args.phone_seconds:g} s (± a fifth); "
        "median (range), ms"
    )
    print(
        "| arm | scores' client p50 | client p95 | all in, s | score server p95 | phone page server p50 "
        "| p95 | alone p50 | lost, doubled |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for arm, done in runs.items():
        cells = [spread([f[key] for f in done]) for key in ("client_p50_ms", "client_p95_ms")]
        cells.append(spread([f["took_s"] for f in done], "{:.1f}"))
        cells.append(spread([f["server_p95_ms"] for f in done]))
        for key in ("page_p50_ms", "page_p95_ms", "alone_p50_ms"):
            cells.append(spread([f[key] for f in done], "{:.1f}") if done[0][key] is not None else "")
        cells.append(f"{sum(f['lost'] for f in done)}, {sum(f['doubled'] for f in done)}")
        print(f"| {arm} | " + " | ".join(cells) + " |")
    ratios = [
        p["client_p95_ms"] / n["client_p95_ms"]
        for p, n in zip(runs["phones"], runs["no phones"], strict=True)
    ]
    page = statistics.median(f["page_p50_ms"] for f in runs["phones"])
    sound = all(
        f["stored"] == f["results"] and not f["lost"] and not f["doubled"] and not f["errors"]
        for done in runs.values()
        for f in done
    )
    print(
        f"scores' client p95 with phones / without, same repeat = {spread(ratios, '{:.2f}')} "
        f"(goal: at most {GOAL})"
    )
    print(f"phone page's server p50 during play = {page:.1f} ms (goal: under {PAGE_GOAL_MS} ms)")
    shares = [100 * f.get("not_modified", 0) / max(f["page_reads"], 1) for f in runs["phones"]]
    print(f"phone looks answered 'not modified' during play: {spread(shares, '{:.0f}')} %")
    print(f"its changing part at the evening's end: {spread([f['page_kb'] for f in runs['phones']])} kB")
    ok = sound and statistics.median(ratios) <= GOAL and page < PAGE_GOAL_MS
    print("OK" if ok else "FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
