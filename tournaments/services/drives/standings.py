"""A drive's scores and standings, as its state gives them (``DriveScores``, a part of
``DriveState``): each player's score card from the hands in and the totals typed from paper, the
prizes, the half-time leaders, and where each player stands in the list they are ranked in."""

from dataclasses import dataclass
from functools import cached_property

from ...domain.drives import (
    LADY,
    Award,
    PlayerScore,
    Prize,
    TableSeating,
    award_prizes,
    rank_players,
    score_players,
)
from ...domain.drives.games import Game
from ...domain.drives.teams import card_team
from ...domain.places import shared_places
from ...models import Drive, DriveMoney, DrivePlayer, DriveTotal, PrizeCut


@dataclass(frozen=True)
class PlayerStanding:
    """Where a player stands in a drive's results, as the results page, the CSV, ``drive_state``,
    the player's own page and their e-mail all give it: their place in the list they are ranked
    in ("6=" when level), that list's heading and size, how the list knows them ("L3", an
    individual drive's "Player 3", or a team night's "Team 2") and the figure it ranks by, in the
    evening's measure."""

    score: PlayerScore  # their own score card
    place: str
    field: str  # "Ladies", "Players", "Teams"
    field_size: int
    entrant: str
    figure: float  # tricks, or a team night's team points


def plain_number(value: float) -> float | int:
    """A score as people write it: 84, or 84.5 for a half."""
    return int(value) if float(value).is_integer() else value


class DriveScores:
    """The scores, prizes and standings of a ``DriveState``, from what it has read (the names
    below) and the hands confirmed so far."""

    drive: Drive
    players: dict[str, DrivePlayer]
    seatings: dict[int, dict[int, TableSeating]]
    results: dict[tuple[int, int], int]
    grands: dict[tuple[int, int], str]
    players_by_id: dict[int, str]
    spans: tuple[tuple[int, int], ...]
    tables: int
    game: Game
    sit_out_score: float
    _typed: dict[str, dict[int, float]] | None

    def typed_of(self, totals) -> dict[str, dict[int, float]]:
        """Typed totals by player and half, from their rows (player id, half, score)."""
        typed: dict[str, dict[int, float]] = {}
        for player_id, half, score in totals:
            typed.setdefault(self.players_by_id[player_id], {})[half] = float(score)
        return typed

    @property
    def typed(self) -> dict[str, dict[int, float]]:
        """Totals typed from paper score cards, by player and half (read when first asked, unless
        read with the drive)."""
        if self._typed is None:
            self._typed = self.typed_of(
                DriveTotal.objects.filter(drive=self.drive).values_list("player_id", "half", "score")
            )
        return self._typed

    def typed_halves(self) -> set[int]:
        """The halves every player has a typed total for."""
        halves = set(range(1, self.drive.halves + 1))
        for key in self.players:
            halves &= set(self.typed.get(key, {}))
        return halves

    def untyped_hands(self) -> list[int]:
        """The hands entered one by one: those of the halves not typed as totals for every player."""
        typed = self.typed_halves()
        return [
            hand
            for half, (first, last) in enumerate(self.spans, start=1)
            if half not in typed
            for hand in range(first, last + 1)
        ]

    @property
    def scored(self) -> bool:
        """Whether there is a score to rank by, so that the prizes mean something: the first hand
        in at every table, or totals typed from the paper score cards."""
        return bool(self.typed_halves()) or self.hand_complete(1)

    @cached_property
    def scores(self) -> dict[str, PlayerScore]:
        return score_players(
            {key: p.role for key, p in self.players.items()},
            self.seatings,
            self.results,
            hands=self.drive.hands,
            halves=self.drive.halves,
            sit_out_score=self.sit_out_score,
            typed=self.typed,
            game=self.game,
            granded=self.grands,
        )

    @cached_property
    def awards(self) -> list[Award]:
        cuts = {
            Prize(prize): self.players_by_id[winner]
            for prize, winner in PrizeCut.objects.filter(drive=self.drive).values_list("prize", "winner_id")
        }
        # A drive whose money is shared by players level gives them the places together.
        share = DriveMoney.of(self.drive).ties == DriveMoney.Ties.SHARE
        return award_prizes(
            self.drive.prize_list,
            self.scores,
            cuts=cuts,
            mystery_hand=self.drive.mystery_hand,
            share_ties=share,
        )

    def half_time_leaders(self, count: int = 3) -> list[PlayerScore]:
        """The first ``count`` ladies then gents (or players) on the first half, once it is over
        (none before, nor in a drive of one part)."""
        if not self.tables or self.drive.halves < 2 or not self.hand_complete(self.spans[0][1]):
            return []
        return [
            leader
            for role in self.drive.roles
            for leader in rank_players((s for s in self.scores.values() if s.role == role), Prize.FIRST_HALF)[
                :count
            ]
        ]

    def standings(self, role: str | None = None) -> list[PlayerScore]:
        """The players of a role (or all), best first: the order the prizes go down."""
        return rank_players(s for s in self.scores.values() if role is None or s.role == role)

    def placings(self, role: str) -> list[tuple[str, PlayerScore]]:
        """The players of a role best first, each with their place: level totals share it ("6=")."""
        ranked = self.standings(role)
        return list(zip(shared_places([s.score for s in ranked]), ranked, strict=True))

    def player_standings(self) -> list[PlayerStanding]:
        """Every player where the results place them, list by list, best first. Where the format
        ranks teams, a team's four players stand where the team stands (its place among the
        teams, its points), in card order; else each player has their place in their list (their
        role's, or the one list of players)."""
        evening = self.drive.evening_format
        if evening.ranks_teams:
            members: dict[int, list[str]] = {}
            for player in sorted(self.players.values(), key=lambda p: (p.card, p.role != LADY)):
                members.setdefault(card_team(player.card), []).append(player.key)
            placings = self.team_placings()
            return [
                PlayerStanding(
                    self.scores[key],
                    place,
                    evening.entrant.plural.capitalize(),
                    len(placings),
                    evening.entrant.title(team.team),
                    team.points,
                )
                for place, team in placings
                for key in members.get(team.team, ())
            ]
        standings = []
        for role in self.drive.roles:
            ranked = self.placings(role)
            standings += [
                PlayerStanding(
                    s, place, self.drive.role_plural(role), len(ranked), self.number(s.player), s.score
                )
                for place, s in ranked
            ]
        return standings
