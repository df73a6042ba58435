"""An individual event's player's own page of the evening, on their phone: their boards so far,
each with the partner and the opponents of that round and the board's traveller once their table
has confirmed it, their running score and place as the players' results rank them, and where they
sit now and go next.

At an individual event a pair is one round's partnership, so the page is the player's (a seat of
the schedule, ``IndividualPlayer``), opened by a link their table's tablet gives after check-in
with a key signed from the event and the player (``player_evening_key``). It is read as the pairs'
page is (``pair_evening``: the same boards, travellers, corrections and places-shown rule) and
ranked as the individual results are (``individual_report``), so after the last board its figures
are the results'.

Example: at a Wh(8) with one board a round, player 1 sits South at table 1 in round 1 beside
player 8. Once table 1 confirms board 1, the page lists it, partner player 8, and its traveller
holds table 1's score until table 2 confirms board 1 too; the moves say "table 2, sit East,
partner …", as the tablet says them.
"""

from dataclasses import dataclass

from django.db.models import Q
from django.urls import reverse

from ...domain.individuals import IndividualStanding, rank_individuals
from ...models import Event, IndividualPlayer, Seating
from ..core.phones import phone_key, phone_key_fits
from ..events.individuals import IndividualReport, individual_report
from .moves import player_moves_after
from .pair_evening import (
    EveningNow,
    Opponents,
    PlayedBoard,
    evening_now,
    moves_after,
    played_boards,
    round_now_and_next,
)
from .travellers import traveller_side

SCOPE = "player-evening"
SEATS = {"NS": ("North", "South"), "EW": ("East", "West")}


def player_evening_key(player: IndividualPlayer) -> str:
    """The key of the player's page of the evening: a signature of the event and the player."""
    return phone_key(SCOPE, player.event_id, player.pk)


def player_evening_path(player: IndividualPlayer) -> str:
    """The player's page's path on the site (its tablet's link and its printed itinerary card's)."""
    return reverse("tournaments:player-evening", args=[player.pk, player_evening_key(player)])


def player_evening_player(player_id: int, key: str) -> IndividualPlayer | None:
    """The individual event's player whose page this key opens (None: no such player, or the
    wrong key)."""
    from ..kinds import kind_of  # the registry sits above the tablets' services

    player = IndividualPlayer.objects.select_related("event__club").filter(pk=player_id).first()
    if player is None or kind_of(player.event).phone_page != SCOPE:
        return None
    return player if phone_key_fits(key, SCOPE, player.event_id, player.pk) else None


@dataclass(frozen=True)
class PlayerSeat:
    """Where the player sits in a round: table, seat, partner, opponents and boards."""

    round: int
    table: int | None  # None: the player sits the round out (and has no seat, partner nor boards)
    seat: str  # "North", "East", "South" or "West"
    partner: str
    opponents: str
    first_board: int
    last_board: int


@dataclass(frozen=True)
class PlayerBoard:
    played: PlayedBoard
    partner: str


@dataclass(frozen=True)
class PlayerEvening:
    event: Event
    player: IndividualPlayer
    label: str  # "Player 3"
    names: str  # "" when only the number names them
    boards: tuple[PlayerBoard, ...]  # confirmed at their table, in the order they played them
    standing: IndividualStanding | None  # None: not shown now (the club's choice) or nothing scored
    field_size: int
    standing_after: int | None  # the standing as it was after this round (None: as it stands now)
    places_shown: str
    now: PlayerSeat | None  # the round the player is on now (None once they have played every round)
    moves: str  # where they go after it, in the tablet's words ("" at the last round)
    then: PlayerSeat | None  # the round after it (None: they sit it out, or it was the last)
    finished: bool


def _partner(report: IndividualReport, key, number: int) -> str:
    first, second = report.partnerships[tuple(key)]
    return report.name(second if first == number else first)


def _seat(seating: Seating, number: int, report: IndividualReport) -> PlayerSeat:
    ns = report.partnerships[("ALL", seating.ns_pair.number)]
    ew = report.partnerships[("ALL", seating.ew_pair.number)]
    mine, theirs, direction = (ns, ew, "NS") if number in ns else (ew, ns, "EW")
    return PlayerSeat(
        seating.round,
        seating.table,
        SEATS[direction][mine.index(number)],
        report.name(mine[1] if mine[0] == number else mine[0]),
        " & ".join(report.name(p) for p in theirs),
        seating.first_board,
        seating.last_board,
    )


def _where(event: Event, player: IndividualPlayer, report: IndividualReport):
    """The player's round now (``round_now_and_next``: a round they sit out while the evening plays
    it), where they go after it in the tablet's words (``moves_after``), and the round after it
    when they play it."""
    seats = Q()
    for side in ("ns_pair", "ew_pair"):
        for place in ("individual1", "individual2"):
            seats |= Q(**{f"{side}__{place}": player})
    seatings = list(
        event.seatings.filter(seats, ns_pair__isnull=False, ew_pair__isnull=False)
        .select_related("ns_pair", "ew_pair")
        .order_by("round")
    )
    round_now, current, following = round_now_and_next(event, seats, seatings)
    if round_now is None:
        return None, "", None
    if current is None:  # they sit this round out
        now = PlayerSeat(round_now, None, "", "", "", 0, 0)
        text = player_moves_after(event, player.number, round_now)
    else:
        now = _seat(current, player.number, report)
        moves = moves_after(event, current)
        text = next((words for moved, words in moves if moved.number == player.number), "")
    return now, text, None if following is None else _seat(following, player.number, report)


def _standing(event: Event, report: IndividualReport, number: int, shared: EveningNow):
    """The player's standing as the club lets the page show it now (``standings_now``, read with
    the rest: ``evening_now``), ranked as the players' results are; with the field's size and the
    round it stands after."""
    scores, after = shared.scores, shared.after
    if scores is None:
        return None, 0, None
    standings = report.standings
    if after is not None:
        players = list(report.names)
        standings = rank_individuals(scores, report.partnerships, players, tie_break=event.tie_break)
    standing = next((s for s in standings if s.player == number), None)
    if standing is None or not standing.boards_played:
        return None, len(standings), after
    return standing, len(standings), after


def player_evening(player: IndividualPlayer, opened: set[int] | None = None) -> PlayerEvening:
    """What the player's page shows now, each of the ``opened`` boards with its traveller (None: the
    newest round's, ``played_boards``); a constant number of queries, whatever the event's size."""
    event = player.event
    shared = evening_now(event)
    report = individual_report(event, shared.report)
    number = player.number

    def held_by(key) -> bool:
        return number in report.partnerships.get(tuple(key), ())

    side = traveller_side(event, report.partnerships)

    def opponents(_, other) -> Opponents:
        return Opponents(side(other), report.partnership_name(other))

    played = played_boards(
        report.pairs, shared.corrected, held_by=held_by, side=side, opponents=opponents, opened=opened
    )
    standing, field_size, after = _standing(event, report, number, shared)
    now, moves, then = _where(event, player, report)
    label = event.evening_format.entrant.title(number)
    names = report.name(number)
    return PlayerEvening(
        event=event,
        player=player,
        label=label,
        names="" if names == label else names,
        boards=tuple(PlayerBoard(board, _partner(report, board.pair, number)) for board in played),
        standing=standing,
        field_size=field_size,
        standing_after=after,
        places_shown=event.club.places_shown,
        now=now,
        moves=moves,
        then=then,
        finished=event.status == Event.Status.FINISHED,
    )
