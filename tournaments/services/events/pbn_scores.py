r"""An event's results in its PBN file: each board's ``ScoreTable`` and the ``TotalScoreTable``
(PBN 2.1 §5.7 and §5.8), so that other scoring and hand-record programs read a whist evening.

PBN was made for bridge; whist has no auction, no contract and no declarer. The standard lets a
table use any subset of its columns and add columns of its own (§5.2), so the tables say:

- ``PairId_NS`` and ``PairId_EW``: the pairs that held the N/S and E/W cards of the deal (on an
  arrow-switched round the E/W line held the N/S cards), named so that every pair's id is one
  token and its own: "NS3" and "EW3" for the two lines of a Mitchell, "3" for a Howell's pairs.
  An individual event's boards are played by its partnerships, numbered as its results' boards
  give them.
- ``Contract`` and ``Declarer`` are left out: whist has neither. ``Result``, the tricks the
  declarer won, gives N/S's tricks (the side the deal is scored from); ``-`` for an adjusted score.
- The scores are the event's own method's, as its results give them: by ``matchpoints``,
  ``MP_NS``/``MP_EW`` and ``Percentage_NS``/``Percentage_EW`` (of the board's top); by total
  tricks (tricks above or below the average), odd tricks or Minnesota total points,
  ``Score_NS``/``Score_EW``, with no matchpoints or percentages (the method has none). A Minnesota
  event adds ``Grand`` (who went grand: NS, EW, or ``-`` for a hand played low) and, by
  matchpoints, its N/S and E/W net points as ``Score_NS``/``Score_EW``. No IMP columns: no
  whist method scores IMPs.
- An adjusted score (A+, A, A-) is an artificial score (§5.2): its figures start with ``^``, and
  a figure the method does not give it (a Minnesota board's net points) is ``-``.
- The ``TotalScoreTable`` (the standard names no game for it) is written with the first board,
  so that a reader meets the pairs' names before the boards that give their ids. It ranks the
  pairs (an individual event's players) as the results do: ``Rank`` (a shared place by its best
  rank, "2=" as 2), ``PairId``, ``Field`` (its own column: NS, EW or ALL, the list the rank is
  in), ``TotalMP`` and ``TotalPercentage`` by matchpoints or ``TotalScore`` otherwise,
  ``NrBoards``, then ``Names`` last, a quoted token with the two players set apart by ``;``
  (§5.7; "?" when the pair has no names), named as the public pages name them
  (``names_as_published``): the file leaves the club. Being last, a reader that splits rows on
  spaces still finds every other column where it is.

Only confirmed results are written; an event with none has no tables. A board played three
times, once with an adjusted score, by matchpoints (a top of 4, the EBU scale; A+ and A- by the
session rule)::

    [ScoreTable "PairId_NS\4R;PairId_EW\4R;Result\2R;MP_NS\5R;MP_EW\5R;Percentage_NS\6R;Percentage_EW\6R"]
     NS2  EW2  -    ^3  ^1.6 ^75.00 ^40.00
     NS1  EW3 13   3.5   0.5  87.50  12.50
     NS3  EW1  5   0.5   3.5  12.50  87.50
"""

from ...domain.pbn import IRRELEVANT, PbnTable, score_cells, score_columns, string_token
from ...domain.scoring import BoardScore, EventScores, PairKey
from ...models import Event, names_as_published
from ...reports import format_percentage, format_score
from .individuals import individual_report
from .scoring import EventReport, event_report


def pair_id(pair: PairKey) -> str:
    """A pair's one-token id: "NS3", "EW3", or "3" for a pair of a Howell's one field."""
    direction, number = pair
    return str(number) if direction == "ALL" else f"{direction}{number}"


def score_table(scores: EventScores, board: BoardScore) -> PbnTable:
    """One board's results, a row a table that played it, as the module's docstring says."""
    columns = ("PairId_NS\\4R", "PairId_EW\\4R", "Result\\2R") + score_columns(scores)
    rows = tuple(
        (
            pair_id(s.result.ns_pair),
            pair_id(s.result.ew_pair),
            IRRELEVANT if s.result.adjusted else str(s.result.ns_tricks),
            *score_cells(scores, board, s, score=format_score, percentage=format_percentage),
        )
        for s in board.results
    )
    return PbnTable(columns, rows)


def _total_row(method: str, s, field: str, entrant: str, people) -> tuple[str, ...]:
    """A standing's row (a pair's ``Standing`` or a player's), its ``people`` as (id, name)."""
    totals = (
        (format_score(s.score), format_percentage(s.percentage) or IRRELEVANT)
        if method == "matchpoints"
        else (format_score(s.score),)
    )
    named = ";".join(name for _, name in people if name) or "?"
    return (s.rank.rstrip("="), entrant, field, *totals, str(s.boards_played), string_token(named))


def total_score_table(report: EventReport) -> PbnTable:
    """The standings: the pairs', or an individual event's players'."""
    method = report.scores.method
    totals = ("TotalMP\\6R", "TotalPercentage\\6R") if method == "matchpoints" else ("TotalScore\\6R",)
    columns = ("Rank\\3R", "PairId\\4R", "Field\\3L", *totals, "NrBoards\\2R", "Names")
    if report.event.evening_format.ranks_players:
        players = individual_report(report.event, report)
        rows = tuple(
            _total_row(method, s, "ALL", str(s.player), players.people.get(s.player, ()))
            for s in players.standings
        )
    else:
        rows = tuple(
            _total_row(method, s, s.field, pair_id(s.pair), report.people.get(s.pair, ()))
            for s in report.scores.standings
        )
    return PbnTable(columns, rows)


def event_pbn_tables(event: Event) -> tuple[dict[int, PbnTable], PbnTable | None]:
    """Each board's ``ScoreTable`` by its number and the ``TotalScoreTable`` (None with no
    confirmed result yet), the names as the public pages give them."""
    with names_as_published(event.club):
        report = event_report(event)
        if not report.scores.boards:
            return {}, None
        boards = {board.board: score_table(report.scores, board) for board in report.scores.boards}
        return boards, total_score_table(report)
