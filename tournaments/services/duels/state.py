"""A two-player night read whole, in a handful of queries: its players, every round's matches with
their deals and scores, the standings after the rounds and the knock-out's bracket."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...domain.duels import (
    Deal,
    MatchScore,
    Played,
    Standing,
    rank_players,
    round_name,
    round_robin_rounds,
    score_match,
)
from ...models import DuelDeal, DuelMatch, DuelNight, DuelPlayer
from .lifecycle import has_finished, has_started


@dataclass
class MatchLine:
    match: DuelMatch
    a: DuelPlayer
    b: DuelPlayer | None
    deals: list[DuelDeal]  # every deal entered, the last perhaps unconfirmed
    score: MatchScore  # from the confirmed deals
    round_name: str  # "round 2", "knock-out round 1"

    @property
    def bye(self) -> bool:
        return self.b is None

    @property
    def finished(self) -> bool:
        return self.bye or self.score.finished

    @property
    def pending(self) -> DuelDeal | None:
        """A deal entered and waiting for the other player's word."""
        return next((d for d in self.deals if not d.confirmed), None)

    @property
    def in_play(self) -> int:
        """The deal the table is on: the one waiting for the other player's word, or the next to
        enter. A tablet's page names it with what it sends (``play.py``)."""
        return self.pending.number if self.pending else len(self.deals) + 1

    def deal(self, number: int) -> DuelDeal | None:
        return next((d for d in self.deals if d.number == number), None)

    @property
    def winner(self) -> DuelPlayer | None:
        if self.bye:
            return self.a
        return {"a": self.a, "b": self.b}.get(self.score.winner)

    def game_points(self, night: DuelNight) -> tuple[int, int]:
        if self.bye:
            return (night.win_points, 0)
        return self.score.game_points(night.match_rules)

    @property
    def text(self) -> str:
        if self.bye:
            return f"{self.a.name}: a bye"
        return f"{self.a.name} {self.score.a} v {self.score.b} {self.b.name}"


@dataclass
class StandingLine:
    standing: Standing
    player: DuelPlayer


@dataclass
class NightState:
    night: DuelNight
    players: list[DuelPlayer]
    rounds: dict[int, list[MatchLine]] = field(default_factory=dict)  # round → its matches, by table

    @property
    def last_round(self) -> int:
        return max(self.rounds, default=0)

    @property
    def round_in_play(self) -> int:
        """The first round with a match still to finish (a round robin is paired whole, and its
        tables play its rounds in order); the last round once every match is over."""
        open_round = self.first_open_round
        return self.last_round if open_round is None else open_round

    def round_name(self, number: int) -> str:
        """A round as the pages, the papers and the trail call it (a knock-out's counted from its
        first)."""
        return round_name(number, rounds_to_play(self.night, len(self.players)))

    @property
    def playing_name(self) -> str:
        return self.round_name(self.round_in_play)

    def round_finished(self, number: int) -> bool:
        return all(line.finished for line in self.rounds.get(number, []))

    def stage_rounds(self, stage: str) -> list[int]:
        return [n for n, lines in sorted(self.rounds.items()) if lines and lines[0].match.stage == stage]

    @property
    def knockout_rounds(self) -> list[int]:
        return self.stage_rounds(DuelMatch.Stage.KNOCKOUT)

    @property
    def first_open_round(self) -> int | None:
        """The first round with a match still to finish (None: every match paired is over)."""
        return next((n for n in sorted(self.rounds) if not self.round_finished(n)), None)

    @property
    def standings(self) -> list[StandingLine]:
        """The standings after the rounds played so far (finished matches only; the knock-out apart)."""
        return self.standings_after(None)

    def standings_after(self, last: int | None) -> list[StandingLine]:
        """The standings from the matches finished in the rounds up to ``last`` (None: every round),
        the knock-out apart: what a player's page shows with places after each round."""
        by_number = {p.number: p for p in self.players}
        by_id = {p.pk: p.number for p in self.players}
        played = []
        for number in self.stage_rounds(DuelMatch.Stage.ROUNDS):
            if last is not None and number > last:
                continue
            for line in self.rounds[number]:
                if not line.finished:
                    continue
                gp_a, gp_b = line.game_points(self.night)
                b = by_id[line.b.pk] if line.b else 0
                played.append(Played(by_id[line.a.pk], b, line.score.a, line.score.b, gp_a, gp_b))
        return [StandingLine(s, by_number[s.player]) for s in rank_players(by_number, played)]

    @property
    def champion(self) -> DuelPlayer | None:
        """The knock-out's winner, once its final is over."""
        rounds = self.knockout_rounds
        if not rounds:
            return None
        final = self.rounds[rounds[-1]]
        if len(final) == 1 and final[0].finished and not final[0].bye:
            return final[0].winner
        return None

    @property
    def next_round_due(self) -> bool:
        """The night is played, every round paired is over, and another follows: it is being paired
        (``rounds.py``), or about to be."""
        if not has_started(self.night) or has_finished(self.night):
            return False
        if not all(self.round_finished(number) for number in self.rounds):
            return False
        return round_follows(self.night, len(self.players), self.last_round, self.champion is not None)

    @property
    def complete(self) -> bool:
        """Every round the night plays is paired and played (the knock-out's final too)."""
        if self.night.knockout:
            return self.champion is not None
        planned = rounds_to_play(self.night, len(self.players))
        return self.last_round >= planned and all(self.round_finished(n) for n in self.rounds)


def rounds_to_play(night: DuelNight, players: int) -> int:
    """The rounds before any knock-out: a Swiss's rounds, or every round of the round robin."""
    if night.pairing == DuelNight.Pairing.ROUND_ROBIN:
        return round_robin_rounds(players)
    return night.rounds


def round_follows(night: DuelNight, players: int, last: int, final: bool) -> bool:
    """Once every round paired so far is over: does the night play another (the Swiss's next
    round, the knock-out's first or its next)? ``final``: the last round paired was the knock-out's
    final. A round robin's rounds are all paired at the start."""
    if last < rounds_to_play(night, players):
        return True
    return bool(night.knockout) and not final


def night_round_name(night: DuelNight, number: int) -> str:
    """A round's name for the trail, without reading the night whole."""
    return round_name(number, rounds_to_play(night, night.players.count()))


def night_state(night: DuelNight) -> NightState:
    return night_states([night])[night.pk]


def night_states(nights) -> dict[int, NightState]:
    """Each night read whole, in three queries however many nights (a player's page lists them)."""
    nights = {night.pk: night for night in nights}
    players: dict[int, list[DuelPlayer]] = {pk: [] for pk in nights}
    for player in (
        DuelPlayer.objects.filter(night__in=nights).select_related("member").order_by("night", "number")
    ):
        players[player.night_id].append(player)
    deals: dict[int, list[DuelDeal]] = {}
    for deal in DuelDeal.objects.filter(match__night__in=nights).order_by("match_id", "number"):
        deals.setdefault(deal.match_id, []).append(deal)
    states = {pk: NightState(night, players[pk]) for pk, night in nights.items()}
    for match in DuelMatch.objects.filter(night__in=nights).order_by("night", "round", "table"):
        _add_match(states[match.night_id], match, deals.get(match.pk, []))
    return states


def _add_match(state: NightState, match: DuelMatch, mine: list[DuelDeal]) -> None:
    night = state.night
    by_id = {p.pk: p for p in state.players}
    confirmed = [Deal(d.tricks_a, d.tricks_b, d.black) for d in mine if d.confirmed]
    knockout = match.stage == DuelMatch.Stage.KNOCKOUT
    score = score_match(night.scoring, night.match_rules, confirmed, knockout=knockout)
    a, b = by_id[match.player_a_id], by_id.get(match.player_b_id)
    line = MatchLine(match, a, b, mine, score, state.round_name(match.round))
    state.rounds.setdefault(match.round, []).append(line)


def night_as_dict(night: DuelNight) -> dict:
    """The night as JSON: its settings, players, every round's matches with their deals, the
    standings and the knock-out's winner (the results' JSON and ``two_player_state --format json``)."""
    state = night_state(night)
    return {
        "name": night.name,
        "club": night.club.name,
        "date": night.date.isoformat(),
        "format": night.evening_format.title,
        "scoring": night.evening_format.scoring,
        "pairing": night.pairing,
        "status": night.status,
        "players": [{"number": p.number, "name": p.name} for p in state.players],
        "rounds": [
            {
                "round": number,
                "stage": lines[0].match.stage if lines else "",
                "matches": [
                    {
                        "table": line.match.table,
                        "players": [line.a.number, line.b.number if line.b else None],
                        "bye": line.bye,
                        "deals": [
                            {"a": d.tricks_a, "b": d.tricks_b, "black": d.black}
                            for d in line.deals
                            if d.confirmed
                        ],
                        "points": [line.score.a, line.score.b],
                        "game_points": list(line.game_points(night)) if line.finished else None,
                        "finished": line.finished,
                    }
                    for line in lines
                ],
            }
            for number, lines in sorted(state.rounds.items())
        ],
        "standings": [
            {
                "place": s.standing.place,
                "number": s.player.number,
                "name": s.player.name,
                "game_points": s.standing.game_points,
                "won": s.standing.won,
                "spread": s.standing.spread,
            }
            for s in state.standings
        ],
        "knockout_winner": state.champion.number if state.champion else None,
    }
