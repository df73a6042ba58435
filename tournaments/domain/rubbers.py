"""Games and rubbers by the Laws of Whist: a table's deals scored as games, and games as rubbers.

The rules (Laws 1–10 of the Laws of Whist as the clubs published them; Bennet's "Points at Short
Whist"; domain.md 5.2):

- a game is 5 points (short whist), 10 (long whist) or 7 (the American game), the club's choice;
- the side that takes seven tricks or more scores a point a trick over six;
- **honours**: a side holding all four of A K Q J of trumps scores 4, three of them 2 (claimed at
  the table; two honours each score nothing). A side one point short of the game when the deal
  starts cannot score honours: at 4 in short whist; in long whist "honours only at 8 or less", so
  not at 9, but still at 8 (the published rule); at 6 in the American game
  [derived: one point short of the game, as both published rules are];
- **tricks are scored before honours**, so a side whose tricks win the game ends it there, and the
  other side's honours count for nothing; points past the game do not carry to the next game;
- a game's **value** goes by the losers' points: a treble when they have none, a double when they
  have 1 or 2 (long whist: 1 to 4), a single at 3 or 4 (long whist: 5 to 9); the American game:
  a double at 1 to 3, a single at 4 to 6 [derived: a single once the losers are half way];
- a **rubber** is the best of three games (the third is not played when one side won the first
  two) and is worth 2 more to its winners; in a three-game rubber the losers' game is taken off.
  Rubbers are played at 5 and at 10; the American game of 7 plays games alone, each worth its
  value (domain.md gives rubbers for 5 and 10) [derived].

**A table's result** is its rubber points, the difference written for both sides: +4 to the side
that won a rubber worth 4, −4 to the other, so the two always add to nothing. [Derived] When the
table's deals run out (the end of a visit, of a stanza or of the match) an unfinished game scores
nothing, and an unfinished rubber scores the values of its finished games (each side's, the one
taken off the other's) without the rubber's 2.

A deal is N/S's tricks and the honours claimed: "" (none), "NS2", "NS4", "EW2" or "EW4".

Bennet's published rubber (won 5–4, lost 1–5, won 5–0): 1 + 3 + 2 − 2 = +4.

    >>> won_5_4 = [(7, ""), (4, ""), (6, ""), (11, "")]
    >>> lost_1_5, won_5_0 = [(7, ""), (2, "")], [(12, "")]
    >>> scores = running(5, won_5_4 + lost_1_5 + won_5_0)
    >>> [(g.winner, g.score, g.value) for g in scores[-1].finished]
    [(0, (5, 4), 1), (1, (1, 5), 2), (0, (5, 0), 3)]
    >>> str(scores[-1])
    'N/S 0 · E/W 0, game to 5; rubber 2: 0–0; rubber points N/S +4 · E/W −4'
    >>> str(scores[4])
    'N/S 1 · E/W 0, game to 5; rubber 1–0; rubber points N/S +1 · E/W −1'
    >>> table_result(5, [(12, ""), (4, ""), (11, "")])  # 5–0 then 5–3: 3 + 1 + 2, no third game
    (6, -6)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import DomainError

TRICKS = 13
BOOK = 6
GAMES = (5, 7, 10)  # the games a club may play to
RUBBER_GAMES = (5, 10)  # those played in rubbers; 7 plays games alone
RUBBER_BONUS = 2
CLAIMS = ("", "NS2", "NS4", "EW2", "EW4")
# The claims as a tablet's buttons and the organiser's choices say them.
CLAIM_CHOICES = (
    ("", "No honours"),
    ("NS2", "N/S 2 (three honours)"),
    ("NS4", "N/S 4 (all four)"),
    ("EW2", "E/W 2 (three honours)"),
    ("EW4", "E/W 4 (all four)"),
)
SIDES = ("N/S", "E/W")
# The games a club chooses from, in its words (0, no games, is each evening's own choice's words).
GAME_CHOICES = (
    (5, "Games to 5 and rubbers (short whist)"),
    (7, "Games to 7, each game by its value (the American game)"),
    (10, "Games to 10 and rubbers (long whist)"),
)


class RubberError(DomainError):
    """A deal or a game that cannot be scored, said in a player's words."""


def check_game(game: int) -> int:
    """The game played to, refused unless 5, 7 or 10."""
    if game not in GAMES:
        raise RubberError(f"A game is played to 5, 7 or 10 points, not {game}.")
    return game


def plays_rubbers(game: int) -> bool:
    """Whether games to this many points are played in rubbers (5 and 10; 7 plays games alone).

    >>> plays_rubbers(5), plays_rubbers(7), plays_rubbers(10)
    (True, False, True)
    """
    return check_game(game) in RUBBER_GAMES


def honours_points(claim: str) -> tuple[int, int]:
    """The honours claimed, as N/S's and E/W's points (one side at most).

    >>> honours_points("NS4"), honours_points("EW2"), honours_points("")
    ((4, 0), (0, 2), (0, 0))
    """
    claim = (claim or "").upper()
    if claim not in CLAIMS:
        raise RubberError(
            f"'{claim}' is not an honours claim: one side claims 2 (three honours) or 4 (all four), "
            "or nobody claims."
        )
    if not claim:
        return 0, 0
    points = int(claim[2])
    return (points, 0) if claim.startswith("NS") else (0, points)


def honours_claim(ns: int, ew: int) -> str:
    """The claim of honours held by the two sides, checked: 2 or 4 to one side only.

    >>> honours_claim(0, 4), honours_claim(0, 0)
    ('EW4', '')
    >>> honours_claim(2, 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tournaments.domain.rubbers.RubberError: Only one side can hold honours: ...
    """
    if ns and ew:
        raise RubberError(
            "Only one side can hold honours: four honours of trumps are A, K, Q and J, and three of "
            "them to one side leave one to the other."
        )
    for side, points in (("NS", ns), ("EW", ew)):
        if points not in (0, 2, 4):
            raise RubberError(f"{points} is not a count of honours: 2 for three of them, 4 for all four.")
        if points:
            return f"{side}{points}"
    return ""


def check_deal(ns_tricks: int, claim: str) -> tuple[int, int]:
    """A deal's N/S tricks and honours claim, checked; the honours as (N/S, E/W) points."""
    if not isinstance(ns_tricks, int) or not 0 <= ns_tricks <= TRICKS:
        raise RubberError(f"{ns_tricks} is not a number of tricks: give 0 to 13.")
    return honours_points(claim)


def game_value(game: int, losers: int) -> int:
    """A won game's value by the losers' points: 3 (a treble), 2 (a double) or 1 (a single).

    >>> [game_value(5, p) for p in range(5)], [game_value(10, p) for p in (0, 4, 5, 9)]
    ([3, 2, 2, 1, 1], [3, 2, 1, 1])
    >>> [game_value(7, p) for p in range(7)]
    [3, 2, 2, 2, 1, 1, 1]
    """
    if losers == 0:
        return 3
    return 2 if 2 * losers < check_game(game) else 1


@dataclass(frozen=True)
class Game:
    """A finished game: the rubber it was in, who won it (0 N/S, 1 E/W), its value, its score."""

    rubber: int
    winner: int
    value: int
    score: tuple[int, int]


@dataclass(frozen=True)
class Score:
    """A table's score after some deals: the points of the game in play, the games each side has
    won in the rubber in play (in all, at 7), the rubber's number, the finished games, and the
    rubber points so far (finished rubbers with their 2, and the finished games of the rubber in
    play without it), for N/S and E/W."""

    game: int
    points: tuple[int, int] = (0, 0)
    games: tuple[int, int] = (0, 0)
    rubber: int = 1
    finished: tuple[Game, ...] = ()
    rubber_points: tuple[int, int] = (0, 0)

    @property
    def rubbers(self) -> bool:
        return plays_rubbers(self.game)

    def line(self, sides: Sequence[str] = SIDES) -> str:
        """The running score as a tablet shows it: "N/S 3 · E/W 4, game to 5; rubber 1–0"; a
        side's own card gives ("We", "They")."""
        us, them = sides
        text = f"{us} {self.points[0]} · {them} {self.points[1]}, game to {self.game}"
        won = f"{self.games[0]}–{self.games[1]}"
        if not self.rubbers:
            return f"{text}; games {won}"
        return f"{text}; rubber {won}" if self.rubber == 1 else f"{text}; rubber {self.rubber}: {won}"

    def games_line(self, sides: Sequence[str] = SIDES) -> str:
        """The finished games, the winner's score first, each rubber's apart (at 7, the games alone).

        >>> deals = [(12, ""), (2, ""), (12, ""), (12, "")]
        >>> running(5, deals)[-1].games_line()
        'rubber 1: N/S 5–0, E/W 5–0, N/S 5–0; rubber 2: N/S 5–0'
        >>> running(7, [(13, ""), (12, ""), (0, "")])[-1].games_line()
        'N/S 7–0, E/W 7–6'
        """
        rubbers: dict[int, list[str]] = {}
        for g in self.finished:
            won = f"{sides[g.winner]} {g.score[g.winner]}–{g.score[1 - g.winner]}"
            rubbers.setdefault(g.rubber, []).append(won)
        if not self.rubbers:
            return ", ".join(won for games in rubbers.values() for won in games)
        return "; ".join(f"rubber {n}: {', '.join(games)}" for n, games in rubbers.items())

    def points_line(self, sides: Sequence[str] = SIDES) -> str:
        """ "rubber points N/S +4 · E/W −4"."""
        ns, ew = (signed(points) for points in self.rubber_points)
        return f"rubber points {sides[0]} {ns} · {sides[1]} {ew}"

    def __str__(self) -> str:
        return f"{self.line()}; {self.points_line()}"


def signed(points: int) -> str:
    """Rubber points as they are written: "+4", "−4", "0".

    >>> signed(4), signed(-4), signed(0)
    ('+4', '−4', '0')
    """
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def _credit(points: tuple[int, int], winner: int, amount: int) -> tuple[int, int]:
    """Points won by one side are lost by the other."""
    ns = points[0] + (amount if winner == 0 else -amount)
    return ns, -ns


def may_score_honours(game: int, points: int) -> bool:
    """Whether a side at these points when a deal starts may score honours: not one point short
    of the game (at 4 in short whist, 9 in long whist, 6 in the American game).

    >>> may_score_honours(5, 3), may_score_honours(5, 4), may_score_honours(10, 8)
    (True, False, True)
    """
    return points < check_game(game) - 1


def _with_tricks(score: Score, ns_tricks: int) -> list[int]:
    """The two sides' points after a deal's tricks, before its honours."""
    tricks = (ns_tricks, TRICKS - ns_tricks)
    return [p + max(0, t - BOOK) for p, t in zip(score.points, tricks, strict=True)]


def void_claim(score: Score, ns_tricks: int, claim: str, sides: Sequence[str] = SIDES) -> str:
    """Why a deal's honours claim scores nothing, in words, from the table's score when the deal
    started; "" when it counts (or nobody claims): the claiming side was one point short of the
    game, or the deal's tricks won the game first.

    >>> void_claim(Score(5, points=(4, 0)), 6, "NS4")
    'not counted: N/S were at 4, one point short of the game'
    >>> void_claim(Score(5, points=(3, 3)), 8, "EW2")
    'not counted: the tricks won the game first'
    >>> void_claim(Score(5, points=(3, 0)), 5, "NS2"), void_claim(Score(5, points=(4, 0)), 6, "")
    ('', '')
    """
    honours = check_deal(ns_tricks, claim)
    if not any(honours):
        return ""
    side = 0 if honours[0] else 1
    if not may_score_honours(score.game, score.points[side]):
        return f"not counted: {sides[side]} were at {score.points[side]}, one point short of the game"
    if max(_with_tricks(score, ns_tricks)) >= score.game:
        return "not counted: the tricks won the game first"
    return ""


def play_deal(score: Score, ns_tricks: int, claim: str = "") -> Score:
    """The score after one more deal: tricks first, then honours (not for a side one point short
    of the game when the deal started); a game won ends there, its points past the game lost.

    At 3–3 in a game to 5, eight tricks against three honours: the tricks win the game.

    >>> after = play_deal(Score(5, points=(3, 3)), 8, "EW2")
    >>> after.finished, after.points
    ((Game(rubber=1, winner=0, value=1, score=(5, 3)),), (0, 0))

    A side at 4 holding four honours and taking 6 tricks: no honours; the other side scores 1.

    >>> play_deal(Score(5, points=(4, 0)), 6, "NS4").points
    (4, 1)
    """
    honours = check_deal(ns_tricks, claim)
    game = score.game
    start = score.points
    points = _with_tricks(score, ns_tricks)
    if max(points) < game:
        for side in (0, 1):
            if honours[side] and may_score_honours(game, start[side]):
                points[side] += honours[side]
    if max(points) < game:
        return Score(game, tuple(points), score.games, score.rubber, score.finished, score.rubber_points)
    winner = 0 if points[0] >= game else 1
    value = game_value(game, points[1 - winner])
    won = Game(score.rubber, winner, value, (min(points[0], game), min(points[1], game)))
    games = [*score.games]
    games[winner] += 1
    rubber_points = _credit(score.rubber_points, winner, value)
    rubber = score.rubber
    if score.rubbers and games[winner] == 2:
        rubber_points = _credit(rubber_points, winner, RUBBER_BONUS)
        games, rubber = [0, 0], rubber + 1
    return Score(game, (0, 0), tuple(games), rubber, (*score.finished, won), rubber_points)


def running(game: int, deals: Iterable[tuple[int, str]]) -> tuple[Score, ...]:
    """The score after each deal, in order, from N/S's tricks and the honours claimed."""
    score = Score(check_game(game))
    scores = []
    for ns_tricks, claim in deals:
        score = play_deal(score, ns_tricks, claim)
        scores.append(score)
    return tuple(scores)


def table_result(game: int, deals: Iterable[tuple[int, str]]) -> tuple[int, int]:
    """A table's rubber points for N/S and E/W once its deals are played (they add to nothing): an
    unfinished game scores nothing, an unfinished rubber its finished games without the 2.

    >>> table_result(5, [(12, "")]), table_result(5, [(9, "")])
    ((3, -3), (0, 0))
    """
    scores = running(game, deals)
    return scores[-1].rubber_points if scores else (0, 0)


def game_words(game: int) -> str:
    """The scoring in words for the organiser and the results.

    >>> game_words(5)
    'Games to 5 and rubbers by the Laws of Whist'
    >>> game_words(7)
    'Games to 7 by the Laws of Whist, each game by its value'
    """
    if plays_rubbers(game):
        return f"Games to {game} and rubbers by the Laws of Whist"
    return f"Games to {game} by the Laws of Whist, each game by its value"
