"""Hall mode's server beside others, in one run, on the hall's database (a SQLite file in WAL mode).

Each server plays the same evening in turn: a 30-table evening (bench/load_tablets.py, every tablet
entering and confirming its first --rounds rounds at once) and a 60-table drive (bench/load_drive.py,
its first --hands hands), a room display polling the standings throughout. The servers take turns
within each repeat, in an order rotated from one repeat to the next, so that a busy minute on the
machine falls on each of them in turn. For each server and number of tablets it prints the median
and range over the repeats of a score's wait as the tablet feels it (client p50 and p95: entering
and confirming), the time all the scores took, the server's own time for a score (Server-Timing),
and the scores lost or doubled (none may be). Last, hall mode's client p95 against the best other
server's in the same repeat: the goal is at most 1.2.

    .venv/bin/python bench/hall_servers.py [--repeats 3] [--rounds 2] [--hands 2]
        [--servers hall waitress:2 gunicorn:4]

A server is ``hall`` (hall mode's own command line, whistdrive/serving.py), ``waitress:THREADS``,
``granian:WORKERSxTHREADS`` or ``gunicorn:WORKERS``. The database is BENCH_DATABASE_URL's SQLite file
(default /tmp/whistdrive_hall_servers.sqlite3), migrated once and copied for each run; BENCH_PORT
the servers' port. Each run's own report is kept in --logs.
"""

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
GOAL = 1.2  # hall mode's client p95 at most this much the best server's beside it
SIZES = {30: "evening", 60: "drive"}  # tablets: what they play


def server_arguments(spec: str) -> list[str]:
    """``granian:2x2`` -> the load benches' ``--server granian --workers 2 --threads 2``."""
    name, _, shape = spec.partition(":")
    if name == "hall" and not shape:
        return ["--server", "hall"]
    if name == "waitress" and shape.isdigit():
        return ["--server", "waitress", "--threads", shape]
    if name == "gunicorn" and shape.isdigit():
        return ["--server", "gunicorn", "--workers", shape]
    workers, _, threads = shape.partition("x")
    if name == "granian" and workers.isdigit() and threads.isdigit():
        return ["--server", "granian", "--workers", workers, "--threads", threads]
    raise SystemExit(f"{spec!r}: name a server as hall, waitress:2, granian:2x2 or gunicorn:4")


def migrated_database(url: str) -> Path:
    """The bench's database migrated once, beside the file the runs use, to be copied for each;
    the static files collected."""
    file = Path(url.removeprefix("sqlite:///"))
    template = file.with_name(file.stem + "-migrated" + file.suffix)
    for suffix in ("", "-wal", "-shm"):
        template.with_name(template.name + suffix).unlink(missing_ok=True)
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{template}"}
    for command in (["migrate"], ["collectstatic", "--noinput"]):
        subprocess.run([sys.executable, "manage.py", *command, "-v0"], cwd=ROOT, env=env, check=True)
    with sqlite3.connect(template) as db:  # everything in the file itself, none left in its WAL
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return template


def play(spec: str, tablets: int, args, env: dict, log: Path) -> dict:
    """One run of one server: the load bench's figures (its JSON), its report kept in ``log``."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        if SIZES[tablets] == "evening":
            bench = [HERE / "load_tablets.py", "--tables", str(tablets), "--rounds", str(args.rounds)]
        else:
            bench = [
                HERE / "load_drive.py",
                "--tables",
                str(tablets),
                "--hands",
                str(args.hands),
                "--no-papers",
            ]
        command = [sys.executable, *map(str, bench), *server_arguments(spec), "--json", out.name]
        with log.open("w") as report:
            run = subprocess.run(command, cwd=ROOT, env=env, stdout=report, stderr=subprocess.STDOUT)
        figures = json.loads(Path(out.name).read_text() or "null")
    if figures is None:
        raise SystemExit(f"{spec} with {tablets} tablets stopped (exit {run.returncode}): see {log}")
    return figures


def line(figures: dict) -> str:
    """One run's figures on a line, as it ends."""
    return (
        f"{figures['server']}: {figures['results']} results in {figures['took_s']:.1f} s, client p50 "
        f"{figures['client_p50_ms']:,.0f} ms p95 {figures['client_p95_ms']:,.0f} ms, lost {figures['lost']}, "
        f"doubled {figures['doubled']}" + ("" if figures["ok"] else ", FAILED")
    )


def spread(values, fmt="{:,.0f}"):
    """Median and range: ``850 (700–990)``, or the one value."""
    if len(values) == 1:
        return fmt.format(values[0])
    low, high = min(values), max(values)
    return f"{fmt.format(statistics.median(values))} ({fmt.format(low)}–{fmt.format(high)})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2, help="rounds of the 30-table evening played")
    parser.add_argument("--hands", type=int, default=2, help="hands of the 60-table drive played")
    parser.add_argument("--tablets", type=int, nargs="+", default=sorted(SIZES), choices=sorted(SIZES))
    parser.add_argument("--servers", nargs="+", default=["hall", "waitress:2", "gunicorn:4"])
    parser.add_argument("--logs", type=Path, default=Path(tempfile.gettempdir()) / "whistdrive-hall-servers")
    args = parser.parse_args()
    for spec in args.servers:
        server_arguments(spec)  # a misspelt server refused before anything runs

    url = os.environ.get(
        "BENCH_DATABASE_URL", f"sqlite:///{tempfile.gettempdir()}/whistdrive_hall_servers.sqlite3"
    )
    if not url.startswith("sqlite:///"):
        raise SystemExit("hall mode's database is a SQLite file: BENCH_DATABASE_URL=sqlite:////path/file")
    args.logs.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "BENCH_DATABASE_URL": url, "BENCH_SQLITE_MIGRATED": str(migrated_database(url))}

    runs = {}  # (server, tablets) -> one figures dict a repeat
    started = time.perf_counter()
    for repeat in range(args.repeats):
        turn = args.servers[repeat % len(args.servers) :] + args.servers[: repeat % len(args.servers)]
        for tablets in args.tablets:
            for spec in turn:
                log = args.logs / f"{spec.replace(':', '-')}-{tablets}-{repeat + 1}.txt"
                figures = play(spec, tablets, args, env, log)
                runs.setdefault((spec, tablets), []).append(figures)
                print(f"repeat {repeat + 1}, {tablets} tablets: {line(figures)}", flush=True)

    print(
        f"\n{args.repeats} repeats in {(time.perf_counter() - started) / 60:.1f} min; the 30-table evening's "
        f"first {args.rounds} rounds, the 60-table drive's first {args.hands} hands; median (range), ms"
    )
    print(
        "| server | tablets | client p50 | client p95 | all in, s | server p50 | server p95 | lost, doubled |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for tablets in args.tablets:
        for spec in args.servers:
            done = runs[(spec, tablets)]
            cells = [spread([f[key] for f in done]) for key in ("client_p50_ms", "client_p95_ms")]
            cells.append(spread([f["took_s"] for f in done], "{:.1f}"))
            cells += [spread([f[key] for f in done]) for key in ("server_p50_ms", "server_p95_ms")]
            cells.append(f"{sum(f['lost'] for f in done)}, {sum(f['doubled'] for f in done)}")
            print(f"| {spec} | {tablets} | " + " | ".join(cells) + " |")
    ok = all(f["ok"] for done in runs.values() for f in done)
    if "hall" in args.servers and len(args.servers) > 1:
        for tablets in args.tablets:
            ratios = []
            for repeat in range(args.repeats):
                hall = runs[("hall", tablets)][repeat]["client_p95_ms"]
                best = min(runs[(s, tablets)][repeat]["client_p95_ms"] for s in args.servers if s != "hall")
                ratios.append(hall / best)
            met = statistics.median(ratios) <= GOAL
            ok = ok and met
            print(
                f"{tablets} tablets: hall mode's client p95 / the best other's in the same repeat = "
                f"{spread(ratios, '{:.2f}')} (goal: at most {GOAL})"
            )
    print("OK" if ok else "FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
