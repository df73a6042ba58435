"""Double-dummy analysis through endplay (DDS): how many tricks each side takes with perfect play.

DDS runs in a process of its own, at a lower priority than the server's (``python -m
tournaments.analysis``, started when boards are to be analysed): it keeps every processor busy for
a minute when 320 boards are dealt, and a player's tablet, served by the server, must not wait
behind it. The process needs no Django and no service to install; it reads deals as a line of JSON
(their PBN strings) on its input and writes their tables as a line on its output, and ends when the
boards waiting are analysed (``dd_solver_stop``) or when the server does (its input closes).
endplay is imported only there: it takes about a second to load. Computed once a board's deal is
stored, after the request that dealt it (services/events/analysing.py), and stored with the board.

endplay is the wheel's optional extra (``whistdrive[analysis]``): it has no wheel for every Python
whistdrive runs on. ``dd_installed`` is the one place that says whether it is there; without it the
boards are dealt and played as ever, and wait for an analysis this computer cannot make.
"""

import atexit
import importlib.util
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

from .domain.deals import SEATS, Deal

STRAIN_ORDER = ("S", "H", "D", "C", "NT")  # endplay's Denom order
CHUNK = 32  # DDS solves a limited number of tables in one call
NICENESS = 10  # the solver's priority below the server's (POSIX nice; below normal on Windows)
# One solver process for this process, one call at a time (two events analysed at once by two
# threads of one server take turns), as DDS itself runs its own threads over one working memory.
_DDS = threading.Lock()
_solver: subprocess.Popen | None = None


def dd_installed() -> bool:
    """Whether endplay is installed: found on the path, not imported (that takes a second)."""
    return importlib.util.find_spec("endplay") is not None


def dd_tables(deals: list[Deal]) -> list[dict[str, dict[str, int]]]:
    """For each deal: tricks by strain and declarer, e.g. table["H"]["N"] = 9."""
    if not deals:
        return []
    rows = []
    with _DDS:
        for start in range(0, len(deals), CHUNK):
            rows += _solve([deal.pbn("N") for deal in deals[start : start + CHUNK]])
    return [
        {strain: dict(zip(SEATS, row, strict=True)) for strain, row in zip(STRAIN_ORDER, table, strict=True)}
        for table in rows
    ]


def _solve(pbns: list[str]) -> list[list[list[int]]]:
    """The tables of a few deals from the solver process, started (again) if it is not running."""
    global _solver
    if _solver is None or _solver.poll() is not None:
        _solver = _start_solver()
    _solver.stdin.write(json.dumps(pbns) + "\n")
    _solver.stdin.flush()
    answer = _solver.stdout.readline()
    if not answer:
        _solver = None
        raise RuntimeError("The double-dummy solver stopped; the boards wait for the next try.")
    return json.loads(answer)


def _start_solver() -> subprocess.Popen:
    here = str(Path(__file__).resolve().parent.parent)  # the folder holding this package
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")]))}
    solver = subprocess.Popen(
        [sys.executable, "-m", "tournaments.analysis"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        creationflags=getattr(subprocess, "BELOW_NORMAL_PRIORITY_CLASS", 0),
    )
    return solver


def dd_solver_stop() -> None:
    """End the solver process once the boards waiting are analysed: it holds DDS's memory (a few
    hundred megabytes), and a server deals a few times an evening."""
    global _solver
    with _DDS:
        if _solver is not None:
            _stop(_solver)
            _solver = None


@atexit.register
def _stop_at_exit() -> None:
    """The solver still running when this process ends (without the lock: a thread may hold it)."""
    if _solver is not None:
        _stop(_solver)


def _stop(solver: subprocess.Popen) -> None:
    if solver.poll() is None:
        solver.stdin.close()  # the solver ends when its input does
        try:
            solver.wait(timeout=5)
        except subprocess.TimeoutExpired:
            solver.kill()


def _serve() -> None:
    """The solver process: a line of deals in, a line of their tables out, until the input ends."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EndplayDeal

    for line in sys.stdin:
        tables = calc_all_tables([EndplayDeal(pbn) for pbn in json.loads(line)])
        sys.stdout.write(json.dumps([table.to_list() for table in tables]) + "\n")
        sys.stdout.flush()


def ns_tricks(table: dict[str, dict[str, int]], trumps: str, dealer: str) -> int:
    """N/S tricks in whist: these trumps, the dealer's left-hand opponent leading.

    With the dealer as DDS's declarer, DDS's opening leader is the dealer's left: the whist lead.
    """
    dealer_side = table[trumps][dealer]
    return dealer_side if dealer in "NS" else 13 - dealer_side


if __name__ == "__main__":
    _serve()
