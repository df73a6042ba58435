"""A 40-table drive (160 players, 24 hands): the time to record a hand's last result at a table
(which seats the next hand there) and to read the room display's standings, both through the
services on a real database; a tablet's score (N/S's tap and E/W's confirmation, posted through
the whole middleware stack with DEBUG off), its time on the server as its Server-Timing header
says; and, with --spread, how evenly the sitting out goes round.

    .venv/bin/python bench/drive.py [--tables 40] [--repeat 3]
    .venv/bin/python bench/drive.py --spread

Uses DATABASE_URL (default: a fresh SQLite file in /tmp). Prints the median and range of each.
"""

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/whistdrive-bench-drive.sqlite3")
# The tablets' posts as in production: no query log kept, no debug pages.
os.environ.update(
    {
        "DEBUG": "0",
        "HTTPS": "0",
        "ALLOWED_HOSTS": "testserver",
        "SECRET_KEY": "bench-only-secret-key-bench-only-secret-key-0123456789",
    }
)


def spread() -> None:
    from tournaments.domain.drives import Format, play_drive, start_seating

    for fmt in Format:
        for count in (17, 18, 19, 38, 39):
            if fmt == Format.PARTNER and count % 4 not in (0, 2):
                continue
            tables = -(-count // 4)
            seats = [f"{r}{k}" for k in range(1, 2 * tables + 1) for r in "LG"][:count]
            ladies, gents = [p for p in seats if p[0] == "L"], [p for p in seats if p[0] == "G"]
            most, never = [], []
            for seed in range(200):
                rng = random.Random(seed)
                seatings, _ = play_drive(
                    fmt, start_seating(ladies, gents), 24, lambda h, s, rng=rng: rng.randint(0, 13)
                )
                out = dict.fromkeys(seats, 0)
                for seated in seatings.values():
                    for t in seated.values():
                        for p in t.players if t.sit_out else ():
                            out[p] += 1
                most.append(max(out.values()))
                never.append(sum(1 for v in out.values() if v == 0))
            print(
                f"{fmt.value:13} {count} players: {24 * (4 - (-count % 4)) / count:.2f} sit-outs a player; "
                f"the most anyone sat out: median {statistics.median(most)} ({min(most)}-{max(most)}); "
                f"players who never sat out: median {statistics.median(never)}"
            )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--spread", action="store_true")
    args = parser.parse_args()
    if args.spread:
        spread()
        return
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from tournaments.services import club_get_or_create, drives

    call_command("migrate", verbosity=0)
    players = 4 * args.tables
    seat_ms, room_ms, enter_ms, confirm_ms = [], [], [], []
    for run in range(args.repeat):
        drive = drives.drive_create(
            club=club_get_or_create(name="Bench"), name=f"Bench {run}", date="2026-11-22"
        )
        for k in range(players):
            drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
        drives.drive_start(drive=drive)
        rng = random.Random(run)
        # Play the first 12 hands, so the state is that of half-time.
        for hand in range(1, 13):
            for table in range(1, args.tables + 1):
                drives.drive_result_record(drive=drive, hand=hand, table=table, ns_tricks=rng.randint(0, 13))
        timings = []
        for table in range(1, args.tables + 1):  # hand 13, table by table: each seats hand 14 somewhere
            start = time.perf_counter()
            drives.drive_result_record(drive=drive, hand=13, table=table, ns_tricks=rng.randint(0, 13))
            timings.append(time.perf_counter() - start)
        seat_ms.append(1000 * statistics.median(timings))
        # Hand 14 from the tablets, table by table: each confirmation seats hand 15 somewhere.
        client, taps = Client(), {"enter": [], "confirm": []}
        for access in drive.table_accesses.order_by("table"):
            tricks = {"hand": 14, "ns_tricks": rng.randint(0, 13)}
            for action in ("enter", "confirm"):
                url = reverse(f"tournaments:drive-table-{action}", args=[access.token])
                response = client.post(url, tricks)
                assert response.status_code == 302 and "messages" not in response.cookies, response
                taps[action].append(float(response.headers["Server-Timing"].split("dur=")[1]))
        enter_ms.append(statistics.median(taps["enter"]))
        confirm_ms.append(statistics.median(taps["confirm"]))
        start = time.perf_counter()
        state = drives.DriveState(drive)
        for role in ("L", "G"):
            state.standings(role)[:10]
        room_ms.append(1000 * (time.perf_counter() - start))
    for name, values, goal in (
        ("record a result and seat what it frees", seat_ms, 50),
        ("room standings", room_ms, 50),
        ("a tablet's tap (N/S enter), p50 server side", enter_ms, 5),
        ("a tablet's confirmation (E/W, seats what it frees), p50 server side", confirm_ms, 5),
    ):
        print(
            f"{args.tables} tables, {players} players: {name}: median {statistics.median(values):.2f} ms "
            f"(range {min(values):.2f}-{max(values):.2f}, {args.repeat} runs; goal under {goal} ms)"
        )


if __name__ == "__main__":
    main()
