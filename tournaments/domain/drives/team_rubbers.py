"""A team night played in games and rubbers: each visit's hands at a table are one table's games.

At a team night the away pairs stay ``per_round`` hands at each table (a visit, ``teams.offset``).
In games and rubbers (``domain/rubbers``) the hands of one visit at one table are that table's
deals, played as games to 5, 7 or 10 and rubbers from the first hand of the visit: the home pair
N/S, the visiting away pair E/W. When the visit ends the table's result is its rubber points, an
unfinished game scoring nothing and an unfinished rubber its finished games without the rubber's 2;
the next visit starts a new game at love. The home pair's rubber points go to the home team, the
away pair's to its own team; the points of one table add to nothing, so the teams' points over the
room do too. Teams rank by rubber points, then by tricks (``teams.rank_teams``), as they do by
team points.

A night of 2 teams, visits of 4 hands: at table 1, the home pair wins a game to 5 as a treble; at
table 2 nobody has won a game yet.

    >>> deals = {(1, 1): (12, ""), (1, 2): (8, ""), (2, 2): (7, "EW2")}
    >>> scores = score_rubber_teams(5, 2, deals, per_round=4)
    >>> [(s.team, s.home.points, s.away.points, s.points) for s in scores.values()]
    [(1, 3, 0, 3), (2, 0, -3, -3)]
    >>> table_score(5, deals, hand=2, table=2, per_round=4).line()
    'N/S 3 · E/W 2, game to 5; rubber 0–0'
"""

from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import DomainError, DriveError
from ..rubbers import Score, running
from .movement import TRICKS
from .teams import AWAY, HOME, PairScore, TeamScore, check_teams, visits

# A hand at a table in games and rubbers: N/S's tricks and the honours claimed ("", "NS4", …).
Deals = Mapping[tuple[int, int], tuple[int, str]]


def visit_hands(hand: int, per_round: int) -> range:
    """The hands of the visit a hand is in.

    >>> list(visit_hands(6, 4))
    [5, 6, 7, 8]
    """
    first = (hand - 1) // per_round * per_round + 1
    return range(first, first + per_round)


def table_score(game: int, deals: Deals, *, hand: int, table: int, per_round: int) -> Score:
    """A table's running score after a hand: its visit's deals in so far, up to that hand."""
    played = [deals[(h, table)] for h in visit_hands(hand, per_round) if h <= hand and (h, table) in deals]
    scores = _running(game, played)
    return scores[-1] if scores else Score(game)


def score_before(game: int, deals: Deals, *, hand: int, table: int, per_round: int) -> Score:
    """A table's score when a hand starts: its visit's hands before it (at love on a visit's first).

    >>> score_before(5, {(1, 1): (10, ""), (2, 1): (6, "NS4")}, hand=2, table=1, per_round=4).points
    (4, 0)
    """
    played = [deals[(h, table)] for h in visit_hands(hand, per_round) if h < hand and (h, table) in deals]
    scores = _running(game, played)
    return scores[-1] if scores else Score(game)


def _running(game: int, played) -> tuple[Score, ...]:
    try:
        return running(game, played)
    except DomainError as error:
        raise DriveError(str(error)) from None


@dataclass(frozen=True)
class TableVisit:
    """One visit at one table in games and rubbers: the home team (N/S), the visiting team (E/W),
    the hands in so far and the table's score after them (its ``rubber_points`` the result)."""

    visit: int
    table: int
    home: int
    away: int
    hands: int
    ns_tricks: int
    score: Score


def table_visits(game: int, teams: int, deals: Deals, per_round: int = 1) -> list[TableVisit]:
    """Every visit at every table with a hand in, in order of visit and table.

    >>> [(v.visit, v.table, v.away, v.score.rubber_points) for v in table_visits(5, 2, {(1, 2): (1, "")})]
    [(1, 2, 1, (-3, 3))]
    """
    check_teams(teams)
    tables: dict[tuple[int, int], dict[int, tuple[int, str]]] = {}
    for (hand, table), deal in deals.items():
        if not 1 <= table <= teams:
            raise DriveError(f"There is no table {table}: there are {teams} teams.")
        tables.setdefault(((hand - 1) // per_round + 1, table), {})[hand] = deal
    out = []
    for (visit, table), played in sorted(tables.items()):
        seated = visits(teams, min(played), per_round)[table - 1]
        in_order = [played[h] for h in sorted(played)]
        score = _running(game, in_order)[-1]
        out.append(
            TableVisit(
                visit, table, seated.home, seated.away, len(in_order), sum(t for t, _ in in_order), score
            )
        )
    return out


def score_rubber_teams(game: int, teams: int, deals: Deals, per_round: int = 1) -> dict[int, TeamScore]:
    """Every team's rubber points and tricks from the hands in so far, by (hand, table): each
    visit at each table scored as that table's games and rubbers."""
    pairs = {(t, side): [0, 0, 0] for t in range(1, teams + 1) for side in (HOME, AWAY)}
    for visit in table_visits(game, teams, deals, per_round):
        ns, ew = visit.score.rubber_points
        tricks = (visit.ns_tricks, TRICKS * visit.hands - visit.ns_tricks)
        for key, got, took in zip(((visit.home, HOME), (visit.away, AWAY)), (ns, ew), tricks, strict=True):
            line = pairs[key]
            line[0] += got
            line[1] += took
            line[2] += visit.hands
    return {
        t: TeamScore(t, PairScore(t, HOME, *pairs[(t, HOME)]), PairScore(t, AWAY, *pairs[(t, AWAY)]))
        for t in range(1, teams + 1)
    }
