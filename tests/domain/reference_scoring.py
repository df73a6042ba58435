"""The simple matchpoint scoring whistdrive had first: every result compared with every other.

Kept as the reference the fast implementation (counts by trick number) is checked against, and
benchmarked beside. Not used by the product.
"""

from collections import defaultdict

from tournaments.domain.scoring import (
    ADJUSTED_SHARE,
    BoardResult,
    BoardScore,
    EventScores,
    ScoredResult,
    _rank,
    _Tally,
)


def matchpoints_ebu(ns_tricks: int, others: list[int]) -> int:
    return sum(2 if ns_tricks > x else 1 if ns_tricks == x else 0 for x in others)


def neuberg(mp: float, expected: int, actual: int) -> float:
    if actual == expected:
        return mp
    return (mp + 1) * expected / actual - 1


def score_board_matchpoints(board: int, results: list[BoardResult], expected: int, scale: str) -> BoardScore:
    expected = max(expected, len(results))
    real = [r.ns_tricks for r in results if not r.adjusted]
    top = 2 * (expected - 1)
    half = 0.5 if scale == "acbl" else 1.0
    scored = []
    for r in results:
        if r.adjusted:
            ns, ew = ADJUSTED_SHARE[r.ns_adjusted] * top, ADJUSTED_SHARE[r.ew_adjusted] * top
        else:
            others = list(real)
            others.remove(r.ns_tricks)
            ns = neuberg(matchpoints_ebu(r.ns_tricks, others), expected, len(real))
            ew = top - ns
        scored.append(ScoredResult(r, ns * half, ew * half))
    return BoardScore(board, top * half, expected, len(real), tuple(scored))


def pair_totals(results, expected, scale="ebu") -> dict:
    """Each pair's matchpoints and tops, board by board, the simple way."""
    by_board = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    totals = defaultdict(lambda: [0.0, 0.0, 0])
    for number, board_results in sorted(by_board.items()):
        board = score_board_matchpoints(
            number, board_results, expected.get(number, len(board_results)), scale
        )
        for s in board.results:
            for pair, score in ((s.result.ns_pair, s.ns_score), (s.result.ew_pair, s.ew_score)):
                totals[pair][0] += score
                totals[pair][1] += board.top
                totals[pair][2] += 1
    return dict(totals)


def score_event(results, *, expected, scale="ebu", one_field=False, tie_break=False) -> EventScores:
    """The whole matchpoint scoring as it first was: boards the simple way, then the totals loop,
    then the same ranking as the product's (for benchmarks side by side)."""
    by_board = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    boards = [
        score_board_matchpoints(number, by_board[number], expected.get(number, len(by_board[number])), scale)
        for number in sorted(by_board)
    ]
    tallies = {}
    for board in boards:
        for s in board.results:
            r = s.result
            for pair, score, tricks in (
                (r.ns_pair, s.ns_score, r.ns_tricks),
                (r.ew_pair, s.ew_score, None if r.adjusted else 13 - r.ns_tricks),
            ):
                tally = tallies.setdefault(pair, _Tally())
                tally.score += score
                tally.top += board.top or 0
                tally.boards.add(board.board)
                tally.tricks += tricks or 0
    return EventScores(
        "matchpoints", scale, tuple(boards), _rank(tallies, "matchpoints", one_field, tie_break)
    )
