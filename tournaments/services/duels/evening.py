"""A two-player night's player's own page, on their phone: each of their matches so far with the
deals their table has confirmed, their game points and place as the club lets them show during
play, and their next match (or the round being paired).

The page is opened by a link the table's tablet gives after check-in, without a login: the link
carries the player's id and a key signed from the night and the player (``core.phones``). All of
it is read by the reader the results and the room display use (``state.night_states``): a deal
shows once the other player has confirmed it, never before, and after the last match the player's
figures and place are the results page's.

Example: a Swiss of three rounds, places after each round. In round 2, Ann (table 1) has won round
1 against Bob 6 v 2 and confirmed one deal of two against Cy. Her page lists round 1 with its two
deals and "won 6 v 2", round 2 with deal 1 (deal 2, entered and waiting for Cy's word, does not
show), her place as it stood after round 1, and "Round 2: table 1 against Cy".
"""

from __future__ import annotations

from dataclasses import dataclass

from ...domain.duels import Deal, Standing
from ...domain.progress import places_now
from ...models import DuelDealChange, DuelNight, DuelPlayer
from ..core.phones import phone_key, phone_key_fits
from .lifecycle import has_finished
from .state import MatchLine, NightState, night_state

SCOPE = "duel-evening"  # the page's URL name


def duel_evening_key(player: DuelPlayer) -> str:
    """The key of the player's page: a signature of the night and the player."""
    return phone_key(SCOPE, player.night_id, player.pk)


def duel_evening_player(player_id: int, key: str) -> DuelPlayer | None:
    """The player whose page this key opens (None: no such player, or the wrong key)."""
    player = DuelPlayer.objects.select_related("night__club").filter(pk=player_id).first()
    if player is None or not phone_key_fits(key, SCOPE, player.night_id, player.pk):
        return None
    return player


@dataclass(frozen=True)
class DealShown:
    """A confirmed deal, from the player's side: their tricks and points, then the opponent's."""

    number: int
    tricks: tuple[int, int]
    points: tuple[int, int]
    black: bool  # a high/low game's black 27th card: a low game
    corrected: bool  # changed by the organiser


@dataclass(frozen=True)
class MatchShown:
    round: int
    round_name: str  # "round 2", "knock-out round 1"
    table: int
    opponent: str  # "" for a bye
    bye: bool
    deals: tuple[DealShown, ...]  # confirmed only
    points: tuple[int, int]  # the player's, the opponent's
    result: str  # "won", "lost", "tied", or "" while the match goes on


@dataclass(frozen=True)
class NextMatch:
    round: int
    round_name: str
    table: int
    opponent: str
    now: bool  # in the round in play (False: a later round, paired already, as a round robin's)


@dataclass(frozen=True)
class DuelEvening:
    night: DuelNight
    player: DuelPlayer
    name: str
    matches: tuple[MatchShown, ...]  # in round order
    standing: Standing | None  # None: not shown now (the club's choice) or nothing played yet
    field_size: int
    standing_after: str  # the round the standing is as it stood after ("": as it stands now)
    places_shown: str
    places_from: str  # the round whose end first shows places, with places after each round
    next: NextMatch | None
    pairing: str  # the round being paired now ("" when none is)
    waiting: str  # the round the other tables are finishing, when the player waits for it
    finished: bool  # the night is closed: the figures are final
    over: bool  # every round the night plays is over (closed or not)
    champion: bool  # the player won the knock-out


def _side(line: MatchLine, player: DuelPlayer) -> str:
    """ "a" or "b": where the player sits in the match ("" when not in it)."""
    if line.a.pk == player.pk:
        return "a"
    return "b" if line.b is not None and line.b.pk == player.pk else ""


def _ours(pair: tuple, side: str) -> tuple:
    return pair if side == "a" else pair[::-1]


def _corrected(matches: list[int]) -> set[tuple[int, int]]:
    """(match, deal) of these matches' deals the organiser corrected."""
    lines = DuelDealChange.objects.filter(match__in=matches, action=DuelDealChange.Action.CORRECTED)
    return set(lines.values_list("match_id", "deal"))


def _shown(state: NightState, line: MatchLine, side: str, corrected: set) -> MatchShown:
    scoring = state.night.scoring
    deals = tuple(
        DealShown(
            d.number,
            _ours((d.tricks_a, d.tricks_b), side),
            _ours(scoring.points(Deal(d.tricks_a, d.tricks_b, d.black)), side),
            d.black,
            (line.match.pk, d.number) in corrected,
        )
        for d in line.deals
        if d.confirmed
    )
    opponent = line.b if side == "a" else line.a
    result = ""
    if line.bye:
        result = "won"
    elif line.finished:
        winner = line.score.winner
        result = "tied" if not winner else ("won" if winner == side else "lost")
    return MatchShown(
        round=line.match.round,
        round_name=line.round_name,
        table=line.match.table,
        opponent="" if opponent is None else opponent.name,
        bye=line.bye,
        deals=deals,
        points=_ours((line.score.a, line.score.b), side),
        result=result,
    )


def _next(state: NightState, mine: list[tuple[MatchLine, str]]) -> NextMatch | None:
    """The player's first match still to finish: the one they play now, or a later one paired."""
    found = next(((line, side) for line, side in mine if not line.finished), None)
    if found is None:
        return None
    line, side = found
    opponent = line.b if side == "a" else line.a
    return NextMatch(
        line.match.round,
        line.round_name,
        line.match.table,
        opponent.name,
        line.match.round == state.round_in_play,
    )


def duel_evening(player: DuelPlayer) -> DuelEvening:
    """What the player's page shows now: four statements, whatever the night's size."""
    night = player.night
    state = night_state(night)
    me = next(p for p in state.players if p.pk == player.pk)  # with the member, for the names
    mine = [
        (line, _side(line, me))
        for number in sorted(state.rounds)
        for line in state.rounds[number]
        if _side(line, me)
    ]
    corrected = _corrected([line.match.pk for line, _ in mine]) if mine else set()
    closed = has_finished(night)
    over = closed or state.complete  # every round the night plays is over: no next match
    places = places_now(night.club.places_shown, closed=closed, playing=lambda: state.first_open_round)
    standing, field_size = None, 0
    if places.shown:
        standings = state.standings_after(places.after)
        standing = next((s.standing for s in standings if s.player.pk == me.pk), None)
        field_size = len(standings)
        if standing is not None and not standing.played and not standing.byes:
            standing = None
    next_match = None if over else _next(state, mine)
    pairing = state.round_name(state.last_round + 1) if state.next_round_due else ""
    waiting = ""
    if not over and next_match is None and not pairing and state.rounds:
        waiting = state.playing_name
    return DuelEvening(
        night=night,
        player=me,
        name=me.name,
        matches=tuple(_shown(state, line, side, corrected) for line, side in mine),
        standing=standing,
        field_size=field_size,
        standing_after="" if places.after is None else state.round_name(places.after),
        places_shown=night.club.places_shown,
        places_from=state.round_name(1),
        next=next_match,
        pairing=pairing,
        waiting=waiting,
        finished=closed,
        over=over,
        champion=state.champion is not None and state.champion.pk == me.pk,
    )
