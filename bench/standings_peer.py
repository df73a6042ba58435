"""Benchmark: an event's standings against the peer engine's, on the same results, in one run.

The peer is bridge-box-scorer (github.com/rhindonltd/bridge-box-scorer, TypeScript, Node 20), a
bridge club's scorer whose pairs matchpoints are computed board by board (``score`` in
``src/model/score-traveller.ts``, its ``PAIR_MP`` strategy) and added up and ranked over the event
(``calculateOverallMPResults`` in ``src/model/score-pair.ts``). Get it with
``git clone https://github.com/rhindonltd/bridge-box-scorer /tmp/peer`` and install its npm packages
there (``--ignore-scripts`` is enough: the peer's TypeScript is run by its own tsx, nothing of it is
built). Then, from whistdrive's folder:

    .venv/bin/python bench/standings_peer.py --peer /tmp/peer [--tables 30] [--rounds 3]

Without ``--peer`` (or without the peer's packages, or node) it says so and stops.

A ``tables``-table event with every result in is made as ``bench/score_event.py`` makes it, in a
throw-away test database, and its results are read for scoring. A small driver written into a
temporary folder runs the peer's computation on the same results under node, kept running; it
warms up (its JIT) first. Then each round takes batches in turns, so that a load on the machine
falls on both sides alike: ``repeat`` computations of the standings here (``score_event``, what
``bench/score_event.py`` times as "computing the standings"), then ``repeat`` of the peer's. Only
the computation is timed on either side: not node's start-up, not the database's read, not turning
the results into the peer's travellers. A round's figure is the median of its batches (its ratio,
the median of each batch's over the peer's next); the median and range of the rounds are printed.

The peer scores bridge contracts, so each result is given to it as one N/S contract whose score
rises with N/S's tricks: 1NT by North, made with 7 tricks, over or down by the rest (``1NTN+2`` for
9 tricks, ``1NTN-3`` for 4). Equal tricks score equal points and more tricks more points, so the
peer's matchpoints on a board are those of the tricks. Both sides' matchpoints on every result, each
pair's total and top, and each pair's place in its direction (the peer ranks the whole room in one
list: a place here is counted among the pairs of the same direction) are checked to agree before
and after the timing. The ratio is whistdrive's time over the peer's (goal: at most 0.5).
"""

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import score_event as scored  # bench/score_event.py: sets Django up and makes the event
from django.db import connection
from django.test.utils import setup_test_environment

from tournaments import services
from tournaments.domain.scoring import score_event

GOAL = 0.5  # whistdrive's standings in at most half the peer's time

DRIVER = """\
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { score } from "PEER/src/model/score-traveller.ts";
import { calculateOverallMPResults } from "PEER/src/model/score-pair.ts";

const travellers = JSON.parse(readFileSync(process.argv[2], "utf8"));

function compute() {
  const boards = travellers.map((traveller: any) => score(traveller, "PAIR_MP"));
  return { boards, overall: calculateOverallMPResults(boards as any) };
}

// Asked "N", the mean time of N computations in ms; asked "show", the last one's figures.
let out = compute();
let sink = 0;
for await (const line of createInterface({ input: process.stdin })) {
  if (line === "show") {
    console.log(JSON.stringify({ boards: out.boards, overall: out.overall.lines, sink }));
    continue;
  }
  const start = process.hrtime.bigint();
  for (let i = 0; i < Number(line); i++) {
    out = compute();
    sink += out.overall.lines.length;
  }
  console.log(Number(process.hrtime.bigint() - start) / 1e6 / Number(line));
}
"""


def outcome(ns_tricks: int) -> str:
    """A bridge result whose score rises with N/S's tricks: 1NT by North, 7 tricks to make it."""
    over = ns_tricks - 7
    return "1NTN" + ("=" if over == 0 else f"{over:+d}")


def _pair_id(pair) -> str:
    return f"{pair[0]}{pair[1]}"


def travellers(results) -> list[dict]:
    """The results as the peer's pair travellers, one a board, in board order."""
    by_board: dict[int, list] = {}
    for r in results:
        if r.ns_tricks is None:
            raise SystemExit("The peer has no adjusted scores: every result must be played.")
        line = {"outcome": outcome(r.ns_tricks), "nsId": _pair_id(r.ns_pair), "ewId": _pair_id(r.ew_pair)}
        by_board.setdefault(r.board, []).append(line)
    return [
        {"type": "PAIR", "mode": "PAIR", "board": board, "section": "A", "lines": lines}
        for board, lines in sorted(by_board.items())
    ]


def _ours(results, expected, repeat):
    """The mean time, in ms, of ``repeat`` computations of the standings."""
    start = time.perf_counter()
    for _ in range(repeat):
        score_event(results, expected=expected)
    return (time.perf_counter() - start) * 1000 / repeat


class Peer:
    """The peer's driver under node, kept running: asked for a batch of computations, it answers
    their mean time; asked to show, the last computation's figures."""

    def __init__(self, tsx: Path, checkout: Path, driver: Path, data: Path):
        # Run from the checkout, so that the peer's own settings resolve its imports.
        self.process = subprocess.Popen(
            [str(tsx), str(driver), str(data)],
            cwd=checkout,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, line: str):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise SystemExit("The peer's driver stopped (its error is above).")
        return json.loads(answer)

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def _places_in_fields(overall, fields: dict[str, str]) -> dict[str, str]:
    """Each pair's place among the pairs whistdrive ranks it with (its direction, or the one field
    of an arrow-switched event), from the peer's one ranked list, written as whistdrive writes a
    place ("2=" when shared)."""
    rank = {line["pairId"]: line["rank"] for line in overall}
    places = {}
    for pair, own in rank.items():
        field = [other for other in rank if fields.get(other) == fields.get(pair)]
        above = sum(rank[other] < own for other in field)
        level = sum(rank[other] == own for other in field)
        places[pair] = f"{above + 1}{'=' if level > 1 else ''}"
    return places


def check_same(ours, theirs) -> int:
    """Raise unless both sides give every result the same matchpoints, every pair the same total,
    top and place in its field; the number of figures compared."""
    mine = {}
    for board in ours.boards:
        for s in board.results:
            r = s.result
            mine[(board.board, _pair_id(r.ns_pair), _pair_id(r.ew_pair))] = (s.ns_score, s.ew_score)
    compared = 0
    for board in theirs["boards"]:
        for line in board["lines"]:
            key = (board["board"], line["nsId"], line["ewId"])
            if key not in mine:
                raise SystemExit(f"The peer scored a result whistdrive has not: {key}")
            ns, ew = mine.pop(key)
            if abs(ns - line["nsMatchPoints"]) > 1e-9 or abs(ew - line["ewMatchPoints"]) > 1e-9:
                raise SystemExit(f"Board {key}: whistdrive {ns}/{ew}, the peer {line}")
            compared += 1
    if mine:
        raise SystemExit(f"The peer scored no result for {sorted(mine)[:5]}")
    places = _places_in_fields(theirs["overall"], {_pair_id(s.pair): s.field for s in ours.standings})
    totals = {line["pairId"]: line for line in theirs["overall"]}
    if len(totals) != len(ours.standings):
        raise SystemExit(f"whistdrive ranks {len(ours.standings)} pairs, the peer {len(totals)}")
    for standing in ours.standings:
        pair = _pair_id(standing.pair)
        line = totals[pair]
        if abs(standing.score - line["totalMP"]) > 1e-6 or abs(standing.top - line["maxMP"]) > 1e-6:
            raise SystemExit(f"{pair}: whistdrive {standing.score}/{standing.top}, the peer {line}")
        if standing.rank != places[pair]:
            raise SystemExit(f"{pair}: whistdrive places it {standing.rank}, the peer {places[pair]}")
        compared += 1
    return compared


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", type=Path, help="the peer's checkout, its packages installed")
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each side timed once a round")
    parser.add_argument("--batches", type=int, default=10, help="batches a round, each side, taken in turns")
    parser.add_argument("--repeat", type=int, default=20, help="computations a batch")
    parser.add_argument("--warm", type=int, default=200, help="computations by the peer before it is timed")
    args = parser.parse_args()

    tsx = args.peer / "node_modules" / ".bin" / "tsx" if args.peer else None
    if tsx is None or not tsx.exists() or not shutil.which("node"):
        print(
            "Skipped: no peer to compare with. Give its checkout, packages installed, as --peer "
            "(see this file's docstring for how to get it); node must be on the PATH."
        )
        return 0

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        club = services.club_get_or_create(name="Bench Club")
        event, count = scored.event_with_results(args.tables, club)
        *_, results, expected = scored.standings_inputs(event)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)

    with tempfile.TemporaryDirectory() as folder:
        driver, data = Path(folder) / "driver.mts", Path(folder) / "travellers.json"
        driver.write_text(DRIVER.replace("PEER", str(args.peer.resolve())))
        data.write_text(json.dumps(travellers(results)))
        peer = Peer(tsx, args.peer, driver, data)
        try:
            compared = check_same(score_event(results, expected=expected), peer.ask("show"))
            peer.ask(str(args.warm))  # its JIT compiles the computation before it is timed
            ours_ms, peer_ms, ratios = [], [], []
            for _ in range(args.rounds):
                # Batches taken in turns, so that a load on the machine falls on both sides alike.
                ours, theirs = [], []
                for _ in range(args.batches):
                    ours.append(_ours(results, expected, args.repeat))
                    theirs.append(peer.ask(str(args.repeat)))
                ours_ms.append(statistics.median(ours))
                peer_ms.append(statistics.median(theirs))
                ratios.append(statistics.median(o / p for o, p in zip(ours, theirs, strict=True)))
            check_same(score_event(results, expected=expected), peer.ask("show"))
        finally:
            peer.close()

    def line(label, values, unit=" ms"):
        return (
            f"    {label:<22} {statistics.median(values):8.3f}{unit}  ({min(values):.3f}–{max(values):.3f})"
        )

    print(
        f"{args.tables} tables, {count} results; {args.rounds} rounds, each the median of {args.batches} "
        f"batches of {args.repeat} computations a side, taken in turns"
    )
    print(f"    the same matchpoints, totals, tops and places on both sides ({compared} figures)")
    print(line("whistdrive standings", ours_ms))
    print(line("peer standings", peer_ms))
    print(line("whistdrive / peer", ratios, "×") + f"  goal ≤ {GOAL}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
