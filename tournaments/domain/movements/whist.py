"""Balanced individual movements: whist tournaments, where every two players partner once.

A whist tournament Wh(v) seats v players at tables (a, b, c, d), a and c partners (North and
South) against b and d (East and West), so that every two players partner exactly once and oppose
exactly twice. 4n players play 4n - 1 rounds of n tables; 4n + 1 players play 4n + 1 rounds of n
tables, one player sitting out each round (player r sits out round r). ``whist_designs`` holds one
for each size and says where it comes from (``source``): Wiseman's published design for 12,
initial rounds developed over a group for the others.

No whist tournament exists for the other numbers of players. 4n + 2 players for whom
``whist_sitouts`` holds a schedule (10, 14, 18, 22) play it: v rounds of n tables, two players
sitting out each round (players 2r - 1 and 2r in rounds r and v/2 + r), so each sits out exactly
twice; every two partner at most once and oppose at most twice, and v/2 pairs never partner. The
others use the next size up with empty seats (phantoms), always a 4n design: v = 4n - 1 leaves
player 4n's seat empty; v = 4n - 2 leaves empty the two seats that spread the sit-outs best (two
players who share their three tables with six different others). For 35 and 38 players
``EMPTY_SEATS`` names other seats, which keep a shortened evening even. A table with an empty
seat does not play: its other three players sit out that round. Every two real players still
partner at most once and oppose at most twice; ``shortfall`` says in words what is lost. (With
6 players the 8-player design has a table to play in only 3 of its 7 rounds; the other 4 are
left out.)

A shorter evening (``rounds=R``) plays the first R rounds of the full schedule. Partners stay
distinct whatever rounds are played; the full schedule's rounds are put in the order that keeps
the sit-outs most even at every point of the evening: each next round is the one that leaves the
smallest gap between the players who sat out most and least, then the one with the fewest sitting
out, then the one whose sitting-out players have sat out least so far, then the earliest of the
design. For an exact design, and for 4n + 2 players, that is the schedule's own order (with
4n + 1 players, players 1..R sit out once each, the others none); with empty seats the complete
schedule's sit-outs differ by at most one, a shortened one's by at most two (``sit_out_gap``).

Example, 5 players: one table a round, player r sitting out round r.

    >>> s = whist_schedule(5)
    >>> s.round_count, s.tables, s.sitting_out(1)
    (5, 1, (1,))
    >>> s.as_dict()["rounds"][:2]
    [[[2, 3, 5, 4]], [[3, 4, 1, 5]]]
    >>> line = s.itinerary(2)[0]
    >>> line.table, line.seat, line.partner, line.opponents
    (1, 'N', 5, (3, 4))
"""

from dataclasses import dataclass
from functools import cache

from ..errors import MovementError
from .whist_designs import design_rounds
from .whist_sitouts import INITIAL_ROUNDS as SITOUT_SIZES
from .whist_sitouts import sitout_rounds

MIN_PLAYERS = 4
MAX_PLAYERS = 40
SEATS = ("N", "E", "S", "W")
# Where the rule's own choice of empty seats (``_empty_seats``) leaves a shortened evening's
# sit-outs three apart, the seats left empty instead: the rule's next choices, tried in turn until
# every shortened evening keeps them within two [derived; the tests check every evening].
EMPTY_SEATS = {35: frozenset({35}), 38: frozenset({39, 36})}


@dataclass(frozen=True)
class WhistTable:
    """One table in one round: the player at each seat, None for an empty seat.

    North and South are partners, East and West are partners.
    """

    round: int
    table: int
    north: int | None
    east: int | None
    south: int | None
    west: int | None

    @property
    def seats(self) -> tuple[int | None, int | None, int | None, int | None]:
        return (self.north, self.east, self.south, self.west)

    @property
    def plays(self) -> bool:
        """All four seats are taken, so the table plays this round."""
        return None not in self.seats


@dataclass(frozen=True)
class ItineraryLine:
    """Where one player is in one round; table, seat and partner None when the player sits out."""

    round: int
    table: int | None
    seat: str | None
    partner: int | None
    opponents: tuple[int, ...]


@dataclass(frozen=True)
class WhistSchedule:
    """A whist tournament for ``players`` players, built from the Wh(``design``) with
    ``phantoms`` empty seats (for 4n + 2 players from ``whist_sitouts``: ``design`` is
    ``players``, no empty seats, two sitting out each round). ``rounds`` holds every table of
    every round, the ones with an empty seat included (they do not play)."""

    players: int
    design: int
    phantoms: int
    tables: int
    rounds: tuple[tuple[WhistTable, ...], ...]
    source: str
    shortfall: str

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    def round_tables(self, round: int) -> tuple[WhistTable, ...]:
        if not 1 <= round <= self.round_count:
            raise MovementError(f"There is no round {round}: the schedule has {self.round_count} rounds.")
        return self.rounds[round - 1]

    def sitting_out(self, round: int) -> tuple[int, ...]:
        """The players who do not play in that round (the bye, and those at a table with an empty seat)."""
        seated = {p for table in self.round_tables(round) if table.plays for p in table.seats}
        return tuple(p for p in range(1, self.players + 1) if p not in seated)

    def itinerary(self, player: int) -> tuple[ItineraryLine, ...]:
        """One line a round: where the player sits, with whom and against whom."""
        if not 1 <= player <= self.players:
            raise MovementError(f"There is no player {player}: the players are numbered 1 to {self.players}.")
        return tuple(_line(number, tables, player) for number, tables in enumerate(self.rounds, 1))

    def as_dict(self) -> dict[str, list[list[list[int]]]]:
        """``{"rounds": [[[n, e, s, w], ...], ...]}``: the tables that play, each its four players by seat."""
        return {"rounds": [[list(t.seats) for t in tables if t.plays] for tables in self.rounds]}


def _line(round: int, tables: tuple[WhistTable, ...], player: int) -> ItineraryLine:
    for table in tables:
        if table.plays and player in table.seats:
            seat = table.seats.index(player)
            partner = table.seats[(seat + 2) % 4]
            opponents = tuple(sorted((table.seats[(seat + 1) % 4], table.seats[(seat + 3) % 4])))
            return ItineraryLine(round, table.table, SEATS[seat], partner, opponents)
    return ItineraryLine(round, None, None, None, ())


def design_for(players: int) -> int:
    """The size of the design a number of players plays: itself when 0 or 1 (mod 4) or a stored
    4n + 2 schedule, else the next multiple of 4 up.

    >>> [design_for(v) for v in (6, 8, 9, 10, 11)]
    [8, 8, 9, 10, 12]
    """
    if players % 4 in (0, 1) or players in SITOUT_SIZES:
        return players
    return players + 4 - players % 4


def whist_schedule(players: int, rounds: int | None = None) -> WhistSchedule:
    """The whist tournament for ``players`` players, the first ``rounds`` rounds of it (all by default)."""
    if players < MIN_PLAYERS:
        raise MovementError(
            f"A whist tournament needs at least {MIN_PLAYERS} players, one table; {players} is too few."
        )
    if players > MAX_PLAYERS:
        raise MovementError(f"A whist tournament takes at most {MAX_PLAYERS} players; {players} is too many.")
    full = _full_schedule(players)
    if rounds is None:
        rounds = full.round_count
    if not 1 <= rounds <= full.round_count:
        raise MovementError(
            f"{players} players play between 1 and {full.round_count} rounds of this schedule; "
            f"{rounds} is out of range."
        )
    if rounds == full.round_count:
        return full
    kept = full.rounds[:rounds]
    return WhistSchedule(
        players=full.players,
        design=full.design,
        phantoms=full.phantoms,
        tables=full.tables,
        rounds=kept,
        source=full.source,
        shortfall=_shortfall(players, full.design, kept, full.round_count),
    )


@cache
def _full_schedule(players: int) -> WhistSchedule:
    design = design_for(players)
    if design % 4 == 2:
        return _sitout_schedule(players)
    points, source = design_rounds(design)
    empty = EMPTY_SEATS.get(players) or _empty_seats(points, design, design - players)
    number = {}
    for point in range(1, design + 1):
        if point not in empty:
            number[point] = len(number) + 1
    seated = [[tuple(number.get(p) for p in table) for table in tables] for tables in points]
    seated = [tables for tables in seated if any(None not in table for table in tables)]
    ordered = _even_order(seated, players) if design != players else seated  # exact: as designed
    rounds = _numbered(ordered)
    return WhistSchedule(
        players=players,
        design=design,
        phantoms=design - players,
        tables=design // 4,
        rounds=rounds,
        source=source,
        shortfall=_shortfall(players, design, rounds, len(rounds)),
    )


def _sitout_schedule(players: int) -> WhistSchedule:
    """4n + 2 players: the stored schedule, two sitting out each round, in its own (even) order."""
    points, source = sitout_rounds(players)
    rounds = _numbered(points)
    return WhistSchedule(
        players=players,
        design=players,
        phantoms=0,
        tables=players // 4,
        rounds=rounds,
        source=source,
        shortfall=_shortfall(players, players, rounds, len(rounds)),
    )


def _numbered(rounds) -> tuple[tuple[WhistTable, ...], ...]:
    """Rounds of (N, E, S, W) tuples as WhistTables, rounds and tables numbered from 1."""
    return tuple(
        tuple(WhistTable(r, t, *table) for t, table in enumerate(tables, 1))
        for r, tables in enumerate(rounds, 1)
    )


def _empty_seats(rounds, design: int, count: int) -> frozenset[int]:
    """The design's points left empty: none; the highest; or the two that spread the sit-outs best.

    Two empty seats share a table in three rounds, where only two players sit out; the pair is
    chosen whose three tables have six different other players (so nobody gains twice), the
    highest numbers first.
    """
    if count == 0:
        return frozenset()
    if count == 1:
        return frozenset({design})
    where = [{p: t for t, table in enumerate(tables) for p in table} for tables in rounds]

    def crowding(x: int, y: int) -> int:
        thirds = [
            p
            for tables, at in zip(rounds, where, strict=True)
            if at[x] == at[y]
            for p in tables[at[x]]
            if p not in (x, y)
        ]
        return max(thirds.count(p) for p in thirds)

    pairs = [(x, y) for x in range(design, 0, -1) for y in range(x - 1, 0, -1)]
    best = next((pair for pair in pairs if crowding(*pair) == 1), pairs[0])
    return frozenset(best)


def _even_order(rounds: list, players: int) -> list:
    """The rounds in the order that keeps the sit-outs even at every point (see the module docstring)."""
    counts = [0] * (players + 1)
    how_many = {0: players}  # how many players have sat out so many times
    left = list(range(len(rounds)))
    order = []
    out_of = [_out(tables, players) for tables in rounds]
    while left:
        most, fewest = max(how_many), min(how_many)

        def gap(i: int, most: int = most, fewest: int = fewest) -> tuple[int, int, int, int]:
            out = out_of[i]
            top = max([most] + [counts[p] + 1 for p in out])
            bottom = fewest if sum(counts[p] == fewest for p in out) < how_many[fewest] else fewest + 1
            return (top - bottom, len(out), sum(counts[p] for p in out), i)

        best = min(left, key=gap)
        for p in out_of[best]:
            how_many[counts[p]] -= 1
            if not how_many[counts[p]]:
                del how_many[counts[p]]
            counts[p] += 1
            how_many[counts[p]] = how_many.get(counts[p], 0) + 1
        left.remove(best)
        order.append(rounds[best])
    return order


def _out(tables, players: int) -> tuple[int, ...]:
    seated = {p for table in tables if None not in table for p in table}
    return tuple(p for p in range(1, players + 1) if p not in seated)


def _shortfall(players: int, design: int, rounds, full_rounds: int) -> str:
    """What the schedule loses against a complete Wh(players), in words; '' when it loses nothing."""
    played = len(rounds)
    if design == players and design % 4 != 2 and played == full_rounds:
        return ""
    partnered = set()
    sat_out = dict.fromkeys(range(1, players + 1), 0)
    for tables in rounds:
        seated = set()
        for north, east, south, west in (table.seats for table in tables):
            if None in (north, east, south, west):
                continue
            partnered |= {frozenset((north, south)), frozenset((east, west))}
            seated |= {north, east, south, west}
        for p in sat_out:
            sat_out[p] += p not in seated
    never = players * (players - 1) // 2 - len(partnered)
    fewest, most = min(sat_out.values()), max(sat_out.values())
    if most == 0:
        sits = "Nobody sits out"
    elif fewest == most:
        sits = f"Each player sits out {most} of the {played} rounds"
    else:
        sits = f"Each player sits out {fewest} or {most} of the {played} rounds"
    sentences = []
    if design % 4 == 2:
        sentences.append(f"With {players} players two sit out each round.")
    if design != players:
        empty = "one empty seat" if design - players == 1 else f"{design - players} empty seats"
        sentences.append(
            f"{players} players use the {design}-player schedule with {empty}: "
            "a table with an empty seat does not play, and its players sit out that round."
        )
    if played < full_rounds:
        sentences.append(f"The evening plays {played} of the schedule's {full_rounds} rounds.")
    sentences.append(
        f"{sits}; "
        f"{never} of the {players * (players - 1) // 2} pairs of players never partner; "
        "no two players partner more than once or oppose more than twice."
    )
    return " ".join(sentences)


def check_whist(schedule: WhistSchedule) -> list[str]:
    """What is wrong with a schedule, in words; [] when it keeps every rule of a whist tournament.

    Every round has its tables numbered 1..tables, each with four different seats, nobody seated
    twice; counting the tables with an empty seat as if their players had played, every two
    players partner at most once and oppose at most twice, exactly once and twice in a complete
    design; the sit-outs: one a round in a 4n + 1 design, nobody in a 4n one, two in a 4n + 2
    schedule (every table playing), and no further apart than ``sit_out_gap`` allows.

    >>> check_whist(whist_schedule(9))
    []
    """
    problems = []
    players = range(1, schedule.players + 1)
    partners: dict[frozenset[int], int] = {}
    opponents: dict[frozenset[int], int] = {}
    for number, tables in enumerate(schedule.rounds, 1):
        if [t.table for t in tables] != list(range(1, schedule.tables + 1)):
            problems.append(f"round {number}: tables are not numbered 1 to {schedule.tables}")
        if any(t.round != number for t in tables):
            problems.append(f"round {number}: a table says it is in another round")
        seated = [p for t in tables for p in t.seats if p is not None]
        for p in sorted({p for p in seated if seated.count(p) > 1}):
            problems.append(f"round {number}: player {p} is seated twice")
        for p in sorted({p for p in seated if p not in players}):
            problems.append(f"round {number}: there is no player {p}")
        empty = sum(p is None for t in tables for p in t.seats)
        if empty != schedule.phantoms:
            problems.append(f"round {number}: {empty} empty seats, not {schedule.phantoms}")
        for t in tables:
            north, east, south, west = t.seats
            _count(partners, north, south)
            _count(partners, east, west)
            for a, b in ((north, east), (north, west), (south, east), (south, west)):
                _count(opponents, a, b)
    complete = schedule.design % 4 in (0, 1) and schedule.round_count == _complete_rounds(schedule.design)
    for a in players:
        for b in range(a + 1, schedule.players + 1):
            pair = frozenset((a, b))
            together, against = partners.get(pair, 0), opponents.get(pair, 0)
            if together > 1 or (complete and together != 1):
                problems.append(f"players {a} and {b} partner {together} times")
            if against > 2 or (complete and against != 2):
                problems.append(f"players {a} and {b} oppose {against} times")
    sat_out = dict.fromkeys(players, 0)
    for number in range(1, schedule.round_count + 1):
        out = schedule.sitting_out(number)
        for p in out:
            sat_out[p] += 1
        if schedule.phantoms == 0 and len(out) != schedule.design % 4:
            problems.append(f"round {number}: {len(out)} players sit out")
    gap = max(sat_out.values()) - min(sat_out.values())
    if gap > sit_out_gap(schedule):
        problems.append(f"the sit-outs are {gap} apart, more than {sit_out_gap(schedule)}")
    return problems


def sit_out_gap(schedule: WhistSchedule) -> int:
    """How many more rounds one player may sit out than another: 1; 2 in a shortened evening with
    empty seats, whose tables leave three or six players out at once [derived: the most the
    sizes offered reach].

    >>> sit_out_gap(whist_schedule(13, rounds=5)), sit_out_gap(whist_schedule(15, rounds=5))
    (1, 2)
    """
    if schedule.round_count == _complete_rounds(schedule.design) or not schedule.phantoms:
        return 1
    return 2


def _complete_rounds(design: int) -> int:
    """The rounds of the complete schedule: a Wh(design)'s, or the design's own for 4n + 2 players."""
    return design if design % 4 in (1, 2) else design - 1


def _count(counts: dict[frozenset[int], int], a: int | None, b: int | None) -> None:
    if a is not None and b is not None:
        counts[frozenset((a, b))] = counts.get(frozenset((a, b)), 0) + 1
