"""The shape of a movement, whatever its kind: who sits where with which boards, round by round."""

from dataclasses import dataclass


@dataclass(frozen=True)
class TableRound:
    """One table in one round.

    ``ns`` and ``ew`` are pair numbers of their own direction; ``None`` where the phantom sits (its
    opponents sit out). ``shares_with`` names the table playing the same boards this round.
    """

    round: int
    table: int
    ns: int | None
    ew: int | None
    board_set: int
    boards: tuple[int, ...]
    arrow_switched: bool = False
    shares_with: int | None = None

    @property
    def sit_out(self) -> bool:
        return self.ns is None or self.ew is None


@dataclass(frozen=True)
class RelayRound:
    """The board set resting on the relay (bye stand) in one round."""

    round: int
    board_set: int
    boards: tuple[int, ...]


@dataclass(frozen=True)
class Movement:
    kind: str
    variant: str
    tables: int
    rounds: int
    boards_per_round: int
    sets: int
    phantom: bool
    arrow_switch_rounds: tuple[int, ...]
    table_rounds: tuple[TableRound, ...]
    relay: tuple[RelayRound, ...] = ()

    @property
    def boards(self) -> int:
        return self.sets * self.boards_per_round

    @property
    def pairs_per_direction(self) -> int:
        return self.tables

    def round_of(self, round_: int) -> tuple[TableRound, ...]:
        return tuple(tr for tr in self.table_rounds if tr.round == round_)

    def at(self, round_: int, table: int) -> TableRound:
        for tr in self.table_rounds:
            if tr.round == round_ and tr.table == table:
                return tr
        raise KeyError((round_, table))

    def itinerary(self, direction: str, pair: int) -> tuple[TableRound, ...]:
        """Where a pair sits, round by round (a phantom's opponents sit out some rounds)."""
        key = "ns" if direction == "NS" else "ew"
        return tuple(tr for tr in self.table_rounds if getattr(tr, key) == pair)

    def sit_outs(self, round_: int) -> tuple[int, ...]:
        """E/W pairs sitting out a round (their N/S opponents are the phantom)."""
        return tuple(tr.ew for tr in self.round_of(round_) if tr.ns is None and tr.ew is not None)


def boards_of_set(board_set: int, boards_per_round: int) -> tuple[int, ...]:
    """Set s holds boards (s-1)k+1 .. sk."""
    first = (board_set - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))
