"""Find the initial rounds of the whist tournaments stored in tournaments/domain/movements/whist.py.

A whist tournament Wh(v) is developed from one initial round over an abelian group G: every later
round adds an element of G to every player. For v = 4n + 1 the players are the elements of G
(|G| = v) and the initial round seats every element but 0, who sits out; for v = 4n they are the
elements of G (|G| = v - 1) and one player "inf" who is seated in every round and never moves.
The initial round gives a whist tournament when its partner differences (a - c and c - a for
partners a, c) are every non-zero element once and its opponent differences every non-zero
element twice (Anderson, Combinatorial Designs and Tournaments, 1997).

For each v the script tries, in this order, over Z_v (v = 4n + 1) or Z_(v-1) (v = 4n):

1. a patterned round: tables (x, y, -x, -y), and (inf, y, 0, -y) for v = 4n; then it only has
   to pair the classes {x, -x} so that the classes of x - y and x + y cover each class once;
2. for groups of order up to 11, a complete depth-first search (so it can say none exists: Z_9
   has none, and the script goes on to Z_3 x Z_3);
3. a depth-first search that seats first the player with the fewest possible partners left,
   in an order shuffled by a fixed seed, given up after 3,000 steps and tried again with the
   next seed (1, 2, 3, ...), which finds the larger ones fast where a plain search gets stuck.
   For v = 4n a round found this way is kept only if two of its players share their three
   tables with six different others (``spreads``), so that 4n - 2 players, those two seats left
   empty, sit out evenly.
   For 36 it starts from the 8-player design's initial round times 5 (``START_FROM``): the
   players 0, 5, ..., 30 and inf then play a Wh(8) among themselves [derived].

Everything is deterministic: the same rounds come out on every run. Run it with

    .venv/bin/python scripts/find_whist_starters.py [v ...]

It took 4.6 minutes for all sizes on a shared two-core machine, nearly all of it for 32 and 33
(seeds 458 and 617). It prints the rounds as Python data for INITIAL_ROUNDS (-1 for inf);
tests/domain/test_whist.py checks each stored schedule from scratch.
"""

import random
import sys
import time
from itertools import product

INF = -1
# v: the smaller design whose initial round, times a factor, starts the search (its players are a
# subgroup of G, and play the smaller design among themselves every round). Without it the
# search for 36 runs for many minutes.
START_FROM = {36: (8, 5)}
EXHAUSTIVE_UP_TO = 11
RESTART_STEPS = 3_000


class Group:
    """Z_m1 x Z_m2 x ..., its elements numbered 0..order-1 in mixed radix (last factor fastest)."""

    def __init__(self, moduli: tuple[int, ...]):
        self.moduli = moduli
        elements = list(product(*(range(m) for m in moduli)))
        index = {e: i for i, e in enumerate(elements)}
        self.order = len(elements)
        self.sub = [
            [index[tuple((x - y) % m for x, y, m in zip(a, b, moduli, strict=True))] for b in elements]
            for a in elements
        ]
        self.neg = [self.sub[0][x] for x in range(self.order)]


def patterned(group: Group, with_inf: bool):
    """Tables (x, y, -x, -y): partners x, -x (difference 2x) and y, -y; opponents give the
    classes of x - y and x + y, four times each."""
    sub, neg = group.sub, group.neg

    def cls(x):
        return min(x, neg[x])

    classes = sorted({cls(x) for x in range(1, group.order)})

    def match(items, covered):
        if not items:
            return []
        x = items[0]
        for y in items[1:]:
            c1, c2 = cls(sub[x][y]), cls(sub[x][neg[y]])
            if c1 == c2 or c1 in covered or c2 in covered:
                continue
            rest = match([z for z in items if z not in (x, y)], covered | {c1, c2})
            if rest is not None:
                return [(x, y)] + rest
        return None

    if with_inf:
        for y in classes:
            pairs = match([x for x in classes if x != y], {y})
            if pairs is not None:
                return [(INF, y, 0, neg[y])] + [(a, b, neg[a], neg[b]) for a, b in pairs]
        return None
    pairs = match(classes, set())
    return None if pairs is None else [(a, b, neg[a], neg[b]) for a, b in pairs]


def search(group: Group, with_inf: bool, seed: int, limit: int | None, start=()):
    """Depth-first search from the tables ``start``; seed 0 keeps the natural order. Returns the
    round, False when there is none, None when the step limit was reached."""
    n, sub = group.order, group.sub
    rng = random.Random(seed)
    partner_used = [False] * n
    opponent_count = [0] * n
    placed = [False] * n
    placed[0] = not with_inf  # with v = 4n + 1 the element 0 sits out
    tables = []
    steps = 0

    def set_partner(a, c, value):
        if a != INF and c != INF:
            partner_used[sub[a][c]] = value
            partner_used[sub[c][a]] = value

    def opponents_fit(pairs):
        extra = {}
        for a, b in pairs:
            if a == INF or b == INF:
                continue
            for d in (sub[a][b], sub[b][a]):
                extra[d] = extra.get(d, 0) + 1
                if opponent_count[d] + extra[d] > 2:
                    return False
        return True

    def add_opponents(pairs, step):
        for a, b in pairs:
            if a != INF and b != INF:
                opponent_count[sub[a][b]] += step
                opponent_count[sub[b][a]] += step

    def place(points, value):
        for p in points:
            if p != INF:
                placed[p] = value

    def extend():
        nonlocal steps
        steps += 1
        if limit is not None and steps > limit:
            return None
        free = [x for x in range(n) if not placed[x]]
        if not free:
            return True
        if not tables and with_inf:
            a, partners = INF, free
        else:
            a, partners = None, None
            for x in free:  # the player with the fewest partners left goes first
                choices = [y for y in free if y != x and not partner_used[sub[x][y]]]
                if partners is None or len(choices) < len(partners):
                    a, partners = x, choices
                    if not choices:
                        return False
        partners = list(partners)
        if seed:
            rng.shuffle(partners)
        for c in partners:
            set_partner(a, c, True)
            others = [x for x in free if x != a and x != c]
            couples = [
                (b, d) for i, b in enumerate(others) for d in others[i + 1 :] if not partner_used[sub[b][d]]
            ]
            if seed:
                rng.shuffle(couples)
            for b, d in couples:
                pairs = ((a, b), (a, d), (c, b), (c, d))
                if not opponents_fit(pairs):
                    continue
                set_partner(b, d, True)
                add_opponents(pairs, 1)
                place((a, b, c, d), True)
                tables.append((a, b, c, d))
                found = extend()
                if found:
                    return True
                tables.pop()
                place((a, b, c, d), False)
                add_opponents(pairs, -1)
                set_partner(b, d, False)
                if found is None:
                    set_partner(a, c, False)
                    return None
            set_partner(a, c, False)
        return False

    for a, b, c, d in start:
        set_partner(a, c, True)
        set_partner(b, d, True)
        add_opponents(((a, b), (a, d), (c, b), (c, d)), 1)
        place((a, b, c, d), True)
        tables.append((a, b, c, d))
    found = extend()
    return list(tables) if found else found


def find(group: Group, with_inf: bool, start=()):
    """The initial round and how it was found, or (None, why)."""
    found = patterned(group, with_inf)
    if found is not None:
        return found, "patterned"
    if group.order <= EXHAUSTIVE_UP_TO:
        found = search(group, with_inf, seed=0, limit=None)
        return (found, "complete search") if found else (None, "none exists (complete search)")
    for seed in range(1, 1_000_000):
        found = search(group, with_inf, seed=seed, limit=RESTART_STEPS, start=start)
        if found and (not with_inf or spreads(group, found)):
            return found, f"seed {seed}" + (" from the smaller design's tables" if start else "")
    return None, "not found"


def spreads(group: Group, initial) -> bool:
    """Whether two players of the developed design share their three tables with six different
    others: then 4n - 2 players, the two left empty, sit out 5 or 6 rounds each, none 4."""
    v = group.order + 1
    rounds = [
        [tuple(p if p == INF else group.sub[p][group.neg[shift]] for p in t) for t in initial]
        for shift in range(group.order)
    ]
    for x in [INF, *range(group.order)]:
        for y in range(group.order):
            if x == y:
                continue
            thirds = [
                p for tables in rounds for t in tables if x in t and y in t for p in t if p not in (x, y)
            ]
            if len(set(thirds)) == 6:
                return True
    return v <= 4


def starting_tables(v: int):
    if v not in START_FROM:
        return ()
    smaller, factor = START_FROM[v]
    order = v if v % 4 == 1 else v - 1
    found, _ = find(Group(groups_for(smaller)[0]), with_inf=smaller % 4 == 0)
    return [tuple(INF if p == INF else p * factor % order for p in table) for table in found]


def groups_for(v: int) -> list[tuple[int, ...]]:
    """The groups to try for v players, the cyclic one first."""
    order = v if v % 4 == 1 else v - 1
    return [(order,), (3, 3)] if order == 9 else [(order,)]


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [v for v in range(4, 41) if v % 4 in (0, 1) and v != 12]
    for v in sizes:
        for moduli in groups_for(v):
            start = time.perf_counter()
            found, how = find(Group(moduli), with_inf=v % 4 == 0, start=starting_tables(v))
            seconds = time.perf_counter() - start
            if found is None:
                print(f"    # {v} over {moduli}: {how} ({seconds:.1f} s)")
                continue
            print(f"    {v}: ({moduli!r}, {tuple(found)!r}),  # {how}, {seconds:.1f} s")
            break
        sys.stdout.flush()


if __name__ == "__main__":
    main()
