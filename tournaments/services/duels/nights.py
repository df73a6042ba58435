"""A two-player night set up, started and paired round by round, closed and published.

A round robin is paired whole at the start, from the Berger tables. A Swiss is paired a round at a
time: round 1 at the start (player 1, the top seed, against the top of the bottom half), each next
round once the last match of the round before is over, from the standings, by the FIDE Dutch
system. With a knock-out, the standings after the last round seed the cut into a bracket (byes to
the top seeds), and each knock-out round is paired when the one before is over. The rounds after
the first are paired after the request that ended the round before (``rounds.py``).
"""

from __future__ import annotations

import secrets
from datetime import date as Date

from django.db import IntegrityError, transaction

from ...domain.duels import (
    MAX_PLAYERS,
    DuelError,
    MatchRules,
    Pairing,
    Scoring,
    check_players,
    check_swiss_rounds,
    first_round,
    next_round,
    qualifiers,
    round_name,
    swiss_round_limit,
)
from ...models import AuditLine, Club, DuelMatch, DuelNight, DuelPlayer, DuelTable
from ...signals import evening_closed
from ..core.audit import night_log
from ..core.codes import DRAWS, free_table_codes
from ..core.errors import ServiceError, require_one_line
from ..core.verdicts import require
from ..events.entries import member_or_guest
from .lifecycle import may_change_players, may_close, may_play, may_publish, may_start
from .pairing import Result, round_robin, swiss_round
from .state import NightState, night_state, rounds_to_play

Action = AuditLine.Action


class DuelServiceError(ServiceError):
    """A two-player night asked to do what it cannot now; the message says why."""


def _locked(night: DuelNight) -> DuelNight:
    return DuelNight.objects.select_for_update().get(pk=night.pk)


def _check_rules(night: DuelNight, players: int | None = None) -> None:
    try:
        Scoring(night.game, night.german_scoring if night.game == "german" else "")
        MatchRules(deals=night.deals, target=night.target, win=night.win_points, tie=night.tie_points)
        if players is not None:
            check_players(players)
            if night.pairing == DuelNight.Pairing.SWISS:
                check_swiss_rounds(players, night.rounds)
            if night.knockout:
                qualifiers(players, night.knockout)
    except DuelError as error:
        raise DuelServiceError(str(error)) from None


@transaction.atomic
def duel_night_create(
    *,
    club: Club,
    name: str,
    date: Date,
    game: str = "german",
    german_scoring: str = "last-13",
    pairing: str = DuelNight.Pairing.SWISS,
    rounds: int = 0,
    deals: int = 4,
    target: int = 0,
    win_points: int = 2,
    tie_points: int = 1,
    knockout: int = 0,
    players: list[str] = (),
    tag: str = "",
    user=None,
) -> DuelNight:
    """A new night taking entries, with its players when given (by name: a member of the club, or
    a guest). A Swiss's rounds are checked against its players at the start."""
    require_one_line(name)
    if not name.strip():
        raise DuelServiceError("Give the night a name.")
    night = DuelNight(
        club=club,
        name=name.strip(),
        date=date,
        game=game,
        german_scoring=german_scoring if game == "german" else "last-13",
        pairing=pairing,
        rounds=rounds if pairing == DuelNight.Pairing.SWISS else 0,
        deals=deals if not target else 0,
        target=target,
        win_points=win_points,
        tie_points=tie_points,
        knockout=knockout,
        tag=tag,
    )
    if pairing not in DuelNight.Pairing.values:
        raise DuelServiceError(f"'{pairing}' is not a way of pairing: use swiss or round-robin.")
    if pairing == DuelNight.Pairing.SWISS and rounds < 1:
        raise DuelServiceError("Give a Swiss its number of rounds.")
    if pairing == DuelNight.Pairing.SWISS and rounds > swiss_round_limit(MAX_PLAYERS):
        # No field could play them; a field's own limit is checked when its players are known.
        raise DuelServiceError(
            f"A Swiss plays at most {swiss_round_limit(MAX_PLAYERS)} rounds, with {MAX_PLAYERS} players "
            f"({rounds} asked): more would pair players who have met, or give a second bye."
        )
    _check_rules(night)
    night.save()
    night_log(
        night=night,
        action=Action.CREATED,
        detail=f"for {club.name}: {night.evening_format.scoring}",
        user=user,
    )
    for player in players:
        _add(night, player)
    if players:
        night_log(night=night, action=Action.PLAYERS, detail=f"{len(players)} players entered", user=user)
    return night


def _add(night: DuelNight, name: str) -> DuelPlayer:
    member, guest = member_or_guest(night.club, name)
    taken = night.players.filter(member=member) if member else night.players.filter(guest__iexact=guest)
    if taken.exists():
        raise DuelServiceError(f"{member or guest} is entered already: a player plays once a night.")
    number = (night.players.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    return DuelPlayer.objects.create(night=night, number=number, member=member, guest=guest)


@transaction.atomic
def duel_player_add(*, night: DuelNight, name: str, user=None) -> DuelPlayer:
    night = _locked(night)
    require(may_change_players(night), DuelServiceError)
    player = _add(night, name)
    night_log(
        night=night,
        action=Action.PLAYERS,
        detail=f"{player.name} entered as player {player.number}",
        user=user,
    )
    return player


@transaction.atomic
def duel_player_remove(*, night: DuelNight, player: DuelPlayer, user=None) -> None:
    night = _locked(night)
    require(may_change_players(night), DuelServiceError)
    name = player.name
    deleted, _ = night.players.filter(pk=player.pk).delete()
    if not deleted:
        raise DuelServiceError(f"{name} is not a player of {night.name}.")
    # The numbers close up, so player 1 is still the top seed and none is missing.
    for number, later in enumerate(night.players.order_by("number"), start=1):
        if later.number != number:
            DuelPlayer.objects.filter(pk=later.pk).update(number=number)
    night_log(night=night, action=Action.PLAYERS, detail=f"{name} taken out", user=user)


def _draw_tables(night: DuelNight, count: int) -> None:
    for _ in range(DRAWS):
        codes = free_table_codes(count)  # none another table has, a night's included
        try:
            with transaction.atomic():
                DuelTable.objects.bulk_create(
                    DuelTable(night=night, number=n, code=code, token=secrets.token_urlsafe(24))
                    for n, code in enumerate(codes, start=1)
                )
            return
        except IntegrityError:
            continue
    raise IntegrityError(f"No free table codes after {DRAWS} draws.")


@transaction.atomic
def duel_tables_open(*, night: DuelNight) -> None:
    """Give a night in play its tables' links and codes, when it has none (a night loaded from the
    demo or a backup: each install draws its own). A night not in play needs none."""
    if may_play(night) and not night.tables.exists():
        _draw_tables(night, night.players.count() // 2)


@transaction.atomic
def duel_night_start(*, night: DuelNight, user=None) -> DuelNight:
    """Start the night: its tables get their codes and the first round is paired (a round robin's
    every round)."""
    night = _locked(night)
    require(may_start(night), DuelServiceError)
    players = night.players.count()
    _check_rules(night, players)
    _draw_tables(night, players // 2)
    night.status = DuelNight.Status.RUNNING
    night.save(update_fields=["status"])
    night_log(
        night=night, action=Action.STARTED, detail=f"{players} players at {players // 2} tables", user=user
    )
    if night.pairing == DuelNight.Pairing.ROUND_ROBIN:
        for number, pairings in enumerate(round_robin(players), start=1):
            _store_round(night, number, DuelMatch.Stage.ROUNDS, pairings)
        night_log(night=night, action=Action.PAIRED, detail="every round, from the Berger tables", user=user)
    else:
        _pair_next(night, night_state(night), user=user)
    return night


def _store_round(night: DuelNight, number: int, stage: str, pairings: list[Pairing]) -> None:
    """A round's matches: the tables in order, then the byes at the tables after them. A knock-out
    round keeps each match's place in the bracket (``slot``), the pairings' order."""
    by_number = {p.number: p for p in night.players.all()}
    slots = {p: slot for slot, p in enumerate(pairings, start=1)} if stage == DuelMatch.Stage.KNOCKOUT else {}
    ordered = [p for p in pairings if not p.bye] + [p for p in pairings if p.bye]
    DuelMatch.objects.bulk_create(
        DuelMatch(
            night=night,
            round=number,
            stage=stage,
            table=table,
            slot=slots.get(p, 0),
            player_a=by_number[p.a],
            player_b=by_number[p.b] if p.b is not None else None,
            finished=p.bye,
        )
        for table, p in enumerate(ordered, start=1)
    )


def _pair_next(night: DuelNight, state: NightState, *, user=None) -> bool:
    """Pair the next round when the last is over and the night has one to play; True if paired."""
    if not state.next_round_due:
        return False  # a round robin's rounds are all paired at the start: every one must be over
    last = state.last_round
    players = len(state.players)
    planned = rounds_to_play(night, players)
    if last < planned:
        history = [
            [
                Result(line.a.number, line.b.number if line.b else None, *line.game_points(night))
                for line in state.rounds[number]
            ]
            for number in range(1, last + 1)
        ]
        try:
            pairings = swiss_round(players, history, planned, win=night.win_points)
        except DuelError as error:
            raise DuelServiceError(str(error)) from None
        _store_round(night, last + 1, DuelMatch.Stage.ROUNDS, pairings)
        night_log(
            night=night, action=Action.PAIRED, detail=f"{round_name(last + 1, planned)} (Swiss)", user=user
        )
        return True
    knockout = state.knockout_rounds
    if not knockout:
        seeds = [line.player.number for line in state.standings][: qualifiers(players, night.knockout)]
        pairings = [
            Pairing(seeds[high - 1], seeds[low - 1] if low else None) for high, low in first_round(len(seeds))
        ]
        _store_round(night, last + 1, DuelMatch.Stage.KNOCKOUT, pairings)
        byes = sum(p.bye for p in pairings)
        night_log(
            night=night,
            action=Action.PAIRED,
            detail=f"{round_name(last + 1, planned)}: {len(seeds)} from the standings "
            f"({byes} byes to the top seeds)",
            user=user,
        )
        return True
    bracket = sorted(state.rounds[knockout[-1]], key=lambda line: line.match.slot)
    winners = [line.winner.number for line in bracket]
    _store_round(night, last + 1, DuelMatch.Stage.KNOCKOUT, [Pairing(a, b) for a, b in next_round(winners)])
    night_log(night=night, action=Action.PAIRED, detail=round_name(last + 1, planned), user=user)
    return True


def pair_when_ready(night: DuelNight, *, user=None) -> bool:
    """Pair the next round if every round paired is over and the night has another to play; True
    if paired. Run with the night locked (``rounds.duel_round_pair``)."""
    if not may_play(night):
        return False
    if night.pairing == DuelNight.Pairing.ROUND_ROBIN and not night.knockout:
        return False  # paired whole at the start, with nothing after it
    return _pair_next(night, night_state(night), user=user)


@transaction.atomic
def duel_night_close(*, night: DuelNight, user=None) -> DuelNight:
    night = _locked(night)
    require(may_close(night), DuelServiceError)
    state = night_state(night)
    if not state.complete:
        raise DuelServiceError(
            f"{night.name} has matches still to play ({state.playing_name} or later): "
            "finish them, or correct their deals, before closing."
        )
    night.status = DuelNight.Status.FINISHED
    night.save(update_fields=["status"])
    night_log(night=night, action=Action.CLOSED, user=user)
    evening_closed.send(sender=DuelNight, instance=night)  # hall mode's backup, after the commit
    return night


@transaction.atomic
def duel_night_publish(*, night: DuelNight, published: bool = True, user=None) -> DuelNight:
    night = _locked(night)
    if published:
        require(may_publish(night), DuelServiceError)
    night.published = published
    night.save(update_fields=["published"])
    night_log(night=night, action=Action.PUBLISHED if published else Action.UNPUBLISHED, user=user)
    return night
