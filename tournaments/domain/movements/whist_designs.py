"""The whist tournaments whistdrive plays, one for each size: where each comes from, and its rounds.

A whist tournament Wh(v) seats v players at tables (N, E, S, W), N and S partners against E and W,
so that every two players partner exactly once and oppose exactly twice. They exist for every
v = 0 or 1 (mod 4) (Baker 1975; Abel & Ge, J. Combin. Des. 17, 2009; Haanpää & Kaski, Des. Codes
Cryptogr. 35, 2005).

- 12 players: the design published by J. D. A. Wiseman, "Tournament designs: individual-pairs"
  (June 2003 and April 2004, https://jdawiseman.com/papers/tournaments/individual-pairs/
  individual-pairs.html; "earlier versions of some of the designs here have previously been made
  available in paper form by Dr Nicholas F. J. Inglis"), round by round as printed: its players
  A..L are our players 1..12, its venues i, ii, iii our tables 1, 2, 3, and "E+G:I+J" (E and G
  against I and J) our North E, East I, South G, West J.
- Every other size: developed from one initial round over an abelian group G (the Z-cyclic and
  1-rotational constructions: Anderson, *Combinatorial Designs and Tournaments*, 1997): round r
  adds the (r-1)-th element of G to every player. For v = 4n + 1 the players are the elements of
  G = Z_v, 0 sitting out the initial round; Z_3 x Z_3 for 9, as no Z-cyclic Wh(9) exists [derived,
  by complete search]. For v = 4n they are Z_(4n-1) and one player, inf, seated every round. An
  initial round works when its partner differences (a - c and c - a) are every non-zero element
  once and its opponent differences every non-zero element twice. The initial rounds were found by
  ``scripts/find_whist_starters.py`` [derived] and are stored here; nothing is searched at run
  time, and the tests check every schedule from scratch. Element e is player e + 1 (in Z_3 x Z_3,
  (x, y) is player 3x + y + 1), so player r sits out round r of a 4n + 1 design; inf is player v.

    >>> rounds, source = design_rounds(5)
    >>> rounds[:2]
    (((2, 3, 5, 4),), ((3, 4, 1, 5),))
    >>> source.startswith("Wh(5) developed over Z_5")
    True
"""

from functools import cache

INF = -1  # the player who is seated every round of a 4n design

# v: (the group's moduli, the initial round as tables (N, E, S, W) of group elements, INF = inf).
# Elements of Z_m1 x Z_m2 are numbered in mixed radix: (x, y) is m2 * x + y.
INITIAL_ROUNDS: dict[int, tuple[tuple[int, ...], tuple[tuple[int, int, int, int], ...]]] = {
    4: ((3,), ((INF, 1, 0, 2),)),
    5: ((5,), ((1, 2, 4, 3),)),
    8: ((7,), ((INF, 1, 0, 3), (4, 2, 5, 6))),
    9: ((3, 3), ((1, 3, 2, 6), (4, 5, 8, 7))),
    13: ((13,), ((1, 5, 12, 8), (2, 3, 11, 10), (4, 6, 9, 7))),
    16: ((15,), ((INF, 1, 9, 13), (0, 5, 4, 6), (11, 3, 2, 8), (7, 10, 14, 12))),
    17: ((17,), ((1, 4, 16, 13), (2, 8, 15, 9), (3, 5, 14, 12), (6, 7, 11, 10))),
    20: ((19,), ((INF, 7, 8, 11), (0, 5, 1, 13), (10, 3, 12, 16), (17, 6, 14, 15), (2, 4, 9, 18))),
    21: ((21,), ((1, 2, 7, 9), (4, 5, 17, 15), (3, 11, 8, 20), (6, 13, 10, 16), (12, 18, 14, 19))),
    24: (
        (23,),
        ((INF, 6, 21, 22), (0, 12, 17, 15), (2, 3, 16, 5), (4, 10, 19, 14), (11, 7, 1, 8), (9, 13, 20, 18)),
    ),
    25: (
        (25,),
        ((1, 2, 24, 23), (3, 9, 22, 16), (4, 12, 21, 13), (5, 10, 20, 15), (6, 8, 19, 17), (7, 11, 18, 14)),
    ),
    28: (
        (27,),
        (
            (INF, 3, 0, 24),
            (1, 6, 26, 21),
            (2, 12, 25, 15),
            (4, 8, 23, 19),
            (5, 13, 22, 14),
            (7, 9, 20, 18),
            (10, 11, 17, 16),
        ),
    ),
    29: (
        (29,),
        (
            (1, 2, 28, 27),
            (3, 13, 26, 16),
            (4, 8, 25, 21),
            (5, 10, 24, 19),
            (6, 12, 23, 17),
            (7, 14, 22, 15),
            (9, 11, 20, 18),
        ),
    ),
    32: (
        (31,),
        (
            (INF, 9, 6, 14),
            (0, 13, 17, 29),
            (7, 10, 25, 19),
            (21, 4, 15, 5),
            (2, 23, 22, 26),
            (27, 18, 20, 28),
            (8, 1, 12, 3),
            (11, 16, 30, 24),
        ),
    ),
    33: (
        (33,),
        (
            (1, 25, 14, 30),
            (3, 2, 17, 32),
            (24, 10, 13, 18),
            (9, 7, 27, 19),
            (26, 4, 20, 6),
            (23, 11, 16, 15),
            (8, 5, 31, 29),
            (12, 21, 28, 22),
        ),
    ),
    36: (
        (35,),
        (
            (INF, 5, 0, 15),
            (20, 10, 25, 30),
            (1, 2, 4, 3),
            (8, 19, 12, 31),
            (17, 9, 28, 11),
            (18, 14, 32, 21),
            (27, 6, 33, 24),
            (22, 26, 13, 34),
            (16, 7, 29, 23),
        ),
    ),
    37: (
        (37,),
        (
            (1, 2, 36, 35),
            (3, 7, 34, 30),
            (4, 15, 33, 22),
            (5, 18, 32, 19),
            (6, 14, 31, 23),
            (8, 13, 29, 24),
            (9, 16, 28, 21),
            (10, 12, 27, 25),
            (11, 17, 26, 20),
        ),
    ),
    40: (
        (39,),
        (
            (INF, 13, 0, 26),
            (1, 2, 38, 37),
            (3, 5, 36, 34),
            (4, 18, 35, 21),
            (6, 17, 33, 22),
            (7, 14, 32, 25),
            (8, 12, 31, 27),
            (9, 15, 30, 24),
            (10, 19, 29, 20),
            (11, 16, 28, 23),
        ),
    ),
}

# Wiseman's 12-player design as printed, round by round, venue by venue ("E+G:I+J": E and G
# partner against I and J).
WISEMAN_12 = (
    "E+G:I+J L+A:B+H C+F:D+K",
    "L+D:E+K F+I:G+C H+J:A+B",
    "I+A:J+F K+B:D+E L+G:H+C",
    "C+E:G+H L+J:K+F A+D:B+I",
    "L+B:C+I D+G:E+A F+H:J+K",
    "G+J:H+D I+K:B+C L+E:F+A",
    "A+C:E+F L+H:I+D J+B:K+G",
    "L+K:A+G B+E:C+J D+F:H+I",
    "E+H:F+B G+I:K+A L+C:D+J",
    "J+A:C+D L+F:G+B H+K:I+E",
    "L+I:J+E K+C:A+H B+D:F+G",
)
WISEMAN_SOURCE = (
    "J. D. A. Wiseman, Tournament designs: individual-pairs (2003, 2004), the 12-player design, "
    "https://jdawiseman.com/papers/tournaments/individual-pairs/individual-pairs.html"
)


@cache
def design_rounds(design: int) -> tuple[tuple[tuple[tuple[int, int, int, int], ...], ...], str]:
    """The Wh(design)'s rounds, tables as (N, E, S, W) players 1..design, and where it comes from."""
    if design == 12:
        return tuple(_wiseman_round(text) for text in WISEMAN_12), WISEMAN_SOURCE
    moduli, initial = INITIAL_ROUNDS[design]
    elements = _elements(moduli)
    index = {e: i for i, e in enumerate(elements)}

    def player(point: int, shift: int) -> int:
        if point == INF:
            return design
        if len(moduli) == 1:
            return (point + shift) % moduli[0] + 1
        pairs = zip(elements[point], elements[shift], moduli, strict=True)
        return index[tuple((x + y) % m for x, y, m in pairs)] + 1

    rounds = tuple(
        tuple(tuple(player(p, shift) for p in table) for table in initial) for shift in range(len(elements))
    )
    group = " x ".join(f"Z_{m}" for m in moduli)
    kind = (
        f"developed over {group} and a player who stays put" if design % 4 == 0 else f"developed over {group}"
    )
    # The organiser reads this under the schedule: the published construction in words, and no
    # path to the script that searched for the initial round (scripts/find_whist_starters.py).
    return rounds, (
        f"Wh({design}) {kind}, the construction in Anderson, Combinatorial Designs and Tournaments "
        "(1997), from an initial round found by a computer search"
    )


def _elements(moduli: tuple[int, ...]) -> list[tuple[int, ...]]:
    elements: list[tuple[int, ...]] = [()]
    for m in moduli:
        elements = [e + (x,) for e in elements for x in range(m)]
    return elements


def _wiseman_round(text: str) -> tuple[tuple[int, int, int, int], ...]:
    def player(letter: str) -> int:
        return ord(letter) - ord("A") + 1

    tables = []
    for game in text.split():
        ns, ew = game.split(":")
        north, south = ns.split("+")
        east, west = ew.split("+")
        tables.append((player(north), player(east), player(south), player(west)))
    return tuple(tables)
