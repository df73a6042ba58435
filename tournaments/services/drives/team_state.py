"""A team night as its state gives it (``TeamNightState``, a part of ``DriveState``): its teams,
their points and places and their pairs', the visits at its tables in games and rubbers with their
running scores and the honours that count, and where a table's two pairs go next."""

from functools import cached_property

from ...domain.drives import GENT, LADY, TableSeating, team_rubbers
from ...domain.drives.games import Game
from ...domain.drives.teams import (
    AWAY,
    HOME,
    PairScore,
    Rule,
    TeamScore,
    card_team,
    game_points,
    pair_card,
    rank_pairs,
    rank_teams,
    score_teams,
)
from ...domain.rubbers import Score, void_claim
from ...models import Drive, DriveTeam
from ...models.drive_results import honours_text


class TeamNightState:
    """The team night's side of a ``DriveState``, from what it has read (the names below) and the
    hands confirmed so far."""

    drive: Drive
    seatings: dict[int, dict[int, TableSeating]]
    results: dict[tuple[int, int], int]
    grands: dict[tuple[int, int], str]
    honours: dict[tuple[int, int], str]
    game: Game
    _teams: dict[int, DriveTeam] | None

    @property
    def teams(self) -> dict[int, DriveTeam]:
        """A team night's teams by number (its home table); read when first asked, unless read
        with the drive."""
        if self._teams is None:
            self._teams = {team.number: team for team in self.drive.teams.all()}
        return self._teams

    def team_of(self, key: str) -> DriveTeam:
        """A team night player's team, from their card (team t holds cards 2t - 1 and 2t)."""
        return self.teams[card_team(int(key[1:]))]

    def pair_names(self, team: int, pair: str) -> str:
        """The two players of a team's home or away pair: "Ann Lee & Bob Lee"."""
        return " & ".join(self.name(f"{role}{pair_card(team, pair)}") for role in (LADY, GENT))

    @cached_property
    def team_scores(self) -> dict[int, TeamScore]:
        """Each team's points and tricks over the hands confirmed so far: its pairs' team points
        (in the drive's game), or in games and rubbers their rubber points."""
        teams, each = len(self.teams), self.drive.hands_per_round
        if self.drive.rubbers:
            return team_rubbers.score_rubber_teams(self.drive.rubbers, teams, self.deals, per_round=each)
        return score_teams(
            Rule(self.drive.team_points), teams, self.results, self.team_points, per_round=each
        )

    @cached_property
    def team_points(self) -> dict[tuple[int, int], tuple[int, int]]:
        """Each confirmed table's home and away points, in the drive's game (``game_points``)."""
        rule = Rule(self.drive.team_points)
        return {
            key: game_points(rule, self.game, ns_tricks, self.grands.get(key, ""))
            for key, ns_tricks in self.results.items()
        }

    @property
    def deals(self) -> dict[tuple[int, int], tuple[int, str]]:
        """The confirmed hands as games and rubbers score them: N/S's tricks and the honours claimed."""
        return {k: (tricks, self.honours.get(k, "")) for k, tricks in self.results.items()}

    def table_visits(self) -> list[team_rubbers.TableVisit]:
        """In games and rubbers, every visit at every table with its hands in so far and its
        score (none for a night that plays none)."""
        if not self.drive.rubbers:
            return []
        return team_rubbers.table_visits(
            self.drive.rubbers, len(self.teams), self.deals, per_round=self.drive.hands_per_round
        )

    def table_score(self, hand: int, table: int) -> Score | None:
        """In games and rubbers, a table's running score after a hand (its visit's hands in so far):
        what its tablet shows. None for a night that plays none."""
        if not self.drive.rubbers:
            return None
        return team_rubbers.table_score(
            self.drive.rubbers, self.deals, hand=hand, table=table, per_round=self.drive.hands_per_round
        )

    def claim_words(self, hand: int, table: int, ns_tricks: int, claim: str) -> str:
        """The honours claimed on a hand at a table, after its tricks, and when they score nothing
        (the claiming side one point short of the game, or the tricks won it first) the reason:
        ", N/S 4 honours (not counted: N/S were at 4, one point short of the game)"."""
        words = honours_text(claim)
        if not (words and self.drive.rubbers):
            return words
        before = team_rubbers.score_before(
            self.drive.rubbers, self.deals, hand=hand, table=table, per_round=self.drive.hands_per_round
        )
        void = void_claim(before, ns_tricks, claim)
        return f"{words} ({void})" if void else words

    def team_placings(self) -> list[tuple[str, TeamScore]]:
        return rank_teams(self.team_scores)

    def pair_placings(self) -> list[tuple[str, PairScore]]:
        return rank_pairs(self.team_scores)

    def team_moves(self, hand: int, table: int) -> list[dict]:
        """Where a table's two pairs play the next hand, by the plan's moves: "Team 7's away pair:
        go to table 9"."""
        seated, going = self.seatings[hand][table], self.departures(hand, table)
        moves = []
        for pair, couple in ((HOME, seated.ns), (AWAY, seated.ew)):
            team, move = self.team_of(couple[0]), going[couple[0]]
            moves.append(
                {
                    "team": team.number,
                    "name": team.name,
                    "pair": pair,
                    "players": self.pair_names(team.number, pair),
                    "table": move.table,
                    "text": "stay at this table" if move.stays else f"go to table {move.table}",
                }
            )
        return moves
