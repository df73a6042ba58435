"""Who sits where in a progressive whist drive, hand by hand.

Every table plays its own cards; after each hand some players stay and some move, by who won.
Tables stand in a circle: "up" from table t is t + 1 (the last table's up is table 1), "down" is
t - 1. Each table sends one lady up and one gent down and takes one of each in (domain.md section 4):

- semi-partner: the winners stay together; the losing lady goes up, the losing gent down;
- progressive: as semi-partner, but the winning gent crosses to oppose his partner, so everyone
  has a new partner every hand;
- winners move: the losers stay; the winning lady goes up, the winning gent down;
- partner: fixed couples; the losing couple stays, the winning couple goes up together.

Players not a multiple of four: the empty seats ("ghosts") stay together at the last table, the
sit-out table, where the real players sit out the hand. They leave it as the format's movers would
(one lady up, one gent down), and the movers of the neighbouring tables take their places, so the
sitting out goes round. A role with two real players at the sit-out table sends the one who has
been there longer; a role with none there goes round the other tables only.

Worked example (domain.md section 4), 3 tables, the first couple winning at tables 1 and 3, the
second at table 2:

    >>> start = start_seating(["L1", "L2", "L3", "L4", "L5", "L6"], ["G1", "G2", "G3", "G4", "G5", "G6"])
    >>> hand_2 = next_seatings(Format.PROGRESSIVE, {t.table: t for t in start}, {1: 7, 2: 6, 3: 9})
    >>> [str(hand_2[t]) for t in (1, 2, 3)]
    ['L1+G3 v L6+G1', 'L2+G4 v L4+G6', 'L5+G2 v L3+G5']
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..errors import DriveError
from ..formats import drive_format

TRICKS = 13
LADY, GENT = "L", "G"
PLAYER = "P"  # a player of a drive without roles (an individual drive)
NS, EW = "ns", "ew"


class Format(StrEnum):
    PROGRESSIVE = "progressive"
    SEMI_PARTNER = "semi-partner"
    WINNERS_MOVE = "winners-move"
    PARTNER = "partner"
    TEAMS = "teams"  # seated from a schedule: see ``teams``
    INDIVIDUAL = "individual"


# Formats whose every hand is seated from a schedule fixed at the start, not from the results: as
# each format declares it (``domain.formats``, ``seated_by``).
SCHEDULED = frozenset(f for f in Format if drive_format(f).seated_by == "schedule")

# Who stays at a table after a hand: the winning couple, or the losing one.
WINNERS_STAY = {Format.PROGRESSIVE, Format.SEMI_PARTNER}

Couple = tuple[str | None, str | None]  # (lady, gent); None is an empty seat (a ghost)


@dataclass(frozen=True)
class TableSeating:
    """One table in one hand: the couple sitting N/S and the one sitting E/W, each (lady, gent)."""

    table: int
    ns: Couple
    ew: Couple

    def __str__(self):
        return " v ".join("+".join(p or "-" for p in couple) for couple in (self.ns, self.ew))

    @property
    def sit_out(self) -> bool:
        """The sit-out table: it holds the ghosts, and nobody plays there."""
        return None in self.ns or None in self.ew

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for p in (*self.ns, *self.ew) if p is not None)

    def side_of(self, player: str) -> str:
        return NS if player in self.ns else EW

    def couple_of(self, player: str) -> Couple:
        return self.ns if player in self.ns else self.ew

    def partner_of(self, player: str) -> str | None:
        lady, gent = self.couple_of(player)
        return gent if player == lady else lady

    def opponents_of(self, player: str) -> Couple:
        return self.ew if player in self.ns else self.ns


@dataclass(frozen=True)
class Departure:
    """Where one player goes after a hand: another table, or this one (in which seat); the sit-out
    table (the ghosts' table) to sit out."""

    player: str
    table: int
    stays: bool
    crosses: bool = False  # stays at the table but moves to the other side
    sits_out: bool = False  # the table is the sit-out table: nobody plays there next hand
    seat: str = ""  # a scheduled drive names the seat: "North"
    partner: str | None = None  # and the partner there

    @property
    def text(self) -> str:
        if self.sits_out:
            if self.stays:
                return "sit out next hand too, at this table"
            return f"sit out next hand (table {self.table}: nobody plays there)"
        if self.seat:
            if not self.stays:
                return f"table {self.table}, sit {self.seat}"
            return f"stay in your seat ({self.seat})" if not self.crosses else f"stay here, sit {self.seat}"
        if not self.stays:
            return f"go to table {self.table}"
        return "stay at this table, change seats" if self.crosses else "stay in your seat"


def start_seating(ladies: Sequence[str], gents: Sequence[str]) -> tuple[TableSeating, ...]:
    """The first hand's seating in card order: table 1 L1, G1 v L2, G2; table 2 L3, G3 v L4, G4; …
    the empty seats (ghosts) are the last ones, all at the last table.

    >>> [str(t) for t in start_seating(["L1", "L2", "L3"], ["G1", "G2"])]
    ['L1+G1 v L2+G2', 'L3+- v -+-']
    """
    players = len(ladies) + len(gents)
    if players < 4:
        raise DriveError(f"A drive needs at least 4 players; there are {players}.")
    tables = -(-players // 4)
    seats = 2 * tables
    role, count = role_switches(len(ladies), len(gents))
    if count:
        many, one = ("ladies", "lady") if role == LADY else ("gents", "gent")
        who = f"{count} of the {many}" if count > 1 else f"one {one}"
        raise DriveError(
            f"{players} players fill {tables} tables, with {seats} seats for ladies and {seats} for "
            f"gents: there are {len(ladies)} ladies and {len(gents)} gents. Ask {who} to play the "
            "other role."
        )
    lady_seats = list(ladies) + [None] * (seats - len(ladies))
    gent_seats = list(gents) + [None] * (seats - len(gents))
    return tuple(
        TableSeating(
            table=t + 1,
            ns=(lady_seats[2 * t], gent_seats[2 * t]),
            ew=(lady_seats[2 * t + 1], gent_seats[2 * t + 1]),
        )
        for t in range(tables)
    )


def role_switches(ladies: int, gents: int) -> tuple[str, int]:
    """Which role has too many players for the seats, and how few of them must take the other
    role: each role has 2T seats at T tables, and at most two of them may stay empty (the
    sit-out table holds the empty seats).

    >>> role_switches(10, 6), role_switches(8, 9)
    (('L', 2), ('G', 0))
    """
    seats = 2 * -(-(ladies + gents) // 4)
    role = LADY if ladies >= gents else GENT
    many, few = max(ladies, gents), min(ladies, gents)
    return role, max(0, many - seats, seats - 2 - few)


def check_start(format: Format, start: Sequence[TableSeating]) -> None:
    """Refuse a start the format cannot play: partners need whole couples, the ghosts together."""
    ghosts = [t for t in start if t.sit_out]
    if len(ghosts) > 1:
        raise DriveError("The empty seats must all be at one table, the sit-out table.")
    if format == Format.PARTNER and ghosts:
        table = ghosts[0]
        if (None in table.ns) != (table.ns == (None, None)) or (None in table.ew) != (
            table.ew == (None, None)
        ):
            raise DriveError(
                "A partner drive needs whole couples: an even number of players, each couple a lady "
                "and a gent."
            )


@dataclass(frozen=True)
class Circles:
    """The tables each kind of mover goes round: a role with nobody at the sit-out table skips it."""

    tables: int
    ghost_table: int | None
    ladies_skip: bool
    gents_skip: bool

    @classmethod
    def of(cls, seating: Mapping[int, TableSeating]) -> "Circles":
        ghost = next((t for t in seating.values() if t.sit_out), None)
        if ghost is None:
            return cls(len(seating), None, False, False)
        return cls(
            len(seating),
            ghost.table,
            ladies_skip=ghost.ns[0] is None and ghost.ew[0] is None,
            gents_skip=ghost.ns[1] is None and ghost.ew[1] is None,
        )

    def _step(self, table: int, step: int, skip: bool) -> int:
        nxt = (table - 1 + step) % self.tables + 1
        if skip and nxt == self.ghost_table and self.tables > 1:
            nxt = (nxt - 1 + step) % self.tables + 1
        return nxt

    def up(self, table: int, role: str) -> int:
        """Where a lady (or a partner drive's couple) moving up from this table goes."""
        return self._step(table, 1, self.ladies_skip if role == LADY else self.gents_skip)

    def down(self, table: int, role: str) -> int:
        return self._step(table, -1, self.ladies_skip if role == LADY else self.gents_skip)

    def lady_from(self, table: int) -> int:
        return self.down(table, LADY)

    def gent_from(self, table: int) -> int:
        return self.up(table, GENT)


def winners(ns_tricks: int) -> str:
    """The side that won the hand: 7 tricks or more of 13."""
    return NS if ns_tricks * 2 > TRICKS else EW


def _sides(seating: TableSeating, side: str) -> tuple[Couple, Couple]:
    return (seating.ns, seating.ew) if side == NS else (seating.ew, seating.ns)


def _sit_out_movers(seating: TableSeating, before: TableSeating | None) -> tuple[str | None, str | None]:
    """The lady and the gent leaving the sit-out table: in each role the one there longer."""
    movers = []
    for role in (0, 1):
        real = [c[role] for c in (seating.ns, seating.ew) if c[role] is not None]
        longer = [p for p in real if before is not None and p in before.players]
        movers.append((longer or real or [None])[0])
    return movers[0], movers[1]


def movers(
    format: Format, seating: TableSeating, ns_tricks: int | None, before: TableSeating | None = None
) -> tuple[str | None, str | None, str | None]:
    """The lady and the gent who leave a table after a hand, and which side stays (None at the
    sit-out table)."""
    if seating.sit_out:
        if format == Format.PARTNER:  # the real couple leaves together
            lady, gent = seating.ns if None not in seating.ns else seating.ew
        else:
            lady, gent = _sit_out_movers(seating, before)
        return lady, gent, None
    won = winners(ns_tricks)
    lost = EW if won == NS else NS
    stay = won if format in WINNERS_STAY else lost
    leave = lost if stay == won else won
    lady, gent = seating.ns if leave == NS else seating.ew
    return lady, gent, stay


def departures(
    format: Format,
    seating: TableSeating,
    ns_tricks: int | None,
    circles: Circles,
    before: TableSeating | None = None,
) -> dict[str, Departure]:
    """Where each player of a table goes after the hand: known from this table's result alone."""
    lady, gent, stay = movers(format, seating, ns_tricks, before)
    t = seating.table
    out = {}
    for player in seating.players:
        if player == lady:
            to = circles.up(t, LADY)
            out[player] = Departure(player, to, stays=False, sits_out=to == circles.ghost_table)
        elif player == gent:
            to = circles.up(t, LADY) if format == Format.PARTNER else circles.down(t, GENT)
            out[player] = Departure(player, to, stays=False, sits_out=to == circles.ghost_table)
        else:
            crosses = (
                format in (Format.PROGRESSIVE, Format.WINNERS_MOVE)
                and stay is not None
                and player == seating.couple_of(player)[1]
            )
            out[player] = Departure(player, t, stays=True, crosses=crosses, sits_out=t == circles.ghost_table)
    return out


def sources(format: Format, table: int, circles: Circles) -> set[int]:
    """The tables whose results decide who sits at a table next hand."""
    if format == Format.PARTNER:
        return {table, circles.down(table, LADY)}
    found = {table}
    if not (circles.ladies_skip and table == circles.ghost_table):
        found.add(circles.lady_from(table))
    if not (circles.gents_skip and table == circles.ghost_table):
        found.add(circles.gent_from(table))
    return found


def next_seatings(
    format: Format,
    seating: Mapping[int, TableSeating],
    results: Mapping[int, int],
    before: Mapping[int, TableSeating] | None = None,
    seated: Mapping[int, TableSeating] | None = None,
    circles: Circles | None = None,
) -> dict[int, TableSeating]:
    """The tables of the next hand that can be seated now, from this hand's seating so far and its
    results (N/S tricks by table); ``seated`` holds the next hand's tables already seated.

    A table is seated once every table sending it a player is seated and has its result (the
    sit-out table needs none); the others wait. ``before`` is the seating of the hand before, for
    the sit-out table's rule "the one there longer goes". ``circles`` is needed when this hand is
    only partly seated (it comes from any complete hand, the first say).

    Moves once made stand: a result corrected after some of the next hand was seated from it moves
    its players as they were first moved (the correction changes the scores only), so nobody is
    seated twice and nobody nowhere.
    """
    circles = circles or Circles.of(seating)
    before = before or {}
    seated = seated or {}
    where = {p: t for t, s in seated.items() for p in s.players}
    leaving = {}
    for table, sat in seating.items():
        if sat.sit_out or table in results:
            tricks = results.get(table)
            if tricks is not None:
                tricks = _moved_by(format, sat, tricks, circles, before.get(table), where)
            leaving[table] = movers(format, sat, tricks, before.get(table))
    new = {}
    for table in seating:
        if table in seated or not all(s in leaving for s in sources(format, table, circles)):
            continue
        new[table] = _seat(format, table, seating[table], leaving, circles)
    return new


def _moved_by(
    format: Format,
    sat: TableSeating,
    ns_tricks: int,
    circles: Circles,
    before: TableSeating | None,
    where: Mapping[str, int],
) -> int:
    """The tricks a table's players move by: its result, unless the players already seated in the
    next hand (``where``: player to table) moved as the other couple's win, the result having been
    corrected since; then 13 less the result, a count by which the other side wins, keeps those
    moves. A player not yet seated is going to a table not yet seated."""
    seated = set(where.values())
    for tricks in (ns_tricks, TRICKS - ns_tricks):
        moves = departures(format, sat, tricks, circles, before).values()
        if all(where.get(m.player) == (m.table if m.table in seated else None) for m in moves):
            return tricks
    raise DriveError(
        f"The next hand's seating does not follow from table {sat.table}'s players: it cannot go on."
    )


def _seat(format: Format, table: int, sat: TableSeating, leaving, circles: Circles) -> TableSeating:
    lady_out, gent_out, stay = leaving[table]
    if format == Format.PARTNER:
        source = circles.down(table, LADY)
        arriving = leaving[source][:2]
    else:
        lady_in = None if lady_out is None else leaving[circles.lady_from(table)][0]
        gent_in = None if gent_out is None else leaving[circles.gent_from(table)][1]
        arriving = (lady_in, gent_in)
    if stay is None:  # the sit-out table: arrivals take the seats of those who left
        swap = {lady_out: arriving[0], gent_out: arriving[1]}
        swap.pop(None, None)
        return TableSeating(
            table,
            tuple(swap.get(p, p) if p is not None else None for p in sat.ns),
            tuple(swap.get(p, p) if p is not None else None for p in sat.ew),
        )
    staying, _ = _sides(sat, stay)
    if format in (Format.SEMI_PARTNER, Format.PARTNER):
        kept, other = staying, arriving
    else:  # the staying gent crosses to oppose his partner
        kept, other = (staying[0], arriving[1]), (arriving[0], staying[1])
    ns, ew = (kept, other) if stay == NS else (other, kept)
    return TableSeating(table, ns, ew)


def play_drive(
    format: Format, start: Sequence[TableSeating], hands: int, tricks_at
) -> tuple[dict[int, dict[int, TableSeating]], dict[tuple[int, int], int]]:
    """Seat every hand of a drive whose results come from ``tricks_at(hand, seating)`` (N/S
    tricks): the seatings by hand and table, and the results by (hand, table)."""
    check_start(format, start)
    seatings = {1: {t.table: t for t in start}}
    results: dict[tuple[int, int], int] = {}
    for hand in range(1, hands + 1):
        here = seatings[hand]
        played = {t: tricks_at(hand, sat) for t, sat in here.items() if not sat.sit_out}
        results.update({(hand, t): x for t, x in played.items()})
        if hand < hands:
            seatings[hand + 1] = next_seatings(format, here, played, seatings.get(hand - 1))
    return seatings, results
