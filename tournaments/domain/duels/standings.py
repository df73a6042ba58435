"""A two-player night's standings.

Players are ranked by game points (2 a win and 1 a tie by default; a bye scores a win), then by
games won (a bye is not a game won), then by the spread (points for minus points against, over the
matches played), then by their own match: among players level on all three, the game points they
scored against one another. Players level on all of these share a place (``2=``).

    >>> played = [
    ...     Played(1, 2, 4, 0, 2, 0), Played(3, 4, 3, 3, 1, 1),
    ...     Played(1, 3, 0, 2, 0, 2), Played(2, 4, 5, 0, 2, 0),
    ... ]
    >>> [(s.place, s.player, s.game_points, s.won, s.spread) for s in rank_players([1, 2, 3, 4], played)]
    [('1', 3, 3, 1, 2), ('2', 1, 2, 1, 2), ('3', 2, 2, 1, 1), ('4', 4, 1, 0, -5)]

Players 1 and 3 met: had they been level on games won and the spread too, 3's win over 1 would
place 3 first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Played:
    """A finished match: players ``a`` and ``b`` (``b`` 0 for a bye), their points and game points."""

    a: int
    b: int
    points_a: int
    points_b: int
    game_points_a: int
    game_points_b: int

    @property
    def bye(self) -> bool:
        return not self.b


@dataclass(frozen=True)
class Standing:
    place: str  # "1", "2=" when shared
    player: int
    game_points: int
    won: int
    tied: int
    lost: int
    byes: int
    points_for: int
    points_against: int

    @property
    def spread(self) -> int:
        return self.points_for - self.points_against

    @property
    def played(self) -> int:
        return self.won + self.tied + self.lost


def rank_players(players: Iterable[int], played: Sequence[Played]) -> list[Standing]:
    """Every player's line, best first; players in ``played`` but not in ``players`` are refused
    by the caller, never here."""
    lines = {player: [0, 0, 0, 0, 0, 0, 0] for player in players}  # gp, won, tied, lost, byes, for, against
    for match in played:
        sides = [(match.a, match.points_a, match.points_b, match.game_points_a, match.game_points_b)]
        if not match.bye:
            sides.append((match.b, match.points_b, match.points_a, match.game_points_b, match.game_points_a))
        for player, mine, theirs, gp, other_gp in sides:
            line = lines[player]
            line[0] += gp
            if match.bye:
                line[4] += 1
                continue
            line[1 if gp > other_gp else 2 if gp == other_gp else 3] += 1
            line[5] += mine
            line[6] += theirs

    def main_key(player: int) -> tuple[int, int, int]:
        gp, won, _, _, _, points_for, against = lines[player]
        return (gp, won, points_for - against)

    ordered = sorted(lines, key=lambda p: (main_key(p), -p), reverse=True)
    groups: list[list[int]] = []
    for player in ordered:
        if groups and main_key(groups[-1][0]) == main_key(player):
            groups[-1].append(player)
        else:
            groups.append([player])
    standings: list[Standing] = []
    for group in groups:
        for tied in _head_to_head(group, played):
            place = str(len(standings) + 1) + ("=" if len(tied) > 1 else "")
            for player in sorted(tied):
                gp, won, drawn, lost, byes, points_for, against = lines[player]
                standings.append(Standing(place, player, gp, won, drawn, lost, byes, points_for, against))
    return standings


def _head_to_head(group: list[int], played: Sequence[Played]) -> list[list[int]]:
    """Split players level on game points, games won and spread by the game points they scored
    against one another; those still level stay together."""
    if len(group) == 1:
        return [group]
    members = set(group)
    among = {player: 0 for player in group}
    for match in played:
        if match.a in members and match.b in members:
            among[match.a] += match.game_points_a
            among[match.b] += match.game_points_b
    if len(set(among.values())) == 1:
        return [group]
    result: list[list[int]] = []
    for score in sorted(set(among.values()), reverse=True):
        result.append([player for player in group if among[player] == score])
    return result
