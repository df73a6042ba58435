"""A drive player's own page of the evening, on their phone: the hands their table has confirmed
(table, partner, opponents, the tricks their couple took and its score; in Minnesota whist who went
grand), their running total, their place as the club lets it show during play, and where they go
next in their tablet's words. At a team night, their team's points and place, and in games and
rubbers their table's running score.

The page opens without a login by the link the table's tablet gives after check-in (its key:
``core.phones``). Everything is read from the drive's state (``DriveState``), as the results page,
the room display and the tablets read it: only confirmed hands count, so a hand shows once the
player's table has confirmed it, and after the last hand the total and place are the results'.

A drive's tables each deal their own cards (``EveningFormat.duplicate`` is false for every drive),
so another table's hand 5 is not the player's hand 5 and the page shows no "other tables this
hand": the standings say how the others are doing. Were a drive's format to deal the same hands at
every table, each hand would list the other tables' scores on it, once both tables confirmed it.

Example: at a progressive drive, L3's table confirms hand 4, N/S 8 tricks, L3 sitting E/W. Her page
then lists hand 4 with her partner, her opponents, 5 tricks and 5 to her score; below the total,
"go to table 2", as the tablet told her.
"""

from dataclasses import dataclass

from ...domain.drives.scheduled import seat_of
from ...domain.formats import Measure
from ...domain.progress import places_now
from ...models import Drive, DrivePlayer, DriveResultChange
from ..core.phones import phone_key, phone_key_fits
from .standings import PlayerStanding, plain_number
from .state import DriveState, tables_text

SCOPE = "drive-evening"


def drive_evening_key(player: DrivePlayer) -> str:
    """The key of the player's page of the evening: a signature of the drive and the player."""
    return phone_key(SCOPE, player.drive_id, player.pk)


def drive_evening_player(player_id: int, key: str) -> DrivePlayer | None:
    """The player whose page this key opens (None: no such player, the wrong key, or an evening
    whose kind has no such page, as a widow whist series)."""
    from ..kinds import kind_of  # the registry sits above the drives' services

    player = DrivePlayer.objects.select_related("drive__club").filter(pk=player_id).first()
    if player is None or kind_of(player.drive).phone_page != SCOPE:
        return None
    return player if phone_key_fits(key, SCOPE, player.drive_id, player.pk) else None


@dataclass(frozen=True)
class OtherTable:
    """Another table's score on the same hand (only where every table deals the same hands)."""

    table: int
    ns_points: float
    ew_points: float


@dataclass(frozen=True)
class PlayedHand:
    hand: int
    table: int
    trumps: str  # "H", "D", "S", "C", "NT", or "" where no trumps are played
    sat_out: bool
    partner: str  # as the tablet names them: "Jim Lee (G3)"
    opponents: str
    taken: int | None  # the tricks the couple took (None: sat out)
    score: float  # what the hand scored the couple: tricks, or Minnesota points
    grand: str  # in Minnesota whist: "Us", "Them" or "Low"; else ""
    corrected: bool  # changed by the organiser after it was confirmed
    others: tuple[OtherTable, ...]


@dataclass(frozen=True)
class Seat:
    """Where the player sits for a hand: table, seat, partner and opponents (or the sit-out)."""

    hand: int
    table: int
    seat: str  # "North" where the format names seats, else ""
    partner: str
    opponents: str
    sat_out: bool


@dataclass(frozen=True)
class DriveEvening:
    drive: Drive
    player: DrivePlayer
    label: str  # "L3", or "Player 3"
    name: str
    hands: tuple[PlayedHand, ...]  # confirmed at their table, newest last
    total: float  # their own score card's total so far
    measure: str  # what the total adds: "tricks", or a Minnesota drive's "points"
    standing: PlayerStanding | None  # None: not shown now (the club's choice) or nothing scored yet
    standing_after: int | None  # the hand the standing stands after (None: as it stands now)
    places_shown: str
    now: Seat | None  # the hand they play (or sit out) now
    moves: str  # where they go after it (or after their last hand, while the next is not seated)
    moves_wait: bool  # where they go depends on who wins the hand in play
    waiting: str  # between hands, the tables the next hand waits for there: "tables 2 and 3"
    games: str  # in games and rubbers, their table's running score after their last hand
    finished: bool


def _corrected(drive: Drive) -> set[tuple[int, int]]:
    """(hand, table) of the hands the organiser corrected after they were confirmed."""
    lines = DriveResultChange.objects.filter(drive=drive, action=DriveResultChange.Action.CORRECTED)
    return set(lines.values_list("hand", "table"))


def _couple(state: DriveState, couple) -> str:
    return " & ".join(state.label(key) for key in couple if key)


def _others(state: DriveState, hand: int, table: int) -> tuple[OtherTable, ...]:
    """The other tables' confirmed scores on the hand, where every table deals the same hands."""
    if not state.drive.evening_format.duplicate:
        return ()
    return tuple(
        OtherTable(t, *state.points(hand, t))
        for t in sorted(state.seatings.get(hand, {}))
        if t != table and (hand, t) in state.results
    )


def _played(state: DriveState, key: str, corrected) -> tuple[PlayedHand, ...]:
    grands = state.drive.evening_format.enters("granded")
    played = []
    for line in state.scores[key].lines:
        if line.tricks is None:
            continue
        seated = state.seatings[line.hand][line.table]
        played.append(
            PlayedHand(
                hand=line.hand,
                table=line.table,
                trumps=state.trumps(line.hand) if state.drive.evening_format.trumps else "",
                sat_out=line.sat_out,
                partner="" if line.sat_out else state.label(line.partner),
                opponents="" if line.sat_out else _couple(state, seated.opponents_of(key)),
                taken=line.taken,
                score=plain_number(line.tricks),
                grand=state.grand_of(line.hand, line.table, key) if grands and not line.sat_out else "",
                corrected=(line.hand, line.table) in corrected,
                others=() if line.sat_out else _others(state, line.hand, line.table),
            )
        )
    return tuple(played)


def _seat(state: DriveState, key: str, hand: int, table: int) -> Seat:
    seated = state.seatings[hand][table]
    seat = ""
    if state.drive.evening_format.seats_named and not seated.sit_out:
        seat = seat_of(seated, key)
    return Seat(
        hand,
        table,
        seat,
        "" if seated.sit_out else state.label(seated.partner_of(key)),
        "" if seated.sit_out else _couple(state, seated.opponents_of(key)),
        seated.sit_out,
    )


def _where(state: DriveState, key: str) -> tuple[Seat | None, str, bool, str]:
    """The hand the player is at now (the first of theirs not yet confirmed at their table; a
    sit-out until every table has played that hand), and where they go after it in the words of
    their table's tablet: known beforehand in a scheduled drive or at the sit-out table, else once
    their table's hand is in. Between hands (theirs confirmed, the next not seated yet), where they
    go after the hand they have played, and the tables the next hand waits for there."""
    last = None
    for line in state.scores[key].lines:
        done = state.hand_complete(line.hand) if line.sat_out else line.tricks is not None
        if not done:
            now = _seat(state, key, line.hand, line.table)
            if line.hand == state.drive.hands:
                return now, "", False, ""
            if state.scheduled or line.sat_out:
                return now, state.move_words(state.departures(line.hand, line.table)[key]), False, ""
            return now, "", True, ""
        last = line
    if last is None or last.hand == state.drive.hands:
        return None, "", False, ""
    going = state.departures(last.hand, last.table)[key]
    waiting = state.waiting_for(last.hand + 1, going.table)
    return None, state.move_words(going), False, tables_text(waiting) if waiting else ""


def _standing(state: DriveState, key: str) -> tuple[PlayerStanding | None, int | None]:
    """Where the player stands as the club lets the page show it now, by the results' own ranking
    (``player_standings``), and the hand it stands after (None: as it stands now). Places after
    each hand: as after the last hand every table has finished."""
    drive = state.drive
    closed = drive.status == Drive.Status.FINISHED
    places = places_now(drive.club.places_shown, closed=closed, playing=state.next_hand)
    shown, after = places.shown, places.after
    if not shown:
        return None, None
    ranked = state if after is None else state.as_after(after)
    if not (ranked.results or ranked.typed_halves()):
        return None, None
    return next(s for s in ranked.player_standings() if s.score.player == key), after


def drive_evening(player: DrivePlayer) -> DriveEvening:
    """What the player's page shows now; a constant number of queries, whatever the drive's size."""
    drive = player.drive
    state = DriveState(drive)
    key = player.key
    hands = _played(state, key, _corrected(drive))
    now, moves, moves_wait, waiting = _where(state, key)
    standing, after = _standing(state, key)
    games = ""
    if drive.rubbers and hands and not hands[-1].sat_out:
        score = state.table_score(hands[-1].hand, hands[-1].table)
        games = score.line() if score else ""
    return DriveEvening(
        drive=drive,
        player=state.players[key],
        label=state.number(key),
        name=state.name(key),
        hands=hands,
        total=plain_number(state.scores[key].score),
        measure=str(Measure.TRICKS if drive.evening_format.cards_in_tricks else Measure.POINTS),
        standing=standing,
        standing_after=after,
        places_shown=drive.club.places_shown,
        now=now,
        moves=moves,
        moves_wait=moves_wait,
        waiting=waiting,
        games=games,
        finished=drive.status == Drive.Status.FINISHED,
    )
