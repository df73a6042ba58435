"""The league table: played, won, tied, lost, tricks for and against, points; in order of
points, then trick difference (for minus against), then tricks for; clubs level on all three share
a place (``domain.places.shared_places``). In games and rubbers clubs level on points are placed by
their rubber points, then as before.

>>> table = league_table(["Dee", "Don"], [Played("Dee", "Don", 456, 480)])
>>> [(row.place, row.club, row.points, row.difference) for row in table]
[('1', 'Don', 3, 24), ('2', 'Dee', 0, -24)]
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ..places import shared_places
from .matches import LOSS, TIE, WIN, _points


@dataclass(frozen=True)
class Played:
    """An agreed match, as the league table counts it."""

    home: Hashable
    away: Hashable
    home_tricks: int
    away_tricks: int
    home_rubber_points: int | None = None  # in games and rubbers (None: the tricks decide)


@dataclass(frozen=True)
class Standing:
    place: str
    club: Hashable
    played: int
    won: int
    tied: int
    lost: int
    tricks_for: int
    tricks_against: int
    points: int
    rubber_points: int = 0  # in games and rubbers: the rubber points over the club's matches

    @property
    def difference(self) -> int:
        return self.tricks_for - self.tricks_against


def league_table(clubs: Sequence[Hashable], played: Sequence[Played]) -> list[Standing]:
    """The league table of the clubs from their agreed matches: by points, then trick difference,
    then tricks for; clubs level on all three share a place and are listed in the order given."""
    figures = {club: [0, 0, 0, 0, 0, 0] for club in clubs}  # played, won, tied, lost, for, against
    rubbers = dict.fromkeys(clubs, 0)
    for match in played:
        home_rubbers = match.home_rubber_points
        for club, tricks, against, own in (
            (match.home, match.home_tricks, match.away_tricks, home_rubbers),
            (
                match.away,
                match.away_tricks,
                match.home_tricks,
                None if home_rubbers is None else -home_rubbers,
            ),
        ):
            row = figures[club]
            row[0] += 1
            decided = (tricks, against) if own is None else (own, -own)
            row[1 + (WIN, TIE, LOSS).index(_points(*decided))] += 1
            row[4] += tricks
            row[5] += against
            rubbers[club] += own or 0
    rows = [(club, row, row[1] * WIN + row[2] * TIE + row[3] * LOSS) for club, row in figures.items()]
    rows.sort(key=lambda entry: (-entry[2], -rubbers[entry[0]], -(entry[1][4] - entry[1][5]), -entry[1][4]))
    places = shared_places([(points, rubbers[club], row[4] - row[5], row[4]) for club, row, points in rows])
    return [
        Standing(place, club, *row, points, rubbers[club])
        for place, (club, row, points) in zip(places, rows, strict=True)
    ]
