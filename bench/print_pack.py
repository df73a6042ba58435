"""Benchmark: the print pack of a 30-table share-and-relay event, in process and as a user runs it.

In process: gathering the print data once, rendering each document on its own (table cards, guide
cards, travellers, score cards, hand records, results: the split), and the pack as one file (what
the print command makes), repeated in rounds (the median and the range quoted); the first round
is a new process's first pack. Then the whole process, as a user runs it: ``manage.py print EVENT
--document pack`` in a new process each time, beside the same command for an event that does not
exist (start-up alone: the interpreter and Django, no work; reportlab and the fonts wait for the
first document), and beside a bare Django project's process (``django-admin startproject``, the
interpreter and ``django.setup()``): the command's time as a multiple of it is a yardstick that
holds from one machine to another, where the milliseconds do not. Then the pack's request in a
running server (its Server-Timing). Beside the wall
clock times, the processor time the work took (the command's own, or this process's): a machine
busy with other work stretches the first but hardly the second. Runs in a throw-away test database
on whatever DATABASE_URL points at (SQLite by default):

    .venv/bin/python bench/print_pack.py [--tables 30] [--rounds 3]
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402

from tournaments import pdf, services  # noqa: E402
from whistdrive.env import database_url  # noqa: E402

GOAL_MS = 500  # the whole pack in process, and its request in a running server
PROCESS_GOAL_MS = 1000  # manage.py print --document pack, start to end


def _summary(name: str, values: list[float], goal: str = "", cpu: list[float] | None = None) -> str:
    line = f"  {name:<44} {statistics.median(values):6.0f} ms  ({min(values):.0f}–{max(values):.0f})"
    if cpu:
        line += f", processor {statistics.median(cpu):.0f} ms ({min(cpu):.0f}–{max(cpu):.0f})"
    return line + goal


def _children_cpu_ms() -> float:
    """The processor time (user and system) of this process's finished children so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000


def whole_process(event_id: int, rounds: int) -> tuple[list[float], list[float], list[float], list[float]]:
    """The print command in a new process, start to end (wall clock and processor time), the same
    for no event (start-up), and a bare Django project's process, in turn."""
    env = {**os.environ, "DATABASE_URL": database_url(connection.settings_dict)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # Python keeps its compiled modules, as it does by default
    with tempfile.TemporaryDirectory() as folder:
        output = str(Path(folder) / "pack.pdf")
        bare = Path(folder) / "bare"
        bare.mkdir()
        subprocess.run([sys.executable, "-m", "django", "startproject", "bare", str(bare)], check=True)
        bare_env = {**env, "DJANGO_SETTINGS_MODULE": "bare.settings"}

        def bare_run() -> float:
            start = time.perf_counter()
            command = [sys.executable, "-c", "import django; django.setup()"]
            subprocess.run(command, cwd=bare, env=bare_env, check=True, capture_output=True)
            return (time.perf_counter() - start) * 1000

        def run(event: int, *, check: bool) -> tuple[float, float]:
            start, cpu = time.perf_counter(), _children_cpu_ms()
            command = [sys.executable, "manage.py", "print", str(event), "--document", "pack"]
            done = subprocess.run([*command, "--output", output], cwd=ROOT, env=env, capture_output=True)
            elapsed = (time.perf_counter() - start) * 1000
            if check and done.returncode != 0:
                raise SystemExit(done.stderr.decode())
            return elapsed, _children_cpu_ms() - cpu

        run(event_id, check=True)  # compiles and keeps the project's modules, as a first use does
        bare_run()
        packs, cpus, floors, bares = [], [], [], []
        for _ in range(rounds):
            elapsed, cpu = run(event_id, check=True)
            packs.append(elapsed)
            cpus.append(cpu)
            floors.append(run(0, check=False)[0])
            bares.append(bare_run())
        return packs, cpus, floors, bares


def served(event, rounds: int) -> tuple[list[float], list[float]]:
    """The pack's request in this (running) process, as the server times it, and the processor
    time it took."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    user = get_user_model().objects.create_user("bench-organiser", password="bench-password-1")
    event.club.organisers.add(user)
    client = Client(SERVER_NAME="127.0.0.1")
    client.force_login(user)
    timings, cpus = [], []
    for _ in range(rounds):
        cpu = time.process_time()
        response = client.get(f"/events/{event.pk}/print/pack.pdf")
        cpus.append((time.process_time() - cpu) * 1000)
        assert response.status_code == 200 and response.content.startswith(b"%PDF"), response.status_code
        timings.append(float(response["Server-Timing"].split("dur=")[1]))
    return timings, cpus


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        club = services.club_get_or_create(name="Bench Club")
        event = services.event_create(
            club=club,
            name="Bench",
            date=date(2026, 11, 26),
            tables=args.tables,
            boards_per_round=2,
            variant="relay" if args.tables % 2 == 0 else None,
        )
        services.event_build_movement(event=event)
        services.event_deal_boards(event=event, seed="bench", analyse=False)
        times: dict[str, list[float]] = {}
        packs: list[float] = []  # the pack as one file, as the print command makes it
        cpus: list[float] = []  # print data and the pack, processor time
        for _ in range(args.rounds):
            cpu, start = time.process_time(), time.perf_counter()
            pack = services.event_print_pack(event, base_url="http://192.168.1.20:8000")
            times.setdefault("print data", []).append((time.perf_counter() - start) * 1000)
            for document in (d for d in pdf.DOCUMENTS if d != "pack"):
                start = time.perf_counter()
                pdf.render(pack, document)
                times.setdefault(document, []).append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            pdf.render(pack, "pack")
            packs.append((time.perf_counter() - start) * 1000)
            cpus.append((time.process_time() - cpu) * 1000)
        print(f"{args.tables}-table relay, {event.boards.count()} boards, database {connection.vendor}")
        for name, values in times.items():
            print(_summary(name, values))
        print(_summary("the pack, one file of all of them", packs))
        total = [data + pack for data, pack in zip(times["print data"], packs, strict=True)]
        print(_summary("in process: print data and the pack", total, f"; goal {GOAL_MS} ms", cpus))
        print(f"  {'a new process’s first (round 1)':<44} {total[0]:6.0f} ms")
        processes, process_cpus, floors, bares = whole_process(event.pk, args.rounds)
        goal = f"; goal {PROCESS_GOAL_MS} ms"
        print(_summary("manage.py print --document pack", processes, goal, process_cpus))
        print(_summary("of which start-up alone (no such event)", floors))
        print(_summary("a bare Django project's process", bares))
        ratios = [pack / bare for pack, bare in zip(processes, bares, strict=True)]
        median, low, high = statistics.median(ratios), min(ratios), max(ratios)
        print(f"  {'the command / the bare process':<44} {median:6.2f} ×   ({low:.2f}–{high:.2f})")
        timings, request_cpus = served(event, args.rounds)
        goal = f"; goal {GOAL_MS} ms"
        print(_summary("in a running server: the pack's request", timings, goal, request_cpus))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
