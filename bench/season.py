"""Benchmark: a season's competition standings over 60 published evenings of 30 tables.

Builds the evenings through the services (30-table skip Mitchells of 12 rounds of 2 boards, 120
members in new pairs each evening), defines a competition of each measure the evenings have
(average percentage, best 40 of those who played 20, with a moving handicap; reverse placings,
best 30; 4/3/2/1 in each direction; fixed pairs on 6/4/3/2/1), then times, in rounds of 3 runs
each (median and range):

  (a) the standings of each competition between writes (every evening kept in the cache);
  (b) the same just after an evening is published again (that evening read and scored anew);
  (c) the standings page, served in process, with its query count;
  (d) the first standings with nothing kept (every evening read and scored: a new database, an
      upgrade), and after a restart (the process's own cache emptied, the season's kept on disk,
      in a folder of the bench's own).

    .venv/bin/python bench/season.py [--evenings 60] [--tables 30] [--repeat 3]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/whistdrive .venv/bin/python bench/season.py
"""

import argparse
import atexit
import os
import shutil
import statistics
import sys
import tempfile
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
from tournaments.models import Competition, Event  # noqa: E402
from tournaments.services.season import competitions  # noqa: E402

GOAL_MS = 200.0
START = date(2025, 9, 2)


def _timed(fn, repeat):
    """The wall-clock and processor times of ``repeat`` runs, in ms: on a machine busy with other
    work the first stretches, hardly the second."""
    walls, cpus = [], []
    for _ in range(repeat):
        cpu, started = time.process_time(), time.perf_counter()
        fn()
        walls.append((time.perf_counter() - started) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return walls, cpus


def _figures(times) -> str:
    walls, cpus = times
    return (
        f"{statistics.median(walls):8.1f} ms  ({min(walls):.1f}–{max(walls):.1f});  processor "
        f"{statistics.median(cpus):.1f} ms ({min(cpus):.1f}–{max(cpus):.1f})"
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--evenings", type=int, default=60)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="profile one standings, evenings kept")
    args = parser.parse_args()

    setup_test_environment()
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    settings.ALLOWED_HOSTS = ["testserver"]
    kept = settings.CACHES.get("season", {})  # a checkout from before the season's cache has none
    if kept.get("BACKEND", "").endswith(".FileBasedCache"):  # not the data folder's
        beside = {**kept, "LOCATION": tempfile.mkdtemp(prefix="whistdrive-bench-season-")}
        override_settings(CACHES={**settings.CACHES, "season": beside}).enable()
        atexit.register(shutil.rmtree, beside["LOCATION"], ignore_errors=True)
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        club = services.club_get_or_create(name="Bench Club")
        print(f"database {connection.vendor}; building {args.evenings} evenings of {args.tables} tables")
        season(
            club,
            evenings=args.evenings,
            tables=args.tables,
            start=START,
            report=lambda line: print(line, flush=True),
        )
        end = START + timedelta(days=7 * args.evenings)
        made = [
            competitions.competition_create(
                club=club, values={"name": name, "start": START, "end": end, "kinds": "event", **rules}
            )
            for name, rules in COMPETITIONS.items()
        ]
        last = Event.objects.filter(club=club).order_by("-date").first()
        client = Client()

        def cold():
            for kept in caches.all():
                kept.clear()
            competitions.competition_standings(Competition.objects.get(pk=made[0].pk))

        def restarted():
            cache.clear()
            competitions.competition_standings(Competition.objects.get(pk=made[0].pk))

        cold_times = _timed(cold, args.repeat)
        restart_times = _timed(restarted, args.repeat)
        if args.profile:
            import cProfile
            import pstats

            competitions.competition_standings(made[0])
            profile = cProfile.Profile()
            profile.runcall(competitions.competition_standings, Competition.objects.get(pk=made[0].pk))
            pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
        print(
            f"goal: standings of {args.evenings} evenings of {args.tables} tables in under {GOAL_MS:.0f} ms"
        )
        for competition in made:
            table = competitions.competition_standings(competition)
            rows = len(table.standings.rows)

            def warm(competition=competition):
                competitions.competition_standings(Competition.objects.get(pk=competition.pk))

            def after_publish(competition=competition):
                services.event_publish(event=last, published=False)
                services.event_publish(event=last, published=True)
                (wall,), (cpu,) = _timed(
                    lambda: competitions.competition_standings(Competition.objects.get(pk=competition.pk)), 1
                )
                return wall, cpu

            url = reverse("tournaments:competition", args=[club.slug, competition.pk])
            connection.queries_log.clear()  # bounded: a full log would count nothing
            with CaptureQueriesContext(connection) as captured:
                assert client.get(url).status_code == 200
            warm_times = _timed(warm, args.repeat)
            publish_times = tuple(zip(*(after_publish() for _ in range(args.repeat)), strict=True))
            page_times = _timed(lambda url=url: client.get(url), args.repeat)
            print(f"{competition.name} ({len(table.standings.evenings)} evenings, {rows} rows)")
            for label, times in (
                ("(a) standings, evenings kept", warm_times),
                ("(b) just after a publication", publish_times),
                (f"(c) standings page [{len(captured.captured_queries)} q]", page_times),
            ):
                print(f"    {label:<34} {_figures(times)}")
        print(f"(d) first standings, nothing kept (every evening scored): {_figures(cold_times)}")
        print(f"    first standings after a restart (the season's cache kept): {_figures(restart_times)}")
        print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
