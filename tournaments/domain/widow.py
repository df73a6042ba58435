"""Widow whist series: three players a deal, each for themselves, at tables of three and four.

Clubs are trumps; four hands are dealt, the fourth (the widow) to the dealer's left, and from the
dealer's left each player in turn may take it in place of their own hand. The widow's taker needs 4
tricks, the others 3: each scores 1 a trick over, and loses 1 a trick under.

>>> deal_scores([2, 6, 5], taker=0)  # 2 tricks with the widow: -2; 5 without: +2
(-2, 3, 2)
>>> deal_scores([4, 5, 4], taker=0), deal_scores([5, 4, 4], taker=0)  # with the widow 4: 0, 5: +1
((0, 2, 1), (1, 1, 1))
>>> deal_scores([4, 4, 5], taker=None)  # nobody took the widow: the scores add to 4
(1, 1, 2)
>>> sum(deal_scores([5, 4, 4], taker=2)), sum(deal_scores([5, 4, 4], taker=None))
(3, 4)
>>> deal_scores([5, 4, 5], taker=None)
Traceback (most recent call last):
...
tournaments.domain.widow.WidowError: The tricks of a deal add up to 13: these add up to 14 (5 + 4 + 5).

A series splits the players into as many tables of three as it can, the rest at tables of four
(at most two, so that as few players as can be wait a deal): 9 players play at 3 tables of 3, 10 at
4 + 3 + 3, 11 at 4 + 4 + 3, 13 at 4 + 3 + 3 + 3; 5 players cannot be split. (The skat organiser
pyskat splits these four alike but prefers tables of four, 12 → 4 + 4 + 4; here 12 → 3 + 3 + 3 + 3.)

>>> table_sizes(9), table_sizes(10), table_sizes(11), table_sizes(13), table_sizes(12)
((3, 3, 3), (4, 3, 3), (4, 4, 3), (4, 3, 3, 3), (3, 3, 3, 3))

At a table of four the dealer sits out each deal and the deal passes to the left, so a series of 16
deals there gives each player 12, as 12 deals at a table of three.

>>> deals_at(3), deals_at(4)
(12, 16)
>>> players_in_deal(4, 1), players_in_deal(4, 2), players_in_deal(3, 1)
((1, 2, 3), (0, 2, 3), (0, 1, 2))

Each series is drawn afresh: at random (seeded, so the same draw comes again), or by running totals,
the top players together at the first table.

>>> draw_by_totals({1: 5, 2: 9, 3: -1, 4: 9, 5: 0, 6: 2, 7: 3})
((2, 4, 1, 7), (6, 5, 3))
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence

from .errors import DomainError

TRICKS = 13  # a deal's tricks, shared by the three who play it
TAKER_TARGET = 4  # the widow's taker scores the tricks over 4
TARGET = 3  # the others the tricks over 3
PLAYING = 3  # players in a deal: at a table of four the dealer sits out
TABLE_SIZES = (3, 4)
DEALS_EACH = 12  # deals each player plays in a series, by default
RANDOM = "random"
TOTALS = "totals"
REDRAWS = {RANDOM: "At random", TOTALS: "By running totals (top players together)"}


class WidowError(DomainError):
    """A widow whist series or deal that cannot be played as asked."""


def table_sizes(players: int) -> tuple[int, ...]:
    """The tables of a series of ``players``, tables of four first: as many tables of three as the
    number allows, the rest of four."""
    if players < 3 or players == 5:
        raise WidowError(
            f"{players} players cannot be split into tables of three and four: a widow whist series "
            "needs 3, 4, or 6 players or more."
        )
    fours = players % 3  # 0, 1 or 2 tables of four leave a multiple of three
    return (4,) * fours + (3,) * ((players - 4 * fours) // 3)


def deals_at(size: int, deals_each: int = DEALS_EACH) -> int:
    """The deals a table of ``size`` plays in a series so that each of its players plays
    ``deals_each`` (at a table of four each sits out one deal in four)."""
    if size not in TABLE_SIZES:
        raise WidowError(f"Widow whist is played at tables of three or four, not {size}.")
    if deals_each < 1:
        raise WidowError("A series needs at least one deal for each player.")
    if size == 4 and deals_each % 3:
        raise WidowError(
            f"At a table of four the dealer sits out, so each player plays three deals in four: "
            f"{deals_each} deals each cannot be shared out evenly. Choose a multiple of 3 (12, 15, 18)."
        )
    return deals_each * size // PLAYING


def dealer(size: int, deal: int) -> int:
    """The seat (0-based, clockwise) that deals ``deal`` (1-based): the deal passes to the left."""
    return (deal - 1) % size


def players_in_deal(size: int, deal: int) -> tuple[int, ...]:
    """The seats that play a deal: all three at a table of three, all but the dealer at four."""
    out = dealer(size, deal) if size == 4 else None
    return tuple(seat for seat in range(size) if seat != out)


def sits_out(size: int, deal: int) -> int | None:
    """The seat that sits this deal out (the dealer at a table of four), or None."""
    return dealer(size, deal) if size == 4 else None


def deal_scores(tricks: Sequence[int], taker: int | None) -> tuple[int, ...]:
    """The scores of one deal from the tricks of the three who played it, in their order, and the
    index among them of the widow's taker (None: nobody took it)."""
    if len(tricks) != PLAYING:
        raise WidowError(f"A deal of widow whist is played by three players, not {len(tricks)}.")
    for count in tricks:
        if not 0 <= count <= TRICKS:
            raise WidowError(f"A player takes between 0 and 13 tricks, not {count}.")
    if sum(tricks) != TRICKS:
        added = " + ".join(str(t) for t in tricks)
        raise WidowError(f"The tricks of a deal add up to 13: these add up to {sum(tricks)} ({added}).")
    if taker is not None and not 0 <= taker < PLAYING:
        raise WidowError("The widow was taken by one of the three who played the deal.")
    return tuple(t - (TAKER_TARGET if i == taker else TARGET) for i, t in enumerate(tricks))


def split(players: Sequence[Hashable]) -> tuple[tuple, ...]:
    """Players in order, cut into the series' tables: the first at table 1, and so on."""
    tables, start = [], 0
    for size in table_sizes(len(players)):
        tables.append(tuple(players[start : start + size]))
        start += size
    return tuple(tables)


def draw_at_random(players: Sequence[Hashable], seed: str) -> tuple[tuple, ...]:
    """The tables of a series drawn at random; the same seed draws the same tables."""
    shuffled = list(players)
    random.Random(seed).shuffle(shuffled)
    return split(shuffled)


def draw_by_totals(totals: Mapping[Hashable, int]) -> tuple[tuple, ...]:
    """The tables of a series by running totals: the highest together at table 1, and so on down;
    equal totals by the players' order (their numbers)."""
    ranked = sorted(totals, key=lambda player: (-totals[player], player))
    return split(ranked)


def check_tables(tables: Sequence[Sequence[Hashable]]) -> None:
    """A series' tables seat each player once, three or four to a table."""
    seen: set = set()
    for number, table in enumerate(tables, start=1):
        if len(table) not in TABLE_SIZES:
            raise WidowError(f"Table {number} has {len(table)} players: widow whist is played three or four.")
        for player in table:
            if player in seen:
                raise WidowError(f"Player {player} is seated twice in one series.")
            seen.add(player)
