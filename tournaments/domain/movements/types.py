"""The shape of a movement, whatever its kind: who sits where with which boards, round by round.

The movement also answers where everything goes after a round: the tablets, the table cards, the
guide cards and the movement page all ask it (``moves_after``), none works it out again. The
E/W pair's step is counted in tables up the room; a step of two is the skip.

    >>> from tournaments.domain.movements import build_mitchell
    >>> m = build_mitchell(6, boards_per_round=2)
    >>> moves = m.moves_after(3, 2)
    >>> moves.ew, moves.ew_to, moves.skip, moves.boards_to
    (6, 4, True, (1,))
    >>> m.skip_after
    3
"""

from dataclasses import dataclass
from functools import cached_property


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


@dataclass(frozen=True)
class RelayRound:
    """The board set resting on the relay (bye stand) in one round."""

    round: int
    board_set: int
    boards: tuple[int, ...]


@dataclass(frozen=True)
class Moves:
    """Where the E/W pair and the boards of one table go after a round.

    ``ew_to`` is None after the last round; ``ew_sits_out`` says the pair's next table has no
    N/S pair (the phantom's). ``boards_to`` is empty after the last round and when the boards
    rest on the relay stand for a round (``boards_to_relay``).
    """

    round: int
    table: int
    ew: int | None
    ew_to: int | None
    ew_step: int | None
    ew_sits_out: bool
    boards_to: tuple[int, ...]
    boards_to_relay: bool

    @property
    def last_round(self) -> bool:
        return self.ew_to is None and not self.boards_to and not self.boards_to_relay

    @property
    def skip(self) -> bool:
        """E/W move up two tables instead of one (the skip of a skip Mitchell)."""
        return self.ew_step == 2


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
    card_set: str | None = None  # a Howell's published card set ("ebu", "acbl")

    @property
    def boards(self) -> int:
        return self.sets * self.boards_per_round

    def round_of(self, round_: int) -> tuple[TableRound, ...]:
        return self._rounds.get(round_, ())

    def at(self, round_: int, table: int) -> TableRound:
        tr = self._index.get((round_, table))
        if tr is None:
            raise KeyError((round_, table))
        return tr

    @cached_property
    def _index(self) -> dict[tuple[int, int], TableRound]:
        return {(tr.round, tr.table): tr for tr in self.table_rounds}

    @cached_property
    def _rounds(self) -> dict[int, tuple[TableRound, ...]]:
        rounds: dict[int, list[TableRound]] = {}
        for tr in self.table_rounds:
            rounds.setdefault(tr.round, []).append(tr)
        return {r: tuple(trs) for r, trs in rounds.items()}

    def itinerary(self, direction: str, pair: int) -> tuple[TableRound, ...]:
        """Where a pair sits, round by round (a phantom's opponents sit out some rounds)."""
        key = "ns" if direction == "NS" else "ew"
        return tuple(tr for tr in self.table_rounds if getattr(tr, key) == pair)

    def moves_after(self, round_: int, table: int) -> Moves:
        """Where the E/W pair and the boards at ``table`` go after ``round_``."""
        here = self.at(round_, table)
        following = self.round_of(round_ + 1)
        arrival = next((tr for tr in following if here.ew is not None and tr.ew == here.ew), None)
        boards_to = tuple(sorted(tr.table for tr in following if tr.board_set == here.board_set))
        on_relay = any(rr.round == round_ + 1 and rr.board_set == here.board_set for rr in self.relay)
        return Moves(
            round=round_,
            table=table,
            ew=here.ew,
            ew_to=arrival.table if arrival else None,
            ew_step=(arrival.table - table) % self.tables if arrival else None,
            ew_sits_out=arrival is not None and arrival.ns is None,
            boards_to=boards_to,
            boards_to_relay=on_relay,
        )

    @property
    def skip_after(self) -> int | None:
        """The round after which the E/W pairs skip a table (None when they never do)."""
        if self.tables <= 2:
            return None  # up two tables is back where they were: no skip to speak of
        for round_ in range(1, self.rounds):
            if self.moves_after(round_, 1).skip:
                return round_
        return None

    def sit_outs(self, round_: int) -> tuple[int, ...]:
        """E/W pairs sitting out a round (their N/S opponents are the phantom)."""
        return tuple(tr.ew for tr in self.round_of(round_) if tr.ns is None and tr.ew is not None)


def boards_of_set(board_set: int, boards_per_round: int) -> tuple[int, ...]:
    """Set s holds boards (s-1)k+1 .. sk."""
    first = (board_set - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))
