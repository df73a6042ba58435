"""A deal and a match at a table of two: German whist and humbug whist.

German whist: 13 cards each, the 27th turned for trumps; 13 tricks are played for the stock's
cards, then 13 that count. A table enters each player's tricks, and the night's scoring says which:

- ``last-13`` (the default): the last 13 tricks; the player with 7 or more scores a point a trick
  from the 7th (10 v 3 → 4 to 0);
- ``all-26``: all 26 tricks count, the majority wins the difference (15 v 11 → 4 to 0);
- ``high-low``: the last 13, but a black 27th card makes them a low game, and the points go to the
  other player (10 v 3, black → 0 to 4).

Humbug whist (four hands dealt, each player keeps theirs or takes a blind one): 13 tricks, a point
a trick above six. A match is a number of deals, or a game to a target (the first to reach it wins;
the deal that reaches it is the last).

    >>> german = Scoring("german")
    >>> german.points(Deal(10, 3))
    (4, 0)
    >>> Scoring("german", "all-26").points(Deal(15, 11))
    (4, 0)
    >>> Scoring("german", "high-low").points(Deal(10, 3, black=True))
    (0, 4)
    >>> Scoring("humbug").points(Deal(5, 8))
    (0, 2)
    >>> german.points(Deal(10, 4))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tournaments.domain.duels.scoring.DuelError: 10 and 4 tricks make 14: the last 13 tricks ... add up to 13.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import DomainError


class DuelError(DomainError):
    """A two-player night, match or deal that cannot be set up or scored as asked."""


GERMAN, HUMBUG = "german", "humbug"
GAMES = {GERMAN: "German whist", HUMBUG: "Humbug whist"}
LAST_13, ALL_26, HIGH_LOW = "last-13", "all-26", "high-low"
GERMAN_SCORINGS = {
    LAST_13: "the last 13 tricks count, a point a trick from the 7th",
    ALL_26: "all 26 tricks count, the majority wins the difference",
    HIGH_LOW: "the last 13 tricks count; a black 27th card makes them a low game, "
    "its points to the other player",
}
HUMBUG_SCORING = "a point a trick above six"


@dataclass(frozen=True)
class Deal:
    """Each player's tricks in one deal (player A is the first named at the table), and for a
    high/low German deal whether the 27th card (the trumps) was black."""

    a: int
    b: int
    black: bool = False


@dataclass(frozen=True)
class Scoring:
    game: str = GERMAN
    rule: str = ""  # German whist's scoring (``GERMAN_SCORINGS``, default ``last-13``); humbug has none

    @classmethod
    def stored(cls, game: str, rule: str) -> Scoring:
        """The scoring as a night's row keeps it: the rule stored beside the game is German
        whist's, and counts only there."""
        return cls(game, rule if game == GERMAN else "")

    def __post_init__(self):
        if self.game not in GAMES:
            raise DuelError(f"'{self.game}' is not a two-player game whistdrive knows: use german or humbug.")
        if self.game == HUMBUG and self.rule:
            raise DuelError("Humbug whist has one scoring, a point a trick above six: give no other.")
        if self.game == GERMAN and self.rule not in ("", *GERMAN_SCORINGS):
            known = ", ".join(GERMAN_SCORINGS)
            raise DuelError(f"'{self.rule}' is not a scoring of German whist: use {known}.")

    @property
    def key(self) -> str:
        if self.game == HUMBUG:
            return ""
        return self.rule or LAST_13

    @property
    def tricks(self) -> int:
        """The tricks a deal's entry adds up to: 26 when all count, else 13."""
        return 26 if self.key == ALL_26 else 13

    @property
    def asks_colour(self) -> bool:
        """A deal's entry says whether the 27th card was black (a low game)."""
        return self.key == HIGH_LOW

    @property
    def words(self) -> str:
        if self.game == HUMBUG:
            return f"{GAMES[HUMBUG]}: {HUMBUG_SCORING}"
        return f"{GAMES[GERMAN]}: {GERMAN_SCORINGS[self.key]}"

    def check(self, deal: Deal) -> None:
        """Refuse tricks that cannot have been taken, in words."""
        for tricks in (deal.a, deal.b):
            if not 0 <= tricks <= self.tricks:
                raise DuelError(f"{tricks} tricks: a player takes 0 to {self.tricks}.")
        if deal.a + deal.b != self.tricks:
            which = {
                (GERMAN, 13): "the last 13 tricks of German whist add up to 13",
                (GERMAN, 26): "the 26 tricks of German whist add up to 26",
                (HUMBUG, 13): "the 13 tricks of humbug whist add up to 13",
            }[self.game, self.tricks]
            raise DuelError(f"{deal.a} and {deal.b} tricks make {deal.a + deal.b}: {which}.")
        if deal.black and not self.asks_colour:
            raise DuelError("Only a high/low game of German whist asks the colour of the 27th card.")

    def points(self, deal: Deal) -> tuple[int, int]:
        """Each player's points for the deal."""
        self.check(deal)
        if self.key == ALL_26:
            difference = deal.a - deal.b
            return (difference, 0) if difference > 0 else (0, -difference)
        high = (max(deal.a - 6, 0), max(deal.b - 6, 0))
        return high[::-1] if deal.black else high


@dataclass(frozen=True)
class MatchRules:
    """How long a match lasts and what it is worth: ``deals`` deals, or a game to ``target``
    points (one of the two); game points for a win and a tie (a loss scores nothing)."""

    deals: int = 0
    target: int = 0
    win: int = 2
    tie: int = 1

    def __post_init__(self):
        if bool(self.deals) == bool(self.target):
            raise DuelError("A match is a number of deals or a game to a target: give one of the two.")
        if self.deals and not 1 <= self.deals <= 30:
            raise DuelError(f"{self.deals} deals a match: give 1 to 30.")
        if self.target and not 1 <= self.target <= 200:
            raise DuelError(f"A game to {self.target}: give a target of 1 to 200 points.")
        if not 0 <= self.tie <= self.win or self.win < 1:
            raise DuelError(
                f"{self.win} game points a win and {self.tie} a tie: "
                "a win is worth 1 or more, a tie no more than a win."
            )

    @property
    def words(self) -> str:
        length = f"{self.deals} deals" if self.deals else f"a game to {self.target}"
        return f"a match is {length}; {self.win} game points a win, {self.tie} a tie"


@dataclass(frozen=True)
class MatchScore:
    a: int  # player A's points
    b: int
    deals: int  # deals played
    finished: bool  # no more deals are played

    @property
    def winner(self) -> str:
        """ "a", "b", or "" (a tie, or not finished)."""
        if not self.finished or self.a == self.b:
            return ""
        return "a" if self.a > self.b else "b"

    def game_points(self, rules: MatchRules) -> tuple[int, int]:
        if not self.finished:
            return (0, 0)
        if self.a == self.b:
            return (rules.tie, rules.tie)
        return (rules.win, 0) if self.a > self.b else (0, rules.win)


def score_match(
    scoring: Scoring, rules: MatchRules, deals: Sequence[Deal], knockout: bool = False
) -> MatchScore:
    """A match's points so far and whether it is over. A knock-out match level at the end goes on,
    a deal at a time, until one player leads (a knock-out needs a winner).

    >>> rules = MatchRules(deals=2)
    >>> score_match(Scoring(), rules, [Deal(10, 3), Deal(5, 8)])
    MatchScore(a=4, b=2, deals=2, finished=True)
    >>> score_match(Scoring(), MatchRules(target=5), [Deal(10, 3), Deal(13, 0)])
    MatchScore(a=11, b=0, deals=2, finished=True)
    >>> score_match(Scoring(), rules, [Deal(7, 6), Deal(6, 7)], knockout=True).finished
    False
    """
    a = b = 0
    for number, deal in enumerate(deals, start=1):
        if _over(rules, a, b, number - 1, knockout):
            raise DuelError(f"The match was over after {number - 1} deals: deal {number} is not played.")
        pa, pb = scoring.points(deal)
        a, b = a + pa, b + pb
    return MatchScore(a, b, len(deals), _over(rules, a, b, len(deals), knockout))


def _over(rules: MatchRules, a: int, b: int, played: int, knockout: bool) -> bool:
    if rules.target:
        return max(a, b) >= rules.target
    if played < rules.deals:
        return False
    return not (knockout and a == b)
