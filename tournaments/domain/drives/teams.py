"""A team night: teams of four, each a home pair and an away pair, on a schedule fixed in advance.

Team t's home table is table t. Its home pair sits N/S there all evening; its away pair sits E/W at
another team's table each hand. In hand h the away pair of team a plays at table a + k(h), counted
round the tables (after the last table comes table 1), where the offset k(h) is

    k(h) = (h - 1) mod (T - 1) + 1        (T teams)

so in the first T - 1 hands every away pair meets every other team's home pair once, and never its
own (k is never 0 nor T); from hand T the offsets start again at 1, so the meetings repeat as evenly
as they can: no away pair meets a home pair a second time before it has met every home pair once,
nor a third time before every home pair twice. Each hand, k(h) being the same for every team, every
table gets exactly one away pair. Between hands this is "up one table, passing over your own": the
away pair of team 3 of 5 plays at tables 4, 5, 1, 2, then 4 again.

A night may keep the away pairs at a table for a **visit** of several hands (``per_round``, the
drive's hands a round; one by default): the offset then goes by the visit, k = (v - 1) mod (T - 1)
+ 1 for visit v = (h - 1) // per_round + 1, so the same two pairs play a visit's hands together,
as a table playing games and rubbers needs (``team_rubbers``).

Two teams simply play each other every hand. One team cannot play (its away pair has nobody to
visit), and is refused in those words.

Points, per hand at each table, by the club's rule:

- ``majority``: 1 to the side that took 7 tricks or more, 2 when it took all thirteen, the other
  side 0;
- ``tricks``: each side scores the tricks it took.

A Minnesota team night (``games``) reads each hand by its points: under ``majority`` the pair that
won the hand on points (the higher; never level) scores 1, and 2 for a clean sweep: all thirteen
tricks when someone went grand, none when the hand was played low; under ``tricks`` each
pair scores its Minnesota points. Level teams are still separated by the tricks they took.

A team's score is the sum of its two pairs'. Teams rank by score; teams level on score are
separated by the tricks they took (Foster's rule for ties, domain.md decision 4), and teams level
on both share a place ("2="). Under ``tricks`` the score is the tricks, so level teams share.

Worked example, 4 teams: in hand 2 each away pair goes two tables up,

    >>> [(v.table, v.home, v.away) for v in visits(4, 2)]
    [(1, 1, 3), (2, 2, 4), (3, 3, 1), (4, 4, 2)]
    >>> hand_points(Rule.MAJORITY, 9), hand_points(Rule.MAJORITY, 0), hand_points(Rule.TRICKS, 9)
    ((1, 0), (0, 2), (9, 4))
"""

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from ..errors import DriveError
from ..places import shared_places
from .games import Game
from .movement import TRICKS

HOME, AWAY = "home", "away"


class Rule(StrEnum):
    MAJORITY = "majority"
    TRICKS = "tricks"


def pair_card(team: int, pair: str) -> int:
    """The card number a team's pair plays on (its lady and its gent): 2t - 1 for the home pair,
    2t for the away pair.

    >>> pair_card(3, HOME), pair_card(3, AWAY)
    (5, 6)
    """
    return 2 * team - (1 if pair == HOME else 0)


def card_team(card: int) -> int:
    """The team whose pair plays on a card number: ``pair_card`` the other way round.

    >>> [card_team(card) for card in (5, 6, 7)]
    [3, 3, 4]
    """
    return (card + 1) // 2


def check_teams(teams: int) -> None:
    """Refuse a number of teams a team night cannot be played with."""
    if teams < 2:
        raise DriveError(
            f"A team night needs at least two teams: with {teams}, an away pair has no other team's "
            "table to visit."
        )


def check_visits(hands: int, per_round: int) -> None:
    """Refuse hands that visits of ``per_round`` hands do not divide (the last visit cut short).

    >>> check_visits(12, 4)
    >>> check_visits(10, 4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tournaments.domain.errors.DriveError: 10 hands cannot be played in visits of 4: ...
    """
    if per_round < 1:
        raise DriveError("The away pairs play one hand at least at each table.")
    if hands % per_round:
        raise DriveError(
            f"{hands} hands cannot be played in visits of {per_round}: give a number of hands that "
            f"{per_round} divides, or another number of hands a visit."
        )


def offset(teams: int, hand: int, per_round: int = 1) -> int:
    """How many tables up from its own the away pairs play in a hand (the same for every team),
    when they stay ``per_round`` hands at each table.

    >>> [offset(4, h) for h in range(1, 8)], [offset(4, h, per_round=2) for h in range(1, 8)]
    ([1, 2, 3, 1, 2, 3, 1], [1, 1, 2, 2, 3, 3, 1])
    """
    check_teams(teams)
    if hand < 1:
        raise DriveError(f"There is no hand {hand}: hands are numbered from 1.")
    return ((hand - 1) // per_round) % (teams - 1) + 1


def away_table(teams: int, team: int, hand: int, per_round: int = 1) -> int:
    """The table where a team's away pair plays a hand (teams and tables numbered from 1).

    >>> [away_table(5, 3, h) for h in range(1, 6)]
    [4, 5, 1, 2, 4]
    """
    if not 1 <= team <= teams:
        raise DriveError(f"There is no team {team}: there are {teams} teams.")
    return (team - 1 + offset(teams, hand, per_round)) % teams + 1


@dataclass(frozen=True)
class Visit:
    """One table in one hand: its home team's home pair N/S, a visiting team's away pair E/W."""

    hand: int
    table: int
    home: int
    away: int


def visits(teams: int, hand: int, per_round: int = 1) -> tuple[Visit, ...]:
    """Every table of a hand, in table order, with the team whose away pair plays there."""
    k = offset(teams, hand, per_round)
    return tuple(Visit(hand, table, table, (table - 1 - k) % teams + 1) for table in range(1, teams + 1))


def schedule(teams: int, hands: int, per_round: int = 1) -> dict[int, tuple[Visit, ...]]:
    """Every hand's tables, by hand."""
    check_teams(teams)
    if hands < 1:
        raise DriveError("A team night needs at least one hand.")
    return {hand: visits(teams, hand, per_round) for hand in range(1, hands + 1)}


def meetings(teams: int, hands: int, per_round: int = 1) -> Counter:
    """How often each away pair (by team) meets each home pair (by team): {(away, home): times}."""
    return Counter((v.away, v.home) for hand in schedule(teams, hands, per_round).values() for v in hand)


def hand_points(rule: Rule, ns_tricks: int) -> tuple[int, int]:
    """The points of the home pair (N/S) and the away pair (E/W) at a table, from N/S's tricks."""
    if not 0 <= ns_tricks <= TRICKS:
        raise DriveError(f"{ns_tricks} is not a number of tricks: give 0 to {TRICKS}.")
    ew_tricks = TRICKS - ns_tricks
    if Rule(rule) == Rule.TRICKS:
        return ns_tricks, ew_tricks

    def majority(tricks: int) -> int:
        return 2 if tricks == TRICKS else 1 if tricks * 2 > TRICKS else 0

    return majority(ns_tricks), majority(ew_tricks)


def game_points(rule: Rule, game: Game, ns_tricks: int, granded: str = "") -> tuple[int, int]:
    """The home and away pairs' points at a table, in the drive's game: a Minnesota hand's winners
    on points take the majority's point, its tricks rule scores the pairs' Minnesota points.

    >>> from .games import MINNESOTA
    >>> swedish = Game(MINNESOTA, "swedish")
    >>> game_points(Rule.MAJORITY, swedish, 4, ""), game_points(Rule.TRICKS, swedish, 4, "")
    ((1, 0), (3, 0))
    >>> game_points(Rule.MAJORITY, swedish, 0, ""), game_points(Rule.MAJORITY, swedish, 13, "EW")
    ((2, 0), (2, 0))
    """
    if Rule(rule) == Rule.TRICKS:
        return game.points(ns_tricks, granded)
    return hand_points(rule, game.moving_tricks(ns_tricks, granded))


@dataclass(frozen=True)
class PairScore:
    """A team's home or away pair: its points and tricks over the hands in so far."""

    team: int
    pair: str  # HOME or AWAY
    points: int = 0
    tricks: int = 0
    hands: int = 0


@dataclass(frozen=True)
class TeamScore:
    team: int
    home: PairScore
    away: PairScore

    @property
    def points(self) -> int:
        return self.home.points + self.away.points

    @property
    def tricks(self) -> int:
        return self.home.tricks + self.away.tricks

    @property
    def hands(self) -> int:
        return self.home.hands + self.away.hands


def score_teams(
    rule: Rule,
    teams: int,
    results: Mapping[tuple[int, int], int],
    points: Mapping[tuple[int, int], tuple[int, int]] | None = None,
    per_round: int = 1,
) -> dict[int, TeamScore]:
    """Every team's score from the N/S tricks in so far, by (hand, table); ``points``, where
    given, holds each table's home and away points (a Minnesota night's, ``game_points``); the
    away pairs stay ``per_round`` hands at a table (a visit).

    >>> scores = score_teams(Rule.MAJORITY, 2, {(1, 1): 8, (1, 2): 13})
    >>> [(s.team, s.home.points, s.away.points, s.points, s.tricks) for s in scores.values()]
    [(1, 1, 0, 1, 8), (2, 2, 0, 2, 18)]
    """
    check_teams(teams)
    pairs = {(t, side): [0, 0, 0] for t in range(1, teams + 1) for side in (HOME, AWAY)}
    for (hand, table), ns_tricks in results.items():
        if not 1 <= table <= teams:
            raise DriveError(f"There is no table {table}: there are {teams} teams.")
        visit = visits(teams, hand, per_round)[table - 1]
        scored = points[(hand, table)] if points is not None else hand_points(rule, ns_tricks)
        for (team, side), got, tricks in zip(
            ((visit.home, HOME), (visit.away, AWAY)), scored, (ns_tricks, TRICKS - ns_tricks), strict=True
        ):
            line = pairs[(team, side)]
            line[0] += got
            line[1] += tricks
            line[2] += 1
    return {
        t: TeamScore(t, PairScore(t, HOME, *pairs[(t, HOME)]), PairScore(t, AWAY, *pairs[(t, AWAY)]))
        for t in range(1, teams + 1)
    }


@dataclass(frozen=True)
class TeamHand:
    """One hand on a team's card: whom its home pair met (the visiting team) and where its away
    pair played, against which team's home pair; each pair's points, None until the hand is in."""

    hand: int
    visitors: int
    away_table: int
    home_points: int | None
    away_points: int | None


def team_card(
    rule: Rule,
    teams: int,
    team: int,
    hands: int,
    results: Mapping[tuple[int, int], int],
    points: Mapping[tuple[int, int], tuple[int, int]] | None = None,
    per_round: int = 1,
):
    """A team's hands, one a line, from the N/S tricks in so far by (hand, table) (or each
    table's home and away ``points``, as ``score_teams`` takes them), the away pairs staying
    ``per_round`` hands at a table.

    >>> [(h.visitors, h.away_table, h.home_points, h.away_points) for h in team_card(
    ...     Rule.MAJORITY, 3, 1, 2, {(1, 1): 8, (1, 2): 13})]
    [(3, 2, 1, 0), (2, 3, None, None)]
    """
    if points is None:
        points = {key: hand_points(rule, ns_tricks) for key, ns_tricks in results.items()}
    lines = []
    for hand in range(1, hands + 1):
        visit = visits(teams, hand, per_round)[team - 1]
        table = away_table(teams, team, hand, per_round)
        home, away = points.get((hand, team)), points.get((hand, table))
        lines.append(
            TeamHand(
                hand,
                visit.away,
                table,
                None if home is None else home[0],
                None if away is None else away[1],
            )
        )
    return tuple(lines)


def rank_teams(scores: Mapping[int, TeamScore]) -> list[tuple[str, TeamScore]]:
    """The teams best first, each with its place: by points, then tricks; level on both, shared.

    >>> scores = score_teams(Rule.MAJORITY, 3, {(1, 1): 7, (1, 2): 7, (1, 3): 6})
    >>> [(place, s.team, s.points, s.tricks) for place, s in rank_teams(scores)]
    [('1', 2, 2, 14), ('2', 1, 1, 13), ('3', 3, 0, 12)]
    """
    ranked = sorted(scores.values(), key=lambda s: (-s.points, -s.tricks, s.team))
    return list(zip(shared_places([(s.points, s.tricks) for s in ranked]), ranked, strict=True))


def rank_pairs(scores: Mapping[int, TeamScore]) -> list[tuple[str, PairScore]]:
    """Every pair, home and away, best first by points then tricks, level pairs sharing a place."""
    pairs = [pair for s in scores.values() for pair in (s.home, s.away)]
    ranked = sorted(pairs, key=lambda p: (-p.points, -p.tricks, p.team, p.pair != HOME))
    return list(zip(shared_places([(p.points, p.tricks) for p in ranked]), ranked, strict=True))
