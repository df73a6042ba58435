"""Find the schedules stored in tournaments/domain/movements/whist_sitouts.py.

No whist tournament exists for v = 4n + 2 players (6, 10, 14, ..., 38). These schedules seat
them at n tables in each of v rounds, two players sitting out each round and every player
sitting out exactly twice, so that every two players partner at most once and oppose at most
twice.

The players are the elements (x, s) of Z_(2n+1) x {0, 1}. Two initial rounds are developed over
Z_(2n+1): round t of the first half adds t to every x of the first initial round, round t of the
second half to every x of the second. Each initial round leaves out (0, 0) and (0, 1), so every
player sits out once in each half and the sit-outs stay within one of each other after every
round. A pair's class is its difference: d = +-(y - x) for (x, s), (y, s) (n classes for each s),
y - x for (x, 0), (y, 1) (2n + 1 classes), each class 2n + 1 pairs. The rounds keep the rules when
the partners of the two initial rounds are of 4n different classes and no class is opposed more
than twice; the one class left out is the 2n + 1 = v / 2 pairs who never partner.

The initial rounds are found by simulated annealing: seat each round's players in a shuffled
order (tables of four: North, East, South, West), then swap two players of one round, keeping a
swap that does not raise the excess (partnerships beyond one plus oppositions beyond two, summed
over the classes) and one that does with probability exp(-rise / temperature). Each v has its own
seed (the seed v, then v + 1000, ...), so the same rounds come out on every run. Run it with

    .venv/bin/python scripts/find_whist_sitouts.py [v ...]

It prints the initial rounds as Python data for INITIAL_ROUNDS ((x, s) printed as x + (2n+1) s).
On a shared two-core machine it found 10 and 14 at once, 18 in 40 s (seed 1018) and 22 in 64 s
(seed 2022); for 26 and 38 its 20 tries (12 minutes each size) found none, and 6 has none with
(0, 0) and (0, 1) left out of both initial rounds [derived: the 4 players seated form 3 pairings
only, and any two of them oppose a class more than twice], so those sizes keep the next design up
with two empty seats.
"""

import math
import random
import sys
import time

PARTNERS = ((0, 2), (1, 3))
OPPONENTS = ((0, 1), (0, 3), (2, 1), (2, 3))
SIZES = tuple(range(10, 39, 4))
MOVES = 2_000_000
TEMPERATURE = 0.4


def pair_class(a: int, b: int, m: int) -> int:
    """The class of the pair of players a and b (numbered x + m s), 0 .. 2m - 2 ... as an index."""
    (xa, sa), (xb, sb) = divmod(a, m)[::-1], divmod(b, m)[::-1]
    if sa == sb:
        d = (xb - xa) % m
        return sa * m + min(d, m - d)  # 1 .. (m - 1) / 2, offset by m for s = 1
    if sa == 1:
        xa, xb = xb, xa
    return 2 * m + (xb - xa) % m


def search(players: int, seed: int, moves: int = MOVES) -> list[list[int]] | None:
    """The two initial rounds, each the seated players in seat order, or None if ``moves`` swaps find none."""
    m = players // 2
    rng = random.Random(seed)
    rounds = []
    for _ in range(2):
        seated = [p for p in range(players) if p not in (0, m)]
        rng.shuffle(seated)
        rounds.append(seated)
    classes = [[pair_class(a, b, m) for b in range(players)] for a in range(players)]
    partners = [0] * (3 * m)
    opponents = [0] * (3 * m)

    def excess(table: list[int], sign: int) -> int:
        """Add (sign 1) or take away (sign -1) one table's pairs; the change in excess."""
        change = 0
        for counts, pairs, limit in ((partners, PARTNERS, 1), (opponents, OPPONENTS, 2)):
            for i, j in pairs:
                c = classes[table[i]][table[j]]
                if sign < 0:
                    change -= counts[c] > limit
                    counts[c] -= 1
                else:
                    counts[c] += 1
                    change += counts[c] > limit
        return change

    def swap(seated: list[int], i: int, j: int) -> int:
        tables = {i - i % 4, j - j % 4}
        delta = sum(excess(seated[t : t + 4], -1) for t in tables)
        seated[i], seated[j] = seated[j], seated[i]
        return delta + sum(excess(seated[t : t + 4], 1) for t in tables)

    cost = sum(excess(seated[t : t + 4], 1) for seated in rounds for t in range(0, len(seated), 4))
    seats = players - 2
    for _ in range(moves):
        if cost == 0:
            return rounds
        seated = rounds[rng.randrange(2)]
        i, j = rng.randrange(seats), rng.randrange(seats)
        if i == j:
            continue
        delta = swap(seated, i, j)
        if delta > 0 and rng.random() >= math.exp(-delta / TEMPERATURE):
            swap(seated, i, j)
            continue
        cost += delta
    return None


def main(sizes: list[int]) -> None:
    for players in sizes:
        started = time.monotonic()
        for attempt in range(20):
            rounds = search(players, seed=players + 1000 * attempt)
            if rounds is not None:
                break
        took = time.monotonic() - started
        if rounds is None:
            print(f"# {players}: none found in {took:.0f} s", flush=True)
            continue
        tables = [tuple(tuple(seated[t : t + 4]) for t in range(0, len(seated), 4)) for seated in rounds]
        seed = players + 1000 * attempt
        print(f"    {players}: {tuple(tables)!r},  # seed {seed}, {took:.1f} s", flush=True)


if __name__ == "__main__":
    main([int(v) for v in sys.argv[1:]] or list(SIZES))
