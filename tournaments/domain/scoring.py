"""Scoring a duplicate whist event: from board results to per-board scores and rankings.

Every board is scored by comparing the N/S trick counts of the tables that played it.

- ``matchpoints``: on the EBU scale a result earns 2 for each result it beats and 1 for each it ties
  (top = 2(n-1)); ACBL halves that (1 and 1/2, top = n-1). E/W earn top minus their N/S opponents'.
  A board compared fewer times than the movement scheduled (a sit-out, an adjusted score) is
  factored by Neuberg: M' = (M + 1) * E / A - 1 on the EBU scale, E expected, A compared results.
  Adjusted scores are given to each side separately: A is 50 % of the top; by the Laws (the WBF
  Laws Committee's definition, the ``session`` rule, the default) A+ is 60 % or the pair's
  percentage on the boards it played in the session, whichever is greater, and A- 40 % or that
  percentage, whichever is less; a club may choose the ``fixed`` 60 % and 40 % instead. A pair
  with no played board (every board adjusted) gets 60 % and 40 %.
  A pair's percentage is its matchpoints over the sum of the tops of the boards it played.
- ``total_tricks`` (compass whist), board by board: each pair scores its tricks minus the average
  of the pairs who held the same cards on that board; a pair's score is the sum over the boards it
  played (its "± average"). When every pair of a direction played every board this is the classic
  total tricks minus the direction's average total; it stays fair while results come in, with a
  phantom, a skip, a relay or an arrow switch.
- ``odd_tricks``: the side taking 7 or more tricks scores tricks - 6 (plus honours when counted).
- Minnesota whist (``minnesota=`` the key of its rules): a board's N/S score is N/S's net points under
  the event's rules (``minnesota.ns_net``, -14 to +14 by who went grand and N/S's tricks), and the
  boards are compared on those points rather than on tricks: by ``matchpoints`` as above, or by
  ``total_points``, a pair's sum of its net points (E/W's is the negative of N/S's). An adjusted
  side in total points is given its direction's average net points on the board (0 when nobody
  played it), plus 1 for A+, minus 1 for A- (the trick methods' house rule, in points).
- Adjusted scores in the trick methods (house rule): an adjusted side is given its direction's
  average tricks on the board (6.5 when no result was played there), plus 1 for A+, minus 1 for
  A-, and is scored like any other result (odd tricks: that figure - 6 when above 6, no honours).
  It counts for no other pair's average.

Rankings are per direction (two winners), or one field when rounds were arrow-switched. Ties
share a placing shown ``2=``; an optional tie-break by tricks (Foster: "tricks deciding ties"),
counted per board played, so that a pair with an A/A board (no tricks) or a sit-out is not
behind for the boards it did not play.

Worked example: N/S tricks 8, 7, 7, 9, 6, 7, 5 on one board give EBU matchpoints 10, 6, 6, 12, 2,
6, 0 (top 12); E/W get 2, 6, 6, 0, 10, 6, 12. By total tricks the average is 7, so the same
results score +1, 0, 0, +2, -1, 0, -2 for N/S; an A+/A- on that board would give N/S 8 tricks
(+1) and E/W 5 (-1). A pair on 70 % over its played boards given A+ gets 70 % of the board's top
(the session rule), 60 % under the fixed rule; given A- it gets 40 % either way.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import NamedTuple

from .arrow import Score, sides, to_seats
from .errors import ScoringError
from .minnesota import RULES, ns_net
from .places import shared_places

METHODS = ("matchpoints", "total_tricks", "odd_tricks", "total_points")
TRICK_METHODS = ("matchpoints", "total_tricks", "odd_tricks")  # what a classic board is scored by
POINT_METHODS = ("matchpoints", "total_points")  # what a Minnesota board is scored by
SCALES = ("ebu", "acbl")
ADJUSTED_SHARE = {"A+": 0.6, "A": 0.5, "A-": 0.4}
ADJUSTED_RULES = ("session", "fixed")  # A+/A-: at least/most 60/40 % or the session's; exactly 60/40 %
ADJUSTED_TRICKS = {"A+": 1, "A": 0, "A-": -1}  # tricks above the direction's average (trick methods)
NO_AVERAGE = 6.5  # a direction's average on a board nobody played
DIRECTION_NAMES = {"NS": "N/S", "EW": "E/W", "ALL": "Pair"}  # "ALL": a Howell's one field

PairKey = tuple[str, int]  # ("NS", 3): the pair's own direction and number


def pair_label(pair: PairKey) -> str:
    return f"{DIRECTION_NAMES[pair[0]]} {pair[1]}"


class BoardResult(NamedTuple):
    """One table's result on a board. ``ns_pair`` held the N/S cards (on an arrow-switched round,
    the stationary pair holds the E/W cards). A tuple: thousands are read for a big event."""

    board: int
    ns_pair: PairKey
    ew_pair: PairKey
    ns_tricks: int | None = None
    ns_adjusted: str = ""
    ew_adjusted: str = ""
    round: int = 0  # where it was played, for showing; scoring ignores it
    table: int = 0
    arrow_switched: bool = False  # the pairs sat the other way round; scoring ignores it
    granded: str = ""  # Minnesota whist: who went grand, "NS", "EW" or "" (played low)

    @property
    def adjusted(self) -> bool:
        return self.ns_tricks is None

    def seated(self) -> Score:
        """The result as the pairs sat (the pair sitting N/S first)."""
        return to_seats(
            Score(
                self.ns_pair, self.ew_pair, self.ns_tricks, self.ns_adjusted, self.ew_adjusted, self.granded
            ),
            switched=self.arrow_switched,
        )

    @property
    def adjusted_text(self) -> str | None:
        return f"{self.ns_adjusted}/{self.ew_adjusted}" if self.adjusted else None


class ScoredResult(NamedTuple):
    """A result and what each side scored on it (a tuple: thousands are made for a big event)."""

    result: BoardResult
    ns_score: float
    ew_score: float

    def seated_scores(self) -> tuple[float, float]:
        """The scores of the pair sitting N/S and of the pair sitting E/W."""
        return sides(self.ns_score, self.ew_score, switched=self.result.arrow_switched)


@dataclass(frozen=True)
class BoardScore:
    board: int
    top: float | None
    expected: int
    compared: int  # the results played on it; an adjusted one is compared with none
    results: tuple[ScoredResult, ...]


@dataclass(frozen=True)
class Standing:
    field: str  # "NS", "EW" or "ALL"
    pair: PairKey
    rank: str
    score: float
    top: float | None
    percentage: float | None
    boards_played: int
    tricks: int
    versus_average: float | None = None


@dataclass(frozen=True)
class EventScores:
    method: str
    scale: str
    boards: tuple[BoardScore, ...]
    standings: tuple[Standing, ...]
    minnesota: str = ""  # the Minnesota rules the boards were scored by; "" for tricks

    def field(self, name: str) -> tuple[Standing, ...]:
        return tuple(s for s in self.standings if s.field == name)

    def played_low(self, result: BoardResult) -> bool:
        """Whether the hand of this result was played low (``played_low``)."""
        return played_low(self.minnesota, result.ns_tricks, result.granded)

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.field for s in self.standings))


def played_low(minnesota: str, ns_tricks: int | None, granded: str) -> bool:
    """Whether a played hand was played low, each side trying to take as few tricks as it can: a
    Minnesota hand nobody went grand on. Whist's other hands are played for tricks.

    >>> played_low("", 6, ""), played_low("standard", 6, ""), played_low("standard", 6, "NS")
    (False, True, False)
    """
    return bool(minnesota) and ns_tricks is not None and not granded


def neuberg(mp: float, expected: int, actual: int) -> float:
    """Factor EBU matchpoints from ``actual`` compared results up to ``expected`` ones."""
    if actual == expected:
        return mp
    return (mp + 1) * expected / actual - 1


def ebu_matchpoints_by_tricks(tricks: list[int]) -> list[float]:
    """EBU matchpoints of every trick count 0..13 among ``tricks`` (the results played on a board):
    2 for each result beaten, 1 for each other result tied. One count per trick number, not a
    comparison of every pair of results.

    >>> ebu_matchpoints_by_tricks([8, 7, 7, 9, 6, 7, 5])[5:10]
    [0, 2, 6, 10, 12]
    """
    counts = [0] * 14
    for t in tricks:
        counts[t] += 1
    points, below = [0] * 14, 0
    for t in range(14):
        points[t] = 2 * below + counts[t] - 1
        below += counts[t]
    return points


def ebu_matchpoints_by_score(scores: list[int]) -> dict[int, int]:
    """EBU matchpoints of every N/S score among ``scores`` (any numbers, such as Minnesota net
    points from -14 to +14): 2 for each result beaten, 1 for each other result tied.

    >>> ebu_matchpoints_by_score([3, 4, 2, -2])
    {-2: 0, 2: 2, 3: 4, 4: 6}
    """
    counts = Counter(scores)
    points, below = {}, 0
    for score in sorted(counts):
        points[score] = 2 * below + counts[score] - 1
        below += counts[score]
    return points


def score_board_matchpoints(
    board: int, results: list[BoardResult], expected: int, scale: str, minnesota: str = ""
) -> BoardScore:
    expected = max(expected, len(results))
    top = 2 * (expected - 1)
    half = 0.5 if scale == "acbl" else 1.0
    if minnesota:
        # Compared on net points: keyed by the result's N/S net, not its tricks.
        nets = [None if r.ns_tricks is None else ns_net(minnesota, r.granded, r.ns_tricks) for r in results]
        played = [n for n in nets if n is not None]
        points = ebu_matchpoints_by_score(played)
    else:
        nets = [r.ns_tricks for r in results]
        played = [t for t in nets if t is not None]
        points = ebu_matchpoints_by_tricks(played)
    compared = len(played)
    factored = compared != expected
    scored = []
    for r, net in zip(results, nets, strict=True):
        if net is None:
            ns, ew = ADJUSTED_SHARE[r.ns_adjusted] * top, ADJUSTED_SHARE[r.ew_adjusted] * top
        else:
            ns = neuberg(points[net], expected, compared) if factored else points[net]
            ew = top - ns
        scored.append(ScoredResult(r, ns * half, ew * half))
    return BoardScore(board, top * half, expected, compared, tuple(scored))


def _odd(tricks: float) -> float:
    return max(0.0, tricks - 6)


def board_tricks(results: list[BoardResult]) -> tuple[float, list[tuple[float, float]]]:
    """The N/S average of the results played on a board, and the tricks each result counts for
    (N/S, E/W), adjusted sides given their direction's average plus or minus one (house rule).

    >>> board_tricks([BoardResult(1, ("NS", 1), ("EW", 1), 8), BoardResult(1, ("NS", 2), ("EW", 2), 6),
    ...               BoardResult(1, ("NS", 3), ("EW", 3), ns_adjusted="A+", ew_adjusted="A-")])
    (7.0, [(8.0, 5.0), (6.0, 7.0), (8.0, 5.0)])
    """
    played = [r.ns_tricks for r in results if not r.adjusted]
    ns_average = sum(played) / len(played) if played else NO_AVERAGE
    tricks = [
        (float(r.ns_tricks), float(13 - r.ns_tricks))
        if not r.adjusted
        else (ns_average + ADJUSTED_TRICKS[r.ns_adjusted], 13 - ns_average + ADJUSTED_TRICKS[r.ew_adjusted])
        for r in results
    ]
    return ns_average, tricks


def score_board_tricks(
    board: int, results: list[BoardResult], expected: int, method: str, honours: tuple[int, int] | None
) -> BoardScore:
    ns_average, tricks = board_tricks(results)
    scored = []
    for r, (ns_tricks, ew_tricks) in zip(results, tricks, strict=True):
        if method == "total_tricks":
            ns, ew = ns_tricks - ns_average, ew_tricks - (13 - ns_average)
        else:
            ns, ew = _odd(ns_tricks), _odd(ew_tricks)
            if honours and not r.adjusted:
                ns, ew = ns + honours[0], ew + honours[1]
        scored.append(ScoredResult(r, float(ns), float(ew)))
    return BoardScore(board, None, expected, sum(not r.adjusted for r in results), tuple(scored))


def score_board_points(board: int, results: list[BoardResult], expected: int, minnesota: str) -> BoardScore:
    """Each result's Minnesota net points, N/S's and E/W's (its negative); an adjusted side gets its
    direction's average net on the board (0 when nobody played it) plus 1 for A+, minus 1 for A-.

    >>> [s[1:] for s in score_board_points(1, [BoardResult(1, ("NS", 1), ("EW", 1), 9, granded="NS"),
    ...     BoardResult(1, ("NS", 2), ("EW", 2), 5),
    ...     BoardResult(1, ("NS", 3), ("EW", 3), ns_adjusted="A+", ew_adjusted="A")], 3, "swedish").results]
    [(3.0, -3.0), (2.0, -2.0), (3.5, -2.5)]
    """
    nets = [None if r.ns_tricks is None else ns_net(minnesota, r.granded, r.ns_tricks) for r in results]
    played = [n for n in nets if n is not None]
    average = sum(played) / len(played) if played else 0.0
    scored = tuple(
        ScoredResult(r, float(net), float(-net))
        if net is not None
        else ScoredResult(
            r, average + ADJUSTED_TRICKS[r.ns_adjusted], -average + ADJUSTED_TRICKS[r.ew_adjusted]
        )
        for r, net in zip(results, nets, strict=True)
    )
    return BoardScore(board, None, expected, len(played), scored)


@dataclass
class _Tally:
    score: float = 0.0
    top: float = 0.0
    boards: set = field(default_factory=set)
    tricks: int = 0
    played: int = 0  # boards with tricks: an adjusted board adds none


def score_event(
    results: list[BoardResult] | tuple[BoardResult, ...],
    *,
    method: str = "matchpoints",
    scale: str = "ebu",
    expected: dict[int, int] | None = None,
    pairs: tuple[PairKey, ...] | list[PairKey] = (),
    one_field: bool = False,
    tie_break: bool = False,
    honours: dict[int, tuple[int, int]] | None = None,
    adjusted: str = "session",
    minnesota: str = "",
) -> EventScores:
    """Score every board and rank the pairs.

    ``expected`` gives, per board, how many times the movement schedules it between two real pairs
    (default: the results given). ``pairs`` lists pairs that appear even without a result.
    ``honours`` gives per board the honour points (N/S, E/W) to add with odd-trick scoring.
    ``adjusted`` is the rule for A+ and A- in matchpoints: ``session`` or ``fixed``.
    ``minnesota`` names the Minnesota rules the boards are scored by (their net points compared by
    ``matchpoints`` or added up by ``total_points``); empty, the boards are scored by tricks.
    """
    methods = POINT_METHODS if minnesota else TRICK_METHODS
    if method not in methods:
        raise ScoringError(f"'{method}' is not a scoring method here: use {', '.join(methods)}.")
    if minnesota and minnesota not in RULES:
        raise ScoringError(f"'{minnesota}' are not Minnesota rules: use {', '.join(RULES)}.")
    if scale not in SCALES:
        raise ScoringError(f"'{scale}' is not a matchpoint scale: use ebu or acbl.")
    if adjusted not in ADJUSTED_RULES:
        raise ScoringError(f"'{adjusted}' is not a rule for adjusted scores: use session or fixed.")
    by_board: dict[int, list[BoardResult]] = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    expected = expected or {}

    boards = []
    for number in sorted(by_board):
        board_results = by_board[number]
        count = expected.get(number, len(board_results))
        if method == "matchpoints":
            boards.append(score_board_matchpoints(number, board_results, count, scale, minnesota))
        elif method == "total_points":
            boards.append(score_board_points(number, board_results, count, minnesota))
        else:
            boards.append(
                score_board_tricks(number, board_results, count, method, (honours or {}).get(number))
            )

    if method == "matchpoints" and adjusted == "session":
        boards = _with_session_adjustments(boards)

    tallies: dict[PairKey, _Tally] = {pair: _Tally() for pair in pairs}
    tally_of = tallies.get
    for board in boards:
        top, number = board.top or 0, board.board
        for r, ns_score, ew_score in board.results:
            ns = tally_of(r.ns_pair) or tallies.setdefault(r.ns_pair, _Tally())
            ns.score += ns_score
            ns.top += top
            ns.boards.add(number)
            ew = tally_of(r.ew_pair) or tallies.setdefault(r.ew_pair, _Tally())
            ew.score += ew_score
            ew.top += top
            ew.boards.add(number)
            tricks = r.ns_tricks
            if tricks is not None:
                ns.tricks += tricks
                ns.played += 1
                ew.tricks += 13 - tricks
                ew.played += 1

    return EventScores(method, scale, tuple(boards), _rank(tallies, method, one_field, tie_break), minnesota)


def _with_session_adjustments(boards: list[BoardScore]) -> list[BoardScore]:
    """The boards with A+ and A- given by the session rule: 60 % or the pair's percentage on the
    boards it played, whichever is greater (A+); 40 % or that percentage, whichever is less (A-)."""
    if all(board.compared == len(board.results) for board in boards):
        return boards  # every result played: no adjusted score to work out
    played: dict[PairKey, list[float]] = defaultdict(lambda: [0.0, 0.0])  # score, top
    for board in boards:
        for s in board.results:
            r = s.result
            for pair, side, score in (
                (r.ns_pair, r.ns_adjusted, s.ns_score),
                (r.ew_pair, r.ew_adjusted, s.ew_score),
            ):
                if not side:
                    played[pair][0] += score
                    played[pair][1] += board.top or 0

    def share(pair: PairKey, side: str) -> float:
        score, top = played.get(pair, (0.0, 0.0))
        if side == "A" or not top:
            return ADJUSTED_SHARE[side]
        return (max if side == "A+" else min)(ADJUSTED_SHARE[side], score / top)

    changed = []
    for board in boards:
        if board.compared < len(board.results):
            top = board.top or 0
            results = tuple(
                ScoredResult(
                    s.result,
                    share(s.result.ns_pair, s.result.ns_adjusted) * top,
                    share(s.result.ew_pair, s.result.ew_adjusted) * top,
                )
                if s.result.adjusted
                else s
                for s in board.results
            )
            board = BoardScore(board.board, board.top, board.expected, board.compared, results)
        changed.append(board)
    return changed


def _rank(
    tallies: dict[PairKey, _Tally], method: str, one_field: bool, tie_break: bool
) -> tuple[Standing, ...]:
    fields: dict[str, list[PairKey]] = defaultdict(list)
    for pair in tallies:
        fields["ALL" if one_field else pair[0]].append(pair)

    standings = []
    for name in ("NS", "EW", "ALL"):
        members = fields.get(name)
        if not members:
            continue

        def key(pair, tally_of=tallies):
            tally = tally_of[pair]
            if method == "matchpoints":
                main = -1.0 if tally.top == 0 else tally.score / tally.top
            else:
                main = tally.score
            # Rounded so that factored scores equal on paper are equal here too.
            per_board = tally.tricks / tally.played if tally.played else 0.0
            return (round(main, 9), round(per_board, 9) if tie_break else 0)

        keys = {pair: key(pair) for pair in members}
        ordered = sorted(members, key=lambda p: (tuple(-x for x in keys[p]), p))
        for place, pair in zip(shared_places([keys[p] for p in ordered]), ordered, strict=True):
            tally = tallies[pair]
            is_mp = method == "matchpoints"
            standings.append(
                Standing(
                    field=name,
                    pair=pair,
                    rank=place,
                    score=tally.score,
                    top=tally.top if is_mp else None,
                    percentage=(tally.score / tally.top * 100) if is_mp and tally.top else None,
                    boards_played=len(tally.boards),
                    tricks=tally.tricks,
                    versus_average=tally.score if method == "total_tricks" else None,
                )
            )
    return tuple(standings)
