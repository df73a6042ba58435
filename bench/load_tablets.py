"""Load test: a 30-table evening under load, one simulated tablet per table.

Every tablet enters and confirms every board of every round, all at once, while a room display
polls the standings and two probes poll the floors: a trivial page (the framework's), and a write
of one row in one transaction through the same middleware (a write's). Each request is timed twice:
by the client (what a player feels, network and this machine's load included) and by the server
(its Server-Timing header: from the first middleware to the response). Afterwards it checks
that every acknowledged result is in the database exactly once, as sent, and that the standings
the server shows equal a fresh recomputation.

    .venv/bin/python bench/load_tablets.py [--tables 30] [--server gunicorn|hall|waitress|granian]
        [--workers 4] [--threads 2] [--kill] [--cut 30] [--rounds N] [--json FILE]

--server gunicorn (the default) runs --workers processes, as a Linux server does; --server hall
runs hall mode's server as hall mode starts it (whistdrive/serving.py); waitress and granian run
with --threads threads (granian in --workers processes). --rounds plays only the evening's first
rounds; --json writes the run's figures to a file as well (bench/hall_servers.py reads them).

--kill also kills the server (SIGKILL, master and workers) in the middle of the load and restarts
it; the tablets retry what failed, and the same checks must pass. --cut SECONDS cuts the hall's
network instead, for that long, in the middle of a round: the tablets reach the server through a
relay in this script (the hall's Wi-Fi), which then refuses every connection and drops those in
flight (a reply the server sent may never arrive, after the server stored the score), then lets
them through again. Meanwhile each tablet keeps what its table types, as the page's queue does
(static/queue.js): a round's scores are typed at once, kept, counted as given by the table, and
sent in order, again and again until the server has them; the next round is typed once they are
in (the tablet needs the server to show it). Every server error (5xx) and
connection error a tablet meets is counted and reported, with when it happened: none may happen
in a plain run, and under --kill only during the outage. A request that waited through errors
counts the whole wait in its latency, as the player at the table felt it. The database is
BENCH_DATABASE_URL, recreated: PostgreSQL by default (postgres://postgres@127.0.0.1:5432/whistdrive_bench),
or a hall laptop's SQLite file (sqlite:////tmp/whistdrive_bench.sqlite3).
"""

import argparse
import http.client
import http.cookiejar
import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/whistdrive_bench")
PORT = int(os.environ.get("BENCH_PORT", "8765"))
BASE = f"http://127.0.0.1:{PORT}"
SERVER_ENV = {
    **os.environ,
    "DATABASE_URL": DATABASE_URL,
    "DEBUG": "0",
    "HTTPS": "0",
    "ALLOWED_HOSTS": "127.0.0.1",
    "SECRET_KEY": "bench-only-secret-key-bench-only-secret-key-0123456789",
    "BASE_URL": BASE,
}
os.environ.update({"DATABASE_URL": DATABASE_URL, "DJANGO_SETTINGS_MODULE": "whistdrive.settings"})
sys.path.insert(0, str(ROOT))
from whistdrive import serving  # noqa: E402 (the checkout on the path first)
from whistdrive.serving import THREADS  # noqa: E402

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
# The project's goals: p95 of a score against the floor's p95 (client and server side), and a
# score's median server time with one client (issue 38: under 8 ms, the ORM's plain reads kept).
GOALS = {"client": 1.5, "server": 3, "solo_p50_ms": 8}


def percentile(values, p):
    ordered = sorted(values)
    return (
        ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")
    )


def summary(name, values):
    ms = [v * 1000 for v in values]
    return (
        f"{name:<22} n={len(ms):5d}  p50 {percentile(ms, 50):7.1f} ms  p95 {percentile(ms, 95):7.1f} ms"
        f"  p99 {percentile(ms, 99):7.1f} ms"
    )


UPSTREAM_HEADER = "X-Whistdrive-Upstream"  # deploy/try-it-here.sh's nginx names the app server


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


MET = []  # (when, what): every server error and connection error any client met, as it happened


class Client:
    """A browser-like client: cookies, CSRF token, and retries while the server is down."""

    def __init__(self, base=BASE):
        self.base = base
        self.answered_by = Counter()  # app server (behind a proxy that names it) -> requests
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)
        self.token = ""
        self.server = float("nan")  # the server's own time for the last request, in seconds
        self.etag = ""  # the ETag of the last answer, if it had one

    def request(self, path, data=None, *, retry=True, headers=None):
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self.token}).encode() if data else None
        url = self.base + path
        headers = {"Referer": url, **(headers or {})}
        start = time.perf_counter()  # the whole wait, retries included, is the request's latency
        while True:
            try:
                response = self.opener.open(urllib.request.Request(url, body, headers), timeout=30)
                text = response.read().decode(errors="replace")  # a PDF too
                status = response.status
                timing = response.headers.get("Server-Timing", "")
                self.etag = response.headers.get("ETag", "")
                self.answered_by[response.headers.get(UPSTREAM_HEADER, "")] += 1
            except urllib.error.HTTPError as error:
                text, status = error.read().decode(errors="replace"), error.code
                timing = error.headers.get("Server-Timing", "")
                self.etag = error.headers.get("ETag", "")
                self.answered_by[error.headers.get(UPSTREAM_HEADER, "")] += 1
            except (
                urllib.error.URLError,
                ConnectionError,
                TimeoutError,
                OSError,
                http.client.HTTPException,
            ) as error:
                # Refused, reset, or an IncompleteRead from a worker killed mid-reply: try again.
                MET.append((time.perf_counter(), f"connection: {type(error).__name__}"))
                if not retry:
                    raise
                time.sleep(0.3)
                continue
            elapsed = time.perf_counter() - start
            if status >= 500:
                MET.append((time.perf_counter(), f"HTTP {status} on {path.split('/')[-2] or path}"))
                if retry:
                    # The tablet's script retries a 5xx by itself: do as it does.
                    time.sleep(0.3)
                    continue
            match = CSRF.search(text)
            if match:
                self.token = match.group(1)
            self.server = float(timing.split("dur=")[1]) / 1000 if "dur=" in timing else float("nan")
            return status, text, elapsed


def setup(tables):
    recreate_database()
    return create_event(tables)


def recreate_database():
    """A new, empty database, migrated, and the static files collected. On SQLite,
    BENCH_SQLITE_MIGRATED may name a file already migrated, the static files collected with it
    (bench/hall_servers.py makes one for its runs): it is copied instead."""
    if DATABASE_URL.startswith("sqlite:"):
        file = Path(DATABASE_URL.removeprefix("sqlite:///"))
        for suffix in ("", "-wal", "-shm", "-journal"):
            leftover = file.with_name(file.name + suffix)
            leftover.unlink(missing_ok=True)
        migrated = os.environ.get("BENCH_SQLITE_MIGRATED")
        if migrated:
            import shutil

            shutil.copyfile(migrated, file)
            return
    else:
        import psycopg

        admin_url = DATABASE_URL.rsplit("/", 1)[0] + "/postgres"
        name = DATABASE_URL.rsplit("/", 1)[1]
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=SERVER_ENV, check=True)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=SERVER_ENV,
        check=True,
    )


def create_event(tables, name="Bench Night"):
    """A running evening of ``tables`` tables, dealt, with the organiser ``bench`` of its club."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from tournaments import services

    club = services.club_get_or_create(name="Bench Club")
    event = services.event_create(
        club=club,
        name=name,
        date=date(2026, 11, 26),
        tables=tables,
        boards_per_round=2,
        variant="relay" if tables % 2 == 0 else None,
    )
    services.event_build_movement(event=event)
    services.event_deal_boards(event=event, seed="bench", analyse=False)
    services.event_set_status(event=event, status="ready")
    services.event_set_status(event=event, status="running")
    user = get_user_model().objects.filter(username="bench").first()
    if user is None:
        user = get_user_model().objects.create_user("bench", password="bench-password-1", is_staff=True)
    club.organisers.add(user)
    return event


def start_server(server, workers, threads, port=PORT):
    commands = {
        "hall": serving.server_command(listen=f"127.0.0.1:{port}"),
        "waitress": [
            sys.executable,
            "-m",
            "waitress",
            f"--listen=127.0.0.1:{port}",
            f"--threads={threads}",
            "whistdrive.wsgi:application",
        ],
        "gunicorn": [
            sys.executable,
            "-m",
            "gunicorn",
            "whistdrive.wsgi",
            "-w",
            str(workers),
            "-b",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
            "--timeout",
            "60",
        ],
        "granian": [
            sys.executable,
            "-m",
            "granian",
            "--interface",
            "wsgi",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--blocking-threads",
            str(threads),
            "--log-level",
            "warning",
            "whistdrive.wsgi:application",
        ],
    }
    if server == "waitress" and importlib.util.find_spec("waitress") is None:
        raise SystemExit("waitress is measured, not required, and not installed here: pip install waitress")
    return subprocess.Popen(commands[server], cwd=ROOT, env=SERVER_ENV, start_new_session=True)


def add_server_arguments(parser):
    """The server a bench runs, its processes and threads: the same choices in every load bench."""
    parser.add_argument("--server", choices=["gunicorn", "hall", "waitress", "granian"], default="gunicorn")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn's or granian's processes")
    parser.add_argument(
        "--threads", type=int, default=THREADS, help="waitress's threads, granian's per process (hall mode's)"
    )


def server_name(args):
    """How the run's server was set up, e.g. "waitress --threads 2, journal wal" on SQLite."""
    name = {
        "hall": "hall mode: "
        + " ".join(
            a
            for a in serving.server_command(listen="127.0.0.1:0")[2:-1]
            if not a.startswith(("--host", "--port", "--listen"))
        ),
        "waitress": f"waitress --threads {args.threads}",
        "gunicorn": f"gunicorn -w {args.workers}",
        "granian": f"granian --workers {args.workers} --blocking-threads {args.threads}",
    }[args.server]
    if DATABASE_URL.startswith("sqlite:"):
        import sqlite3

        with sqlite3.connect(DATABASE_URL.removeprefix("sqlite:///")) as db:
            name += f", journal {db.execute('PRAGMA journal_mode').fetchone()[0]}"
    return name


def wait_up():
    for _ in range(300):  # 30 s: several processes starting on a busy machine
        try:
            urllib.request.urlopen(BASE + "/healthz", timeout=2).read()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


class HallNetwork:
    """The network between the tablets and the server: a TCP relay from ``port`` to the server's
    ``target`` port that can be cut (new connections refused, those open dropped) and restored."""

    def __init__(self, port, target):
        self.port, self.target = port, target
        self.open_sockets = set()
        self.lock = threading.Lock()
        self.listener = None

    def restore(self):
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(512)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self):
        self.listener.close()  # from now on: connection refused
        with self.lock:
            dropped, self.open_sockets = self.open_sockets, set()
        for sock in dropped:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def _accept(self, listener):
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # cut
            threading.Thread(target=self._relay, args=(client,), daemon=True).start()

    def _relay(self, client):
        try:
            server = socket.create_connection(("127.0.0.1", self.target))
        except OSError:
            client.close()
            return
        with self.lock:
            self.open_sockets |= {client, server}
        threading.Thread(target=self._pipe, args=(client, server), daemon=True).start()
        self._pipe(server, client)
        with self.lock:
            self.open_sockets -= {client, server}
        client.close()
        server.close()

    @staticmethod
    def _pipe(source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def tricks_for(board, table):
    return (board * 5 + table * 3) % 14


def tablet(event, access, seatings, stats, acked, errors, base=BASE, keeps=False):
    client = Client(base)
    page = f"/t/{access.token}/"
    client.request(page)
    for seating in seatings:
        if seating.ns_pair_id is None:
            continue
        if keeps:  # the round typed at once and kept on the tablet: given, whatever the network
            table = seating.table
            acked.extend((seating.round, table, b, tricks_for(b, table)) for b in seating.board_numbers)
        for board in seating.board_numbers:
            tricks = tricks_for(board, seating.table)
            for action, key in (("enter", "enter"), ("confirm", "confirm")):
                status, _, elapsed = client.request(f"{page}{action}/", {"board": board, "ns_tricks": tricks})
                stats[key].append(elapsed)
                stats[f"{key} (server)"].append(client.server)
                if status != 302:
                    errors.append(f"table {access.table} board {board} {action}: HTTP {status}")
            status, text, _ = client.request(page)
            if (
                f'id="board-{board}"' in text
                and "✓ confirmed" not in text.split(f'id="board-{board}"')[1][:2000]
                and seating.last_board != board
            ):
                errors.append(f"table {access.table} board {board}: not shown as confirmed")
            if not keeps:
                acked.append((seating.round, seating.table, board, tricks))
    if "answered by" in stats:  # which app server answered, behind a proxy that says
        stats["answered by"].append(client.answered_by)


def check_stored(event, acked):
    """Every acknowledged result in the database exactly once, as sent: the rows by (round, table,
    board) with what N/S made and whether confirmed, how many were doubled, the acknowledged ones
    lost or different."""
    from tournaments.models import Result

    rows = list(
        Result.objects.filter(event=event).values_list(
            "round", "table", "board__number", "ns_tricks", "confirmed_at", "ns_pair__direction"
        )
    )
    stored = {}
    doubled = 0
    for round_, table, board, ns_tricks, confirmed_at, direction in rows:
        seen = ns_tricks if direction == "NS" else 13 - ns_tricks
        doubled += (round_, table, board) in stored
        stored[(round_, table, board)] = (seen, confirmed_at is not None)
    lost = [a for a in acked if stored.get(a[:3]) != (a[3], True)]
    return stored, doubled, lost


def recomputed_csv(event):
    """The standings as the results CSV gives them, worked out afresh in this process."""
    from django.core.cache import cache

    from tournaments.reports import report_as_csv
    from tournaments.services import event_report

    cache.clear()  # this process's own: nothing kept from an earlier look
    return report_as_csv(event_report(event))


def poller(path, client, bucket, stop, pause, *, server=None, post=False):
    while not stop.is_set():
        status, _, elapsed = client.request(path, {"probe": "1"} if post else None)
        if status == 200:
            bucket.append(elapsed)
            if server is not None:
                server.append(client.server)
        time.sleep(pause)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=30)
    add_server_arguments(parser)
    parser.add_argument("--kill", action="store_true", help="SIGKILL the server mid-load and restart it")
    parser.add_argument(
        "--cut",
        type=float,
        default=0,
        metavar="SECONDS",
        help="cut the network between the tablets and the server mid-round for SECONDS (connections "
        "refused, those open dropped); the tablets keep what is typed and send it after",
    )
    parser.add_argument(
        "--tablets",
        type=int,
        default=None,
        help="play only the first N tables' tablets (default: every table); --tablets 1 --solo times "
        "a score with one client",
    )
    parser.add_argument("--solo", action="store_true", help="no room display and no floor probes")
    parser.add_argument(
        "--rounds", type=int, default=None, help="play only the first N rounds (default: the whole evening)"
    )
    parser.add_argument("--json", metavar="FILE", help="also write the run's figures to FILE")
    args = parser.parse_args()

    event = setup(args.tables)

    network = None
    if args.cut:  # the tablets reach the server through the hall's network, which will be cut
        server = start_server(args.server, args.workers, args.threads, port=PORT + 1)
        network = HallNetwork(PORT, PORT + 1)
        network.restore()
    else:
        server = start_server(args.server, args.workers, args.threads)
    wait_up()
    organiser = Client()
    organiser.request("/admin/login/")
    organiser.request("/admin/login/", {"username": "bench", "password": "bench-password-1", "next": "/"})

    stats = {
        "enter": [],
        "confirm": [],
        "standings": [],
        "floor": [],
        "write floor": [],
        "enter (server)": [],
        "confirm (server)": [],
        "write floor (server)": [],
    }
    acked, errors = [], []
    stop = threading.Event()
    playing = {a.table for a in event.table_accesses.all()[: args.tablets or args.tables]}
    seatings = [
        s
        for s in event.seatings.order_by("round")
        if s.table in playing and (args.rounds is None or s.round <= args.rounds)
    ]
    threads = [
        threading.Thread(
            target=tablet,
            args=(event, access, [s for s in seatings if s.table == access.table], stats, acked, errors),
            kwargs={"keeps": bool(args.cut)},
        )
        for access in event.table_accesses.all()
        if access.table in playing
    ]
    pollers = (
        []
        if args.solo
        else [
            threading.Thread(
                target=poller, args=(f"/events/{event.pk}/room/", organiser, stats["standings"], stop, 0.5)
            ),
            threading.Thread(target=poller, args=("/healthz", Client(), stats["floor"], stop, 0.05)),
            threading.Thread(
                target=poller,
                args=("/healthz/write", Client(), stats["write floor"], stop, 0.05),
                kwargs={"server": stats["write floor (server)"], "post": True},
            ),
        ]
    )
    expected = sum(len(s.board_numbers) for s in seatings if s.ns_pair_id and s.ew_pair_id)
    started = time.perf_counter()
    for thread in threads + pollers:
        thread.start()
    killed = False
    outage = None  # (from, to): the kill until the restarted server answers again, or the cut
    confirmed = event.results.filter(confirmed_at__isnull=False)
    while any(t.is_alive() for t in threads):
        time.sleep(0.2)
        if network and not outage and confirmed.count() > expected * 0.4:
            down = time.perf_counter()
            network.cut()
            killed = confirmed.count()
            time.sleep(args.cut)
            network.restore()
            outage = (down, time.perf_counter())
        if args.kill and not killed and len(acked) > expected * 0.4:
            down = time.perf_counter()
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
            killed = len(acked)
            time.sleep(1)
            server = start_server(args.server, args.workers, args.threads)
            wait_up()
            outage = (down, time.perf_counter())
    stop.set()
    for thread in pollers:
        thread.join()
    took = time.perf_counter() - started
    _, csv_served, _ = organiser.request(f"/events/{event.pk}/results.csv")
    os.killpg(server.pid, signal.SIGTERM)
    server.wait()

    served = server_name(args)
    stored, doubled, lost = check_stored(event, acked)
    standings_match = csv_served == recomputed_csv(event)

    print(
        f"{args.tables} tables, {len(threads)} tablets, {served}, {DATABASE_URL.split(':')[0]}; "
        f"{expected} results in {took:.1f} s"
        + (f"; server killed after {killed} results and restarted" if killed and not network else "")
        + (f"; network cut for {args.cut:g} s after {killed} results" if network and outage else "")
    )
    names = {
        "enter": "submission (enter)",
        "confirm": "submission (confirm)",
        "standings": "standings (room)",
        "floor": "floor (/healthz)",
        "write floor": "write floor",
        "enter (server)": "server: enter",
        "confirm (server)": "server: confirm",
        "write floor (server)": "server: write floor",
    }
    for name, label in names.items():
        if stats[name]:
            print("  " + summary(label, [v for v in stats[name] if v == v]))
    server_posts = [v for v in stats["enter (server)"] + stats["confirm (server)"] if v == v]
    if args.solo:
        print(
            f"  server side, one client: submission p50 = {percentile(server_posts, 50) * 1000:.1f} ms "
            f"(goal: under {GOALS['solo_p50_ms']} ms)"
        )
    else:
        client_ratio = percentile(stats["enter"] + stats["confirm"], 95) / percentile(stats["floor"], 95)
        server_ratio = percentile(server_posts, 95) / percentile(
            [v for v in stats["write floor (server)"] if v == v], 95
        )
        goal = GOALS["client"]
        print(f"  client side: submission p95 / floor p95 = {client_ratio:.2f} (goal: at most {goal})")
        print(
            f"  server side: submission p95 / write floor p95 = {server_ratio:.2f} "
            f"(goal: at most {GOALS['server']})"
        )
    print(
        f"  acknowledged {len(acked)} of {expected}; in the database {len(stored)} rows, "
        f"{doubled} doubled, {len(lost)} lost or different; standings equal a recomputation: "
        f"{standings_match}"
    )
    print(f"  errors: {len(errors)}" + ("".join(f"\n    {e}" for e in errors[:10])))
    # A grace second after the restart: requests sent into the dead server come back then.
    during = [m for m in MET if outage and outage[0] <= m[0] <= outage[1] + 1.0]
    outside = [m for m in MET if m not in during]
    kinds = sorted({what for _, what in MET})
    print(
        f"  errors the tablets met: {len(MET)} ({len(during)} during the outage, {len(outside)} outside it)"
        + (f"; kinds: {', '.join(kinds[:6])}" if kinds else "")
    )
    ok = (
        not errors
        and not outside
        and not lost
        and not doubled
        and len(stored) == expected
        and standings_match
    )
    print("OK" if ok else "FAILED")
    if args.json:
        write_figures(
            args.json,
            served=served,
            tablets=len(threads),
            results=expected,
            took=took,
            client=stats["enter"] + stats["confirm"],
            server=server_posts,
            lost=len(lost) + expected - len(acked),
            doubled=doubled,
            errors=len(errors) + len(outside),
            ok=ok,
        )
    sys.exit(0 if ok else 1)


def write_figures(path, *, served, tablets, results, took, client, server, lost, doubled, errors, ok):
    """A run's figures as JSON, for a bench that compares runs (bench/hall_servers.py): a score's
    wait as the tablet felt it (client) and as the server timed it, in milliseconds."""
    import json

    figures = {"server": served, "tablets": tablets, "results": results, "took_s": round(took, 2)}
    for side, values in (("client", client), ("server", [v for v in server if v == v])):
        for p in (50, 95):
            figures[f"{side}_p{p}_ms"] = round(percentile(values, p) * 1000, 1)
    figures |= {"lost": lost, "doubled": doubled, "errors": errors, "ok": ok}
    Path(path).write_text(json.dumps(figures))


if __name__ == "__main__":
    main()
