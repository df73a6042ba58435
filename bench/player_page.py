"""Benchmark: the pages that read a whole season, cold (nothing kept, as after a restart) and warm.

A season of published evenings of 30 tables (skip Mitchells of 12 rounds of 2 boards, the club's
120 members in new pairs each evening) with a competition of each measure, built once into a kept
SQLite file (``--database``; built again only when it holds no season), then, in rounds of 3
(median and range, wall clock and processor time, with each page's query count):

  (a) a player's page with nothing kept: every cache emptied first (a new database, an upgrade);
      after a restart: the process's own cache emptied, the season's cache on disk kept
      (settings.CACHES); and after a restart in a new process: the first request a new Python
      serves, its start-up not counted (its URLs and templates loaded, as a restart loads them);
  (b) the same page, warm;
  (c) a competition's first standings, with nothing kept (every evening read and scored) and
      after a restart (the process's cache emptied; in a new process);
  (d) the last evening's room display, with nothing kept, after a restart, and warm.

    .venv/bin/python bench/player_page.py [--evenings 60] [--tables 30] [--repeat 3]

The season's cache is kept beside ``--database`` (its name and ``.cache``). Run it from two
checkouts against the same ``--database`` to compare them side by side.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.cache import cache, caches  # noqa: E402
from django.core.signals import request_finished, request_started  # noqa: E402
from django.db import close_old_connections, connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, override_settings, setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

from tests.seasons import COMPETITIONS, season  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.models import Club, Competition, Event  # noqa: E402
from tournaments.services.season import competitions  # noqa: E402

START = date(2025, 9, 2)


def _figures(times: list[float]) -> str:
    return f"{statistics.median(times):7.0f} ms ({min(times):.0f}–{max(times):.0f})"


def _timed(fn, repeat: int, before=None) -> tuple[list[float], list[float], int]:
    """The wall-clock and processor times of ``repeat`` runs in ms (``before`` run first each
    time, untimed; a machine busy with other work stretches the first, hardly the second) and the
    queries of the last."""
    walls, cpus, queries = [], [], 0
    for _ in range(repeat):
        if before:
            before()
        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as captured:
            cpu, started = time.process_time(), time.perf_counter()
            fn()
            walls.append((time.perf_counter() - started) * 1000)
            cpus.append((time.process_time() - cpu) * 1000)
        queries = len(captured.captured_queries)
    return walls, cpus, queries


def _club(evenings: int, tables: int) -> Club:
    name = f"Bench Club {evenings}x{tables}"
    club = Club.objects.filter(name=name).first()
    if club is not None:
        return club
    club = services.club_get_or_create(name=name)
    print(f"building {evenings} evenings of {tables} tables (kept for the next runs)", flush=True)
    season(club, evenings=evenings, tables=tables, start=START, report=lambda line: print(line, flush=True))
    end = START + timedelta(days=7 * evenings)
    for name, rules in COMPETITIONS.items():
        competitions.competition_create(
            club=club, values={"name": name, "start": START, "end": end, "kinds": "event", **rules}
        )
    return club


def _every_cache_emptied() -> None:
    for kept in caches.all():
        kept.clear()


def _in_a_new_process(args, what: str) -> tuple[list[float], list[float], int]:
    """``what`` (player or standings) timed as the first request of a new process, ``repeat`` times."""
    walls, cpus, queries = [], [], 0
    for _ in range(args.repeat):
        command = [sys.executable, __file__, "--database", args.database, "--first", what]
        command += ["--evenings", str(args.evenings), "--tables", str(args.tables)]
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout.split()
        walls.append(float(out[-3]))
        cpus.append(float(out[-2]))
        queries = int(out[-1])
    return walls, cpus, queries


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--evenings", type=int, default=60)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database", default="/tmp/whistdrive-bench-season.sqlite3")
    parser.add_argument("--first", choices=["player", "standings"], help=argparse.SUPPRESS)
    args = parser.parse_args()

    setup_test_environment()
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    settings.ALLOWED_HOSTS = ["testserver"]
    season = settings.CACHES.get("season", {})  # a checkout from before the season's cache has none
    if season.get("BACKEND", "").endswith(".FileBasedCache"):  # kept beside the database
        beside = {**season, "LOCATION": f"{args.database}.cache"}
        override_settings(CACHES={**settings.CACHES, "season": beside}).enable()
    if connection.vendor == "sqlite":  # the season kept in a file for the next runs
        connection.settings_dict["TEST"]["NAME"] = args.database
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=True)
    if args.first:
        try:
            _first(args)
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0, keepdb=True)
        return
    try:
        club = _club(args.evenings, args.tables)
        member = club.members.order_by("pk").first()
        last = Event.objects.filter(club=club).order_by("-date").first()
        competition = Competition.objects.filter(club=club).order_by("pk").first()
        client = Client()
        player = reverse("tournaments:player", args=[member.pk])
        room = reverse("tournaments:event-room", args=[last.pk])

        def page(url):
            assert client.get(url).status_code == 200

        def standings():
            competitions.competition_standings(Competition.objects.get(pk=competition.pk))

        def page_of():
            page(player)

        def room_of():
            page(room)

        figures = [
            ("(a) player's page, nothing kept", _timed(page_of, args.repeat, before=_every_cache_emptied)),
            ("    after a restart", _timed(page_of, args.repeat, before=cache.clear)),
            ("    in a new process", _in_a_new_process(args, "player")),
            ("(b) player's page, warm", _timed(page_of, args.repeat)),
            (
                "(c) first standings, nothing kept",
                _timed(standings, args.repeat, before=_every_cache_emptied),
            ),
            ("    after a restart", _timed(standings, args.repeat, before=cache.clear)),
            ("    in a new process", _in_a_new_process(args, "standings")),
            ("(d) room display, nothing kept", _timed(room_of, args.repeat, before=_every_cache_emptied)),
            ("    after a restart", _timed(room_of, args.repeat, before=cache.clear)),
            ("    warm", _timed(room_of, args.repeat)),
        ]
        print(f"{ROOT.name}: {connection.vendor}, {args.evenings} evenings of {args.tables} tables")
        for label, (walls, cpus, queries) in figures:
            print(f"  {label:<34} {_figures(walls)}; processor {_figures(cpus)}  [{queries} queries]")
        print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0, keepdb=True)


def _first(args) -> None:
    """The first request of this new process: a player's page or a competition's standings (as
    ``main`` picks them), printed as wall-clock ms, processor ms and queries."""
    club = _club(args.evenings, args.tables)
    member = club.members.order_by("pk").first()
    competition = Competition.objects.filter(club=club).order_by("pk").first()
    if args.first == "player":
        client = Client()
        url = reverse("tournaments:player", args=[member.pk])
        (wall,), (cpu,), queries = _timed(lambda: client.get(url), 1)
    else:
        (wall,), (cpu,), queries = _timed(
            lambda: competitions.competition_standings(Competition.objects.get(pk=competition.pk)), 1
        )
    print(f"{wall:.1f} {cpu:.1f} {queries}")


if __name__ == "__main__":
    main()
