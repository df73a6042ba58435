"""Benchmark: one round of a two-player night's Swiss, paired, at 16, 40, 64, 100 and 150 players.

Each field plays two rounds with random results (wins, losses and ties: several scores), then its
third round is paired, in rounds of 3 (median and range of processor time, which a machine busy
with other work hardly stretches). Up to 64 players the FIDE Dutch system's library pairs it;
beyond, one maximum-weight matching over the field. The goal: the largest field a night may have
pairs a round in under 5 s.

    .venv/bin/python bench/duel_pairing.py [--players 16 40 64 100 150] [--repeat 3]
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

import django  # noqa: E402

django.setup()

from tournaments.domain.duels import MAX_PLAYERS, swiss_round_limit  # noqa: E402
from tournaments.services.duels.pairing import DUTCH_PLAYERS, Result, swiss_round  # noqa: E402

GOAL = 5.0  # seconds of processor time for a round of the largest field
PLAYED = 2  # rounds played before the one timed


def _history(players: int, rounds: int) -> list[list[Result]]:
    rng = random.Random(players)
    history = []
    for _ in range(PLAYED):
        results = []
        for p in swiss_round(players, history, rounds):
            if p.bye:
                results.append(Result(p.a, None, 2))
            else:
                results.append(Result(p.a, p.b, *rng.choice([(2, 0), (0, 2), (1, 1)])))
        history.append(results)
    return history


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, nargs="+", default=[16, 40, 64, 100, 150])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"round {PLAYED + 1} of a Swiss, paired, {args.repeat} runs, processor time")
    print(f"(a night takes at most {MAX_PLAYERS} players)")
    worst = 0.0
    for players in args.players:
        rounds = swiss_round_limit(players)
        history = _history(players, rounds)
        times = []
        for _ in range(args.repeat):
            started = time.process_time()
            swiss_round(players, history, rounds)
            times.append(time.process_time() - started)
        how = "Dutch system (library)" if players <= DUTCH_PLAYERS else "one matching"
        median = statistics.median(times)
        print(f"  {players:>4} players, {how:<22} {median:7.2f} s  ({min(times):.2f}–{max(times):.2f})")
        if players == MAX_PLAYERS:
            worst = median
    if MAX_PLAYERS in args.players:
        print(f"  at the cap: {worst:.2f} s, goal under {GOAL:.0f} s: {'met' if worst < GOAL else 'MISSED'}")


if __name__ == "__main__":
    main()
