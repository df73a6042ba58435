"""Minnesota whist: no trumps; each player shows a black card to go "grand" (play high) or a red
one to play low. The first black card turned ends it and that player's side has "granded"; all red,
the hand is played low. A side's tricks are pooled, 13 between the two sides.

Published scorings differ and change who wins, so an evening names its rules (and prints them):

- ``swedish``, the classic rules: granders score 1 a trick over six; granders who fail give the
  other side 2 a trick over six; played low, each side scores 1 a trick under seven.
- ``swedish-set-1``: the same, a failed grand giving the other side 1 a trick (the "set bonus" a club
  may choose instead of 2).
- ``american`` (bridgeguys, BoardGameGeek): the side with more tricks scores 1 a trick over six when
  someone granded, and loses 1 a trick over six when all played low.
- ``south-dakota`` (BoardGameGeek): granders who fail lose 1 a trick under seven, the others score
  nothing; granders who make score 1 a trick over six; played low, a side taking seven or more loses 1
  a trick over six. Its net score (one side's points less the other's) is the American one in every
  hand; it differs in the points each side writes down, which a drive's score card shows.

A hand's points are written for both sides (:func:`hand_points`); in duplicate a board's N/S score
is the N/S net points (:func:`ns_net`), compared across the tables like tricks.

Published examples (swedish): granders 10 v 3 score 4; granders 5 v 8 give the others 4 (2 × 2);
low, 9 v 4: the side with 4 scores 3.

    >>> hand_points("swedish", granded="us", tricks=10)
    (4, 0)
    >>> hand_points("swedish", granded="us", tricks=5)
    (0, 4)
    >>> hand_points("swedish", granded="", tricks=9)
    (0, 3)

One board at four tables (N/S granded, made 9; E/W granded, N/S 8; all low, N/S 5; N/S granded, 6):

    >>> [ns_net("swedish", g, t) for g, t in (("NS", 9), ("EW", 8), ("", 5), ("NS", 6))]
    [3, 4, 2, -2]
    >>> [ns_net("american", g, t) for g, t in (("NS", 9), ("EW", 8), ("", 5), ("NS", 6))]
    [3, 2, 2, -1]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .errors import DomainError

TRICKS = 13
BOOK = 6  # tricks over six count


class MinnesotaError(DomainError):
    """A Minnesota hand that cannot be scored, said in a player's words."""


@dataclass(frozen=True)
class Rules:
    key: str
    name: str
    summary: str  # printed on the results, the travellers and the score cards
    set_bonus: int  # what a failed grand gives the other side a trick (swedish rules)
    game: int  # the points a game is played to, where a table plays games


RULES = {
    r.key: r
    for r in (
        Rules(
            "swedish",
            "Swedish (classic) rules",
            "Grand: the granders score 1 a trick over six; if they fail, the other side scores 2 a "
            "trick over six. Low: each side scores 1 a trick under seven.",
            set_bonus=2,
            game=13,
        ),
        Rules(
            "swedish-set-1",
            "Swedish rules, set bonus 1",
            "Grand: the granders score 1 a trick over six; if they fail, the other side scores 1 a "
            "trick over six. Low: each side scores 1 a trick under seven.",
            set_bonus=1,
            game=13,
        ),
        Rules(
            "american",
            "American rules",
            "Grand: the side with more tricks scores 1 a trick over six. Low: the side with more "
            "tricks loses 1 a trick over six.",
            set_bonus=0,
            game=13,
        ),
        Rules(
            "south-dakota",
            "South Dakota rules",
            "Grand: granders who make score 1 a trick over six; granders who fail lose 1 a trick "
            "under seven. Low: a side taking seven or more loses 1 a trick over six.",
            set_bonus=0,
            game=11,
        ),
    )
}
GRANDED = ("NS", "EW", "")  # who went grand at a duplicate table: N/S, E/W or nobody (played low)


def rules_of(key: str) -> Rules:
    try:
        return RULES[key]
    except KeyError:
        raise MinnesotaError(
            f"'{key}' are not Minnesota rules whistdrive knows: use {', '.join(RULES)}."
        ) from None


def hand_points(rules: str, *, granded: str, tricks: int) -> tuple[int, int]:
    """The points of a hand for "us" (who took ``tricks``) and "them" (who took the rest), as each
    side writes them down. ``granded`` is "us", "them" or "" (nobody: played low).

    >>> hand_points("american", granded="them", tricks=4)
    (0, 3)
    >>> hand_points("american", granded="", tricks=4)
    (0, -3)
    >>> hand_points("south-dakota", granded="us", tricks=4)
    (-3, 0)
    """
    r = rules_of(rules)
    if granded not in ("us", "them", ""):
        raise MinnesotaError("Say who went grand: us, them or nobody (the hand was played low).")
    if not 0 <= tricks <= TRICKS:
        raise MinnesotaError(f"A side takes between 0 and {TRICKS} tricks, not {tricks}.")
    theirs = TRICKS - tricks
    if granded == "them":
        b, a = hand_points(rules, granded="us", tricks=theirs)
        return a, b
    over, short = max(0, tricks - BOOK), max(0, BOOK + 1 - tricks)  # ours over six, under seven
    if r.key in ("swedish", "swedish-set-1"):
        if granded == "us":
            return (over, 0) if tricks > BOOK else (0, r.set_bonus * (theirs - BOOK))
        return short, max(0, BOOK + 1 - theirs)
    if r.key == "american":
        sign = 1 if granded else -1
        return (sign * over, 0) if tricks > BOOK else (0, sign * (theirs - BOOK))
    # south dakota
    if granded == "us":
        return (over, 0) if tricks > BOOK else (-short, 0)
    return (-over, 0) if tricks > BOOK else (0, -(theirs - BOOK))


def ns_net(rules: str, granded: str, ns_tricks: int) -> int:
    """N/S's points less E/W's on a hand where N/S took ``ns_tricks``; ``granded`` is "NS", "EW"
    or "" (played low). The score a duplicate board compares.

    >>> ns_net("swedish", "EW", 5)
    -2
    """
    if granded not in GRANDED:
        raise MinnesotaError("Say who went grand: N/S, E/W or nobody (the hand was played low).")
    side = {"NS": "us", "EW": "them", "": ""}[granded]
    ns, ew = hand_points(rules, granded=side, tricks=ns_tricks)
    return ns - ew


def same_board_scores() -> tuple[tuple[str, ...], ...]:
    """The rules that score every duplicate board the same: the same N/S net points whoever went
    grand and whatever the tricks, so a duplicate evening ranks alike under any of them. They
    differ where each side keeps its own points (a drive's score card, a team night).

    >>> same_board_scores()
    (('swedish-set-1', 'american', 'south-dakota'),)
    """
    alike: dict[tuple[int, ...], list[str]] = {}
    for key in RULES:
        nets = tuple(ns_net(key, granded, tricks) for granded in GRANDED for tricks in range(TRICKS + 1))
        alike.setdefault(nets, []).append(key)
    return tuple(tuple(keys) for keys in alike.values() if len(keys) > 1)


def same_board_words() -> str:
    """Which rules score a duplicate board the same, said where an event's rules are chosen.

    >>> print(same_board_words())  # doctest: +ELLIPSIS
    These score every duplicate board the same (...): Swedish rules, set bonus 1; American rules; ...
    """
    return " ".join(
        "These score every duplicate board the same (the same net points on every hand, so the evening "
        f"ranks alike): {'; '.join(RULES[key].name for key in keys)}."
        for keys in same_board_scores()
    )


def granded_words(granded: str) -> str:
    """Who went grand, as a traveller and a results page say it.

    >>> granded_words("EW"), granded_words("")
    ('E/W grand', 'Low')
    """
    return {"NS": "N/S grand", "EW": "E/W grand", "": "Low"}[granded]


def granded_by(granded: str, side: str) -> str:
    """Who went grand as the score card of the pair sitting ``side`` ("NS" or "EW") says it.

    >>> granded_by("EW", "NS"), granded_by("EW", "EW"), granded_by("", "EW")
    ('Them', 'Us', 'Low')
    """
    return "Low" if not granded else "Us" if granded == side else "Them"


class Hand(NamedTuple):
    """What a duplicate table enters for a Minnesota board: who went grand ("NS", "EW" or "") and
    N/S's tricks. It reads as the tablet's messages say it ("Board 3 already has N/S 9, N/S grand").

    >>> str(Hand("EW", 5)), str(Hand("", 9))
    ('5, E/W grand', '9, low')
    """

    granded: str
    ns_tricks: int

    def __str__(self) -> str:
        return f"{self.ns_tricks}, {granded_words(self.granded).replace('Low', 'low')}"


def confirm_words(rules: str, granded: str, ns_tricks: int) -> str:
    """What E/W read before confirming a Minnesota board: who went grand, N/S's tricks and the
    board's N/S net points under the rules.

    >>> confirm_words("swedish", "NS", 9)
    'N/S grand, N/S 9 tricks: N/S +3'
    >>> confirm_words("swedish", "", 9)
    'Low, N/S 9 tricks: N/S -3'
    """
    net = ns_net(rules, granded, ns_tricks)
    return f"{granded_words(granded)}, N/S {ns_tricks} tricks: N/S {net:+d}"
