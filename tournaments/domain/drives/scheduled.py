"""Drives whose seating comes from a fixed schedule rather than from who won.

A progressive drive seats each hand from the last one's results (``movement``). A scheduled drive
knows every hand's seating before the first card is played: an individual drive takes it from a
whist tournament Wh(v), in which every two players partner once and oppose twice
(``movements.whist``); a team night takes it from its teams' schedule (``teams.visits``), the
home pairs staying and the away pairs moving on each hand. The services ask this module alone:
``plan_drive`` gives every hand's tables at the start, ``moves`` says where each player of a table
goes next and with whom, and ``senders`` which tables a table's next players come from. Each
scheduled format has its planner in ``PLANNERS``: a function of the players in card order and the
organiser's settings (the rounds wanted, None: all of them; the hands a round; the hands of the
evening, for a format whose hands are set in advance), returning a ``Plan``.

The rules every plan keeps, whatever its schedule:

- a round is played as ``hands_per_round`` hands in the same seats (one by default);
- a table with an empty seat (a phantom's) is a sit-out table, as in the progressive drive: its
  players score the drive's sit-out score for the hand;
- players a round leaves out wait at a sit-out table of their own, numbered after the schedule's
  tables, so every player's card has every hand;
- the seats are the compass: N and S partners, E and W partners. A ``TableSeating`` holds them as
  ns = (N, S) and ew = (E, W).

Worked example: four players, one table, two rounds, each played as two hands:

    >>> rounds = [[(1, "P1", "P2", "P3", "P4")], [(1, "P1", "P3", "P4", "P2")]]
    >>> plan = plan_from_rounds(["P1", "P2", "P3", "P4"], rounds, hands_per_round=2)
    >>> plan.hands, [str(plan.seating(h)[0]) for h in (1, 2, 3)]
    (4, ['P1+P3 v P2+P4', 'P1+P3 v P2+P4', 'P1+P4 v P3+P2'])
    >>> move = moves(plan.by_hand(2), plan.by_hand(3), 1)["P4"]
    >>> move.text, move.partner
    ('stay here, sit South', 'P1')
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..errors import DomainError, DriveError
from ..limits import MAX_HANDS
from ..movements.whist import whist_schedule
from .movement import SCHEDULED, Departure, Format, TableSeating
from .teams import check_teams, check_visits, visits

COMPASS = ("North", "South", "East", "West")  # the order of (*ns, *ew) in a TableSeating

# A schedule's table: its number and its players by seat, N, E, S, W (None: an empty seat).
ScheduledTable = tuple[int, str | None, str | None, str | None, str | None]


@dataclass(frozen=True)
class Plan:
    """Every hand's seating of a scheduled drive, and what the organiser must know before the
    start (``notes``: empty seats, a shortfall, where the schedule comes from)."""

    tables: int
    rounds: int
    hands_per_round: int
    seatings: tuple[tuple[TableSeating, ...], ...]  # a round's tables, round by round
    notes: tuple[str, ...] = ()
    sit_out_table: int | None = None  # the table of those a round leaves out
    shortfall: str = ""  # what the schedule cannot keep, in words ("" when it keeps everything)

    @property
    def hands(self) -> int:
        return self.rounds * self.hands_per_round

    @property
    def sits_out(self) -> bool:
        """Whether anyone sits out a round (a sit-out table, or a phantom's table)."""
        return any(t.sit_out for tables in self.seatings for t in tables)

    def round_of(self, hand: int) -> int:
        return (hand - 1) // self.hands_per_round + 1

    def seating(self, hand: int) -> tuple[TableSeating, ...]:
        """The tables of a hand: those of its round."""
        return self.seatings[self.round_of(hand) - 1]

    def by_hand(self, hand: int) -> dict[int, TableSeating]:
        return {t.table: t for t in self.seating(hand)}


def _seating(table: int, north, east, south, west) -> TableSeating:
    return TableSeating(table, (north, south), (east, west))


def plan_from_rounds(
    players: Sequence[str],
    rounds: Iterable[Iterable[ScheduledTable]],
    *,
    hands_per_round: int = 1,
    notes: Sequence[str] = (),
    shortfall: str = "",
) -> Plan:
    """A plan from a schedule's rounds, each a list of tables (number, N, E, S, W): the players a
    round leaves out go to a sit-out table after the schedule's."""
    if hands_per_round < 1:
        raise DriveError("A round is played as one hand at least.")
    rounds = [list(r) for r in rounds]
    if not rounds:
        raise DriveError("The schedule has no rounds.")
    tables = max(t[0] for r in rounds for t in r)
    left_out = [[p for p in players if p not in {s for t in r for s in t[1:]}] for r in rounds]
    if any(len(out) > 4 for out in left_out) or (any(left_out) and not all(left_out)):
        raise DriveError("The schedule leaves players out unevenly: a sit-out table cannot hold them.")
    sit_out_table = tables + 1 if left_out[0] else None
    seatings = []
    for r, out in zip(rounds, left_out, strict=True):
        seated = [_seating(*t) for t in sorted(r)]
        if out:
            seats = [*out, *[None] * (4 - len(out))]
            seated.append(TableSeating(sit_out_table, (seats[0], seats[2]), (seats[1], seats[3])))
        if len(seated) != (sit_out_table or tables) or any(not t.players for t in seated):
            raise DriveError("Every round of the schedule must fill the same tables.")
        seatings.append(tuple(seated))
    plan = Plan(
        tables=sit_out_table or tables,
        rounds=len(rounds),
        hands_per_round=hands_per_round,
        seatings=tuple(seatings),
        notes=tuple(notes),
        sit_out_table=sit_out_table,
        shortfall=shortfall,
    )
    if plan.hands > MAX_HANDS:
        raise DriveError(
            f"{plan.rounds} rounds of {hands_per_round} hands are {plan.hands} hands; a drive has "
            f"{MAX_HANDS} at most. Play fewer rounds, or fewer hands a round."
        )
    return plan


def seat_of(seating: TableSeating, player: str) -> str:
    """A player's seat at a table, in words: "North"."""
    return COMPASS[(*seating.ns, *seating.ew).index(player)]


def moves(
    now: Mapping[int, TableSeating], after: Mapping[int, TableSeating], table: int
) -> dict[str, Departure]:
    """Where each player of a table goes for the next hand, from the next hand's seating: the
    table, the seat and the partner there (or the sit-out table)."""
    where = {p: t for t in after.values() for p in t.players}
    here = now[table]
    out = {}
    for player in here.players:
        going = where[player]
        same_seat = going.table == table and seat_of(going, player) == seat_of(here, player)
        if going.sit_out:
            out[player] = Departure(player, going.table, stays=going.table == table, sits_out=True)
        else:
            out[player] = Departure(
                player,
                going.table,
                stays=going.table == table,
                crosses=going.table == table and not same_seat,
                seat=seat_of(going, player),
                partner=going.partner_of(player),
            )
    return out


def senders(before: Mapping[int, TableSeating], now: Mapping[int, TableSeating], table: int) -> set[int]:
    """The tables of the hand before whose players sit at this table now."""
    coming = set(now[table].players) if table in now else set()
    return {t for t, seating in before.items() if coming & set(seating.players)}


def individual_plan(
    players: Sequence[str], *, rounds: int | None = None, hands_per_round: int = 1, hands: int | None = None
) -> Plan:
    """An individual drive's plan: the whist tournament for this many players, its player n the
    n-th of ``players``; where it comes from told in the notes, with what its empty seats lose.
    Its hands are the plan's (``hands`` is not asked)."""
    if len(players) < 4:
        raise DriveError(f"An individual drive needs at least 4 players; there are {len(players)}.")
    try:
        schedule = whist_schedule(len(players), rounds)
    except DomainError as error:
        raise DriveError(str(error)) from None

    def key(number):
        return None if number is None else players[number - 1]

    scheduled = [
        [(t.table, key(t.north), key(t.east), key(t.south), key(t.west)) for t in r] for r in schedule.rounds
    ]
    notes = [f"The schedule: {schedule.source}."]
    return plan_from_rounds(
        players, scheduled, hands_per_round=hands_per_round, notes=notes, shortfall=schedule.shortfall
    )


def team_plan(
    players: Sequence[str], *, rounds: int | None = None, hands_per_round: int = 1, hands: int | None = None
) -> Plan:
    """A team night's plan: ``players`` four a team in team order, each team's home pair (lady,
    gent) then its away pair; every visit a round of its own (``hands_per_round`` hands, one by
    default), the home pair N/S at its team's table and a visiting away pair E/W (``teams.visits``),
    for the night's ``hands``.

    >>> plan = team_plan(["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"], hands=2)
    >>> [str(t) for t in plan.seating(1)], plan.rounds
    (['A1+A2 v B3+B4', 'B1+B2 v A3+A4'], 2)
    """
    if len(players) % 4 or None in players:
        raise DriveError("Every team needs four players, two in each pair.")
    teams = len(players) // 4
    check_teams(teams)
    if not hands or hands < 1:
        raise DriveError("A team night needs at least one hand.")
    check_visits(hands, hands_per_round)

    def pair(team: int, away: bool) -> tuple[str, str]:
        first = 4 * (team - 1) + 2 * away
        return players[first], players[first + 1]

    scheduled = []
    for visit in range(1, hands // hands_per_round + 1):
        tables = []
        for v in visits(teams, visit):
            (north, south), (east, west) = pair(v.home, False), pair(v.away, True)
            tables.append((v.table, north, east, south, west))
        scheduled.append(tables)
    each = f", the away pairs staying {hands_per_round} hands at a table" if hands_per_round > 1 else ""
    notes = [f"{teams} teams at {teams} tables, every hand seated from the schedule{each}."]
    return plan_from_rounds(players, scheduled, hands_per_round=hands_per_round, notes=notes)


Planner = Callable[..., Plan]
PLANNERS: dict[Format, Planner] = {Format.INDIVIDUAL: individual_plan, Format.TEAMS: team_plan}


def is_scheduled(format: str) -> bool:
    """Whether a drive of this format is seated from a schedule (else from who won)."""
    return format in SCHEDULED


def plan_drive(
    format: str,
    players: Sequence[str],
    *,
    rounds: int | None = None,
    hands_per_round: int = 1,
    hands: int | None = None,
) -> Plan:
    """Every hand's seating of a scheduled drive, its players in card order."""
    return PLANNERS[Format(format)](players, rounds=rounds, hands_per_round=hands_per_round, hands=hands)
