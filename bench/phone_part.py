"""Benchmark: a pair's phone page's changing part (``?part=1``), in one process, during play.

The 30-table evening of bench/load_tablets.py with its first --played rounds confirmed at every
table, built once into a kept SQLite file (``--database``; built again only when missing), copied
afresh for each of --repeat rounds (median and range). Each round times, per request, the server's
work alone (Django's test client, no network), wall clock and processor:

  (a) cold: every cache emptied, one pair's part (the phones' shared reading made with it);
  (b) a new reading: one more result confirmed, the shared reading let go as when its
      ``PHONE_PAGES_FRESH_SECONDS`` are over, then every pair's part once: the first look makes
      the reading (shown alone), the others' p50 is what a phone costs during play;
  (c) the same looks again, each phone sending what it last got (``If-None-Match``): nothing new
      for it, so the answer is "not modified" where the page can say so.

    .venv/bin/python bench/phone_part.py [--tables 30] [--played 15] [--repeat 3] [--profile]

Run it from two checkouts against the same ``--database`` to compare them side by side;
``--profile look`` (or ``again``) prints cProfile's top functions of (b) (or (c)) instead.
"""

import argparse
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(Path(__file__).resolve().parent))
WORK = Path(os.environ.get("TMPDIR", "/tmp")) / f"whistdrive-phone-part-{os.getpid()}.sqlite3"
os.environ["DATABASE_URL"] = f"sqlite:///{WORK}"
os.environ["DJANGO_SETTINGS_MODULE"] = "whistdrive.settings"
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-bench-only-secret-key-0123456789")
os.environ.update({"DEBUG": "0", "HTTPS": "0", "ALLOWED_HOSTS": "testserver"})

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.cache import caches  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from tournaments import services  # noqa: E402
from tournaments.models import Event  # noqa: E402
from tournaments.views.tablets.pair_evening import pair_evening_url  # noqa: E402


def _confirm(event, seating, board):
    access = event.table_accesses.get(table=seating.table)
    services.table_result_enter(access=access, board_number=board, ns_tricks=7 + board % 3)
    services.table_result_confirm(access=access, board_number=board, ns_tricks=7 + board % 3)


def _build(database: Path, tables: int, played: int) -> None:
    from load_tablets import create_event

    print(f"building {tables} tables, {played} rounds played (kept in {database})", flush=True)
    call_command("migrate", verbosity=0)
    event = create_event(tables)
    for number in range(1, played + 1):
        for seating in event.seatings.filter(round=number).order_by("table"):
            if seating.ns_pair_id is None or seating.ew_pair_id is None:
                continue
            access = event.table_accesses.get(table=seating.table)
            services.table_check_in(access=access, round=number, here=True)
            for board in seating.board_numbers:
                _confirm(event, seating, board)
    connection.close()
    shutil.copyfile(WORK, database)


def _fresh_copy(database: Path) -> None:
    connection.close()
    for suffix in ("-wal", "-shm"):
        Path(f"{WORK}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(database, WORK)
    for kept in caches.all():
        kept.clear()


def _reading_over() -> None:
    """The phones' shared reading let go, as once its seconds are over: every kept key whose name
    says it is the reading's mark."""
    store = caches["default"]
    for key in [k for k in getattr(store, "_cache", {}) if "phones-reading" in k]:
        store._cache.pop(key, None)
        store._expire_info.pop(key, None)


def _look(client, url, etag=None):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    cpu, started = time.process_time(), time.perf_counter()
    response = client.get(url, **headers)
    wall, cpu = (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000
    assert response.status_code in (200, 304), response.status_code
    return wall, cpu, response


def _round(args, event_pk: int, profile=None) -> dict:
    _fresh_copy(Path(args.database))
    event = Event.objects.get(pk=event_pk)
    client = Client()
    urls = [pair_evening_url(pair) + "?part=1" for pair in event.pairs.order_by("pk")]
    figures = {}
    wall, cpu, _ = _look(client, urls[0])
    figures["cold"] = (wall, cpu)
    for url in urls:  # every pair looked at once, as the phones do when the reading is new
        _look(client, url)
    seating = event.seatings.filter(round=args.played + 1).exclude(ns_pair=None).exclude(ew_pair=None).first()
    services.table_check_in(
        access=event.table_accesses.get(table=seating.table), round=seating.round, here=True
    )
    _confirm(event, seating, seating.board_numbers[0])
    _reading_over()
    if profile is not None:
        etags = [_look(client, url)[2].get("ETag") for url in urls[:1]]
        profile.enable()
        for url in urls[1:]:
            etags.append(_look(client, url)[2].get("ETag"))
        profile.disable()
        if args.profile == "again":
            profile.clear()
            profile.enable()
            for url, etag in zip(urls, etags, strict=True):
                _look(client, url, etag)
            profile.disable()
        return {}
    walls, cpus, etags = [], [], []
    for number, url in enumerate(urls):
        wall, cpu, response = _look(client, url)
        if number == 0:
            figures["reading"] = (wall, cpu)
        else:
            walls.append(wall)
            cpus.append(cpu)
        etags.append(response.get("ETag"))
    figures["look"] = (statistics.median(walls), statistics.median(cpus))
    walls, cpus, unchanged = [], [], 0
    for url, etag in zip(urls, etags, strict=True):
        wall, cpu, response = _look(client, url, etag)
        walls.append(wall)
        cpus.append(cpu)
        unchanged += response.status_code == 304
    figures["again"] = (statistics.median(walls), statistics.median(cpus))
    figures["not modified"] = unchanged
    figures["pairs"] = len(urls)
    return figures


def _spread(values) -> str:
    return f"{statistics.median(values):7.2f} ({min(values):.2f}–{max(values):.2f})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--played", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database", default="/tmp/whistdrive-bench-phone-part.sqlite3")
    parser.add_argument("--profile", choices=["look", "again"])
    args = parser.parse_args()
    settings.ALLOWED_HOSTS = ["testserver"]
    database = Path(args.database)
    try:
        if not database.exists():
            _build(database, args.tables, args.played)
        _fresh_copy(database)
        event_pk = Event.objects.order_by("-pk").values_list("pk", flat=True).first()
        if args.profile:
            import cProfile
            import pstats

            profile = cProfile.Profile()
            _round(args, event_pk, profile)
            pstats.Stats(profile).sort_stats("cumulative").print_stats(45)
            return
        rounds = [_round(args, event_pk) for _ in range(args.repeat)]
    finally:
        connection.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{WORK}{suffix}").unlink(missing_ok=True)
    print(f"{rounds[0]['pairs']} pairs, {args.played} rounds played; ms, median (range) of {args.repeat}:")
    print(f"{'':38} {'wall':>20} {'processor':>20}")
    for name, label in (
        ("cold", "(a) cold, one pair (reading made)"),
        ("reading", "(b) new reading, first look (made)"),
        ("look", "(b) new reading, a pair's look, p50"),
        ("again", "(c) same looks again, p50"),
    ):
        walls = [r[name][0] for r in rounds]
        cpus = [r[name][1] for r in rounds]
        print(f"{label:38} {_spread(walls):>20} {_spread(cpus):>20}")
    print(f"(c) answered 'not modified': {[r['not modified'] for r in rounds]} of {rounds[0]['pairs']}")


if __name__ == "__main__":
    main()
