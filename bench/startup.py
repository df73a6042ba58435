"""Benchmark: Django's start-up, whistdrive beside a bare project on the same Python.

A bare project is made with ``django-admin startproject`` in a temporary folder; then, in turn, a
new process for each times ``import django; django.setup()`` alone (not the interpreter's own
start), its compiled modules kept as Python keeps them by default (a first run of each writes
them). The median and the range of the rounds, wall clock and processor time (which a machine busy
with other work hardly stretches), and whether any PDF code (reportlab, PIL, zxingcpp) was loaded:

    .venv/bin/python bench/startup.py [--rounds 10]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 2.0  # whistdrive's start-up at most twice a bare project's
PDF_CODE = ("reportlab", "PIL", "zxingcpp")

TIMED = f"""
import json, sys, time
start, cpu = time.perf_counter(), time.process_time()
import django
django.setup()
elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
loaded = sorted({{m.split(".")[0] for m in sys.modules}} & {set(PDF_CODE)!r})
print(json.dumps([elapsed * 1000, cpu * 1000, loaded]))
"""


def start_up(folder: Path, settings: str) -> tuple[float, float, list[str]]:
    """One new process's ``import django; django.setup()``: milliseconds of wall clock and of
    processor time, and the PDF code it loaded."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": settings}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # Python keeps its compiled modules, as it does by default
    done = subprocess.run(
        [sys.executable, "-c", TIMED], cwd=folder, env=env, capture_output=True, text=True, check=True
    )
    elapsed, cpu, loaded = json.loads(done.stdout)
    return elapsed, cpu, loaded


def _summary(name: str, values: list[float], unit: str = "ms") -> str:
    low, high = min(values), max(values)
    if unit == "×":
        return f"  {name:<36} {statistics.median(values):6.2f} ×   ({low:.2f}–{high:.2f})"
    return f"  {name:<36} {statistics.median(values):6.0f} ms  ({low:.0f}–{high:.0f})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        bare = Path(folder)
        subprocess.run([sys.executable, "-m", "django", "startproject", "bare", str(bare)], check=True)
        projects = {"a bare project": (bare, "bare.settings"), "whistdrive": (ROOT, "whistdrive.settings")}
        for place, settings in projects.values():
            start_up(place, settings)  # writes the compiled modules, as a first use does
        times: dict[str, list[float]] = {name: [] for name in projects}
        cpus: dict[str, list[float]] = {name: [] for name in projects}
        loaded: dict[str, set[str]] = {name: set() for name in projects}
        for _ in range(args.rounds):  # in turn, so that a busy machine slows both alike
            for name, (place, settings) in projects.items():
                elapsed, cpu, modules = start_up(place, settings)
                times[name].append(elapsed)
                cpus[name].append(cpu)
                loaded[name].update(modules)
    print(f"import django; django.setup(), {args.rounds} rounds, Python {sys.version.split()[0]}")
    for name in projects:
        print(_summary(name, times[name]) + f"; PDF code loaded: {', '.join(sorted(loaded[name])) or 'none'}")
        print(_summary(f"{name}, processor time", cpus[name]))
    for what, values in (("", times), (", processor time", cpus)):
        pairs = zip(values["whistdrive"], values["a bare project"], strict=True)
        ratios = [ours / bare for ours, bare in pairs]
        print(_summary(f"whistdrive / bare{what}", ratios, "×") + f"; goal at most {GOAL:.0f} ×")


if __name__ == "__main__":
    main()
