"""Ranking the players of a duplicate individual from their partnerships' scores.

The boards are scored as a pairs event's are (``domain.scoring``): each round's partnerships are
that round's pairs. A player's score is the sum over the partnerships they sat in: by matchpoints,
their matchpoints over the sum of the tops of the boards they played (a percentage); by total
tricks, the sum of their ± averages; by odd tricks, the sum of the points. One field, places shared
(``domain.places``); with the tie-break, level players are ordered by tricks per board played.

Worked example: a player who scored 3 of 4 matchpoints in round 1 (two boards of top 2) and 1 of 4
in round 2 has 4 / 8 = 50 %; their partner of round 1 shares the 3 but adds their own other rounds.

    >>> from tournaments.domain.scoring import Standing, EventScores
    >>> pairs = {("ALL", 1): (1, 2), ("ALL", 2): (3, 4), ("ALL", 3): (1, 3), ("ALL", 4): (2, 4)}
    >>> standings = tuple(Standing("ALL", p, "", s, 4.0, s * 25, 2, t) for p, s, t in
    ...     ((("ALL", 1), 3.0, 15), (("ALL", 2), 1.0, 11), (("ALL", 3), 1.0, 12), (("ALL", 4), 3.0, 14)))
    >>> ranked = rank_individuals(EventScores("matchpoints", "ebu", (), standings), pairs, [1, 2, 3, 4])
    >>> [(s.player, s.rank, s.percentage) for s in ranked]
    [(2, '1', 75.0), (1, '2=', 50.0), (4, '2=', 50.0), (3, '4', 25.0)]
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .places import shared_places
from .scoring import EventScores, PairKey


@dataclass(frozen=True)
class IndividualStanding:
    player: int
    rank: str
    score: float
    top: float | None
    percentage: float | None
    boards_played: int
    tricks: int
    versus_average: float | None = None


def rank_individuals(
    scores: EventScores,
    partnerships: Mapping[PairKey, tuple[int, int]],
    players: Iterable[int],
    *,
    tie_break: bool = False,
) -> tuple[IndividualStanding, ...]:
    """Every player of ``players`` ranked on the sum of their partnerships' scores (see above)."""
    matchpoints = scores.method == "matchpoints"
    totals = {player: [0.0, 0.0, 0, 0] for player in players}  # score, top, boards, tricks
    for standing in scores.standings:
        for player in partnerships.get(tuple(standing.pair), ()):
            total = totals.setdefault(player, [0.0, 0.0, 0, 0])
            total[0] += standing.score
            total[1] += standing.top or 0.0
            total[2] += standing.boards_played
            total[3] += standing.tricks

    def key(player: int) -> tuple[float, float]:
        score, top, boards, tricks = totals[player]
        main = (score / top if top else -1.0) if matchpoints else score
        per_board = tricks / boards if boards and tie_break else 0.0
        return (round(main, 9), round(per_board, 9))

    ordered = sorted(totals, key=lambda player: (tuple(-x for x in key(player)), player))
    return tuple(
        IndividualStanding(
            player=player,
            rank=place,
            score=totals[player][0],
            top=totals[player][1] if matchpoints else None,
            percentage=totals[player][0] / totals[player][1] * 100
            if matchpoints and totals[player][1]
            else None,
            boards_played=totals[player][2],
            tricks=totals[player][3],
            versus_average=totals[player][0] if scores.method == "total_tricks" else None,
        )
        for place, player in zip(shared_places([key(p) for p in ordered]), ordered, strict=True)
    )
