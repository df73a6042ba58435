"""The shape of a movement, whatever its kind: who sits where with which boards, round by round.

The movement also answers where everything goes after a round: the tablets, the table cards and
the movement page (where the skip falls) all ask it (``moves_after``), none works it out again. The
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

from .stands import Stand, place_stands


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
class Seat:
    """Where a pair sits in a round: the table and the direction ("NS" or "EW")."""

    table: int
    direction: str
    sits_out: bool = False  # opposite the missing pair (the phantom): nobody to play


@dataclass(frozen=True)
class Moves:
    """Where the two pairs and the boards of one table go after a round.

    ``ew_to`` is None after the last round; ``ew_sits_out`` says the pair's next table has no
    opponent for it (the phantom's). ``ns_next`` and ``ew_next`` give each pair's next seat (a
    Howell's pairs change tables and directions; a Mitchell's N/S pair keeps its seat).
    ``boards_to`` is empty after the last round and when the boards rest on a relay stand for a
    round (``boards_to_relay``): ``stand`` says which. ``boards_from`` is the stand the table's next
    boards come from, if they come from one.
    """

    round: int
    table: int
    ew: int | None
    ew_to: int | None
    ew_step: int | None
    ew_sits_out: bool
    boards_to: tuple[int, ...]
    boards_to_relay: bool
    ns: int | None = None
    ns_next: Seat | None = None
    ew_next: Seat | None = None
    stand: Stand | None = None
    boards_from: Stand | None = None

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

    def sharing(self, round_: int, table: int) -> tuple[int, ...]:
        """The other tables playing the same boards as ``table`` in a round (passing them round)."""
        here = self.at(round_, table)
        return tuple(
            tr.table for tr in self.round_of(round_) if tr.board_set == here.board_set and tr.table != table
        )

    def seat_of(self, round_: int, direction: str, pair: int) -> Seat | None:
        """Where a pair sits in a round, or None (the round is past the end, or the pair is the
        missing one). ``direction`` is the pair's line in a Mitchell; a Howell's pairs have one
        numbering and are found in either direction."""
        if self.kind == "howell":
            return self._seats.get((round_, "NS", pair)) or self._seats.get((round_, "EW", pair))
        return self._seats.get((round_, direction, pair))

    @cached_property
    def _seats(self) -> dict[tuple[int, str, int], Seat]:
        """Every pair's seat by (round, the line it sits in, pair), the first found kept (as a scan
        of the round would find it)."""
        seats: dict[tuple[int, str, int], Seat] = {}
        for tr in self.table_rounds:
            if tr.ns is not None:
                seats.setdefault((tr.round, "NS", tr.ns), Seat(tr.table, "NS", sits_out=tr.ew is None))
            if tr.ew is not None:
                seats.setdefault((tr.round, "EW", tr.ew), Seat(tr.table, "EW", sits_out=tr.ns is None))
        return seats

    @cached_property
    def _set_tables(self) -> dict[tuple[int, int], tuple[int, ...]]:
        """The tables playing each board set, by (round, set), in table order."""
        tables: dict[tuple[int, int], list[int]] = {}
        for tr in self.table_rounds:
            tables.setdefault((tr.round, tr.board_set), []).append(tr.table)
        return {key: tuple(sorted(found)) for key, found in tables.items()}

    @cached_property
    def _on_relay(self) -> frozenset[tuple[int, int]]:
        return frozenset((rr.round, rr.board_set) for rr in self.relay)

    @cached_property
    def _stands(self) -> dict[tuple[int, int], Stand]:
        """The stand each resting set stands on, by (round, set) (``stands.place_stands``)."""
        resting: dict[int, list[int]] = {}
        for rr in self.relay:
            resting.setdefault(rr.round, []).append(rr.board_set)
        placed = {}
        for round_, sets in resting.items():
            in_play = {s: tables for (r, s), tables in self._set_tables.items() if r == round_}
            for board_set, stand in place_stands(
                in_play, sets, tables=self.tables, flows=self._sets_flow(round_, len(in_play) + len(sets))
            ).items():
                placed[(round_, board_set)] = stand
        return placed

    def _sets_flow(self, round_: int, sets: int) -> bool:
        """Each table's set goes up by one from this round to the next (or from the one before),
        ``sets`` wrapping to 1: the boards flow table to table."""
        for before, after in ((round_, round_ + 1), (round_ - 1, round_)):
            at = self._index.get
            steps = [(at((before, t)), at((after, t))) for t in range(1, self.tables + 1)]
            if all(a and b for a, b in steps):
                return all(b.board_set == a.board_set % sets + 1 for a, b in steps)
        return True

    def stand_of(self, round_: int, board_set: int) -> Stand | None:
        """The relay stand a set rests on in a round (None: the set is in play)."""
        return self._stands.get((round_, board_set))

    def stands(self) -> tuple[tuple[Stand, int], ...]:
        """The movement's relay stands with the sets each holds, as round 1 (or the first round with
        a set resting) has them, in the order of their tables."""
        first = min((r for r, _ in self._stands), default=None)
        held: dict[Stand, int] = {}
        for (r, _), stand in sorted(self._stands.items()):
            if r == first:
                held[stand] = held.get(stand, 0) + 1
        return tuple(sorted(held.items(), key=lambda item: item[0].between or (0, 0)))

    def moves_after(self, round_: int, table: int) -> Moves:
        """Where the pairs and the boards at ``table`` go after ``round_``."""
        here = self.at(round_, table)
        ns_next = None if here.ns is None else self.seat_of(round_ + 1, "NS", here.ns)
        ew_next = None if here.ew is None else self.seat_of(round_ + 1, "EW", here.ew)
        boards_to = self._set_tables.get((round_ + 1, here.board_set), ())
        on_relay = (round_ + 1, here.board_set) in self._on_relay
        following = self._index.get((round_ + 1, table))
        return Moves(
            round=round_,
            table=table,
            ew=here.ew,
            ew_to=ew_next.table if ew_next else None,
            ew_step=(ew_next.table - table) % self.tables if ew_next and self.kind == "mitchell" else None,
            ew_sits_out=ew_next is not None and ew_next.sits_out,
            boards_to=boards_to,
            boards_to_relay=on_relay,
            ns=here.ns,
            ns_next=ns_next,
            ew_next=ew_next,
            stand=self.stand_of(round_ + 1, here.board_set),
            boards_from=following and self.stand_of(round_, following.board_set),
        )

    @property
    def stationary(self) -> tuple[tuple[str, int], ...]:
        """The pairs who keep one table all evening, as (direction, pair number): a Mitchell's N/S
        pairs, a Howell's highest pair (none when it is the missing one), a ¾ Howell's pairs 10 to
        12 (one of which changes direction at its table: its direction of round 1 is given)."""
        seats: dict[tuple[str, int], list] = {}  # a pair's seats, the pair keyed as its movement numbers it
        for tr in self.table_rounds:
            for direction, pair in (("NS", tr.ns), ("EW", tr.ew)):
                if pair is not None:
                    key = ("", pair) if self.kind == "howell" else (direction, pair)
                    seats.setdefault(key, []).append((tr.table, direction))
        return tuple(
            sorted(
                (where[0][1], pair)
                for (_, pair), where in seats.items()
                if len({table for table, _ in where}) == 1
            )
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


def boards_of_set(board_set: int, boards_per_round: int) -> tuple[int, ...]:
    """Set s holds boards (s-1)k+1 .. sk."""
    first = (board_set - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))
