"""Load test: a progressive drive of a hall's largest size under load, one simulated tablet a table.

A drive of --tables tables (four players a table: 60 tables, 240 players by default) is started.
Before play, each paper the drive prints is fetched three times through the organiser's pages and
timed on the server. Then every table's tablet plays every hand as the page asks: it reads its
page, says the players there are the ones it names, N/S tap the tricks, E/W confirm them, and it
reads the page again for the next hand, which starts at that table once the players who come there
have finished where they were (the tablet waits, as the page does, while "Hand N starts here when
..." shows). Meanwhile the room display is polled and two probes poll the floors (a trivial page,
and a write of one row), as in bench/load_tablets.py, whose client, servers and goals this uses.
Each score is timed by the client and by the server (Server-Timing).

Afterwards: every acknowledged hand is in the database once, confirmed, with the tricks sent.

    .venv/bin/python bench/load_drive.py [--tables 60] [--hands 24] [--server gunicorn|waitress|granian]
        [--workers 4] [--threads N]

The database is BENCH_DATABASE_URL, recreated (PostgreSQL by default; a hall laptop's SQLite file
with BENCH_DATABASE_URL=sqlite:////tmp/whistdrive_bench.sqlite3); BENCH_PORT the server's port.
"""

import argparse
import os
import re
import signal
import sys
import threading
import time
import urllib.request
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_tablets import (  # noqa: E402 (the bench folder on the path first)
    BASE,
    DATABASE_URL,
    GOALS,
    MET,
    Client,
    add_server_arguments,
    percentile,
    poller,
    recreate_database,
    server_name,
    start_server,
    summary,
    wait_up,
    write_figures,
)

CHECK_IN = re.compile(r'name="round" value="(\d+)">\s*<button class="big yes" name="answer" value="us"')
HAND = re.compile(r'name="hand" value="(\d+)"><input type="hidden" name="seen" value="(\d*)">')


def create_drive(tables: int, hands: int):
    """A started progressive drive of ``tables`` full tables, with the organiser ``bench``."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from tournaments.services import club_get_or_create, drives

    club = club_get_or_create(name="Bench Club")
    drive = drives.drive_create(club=club, name="Bench Drive", date=date(2026, 11, 27), hands=hands)
    for k in range(4 * tables):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k + 1}")
    drives.drive_start(drive=drive)
    user = get_user_model().objects.filter(username="bench").first()
    if user is None:
        user = get_user_model().objects.create_user("bench", password="bench-password-1", is_staff=True)
    club.organisers.add(user)
    return drive


def tricks_for(hand: int, table: int) -> int:
    return (hand * 5 + table * 3) % 14


def tablet(access, hands, stats, acked, errors):
    """Play every hand at one table as its tablet does, waiting while the next hand is not seated."""
    client = Client()
    page = f"/d/{access.token}/"
    played = 0
    deadline = time.perf_counter() + 1800
    while played < hands and time.perf_counter() < deadline:
        _, text, _ = client.request(page)
        asked = CHECK_IN.search(text)
        if asked:  # "Who is at the table?": the players seen there are the ones expected
            status, _, elapsed = client.request(f"{page}check-in/", {"round": asked.group(1), "answer": "us"})
            stats["check-in"].append(elapsed)
            if status != 302:
                errors.append(f"table {access.table} check-in {asked.group(1)}: HTTP {status}")
            continue
        match = HAND.search(text)
        if match is None or int(match.group(1)) <= played:
            if 'name="hand"' not in text and "sits out" in text.lower() and played:
                played += 1  # a sit-out hand (a short table): nothing to enter
                continue
            time.sleep(0.5)  # "Hand N starts here when table K has finished": the page looks again
            continue
        hand = int(match.group(1))
        tricks = tricks_for(hand, access.table)
        for action in ("enter", "confirm"):
            status, _, elapsed = client.request(f"{page}{action}/", {"hand": hand, "ns_tricks": tricks})
            stats[action].append(elapsed)
            stats[f"{action} (server)"].append(client.server)
            if status != 302:
                errors.append(f"table {access.table} hand {hand} {action}: HTTP {status}")
        acked.append((hand, access.table, tricks))
        played = hand
    if played < hands:
        errors.append(f"table {access.table}: stopped at hand {played} of {hands}")


def print_papers(organiser, drive, tables, repeat=3):
    """Each paper the drive prints, three times through the organiser's pages before play: its
    server time (median and range), and a table's worth of it."""
    import statistics

    from tournaments.services import drives

    lines = []
    for document in drives.drive_documents(drive):
        took = []
        for _ in range(repeat):
            status, _, _ = organiser.request(f"/drives/{drive.pk}/print/{document}.pdf")
            if status != 200:
                raise SystemExit(f"{document}: HTTP {status}")
            took.append(organiser.server)
        median = statistics.median(took)
        lines.append(
            f"{'print ' + document:<22} median {median * 1000:7.1f} ms (range {min(took) * 1000:.1f}-"
            f"{max(took) * 1000:.1f}), {median * 1000 / tables:.1f} ms a table (goal: under 1 s a table)"
        )
    return lines


def check_stored(drive, acked):
    from tournaments.models import DriveResult

    stored = {
        (hand, table): (tricks, confirmed)
        for hand, table, tricks, confirmed in DriveResult.objects.filter(drive=drive).values_list(
            "hand", "table", "ns_tricks", "confirmed"
        )
    }
    lost = [a for a in acked if stored.get(a[:2]) != (a[2], True)]
    return stored, lost


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--hands", type=int, default=24)
    add_server_arguments(parser)
    parser.add_argument("--no-papers", action="store_true", help="play at once, without timing the papers")
    parser.add_argument("--json", metavar="FILE", help="also write the run's figures to FILE")
    args = parser.parse_args()

    try:  # a server left on the port would answer in place of this run's
        urllib.request.urlopen(f"{BASE}/healthz", timeout=2)
        raise SystemExit(f"something already answers on {BASE}: stop it, or set BENCH_PORT")
    except OSError:
        pass
    recreate_database()
    drive = create_drive(args.tables, args.hands)
    server = start_server(args.server, args.workers, args.threads)
    try:
        run(args, drive)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait()


def run(args, drive):
    wait_up()
    organiser = Client()
    organiser.request("/admin/login/")
    organiser.request("/admin/login/", {"username": "bench", "password": "bench-password-1", "next": "/"})

    papers = [] if args.no_papers else print_papers(organiser, drive, args.tables)

    names = ("check-in", "enter", "confirm", "standings", "floor", "write floor")
    stats = {name: [] for name in names} | {
        f"{name} (server)": [] for name in ("enter", "confirm", "standings", "write floor")
    }
    acked, errors = [], []
    stop = threading.Event()
    tablets = [
        threading.Thread(target=tablet, args=(access, args.hands, stats, acked, errors))
        for access in drive.table_accesses.order_by("table")
    ]
    pollers = [
        threading.Thread(
            target=poller,
            args=(f"/drives/{drive.pk}/room/", organiser, stats["standings"], stop, 0.5),
            kwargs={"server": stats["standings (server)"]},
        ),
        threading.Thread(target=poller, args=("/healthz", Client(), stats["floor"], stop, 0.05)),
        threading.Thread(
            target=poller,
            args=("/healthz/write", Client(), stats["write floor"], stop, 0.05),
            kwargs={"server": stats["write floor (server)"], "post": True},
        ),
    ]
    started = time.perf_counter()
    for thread in tablets + pollers:
        thread.start()
    for thread in tablets:
        thread.join()
    stop.set()
    for thread in pollers:
        thread.join()
    took = time.perf_counter() - started

    served = server_name(args)
    stored, lost = check_stored(drive, acked)
    print(
        f"a drive of {args.tables} tables ({4 * args.tables} players, {args.hands} hands), {len(tablets)} "
        f"tablets, {served}, {DATABASE_URL.split(':')[0]}: {len(acked)} hands in {took:.1f} s"
    )
    for line in papers:
        print("  " + line)
    for name, values in stats.items():
        if values:
            print("  " + summary(name, [v for v in values if v == v]))
    scores = stats["enter"] + stats["confirm"]
    server_scores = [v for v in stats["enter (server)"] + stats["confirm (server)"] if v == v]
    client_ratio = percentile(scores, 95) / percentile(stats["floor"], 95)
    server_ratio = percentile(server_scores, 95) / percentile(
        [v for v in stats["write floor (server)"] if v == v], 95
    )
    print(f"  client side: score p95 / floor p95 = {client_ratio:.2f} (goal: at most {GOALS['client']})")
    goal = GOALS["server"]
    print(f"  server side: score p95 / write floor p95 = {server_ratio:.2f} (goal: at most {goal})")
    expected = args.tables * args.hands
    print(
        f"  acknowledged {len(acked)} of {expected}; in the database {len(stored)}, "
        f"{len(lost)} lost or different; errors: {len(errors)}" + "".join(f"\n    {e}" for e in errors[:10])
    )
    print(f"  errors the tablets met: {len(MET)}")
    ok = not errors and not lost and not MET and len(stored) == expected
    print("OK" if ok else "FAILED")
    if args.json:
        write_figures(
            args.json,
            served=served,
            tablets=len(tablets),
            results=expected,
            took=took,
            client=scores,
            server=server_scores,
            lost=expected - len([a for a in acked if a not in lost]),
            doubled=0,  # (drive, hand, table) is unique in the database: a second one is refused
            errors=len(errors) + len(MET),
            ok=ok,
        )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
