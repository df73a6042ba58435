"""Benchmark: the pages that read a whole season, cold (nothing kept, as after a restart) and warm.

A season of published evenings of 30 tables (skip Mitchells of 12 rounds of 2 boards, the club's
120 members in new pairs each evening) with a competition of each measure, built once into a kept
SQLite file (``--database``; built again only when it holds no season), then, in rounds of 3
(median and range, wall clock and processor time, with each page's query count):

  (a) a player's page, cold: the cache emptied first;
  (b) the same page, warm;
  (c) a competition's first standings, cold (every evening read and scored);
  (d) the last evening's room display, cold and warm.

    .venv/bin/python bench/player_page.py [--evenings 60] [--tables 30] [--repeat 3]

Run it from two checkouts against the same ``--database`` to compare them side by side.
"""

import argparse
import os
import statistics
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
from django.core.cache import cache  # noqa: E402
from django.core.signals import request_finished, request_started  # noqa: E402
from django.db import close_old_connections, connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--evenings", type=int, default=60)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database", default="/tmp/whistdrive-bench-season.sqlite3")
    args = parser.parse_args()

    setup_test_environment()
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    settings.ALLOWED_HOSTS = ["testserver"]
    if connection.vendor == "sqlite":  # the season kept in a file for the next runs
        connection.settings_dict["TEST"]["NAME"] = args.database
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=True)
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

        figures = {
            "(a) player's page, cold": _timed(lambda: page(player), args.repeat, before=cache.clear),
            "(b) player's page, warm": _timed(lambda: page(player), args.repeat),
            "(c) first standings, cold": _timed(
                lambda: competitions.competition_standings(Competition.objects.get(pk=competition.pk)),
                args.repeat,
                before=cache.clear,
            ),
            "(d) room display, cold": _timed(lambda: page(room), args.repeat, before=cache.clear),
            "    room display, warm": _timed(lambda: page(room), args.repeat),
        }
        print(f"{ROOT.name}: {connection.vendor}, {args.evenings} evenings of {args.tables} tables")
        for label, (walls, cpus, queries) in figures.items():
            print(f"  {label:<26} {_figures(walls)}; processor {_figures(cpus)}  [{queries} queries]")
        print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0, keepdb=True)


if __name__ == "__main__":
    main()
