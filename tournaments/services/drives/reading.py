"""What a drive's state is built from, read in a handful of queries: its players, its seats, its
results, its typed totals and a team night's teams (``DriveRows``). The whole drive (``read_whole``),
what a write to a hand reads (``read_near``), or many drives at once (``read_many``);
``DriveState`` is made from what they read."""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import F, FilteredRelation, Prefetch, Q

from ...domain.drives import TableSeating
from ...models import Drive, DrivePlayer, DriveResult, DriveSeat, DriveTeam, DriveTotal

SEATS = tuple(DriveSeat.Seat.values)  # ns_lady, ns_gent, ew_lady, ew_gent: as TableSeating has them
PLACE = {seat: place for place, seat in enumerate(SEATS)}

# A seat's table's result, read beside the seat in the one statement (``read_near``).
RESULT_READ = ("result__id", "result__ns_tricks", "result__granded", "result__honours", "result__confirmed")


def seatings_of(seats, keys: dict[int, str]) -> dict[int, dict[int, TableSeating]]:
    """The seatings by hand and table from seat rows (hand, table, seat, player id); a seat
    without a row is an empty one."""
    tables: dict[tuple[int, int], list[str | None]] = {}
    for hand, table, seat, player_id in seats:
        tables.setdefault((hand, table), [None] * 4)[PLACE[seat]] = keys[player_id]
    seatings: dict[int, dict[int, TableSeating]] = {}
    for (hand, table), (ns_lady, ns_gent, ew_lady, ew_gent) in sorted(tables.items()):
        seatings.setdefault(hand, {})[table] = TableSeating(table, (ns_lady, ns_gent), (ew_lady, ew_gent))
    return seatings


@dataclass(frozen=True)
class DriveRows:
    """A drive's rows as read, for its state: each player's id by key ("L3"), the seat rows
    (hand, table, seat, player id) and the results by (hand, table). The players themselves (their
    names) are not read by a write near a hand; the typed totals (player id, half, score) and a team
    night's teams, when not read with the rest, are read when the state is first asked for them."""

    ids: dict[str, int]
    seats: list[tuple[int, int, str, int]]
    results: dict[tuple[int, int], DriveResult]
    players: dict[str, DrivePlayer] | None = None
    typed: list[tuple[int, int, Decimal]] | None = None
    teams: dict[int, DriveTeam] | None = None


def read_whole(drive: Drive) -> DriveRows:
    """The whole drive in three queries: its players, its seats and its results."""
    players = {p.key: p for p in drive.players.select_related("member", "second_member")}
    return DriveRows(
        ids={key: p.id for key, p in players.items()},
        seats=list(DriveSeat.objects.filter(drive=drive).values_list("hand", "table", "seat", "player_id")),
        results={(r.hand, r.table): r for r in DriveResult.objects.filter(drive=drive)},
        players=players,
    )


def read_near(drive: Drive, hand: int) -> DriveRows:
    """One statement: the seats of the first hand (every player is in it, and it gives the
    circles the movers go round) and of the hands from the one before ``hand`` to the second
    after (what seating the next hand reads and what it must not seat again), each seat with
    its player's card and its table's result. Players' names are not read."""
    seats = (
        DriveSeat.objects.filter(drive=drive, hand__in={1, hand - 1, hand, hand + 1, hand + 2})
        .annotate(
            result=FilteredRelation(
                "drive__results",
                condition=Q(drive__results__hand=F("hand"), drive__results__table=F("table")),
            )
        )
        .values_list("hand", "table", "seat", "player_id", "player__role", "player__card", *RESULT_READ)
    )
    rows, results = [], {}
    for (
        hand_,
        table,
        seat,
        player_id,
        role,
        card,
        result_id,
        ns_tricks,
        granded,
        honours,
        confirmed,
    ) in seats:
        rows.append((hand_, table, seat, player_id, f"{role}{card}"))
        # A table's result comes with each of its four seats. Plain values, not a model a seat
        # (the seats of five hands of a big drive are hundreds of rows): the result itself is
        # the model the services write over, made with its primary key, so saving it updates
        # the row it was read from.
        if result_id is not None and (hand_, table) not in results:
            results[(hand_, table)] = DriveResult(
                id=result_id,
                drive=drive,
                hand=hand_,
                table=table,
                ns_tricks=ns_tricks,
                granded=granded,
                honours=honours,
                confirmed=confirmed,
            )
    return DriveRows(
        ids={key: player_id for hand_, _, _, player_id, key in rows if hand_ == 1},
        seats=[row[:4] for row in rows],
        results=results,
    )


PLAYERS_READ = "players_read"  # where a query of drives keeps their players read with them


def players_read() -> Prefetch:
    """The drives' players (with their members) read with a query of drives, in one query for all
    of them, whatever the kinds: each kind's reader takes them from there (``players_of``)."""
    found = DrivePlayer.objects.select_related("member", "second_member")
    return Prefetch("players", queryset=found, to_attr=PLAYERS_READ)


def players_of(drives) -> list[DrivePlayer]:
    """The drives' players, with their members, in the order of the drives and of their role and
    card: those read with the drives (``players_read``) if all were, else read now in one query."""
    drives = list(drives)
    if all(hasattr(drive, PLAYERS_READ) for drive in drives):
        return [player for drive in drives for player in getattr(drive, PLAYERS_READ)]
    return list(DrivePlayer.objects.filter(drive__in=drives).select_related("member", "second_member"))


def read_many(drives) -> dict[int, DriveRows]:
    """The rows of many drives by primary key, read in four queries whatever their number (the
    players, the seats, the results and the typed totals of them all; a fifth for team nights'
    teams)."""
    by_id = {drive.pk: drive for drive in drives}
    players: dict[int, dict[str, DrivePlayer]] = {pk: {} for pk in by_id}
    for player in players_of(by_id.values()):
        players[player.drive_id][player.key] = player
    team_nights = [pk for pk, drive in by_id.items() if drive.evening_format.enters_teams]
    teams: dict[int, dict[int, DriveTeam]] = {pk: {} for pk in team_nights}
    for team in DriveTeam.objects.filter(drive__in=team_nights) if team_nights else ():
        teams[team.drive_id][team.number] = team
    seats: dict[int, list] = {pk: [] for pk in by_id}
    for drive_id, *seat in DriveSeat.objects.filter(drive__in=by_id).values_list(
        "drive_id", "hand", "table", "seat", "player_id"
    ):
        seats[drive_id].append(tuple(seat))
    results: dict[int, dict] = {pk: {} for pk in by_id}
    for row in DriveResult.objects.filter(drive__in=by_id):
        results[row.drive_id][(row.hand, row.table)] = row
    typed: dict[int, list] = {pk: [] for pk in by_id}
    for drive_id, *total in DriveTotal.objects.filter(drive__in=by_id).values_list(
        "drive_id", "player_id", "half", "score"
    ):
        typed[drive_id].append(tuple(total))
    return {
        pk: DriveRows(
            ids={key: p.id for key, p in players[pk].items()},
            seats=seats[pk],
            results=results[pk],
            players=players[pk],
            typed=typed[pk],
            teams=teams.get(pk),
        )
        for pk in by_id
    }
