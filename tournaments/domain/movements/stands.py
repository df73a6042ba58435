"""Where a movement's relay stands stand, so that cards can say "the relay stand between tables 4
and 1" as the published cards do, never just "the relay stand" when there are two or three.

The rule (domain.md, 1.6 and 1.7): in a share-and-relay Mitchell and in the published Howells,
every set of boards is either on a table or resting on a stand in each round, and after each round
the set numbered s goes where set s - 1 was (set 1 where the highest set was). So the boards flow
down through the sets' numbers, and a run of sets resting between two sets in play sits on the
path between those two tables: the boards come onto the stand from the table playing the next
higher set in play, and go on to the table playing the next lower one. That run is one stand,
placed between those two tables, and named as the EBU cards name it: the two tables in their order
round the room, lower first, the last table before table 1 ("between tables 1 and 2", "between
tables 4 and 1"). Tables that share a set count as one place. A movement whose sets do not follow
that rule (the 3-table Howell with a shared last round) has one stand for the room, not placed.

Example, the 4-table EBU Howell (round 1: sets 1, 3, 4, 5 at tables 1-4; 2, 6 and 7 resting):
set 2 rests between table 2 (set 3) and table 1 (set 1); sets 6 and 7 between table 1 (set 1,
whose boards go on to where set 7 was) and table 4 (set 5):

    >>> stands = place_stands({1: (1,), 3: (2,), 4: (3,), 5: (4,)}, (2, 6, 7), tables=4)
    >>> [(s, stands[s].place) for s in (2, 6, 7)]
    [(2, 'between tables 1 and 2'), (6, 'between tables 4 and 1'), (7, 'between tables 4 and 1')]
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Stand:
    """A relay stand: the two tables it stands between, in their order round the room, or None
    for the one stand of a movement whose boards do not flow table to table."""

    between: tuple[int, int] | None = None

    @property
    def name(self) -> str:
        if self.between is None:
            return "the relay stand"
        return f"the relay stand between tables {self.between[0]} and {self.between[1]}"

    @property
    def place(self) -> str:
        """``between tables 4 and 1``, for a column; empty for the room's one stand."""
        return self.name.removeprefix("the relay stand ") if self.between else ""


ONE_STAND = Stand()


def _between(tables_from: Sequence[int], tables_to: Sequence[int], tables: int) -> tuple[int, int] | None:
    """The two tables a stand stands between, in their order round the room; None when the boards
    come from or go to more than two tables in all."""
    ends = sorted(set(tables_from) | set(tables_to))
    if len(ends) != 2:
        return None
    low, high = ends
    return (high, low) if (low, high) == (1, tables) and tables > 2 else (low, high)


def place_stands(
    in_play: Mapping[int, Sequence[int]], resting: Sequence[int], *, tables: int, flows: bool = True
) -> dict[int, Stand]:
    """The stand of each resting set in one round, from the tables playing each set that round.

    ``in_play`` maps a set to the tables playing it; ``flows`` says the movement follows the rule
    that set s goes where set s - 1 was (when it does not, every set rests on the one stand).
    """
    if not resting:
        return {}
    sets = max([*in_play, *resting])
    if not flows or not in_play or sorted([*in_play, *resting]) != list(range(1, sets + 1)):
        return {s: ONE_STAND for s in resting}

    def nearest(board_set: int, step: int) -> Sequence[int]:
        s = board_set
        while True:
            s = (s - 1 + step) % sets + 1
            if s in in_play:
                return in_play[s]

    return {s: Stand(_between(nearest(s, +1), nearest(s, -1), tables)) for s in resting}
