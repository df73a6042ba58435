"""A simultaneous evening: clubs play the same boards on the same evening, each in its own hall,
and the whole field is ranked across the clubs.

Each board is compared over every club's tables: a result earns 2 matchpoints for each result
anywhere in the field it beats and 1 for each it ties (the EBU scale, ``scoring``). The clubs have
different numbers of tables (and a club may sit a pair out, or play fewer rounds), so boards are
played different numbers of times: every board is factored by Neuberg up to the field's largest
number of results expected on one board (each club's movement says how often it schedules a
board; the field's expectation is their sum), so every board carries the same top and a pair's
matchpoints weigh the same whichever club it played at. E/W earn the top minus their N/S
opponents'. An adjusted result is compared with none and gets 60 %, 50 % or 40 % of the top (the
fixed rule: a pair's session elsewhere in its own club's evening is not the field's).

A pair's percentage is its matchpoints over the tops of the boards it played; the field is one
list ranked by percentage (the N/S cards of a board are compared wherever they were held, so an
arrow switch or a Howell at one club changes nothing), ties sharing a place.

Worked example: board 1 was played at two tables in club A (N/S took 8 and 7 tricks) and at one
in club B (N/S took 7). The field's results on it are 8, 7, 7: matchpoints 4, 1, 1, top 4. Had
another board been scheduled four times in the field, board 1 is factored up to 4 results:
(4 + 1) * 4 / 3 - 1 = 5.67, (1 + 1) * 4 / 3 - 1 = 1.67, top 6.

A simultaneous drive (progressive tables, no boards shared) is ranked by the players' totals
across the clubs (``rank_totals``): no board was held by two tables, so there is nothing to compare.
"""

from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from .errors import ScoringError
from .places import shared_places
from .scoring import BoardResult, PairKey, score_board_matchpoints

FieldPair = tuple[Hashable, PairKey]  # (the club's key, the pair's key at its club)


@dataclass(frozen=True)
class ClubField:
    """One club's part of the field: its results, and how often its movement schedules each board
    between two real pairs (default: the results given)."""

    club: Hashable
    results: Sequence[BoardResult]
    expected: Mapping[int, int] | None = None


@dataclass(frozen=True)
class FieldResult:
    club: Hashable
    result: BoardResult
    ns_score: float
    ew_score: float


@dataclass(frozen=True)
class FieldBoard:
    board: int
    top: float
    expected: int
    compared: int
    results: tuple[FieldResult, ...]


@dataclass(frozen=True)
class FieldStanding:
    club: Hashable
    pair: PairKey
    rank: str
    score: float
    top: float
    percentage: float | None
    boards_played: int


@dataclass(frozen=True)
class FieldScores:
    expected: int  # the results every board is factored up to
    boards: tuple[FieldBoard, ...]
    standings: tuple[FieldStanding, ...]


def field_expected(clubs: Sequence[ClubField]) -> int:
    """The largest number of results the field expects on one board: the sum, over the clubs, of
    how often each schedules it.

    >>> field_expected([ClubField("A", [], {1: 2, 2: 2}), ClubField("B", [], {1: 1, 3: 3})])
    3
    """
    per_board: dict[int, int] = defaultdict(int)
    for club in clubs:
        counts = club.expected
        if counts is None:
            counts = defaultdict(int)
            for result in club.results:
                counts[result.board] += 1
        for board, count in counts.items():
            per_board[board] += count
    return max(per_board.values(), default=0)


def score_field(clubs: Sequence[ClubField]) -> FieldScores:
    """Compare every board over all the clubs' tables and rank the whole field by percentage.

    >>> a = ClubField("A", [BoardResult(1, ("NS", 1), ("EW", 1), 8), BoardResult(1, ("NS", 2), ("EW", 2), 7)])
    >>> b = ClubField("B", [BoardResult(1, ("NS", 1), ("EW", 1), 7)])
    >>> [(s.club, s.pair, s.rank, s.percentage) for s in score_field([a, b]).standings][:3]
    [('A', ('NS', 1), '1', 100.0), ('A', ('EW', 2), '2=', 75.0), ('B', ('EW', 1), '2=', 75.0)]
    """
    keys = [club.club for club in clubs]
    if len(set(keys)) != len(keys):
        raise ScoringError("A club is in the field twice.")
    expected = field_expected(clubs)
    by_board: dict[int, list[tuple[Hashable, BoardResult]]] = defaultdict(list)
    for club in clubs:
        for result in club.results:
            by_board[result.board].append((club.club, result))

    boards = []
    tallies: dict[FieldPair, list] = {}  # score, top, boards
    for number in sorted(by_board):
        played = by_board[number]
        scored = score_board_matchpoints(number, [r for _, r in played], expected, "ebu")
        top = scored.top or 0.0
        results = []
        for (club, _), (result, ns_score, ew_score) in zip(played, scored.results, strict=True):
            results.append(FieldResult(club, result, ns_score, ew_score))
            for pair, score in ((result.ns_pair, ns_score), (result.ew_pair, ew_score)):
                tally = tallies.setdefault((club, pair), [0.0, 0.0, 0])
                tally[0] += score
                tally[1] += top
                tally[2] += 1
        boards.append(FieldBoard(number, top, scored.expected, scored.compared, tuple(results)))
    return FieldScores(expected, tuple(boards), _rank(tallies))


def _rank(tallies: dict[FieldPair, list]) -> tuple[FieldStanding, ...]:
    def percentage(pair: FieldPair) -> float | None:
        score, top, _ = tallies[pair]
        return score / top * 100 if top else None

    figures = {pair: round(percentage(pair) or -1.0, 9) for pair in tallies}
    ordered = sorted(tallies, key=lambda pair: (-figures[pair], str(pair[0]), pair[1]))
    places = shared_places([figures[pair] for pair in ordered])
    return tuple(
        FieldStanding(
            club=pair[0],
            pair=pair[1],
            rank=place,
            score=tallies[pair][0],
            top=tallies[pair][1],
            percentage=percentage(pair),
            boards_played=tallies[pair][2],
        )
        for place, pair in zip(places, ordered, strict=True)
    )


@dataclass(frozen=True)
class TotalStanding:
    club: Hashable
    player: Hashable
    rank: str
    total: float


def rank_totals(totals: Mapping[tuple[Hashable, Hashable], float]) -> tuple[TotalStanding, ...]:
    """A simultaneous drive's field: each (club, player)'s total across the clubs, highest first.

    >>> [(s.club, s.player, s.rank) for s in rank_totals({("A", 1): 60, ("B", 7): 64, ("B", 2): 60})]
    [('B', 7, '1'), ('A', 1, '2='), ('B', 2, '2=')]
    """
    ordered = sorted(totals, key=lambda key: (-totals[key], str(key[0]), str(key[1])))
    places = shared_places([totals[key] for key in ordered])
    return tuple(
        TotalStanding(key[0], key[1], place, totals[key]) for place, key in zip(places, ordered, strict=True)
    )
