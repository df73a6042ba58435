"""The game a drive plays at its tables: classic whist or Minnesota whist.

Classic whist (trumps by the drive's schedule): a couple scores the tricks it took, and the couple
with seven tricks or more has won the hand.

Minnesota whist (no trumps; each hand grand or low, ``domain.minnesota``): a table says who went
grand (N/S, E/W, or nobody: the hand was played low) and N/S's tricks, and each couple scores its
points for the hand under the drive's rules, as the two sides write them down (often 0; under the
American and South Dakota rules they may be negative). The couple with more points has won the
hand: it stays or moves as a winning couple does in classic whist. The two couples are never
level: 13 tricks split unevenly, and under every rules the side that did better scores more (a
grand: the side with more tricks; played low: the side with fewer). So the movement reads a
Minnesota hand as won by N/S exactly when N/S's points are higher (``moving_tricks``).

The sit-out table: in classic whist the drive's sit-out score (7, or the hand's average 6½). In
Minnesota whist no fixed score is fair under every rules, so the sit-out players score the hand's
average: the mean of the points of every couple that played it (two a table), to the nearest half
point (a half rounds up), as a drive's 6½ is the mean of a hand's tricks.

    >>> swedish = Game(MINNESOTA, "swedish")
    >>> swedish.points(9, "NS"), swedish.points(5, "NS"), swedish.points(4, "low")
    ((3, 0), (0, 4), (3, 0))
    >>> swedish.moving_tricks(4, "low"), swedish.moving_tricks(9, "NS"), WHIST.moving_tricks(4)
    (9, 9, 4)
    >>> swedish.sit_out([(3, 0), (0, 4), (3, 0)], fixed=7)
    1.5
    >>> WHIST.points(8), WHIST.sit_out([(8, 5)], fixed=7)
    ((8, 5), 7)
"""

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import DriveError
from ..minnesota import MinnesotaError, Rules, granded_words, hand_points, rules_of

WHIST_GAME, MINNESOTA = "whist", "minnesota"
GAMES = (WHIST_GAME, MINNESOTA)
TRICKS = 13
BIG_HAND = 10  # tricks: a "ten-plus" hand
LOW = "low"  # nobody went grand: the hand was played low
GRANDS = ("NS", "EW", LOW)  # what a Minnesota table says; a classic hand says "" (no grand)
SIDES = {"NS": "us", "EW": "them", LOW: "", "": ""}  # as ``minnesota.hand_points`` reads them


@dataclass(frozen=True)
class Game:
    key: str = WHIST_GAME
    rules: str = ""  # Minnesota's rules (``domain.minnesota.RULES``); classic whist has none

    @classmethod
    def stored(cls, key: str, rules: str) -> "Game":
        """The game as a drive's row keeps it: the rules stored beside it are Minnesota's, and
        count only in Minnesota whist.

        >>> Game.stored(WHIST_GAME, "swedish") == WHIST, Game.stored(MINNESOTA, "swedish").rules
        (True, 'swedish')
        """
        return cls(key, rules if key == MINNESOTA else "")

    def __post_init__(self):
        if self.key not in GAMES:
            raise DriveError(f"'{self.key}' is not a game whistdrive knows: use {' or '.join(GAMES)}.")
        if self.minnesota:
            rules_of(self.rules)

    @property
    def minnesota(self) -> bool:
        return self.key == MINNESOTA

    def sit_out_words(self, fixed: str) -> str:
        """What a sit-out player scores, in words, as ``sit_out`` scores it: the drive's fixed
        score in tricks ("7 tricks", "6½ tricks"), or Minnesota's "the hand's average points"."""
        return "the hand's average points" if self.minnesota else f"{fixed} tricks"

    @property
    def rulebook(self) -> Rules | None:
        """Minnesota's rules, with their name and the summary the cards print (None: whist)."""
        return rules_of(self.rules) if self.minnesota else None

    def check(self, ns_tricks: int, granded: str | None) -> str:
        """Who went grand, as the game needs it: "NS", "EW" or "low" in Minnesota, refused when
        the table has not said (None, "") or said something else; "" for classic whist.

        >>> Game(MINNESOTA, "american").check(8, "NS"), WHIST.check(8, None)
        ('NS', '')
        """
        if not 0 <= ns_tricks <= TRICKS:
            raise DriveError(f"{ns_tricks} is not a number of tricks: give 0 to {TRICKS}.")
        if not self.minnesota:
            return ""
        if granded not in GRANDS:
            raise MinnesotaError("Say who went grand: N/S, E/W or nobody (the hand was played low).")
        return granded

    def points(self, ns_tricks: int, granded: str = "") -> tuple[int, int]:
        """N/S's and E/W's scores for a hand where N/S took ``ns_tricks``: their tricks, or their
        Minnesota points (``granded``: "NS", "EW", or "low" or "" for a hand played low)."""
        if not self.minnesota:
            return ns_tricks, TRICKS - ns_tricks
        return hand_points(self.rules, granded=SIDES[granded], tricks=ns_tricks)

    @property
    def hand_range(self) -> tuple[int, int]:
        """The least and the most a couple can score in a hand: what a total typed from a paper
        score card is checked against.

        >>> WHIST.hand_range, Game(MINNESOTA, "swedish").hand_range, Game(MINNESOTA, "american").hand_range
        ((0, 13), (0, 14), (-7, 7))
        """
        grands = GRANDS if self.minnesota else ("",)
        scores = [
            score
            for granded in grands
            for tricks in range(TRICKS + 1)
            for score in self.points(tricks, granded)
        ]
        return min(scores), max(scores)

    def big_hand(self, taken: int, granded: str, side: str) -> bool:
        """A hand of ten tricks or more to a couple (``side``, "NS" or "EW"), as a drive's
        "ten-plus" prize and a player's records count it: in Minnesota whist only a grand the
        couple called and made, never ten tricks in a hand played low (the worst result there) nor
        in the other side's grand.

        >>> minnesota = Game(MINNESOTA, "swedish")
        >>> WHIST.big_hand(10, "", "EW"), minnesota.big_hand(10, "NS", "NS")
        (True, True)
        >>> minnesota.big_hand(10, LOW, "EW"), minnesota.big_hand(10, "NS", "EW")
        (False, False)
        """
        return taken >= BIG_HAND and (not self.minnesota or granded == side)

    def moving_tricks(self, ns_tricks: int, granded: str = "") -> int:
        """N/S's tricks as the movement reads who won (seven or more: N/S won): the tricks, or in
        Minnesota the count that makes the couple with more points the winners."""
        ns, ew = self.points(ns_tricks, granded)
        took_more = ns_tricks * 2 > TRICKS
        return ns_tricks if (ns > ew) == took_more else TRICKS - ns_tricks

    def sit_out(self, played: Iterable[tuple[float, float]], *, fixed: float) -> float | None:
        """What a sit-out player scores for a hand whose tables scored ``played`` (N/S's and E/W's
        points, a table each): the drive's ``fixed`` score in classic whist; in Minnesota the
        hand's average, None until a table has played it."""
        if not self.minnesota:
            return fixed
        scores = [score for table in played for score in table]
        if not scores:
            return None
        return math.floor(sum(scores) / len(scores) * 2 + 0.5) / 2


WHIST = Game()


def score_text(ns_tricks: int, granded: str = "") -> str:
    """A hand as the grid, the history and the trail write it: "8–5", or a Minnesota hand's, which
    says who went grand, "N/S grand 8–5" (and "Low 4–9").

    >>> score_text(8), score_text(4, LOW)
    ('8–5', 'Low 4–9')
    """
    tricks = f"{ns_tricks}–{TRICKS - ns_tricks}"
    return f"{grand_words(granded)} {tricks}" if granded else tricks


def grand_words(granded: str) -> str:
    """Who went grand at a Minnesota table, in words: "N/S grand", "E/W grand", "Low"."""
    return granded_words("" if granded == LOW else granded)
