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


def _running(game: int, played) -> tuple[Score, ...]:
    try:
        return running(game, played)
    except DomainError as error:
        raise DriveError(str(error)) from None


def score_rubber_teams(game: int, teams: int, deals: Deals, per_round: int = 1) -> dict[int, TeamScore]:
    """Every team's rubber points and tricks from the hands in so far, by (hand, table): each
    visit at each table scored as that table's games and rubbers."""
    check_teams(teams)
    pairs = {(t, side): [0, 0, 0] for t in range(1, teams + 1) for side in (HOME, AWAY)}
    tables: dict[tuple[int, int], dict[int, tuple[int, str]]] = {}
    for (hand, table), deal in deals.items():
        if not 1 <= table <= teams:
            raise DriveError(f"There is no table {table}: there are {teams} teams.")
        tables.setdefault(((hand - 1) // per_round, table), {})[hand] = deal
    for (_, table), played in tables.items():
        first = min(played)
        visit = visits(teams, first, per_round)[table - 1]
        in_order = [played[h] for h in sorted(played)]
        points = _running(game, in_order)[-1].rubber_points
        for (team, side), got, tricks in zip(
            ((visit.home, HOME), (visit.away, AWAY)),
            points,
            (sum(t for t, _ in in_order), sum(TRICKS - t for t, _ in in_order)),
            strict=True,
        ):
            line = pairs[(team, side)]
            line[0] += got
            line[1] += tricks
            line[2] += len(in_order)
    return {
        t: TeamScore(t, PairScore(t, HOME, *pairs[(t, HOME)]), PairScore(t, AWAY, *pairs[(t, AWAY)]))
        for t in range(1, teams + 1)
    }
