"""A drive as the domain sees it, read in a handful of queries: seatings, results, scores and
prizes, and what the organiser's grid, the room display and each table's tablet show now."""

from dataclasses import dataclass
from functools import cached_property

from django.db.models import F, FilteredRelation, Q

from ...domain.boards import parse_schedule, trumps_for_board
from ...domain.drives import (
    GENT,
    LADY,
    Award,
    Circles,
    Departure,
    Format,
    PlayerScore,
    Prize,
    TableSeating,
    award_prizes,
    departures,
    halves_of,
    moves,
    rank_players,
    score_players,
    sit_out_score,
    sources,
    team_rubbers,
)
from ...domain.drives import senders as scheduled_senders
from ...domain.drives.games import LOW, Game, score_text
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
from ...domain.errors import DomainError
from ...domain.places import shared_places
from ...domain.rubbers import Score, check_deal, void_claim
from ...models import (
    Drive,
    DriveMoney,
    DrivePlayer,
    DriveResult,
    DriveSeat,
    DriveTeam,
    DriveTotal,
    PrizeCut,
)
from ...models.drives import honours_text
from ..core.errors import ServiceError
from ..core.verdicts import require
from . import lifecycle

SEATS = tuple(DriveSeat.Seat.values)  # ns_lady, ns_gent, ew_lady, ew_gent: as TableSeating has them
PLACE = {seat: place for place, seat in enumerate(SEATS)}


def tables_text(tables) -> str:
    """'table 3', 'tables 1 and 2', 'tables 1, 4 and 5'."""
    numbers = [str(t) for t in tables]
    if len(numbers) == 1:
        return f"table {numbers[0]}"
    return f"tables {', '.join(numbers[:-1])} and {numbers[-1]}"


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


# A seat's table's result, read beside the seat in the one statement (``_read_near``).
RESULT_READ = ("result__id", "result__ns_tricks", "result__granded", "result__honours", "result__confirmed")


class DriveStateError(ServiceError):
    """Something the drive's state does not allow now, said plainly."""


@dataclass(frozen=True)
class TableNow:
    """What a table's tablet shows: the hand to play (or the last one, waiting), and its seating."""

    table: int
    hand: int | None
    seating: TableSeating | None
    result: DriveResult | None
    waiting_for: tuple[int, ...] = ()
    finished: bool = False


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


class DriveState:
    """A drive as the domain sees it, read in a handful of queries: seatings, results, scores."""

    def __init__(self, drive: Drive, near: int | None = None):
        """The whole drive; or, with ``near``, what a write to that hand reads (see ``_read_near``)."""
        self.drive = drive
        if near is not None:
            self._read_near(near)
            return
        self.players = {p.key: p for p in drive.players.select_related("member", "second_member")}
        self.ids = {key: p.id for key, p in self.players.items()}
        by_id = self.players_by_id
        self.seatings = seatings_of(
            DriveSeat.objects.filter(drive=drive).values_list("hand", "table", "seat", "player_id"), by_id
        )
        self.result_rows = {(r.hand, r.table): r for r in DriveResult.objects.filter(drive=drive)}
        self._confirmed()

    @classmethod
    def read_many(cls, drives) -> dict[int, "DriveState"]:
        """The states of many drives, read in four queries whatever their number (the players,
        the seats, the results and the typed totals of them all; a fifth for team nights' teams):
        what a page listing a player's drives scores them from."""
        by_id = {drive.pk: drive for drive in drives}
        states = {}
        for pk, drive in by_id.items():
            state = cls.__new__(cls)
            state.drive, state.players, state.seatings, state.result_rows = drive, {}, {}, {}
            state.__dict__["typed"] = {}
            states[pk] = state
        for player in DrivePlayer.objects.filter(drive__in=by_id).select_related("member", "second_member"):
            states[player.drive_id].players[player.key] = player
        team_nights = [pk for pk, drive in by_id.items() if drive.is_team_night]
        for pk in team_nights:
            states[pk].__dict__["teams"] = {}
        for team in DriveTeam.objects.filter(drive__in=team_nights) if team_nights else ():
            states[team.drive_id].teams[team.number] = team
        for state in states.values():
            state.ids = {key: p.id for key, p in state.players.items()}
        seats: dict[int, list] = {}
        for drive_id, *seat in DriveSeat.objects.filter(drive__in=by_id).values_list(
            "drive_id", "hand", "table", "seat", "player_id"
        ):
            seats.setdefault(drive_id, []).append(seat)
        for pk, rows in seats.items():
            states[pk].seatings = seatings_of(rows, states[pk].players_by_id)
        for row in DriveResult.objects.filter(drive__in=by_id):
            states[row.drive_id].result_rows[(row.hand, row.table)] = row
        for state in states.values():
            state._confirmed()
        for drive_id, player_id, half, score in DriveTotal.objects.filter(drive__in=by_id).values_list(
            "drive_id", "player_id", "half", "score"
        ):
            state = states[drive_id]
            state.typed.setdefault(state.players_by_id[player_id], {})[half] = float(score)
        return states

    def _read_near(self, hand: int) -> None:
        """One statement: the seats of the first hand (every player is in it, and it gives the
        circles the movers go round) and of the hands from the one before ``hand`` to the second
        after (what seating the next hand reads and what it must not seat again), each seat with
        its player's card and its table's result. Players' names are not read."""
        seats = (
            DriveSeat.objects.filter(drive=self.drive, hand__in={1, hand - 1, hand, hand + 1, hand + 2})
            .annotate(
                result=FilteredRelation(
                    "drive__results",
                    condition=Q(drive__results__hand=F("hand"), drive__results__table=F("table")),
                )
            )
            .values_list("hand", "table", "seat", "player_id", "player__role", "player__card", *RESULT_READ)
        )
        rows, self.result_rows = [], {}
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
            if result_id is not None and (hand_, table) not in self.result_rows:
                self.result_rows[(hand_, table)] = DriveResult(
                    id=result_id,
                    drive=self.drive,
                    hand=hand_,
                    table=table,
                    ns_tricks=ns_tricks,
                    granded=granded,
                    honours=honours,
                    confirmed=confirmed,
                )
        self.ids = {key: player_id for hand_, _, _, player_id, key in rows if hand_ == 1}
        self.seatings = seatings_of((row[:4] for row in rows), self.players_by_id)
        self._confirmed()

    def _confirmed(self) -> None:
        """The confirmed hands, the ones that count: N/S's tricks by (hand, table) and, in a
        Minnesota drive, who went grand (in games and rubbers, the honours claimed)."""
        confirmed = {k: r for k, r in self.result_rows.items() if r.confirmed}
        self.results = {k: r.ns_tricks for k, r in confirmed.items()}
        self.grands = {k: r.granded for k, r in confirmed.items()}
        self.honours = {k: r.honours for k, r in confirmed.items()}

    def count(self, hand: int, table: int, ns_tricks: int, granded: str, honours: str = "") -> None:
        """A hand confirmed by a write now: it counts from here on (seating the next hand)."""
        self.results[(hand, table)] = ns_tricks
        self.grands[(hand, table)] = granded
        self.honours[(hand, table)] = honours

    @property
    def game(self) -> Game:
        """The game at the tables, with its rules: what a hand's tricks score."""
        return self.drive.played_game

    def moving(self, hand: int, table: int) -> int:
        """N/S's tricks at a table as the movement reads who won (in Minnesota: by points)."""
        return self.game.moving_tricks(self.results[(hand, table)], self.grands.get((hand, table), ""))

    def points(self, hand: int, table: int) -> tuple[int, int]:
        """N/S's and E/W's scores for a confirmed hand: their tricks, or their Minnesota points."""
        return self.game.points(self.results[(hand, table)], self.grands.get((hand, table), ""))

    @property
    def format(self) -> Format:
        return Format(self.drive.format)

    @cached_property
    def spans(self) -> tuple[tuple[int, int], ...]:
        """The first and last hand of each half."""
        return halves_of(self.drive.hands, self.drive.halves)

    @property
    def sit_out_score(self) -> float:
        """What a player at the sit-out table scores for a hand."""
        return sit_out_score(average=self.drive.sit_out == Drive.SitOut.AVERAGE)

    @property
    def sit_out_text(self) -> str:
        """The sit-out score as the cards and the tablets say it: 7, or 6½."""
        score = self.sit_out_score
        return f"{int(score)}½" if score % 1 else str(int(score))

    @property
    def sit_out_words(self) -> str:
        """What a sit-out player scores, in words: "7 tricks", "6½ tricks", or a Minnesota
        drive's "the hand's average points"."""
        return "the hand's average points" if self.game.minnesota else f"{self.sit_out_text} tricks"

    @property
    def rules_words(self) -> tuple[str, ...]:
        """The game's rules as the cards, the results and the room display print them: a Minnesota
        drive's name of its rules, their summary, and who wins a hand; nothing for classic whist."""
        rules = self.game.rulebook
        if rules is None:
            return ()
        return (
            f"Minnesota whist, no trumps: {rules.name}.",
            rules.summary,
            "The couple with more points wins the hand; the players sitting out score the hand's "
            "average points.",
        )

    def grand_of(self, hand: int, table: int, key: str) -> str:
        """Who went grand at a table, as a player's card says it: "Us", "Them" or "Low" ("" before
        the hand is in)."""
        granded = self.grands.get((hand, table), "")
        if granded in ("", LOW):
            return "Low" if granded else ""
        return "Us" if self.seatings[hand][table].side_of(key) == granded.lower() else "Them"

    def players_in_card_order(self) -> list[DrivePlayer]:
        """Ladies then gents (or the players), each by card number: the order of the score cards."""
        return sorted(self.players.values(), key=lambda p: (p.role != LADY, p.card))

    @property
    def scheduled(self) -> bool:
        return self.drive.scheduled

    @property
    def tables(self) -> int:
        return len(self.seatings.get(1, {}))

    @cached_property
    def circles(self) -> Circles:
        return Circles.of(self.seatings[1])

    @cached_property
    def schedule(self) -> tuple[str, ...]:
        """The trumps in turn, as the drive's schedule gives them."""
        return parse_schedule(self.drive.trump_schedule)

    def trumps(self, hand: int) -> str:
        return trumps_for_board(hand, self.schedule)

    def name(self, key: str | None) -> str:
        return self.players[key].name if key else "(empty seat)"

    def label(self, key: str | None) -> str:
        """A player as the format names them at the table: "Doreen Hardcastle (L3)" where players
        carry score cards, else by name alone."""
        return self.drive.evening_format.person_label(key or "", self.name(key))

    def number(self, key: str) -> str:
        """A player's number on their score card's title and in messages: "L3", or "Player 3"
        where players carry no score card."""
        return self.drive.evening_format.player_number(key, self.players[key].card)

    def listed_number(self, key: str) -> str:
        """A player's number in a list's column headed by ``number_heading``: "L3", or "3"."""
        return self.drive.evening_format.listed_number(key, self.players[key].card)

    def seated_names(self, seating: TableSeating) -> str:
        """The players seated at a table, as ``label`` names them: "Doreen Hardcastle (L3), Jim Lee (G3)"."""
        return ", ".join(self.label(key) for key in seating.players)

    def check_playable(
        self,
        hand: int,
        table: int,
        ns_tricks: int,
        organiser: bool = False,
        granded: str | None = "",
        honours: str = "",
    ) -> str:
        """Refuse a hand that cannot be entered now; return who went grand as the game stores it
        ("" in a whist drive, which takes no grand)."""
        verdict = lifecycle.may_correct(self.drive) if organiser else lifecycle.may_play(self.drive)
        require(verdict, DriveStateError)
        if not 0 <= ns_tricks <= 13:
            raise DriveStateError(f"{ns_tricks} is not a number of tricks: give 0 to 13.")
        if honours and not self.drive.rubbers:
            raise DriveStateError(
                f"{self.drive.name} does not play games and rubbers: nobody scores honours."
            )
        try:
            granded = self.game.check(ns_tricks, granded)
            check_deal(ns_tricks, honours)
        except DomainError as error:
            raise DriveStateError(str(error)) from None
        if not 1 <= table <= self.tables:
            raise DriveStateError(f"There is no table {table}: this drive has {self.tables} tables.")
        if not 1 <= hand <= self.drive.hands:
            raise DriveStateError(f"There is no hand {hand}: this drive has {self.drive.hands} hands.")
        seated = self.seatings.get(hand, {}).get(table)
        if seated is None:
            waiting = self.waiting_for(hand, table)
            said = (
                f": it waits for the results of hand {hand - 1} at {tables_text(waiting)}" if waiting else ""
            )
            raise DriveStateError(f"Hand {hand} is not seated at table {table} yet{said}.")
        if seated.sit_out:
            raise DriveStateError(f"Table {table} is the sit-out table in hand {hand}: nobody plays there.")
        return granded

    def waiting_for(self, hand: int, table: int) -> tuple[int, ...]:
        """The tables whose results of the hand before this table's next seating waits for."""
        before = self.seatings.get(hand - 1, {})
        if not before or table not in before:
            return ()
        if self.starts_half(hand):
            senders = range(1, self.tables + 1)
        elif self.scheduled:
            senders = scheduled_senders(before, self.seatings.get(hand, {}), table)
        else:
            senders = sources(self.format, table, self.circles)
        return tuple(
            sorted(
                t
                for t in senders
                if t not in before or (not before[t].sit_out and (hand - 1, t) not in self.results)
            )
        )

    def starts_half(self, hand: int) -> bool:
        """The first hand after an interval: every table starts it together."""
        return hand > 1 and any(first == hand for first, _ in self.spans)

    @property
    def scored(self) -> bool:
        """Whether there is a score to rank by, so that the prizes mean something: the first hand
        in at every table, or totals typed from the paper score cards."""
        return bool(self.typed_halves()) or self.hand_complete(1)

    def still_playing(self, hand: int) -> tuple[int, ...]:
        """The tables seated for the hand that have not finished it (the sit-out table plays none)."""
        seated = self.seatings.get(hand, {})
        return tuple(t for t, s in sorted(seated.items()) if not s.sit_out and (hand, t) not in self.results)

    def hand_complete(self, hand: int) -> bool:
        """Every table of the hand is seated and has its result (the sit-out table needs none)."""
        return len(self.seatings.get(hand, {})) == self.tables and not self.still_playing(hand)

    def now_at(self, table: int) -> TableNow:
        """A scheduled drive's tables are seated from the start: a table waits for the tables its
        next players come from, and a sit-out table stays on its hand until every table has
        played it (its players are told where they go next)."""
        for hand in range(1, self.drive.hands + 1):
            seated = self.seatings.get(hand, {}).get(table)
            if seated is None:
                return TableNow(table, hand, None, None, waiting_for=self.waiting_for(hand, table))
            if seated.sit_out:
                if hand == self.drive.hands:  # the last hand: over once every table has played it
                    playing = self.still_playing(hand)
                    return TableNow(table, hand, seated, None, playing, finished=not playing)
                if self.scheduled and not self.hand_complete(hand):
                    return TableNow(table, hand, seated, None, self.still_playing(hand))
                if table not in self.seatings.get(hand + 1, {}):
                    return TableNow(table, hand, seated, None, self.waiting_for(hand + 1, table))
                continue
            if (hand, table) not in self.results:
                waiting = self.waiting_for(hand, table) if self.scheduled else ()
                if waiting:
                    return TableNow(table, hand, None, None, waiting_for=waiting)
                return TableNow(table, hand, seated, self.result_rows.get((hand, table)))
        return TableNow(table, None, None, None, finished=True)

    def departures(self, hand: int, table: int) -> dict[str, Departure]:
        """Where each player of a table goes after the hand: by the schedule, or by who won."""
        if self.scheduled:
            return moves(self.seatings[hand], self.seatings.get(hand + 1, {}), table)
        seated = self.seatings[hand][table]
        return departures(
            self.format,
            seated,
            self.moving(hand, table) if (hand, table) in self.results else None,
            self.circles,
            self.seatings.get(hand - 1, {}).get(table),
        )

    @property
    def is_team_night(self) -> bool:
        return self.drive.is_team_night

    @cached_property
    def teams(self) -> dict[int, DriveTeam]:
        """A team night's teams by number (its home table)."""
        return {team.number: team for team in self.drive.teams.all()}

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

    def next_hand(self) -> int | None:
        """The first hand some table still has to play (None when every hand is in)."""
        return next((hand for hand in range(1, self.drive.hands + 1) if not self.hand_complete(hand)), None)

    def untyped_hands(self) -> list[int]:
        """The hands entered one by one: those of the halves not typed as totals for every player."""
        typed = self.typed_halves()
        return [
            hand
            for half, (first, last) in enumerate(self.spans, start=1)
            if half not in typed
            for hand in range(first, last + 1)
        ]

    def missing(self) -> list[tuple[int, int]]:
        """The hands and tables still to come in, leaving out the halves typed from paper totals."""
        return [
            (hand, table)
            for hand in self.untyped_hands()
            for table in range(1, self.tables + 1)
            if not (self.seatings.get(hand, {}).get(table) and self.seatings[hand][table].sit_out)
            and (hand, table) not in self.results
        ]

    @cached_property
    def typed(self) -> dict[str, dict[int, float]]:
        """Totals typed from paper score cards, by player and half."""
        typed: dict[str, dict[int, float]] = {}
        for player_id, half, score in DriveTotal.objects.filter(drive=self.drive).values_list(
            "player_id", "half", "score"
        ):
            typed.setdefault(self.players_by_id[player_id], {})[half] = float(score)
        return typed

    def typed_halves(self) -> set[int]:
        """The halves every player has a typed total for."""
        halves = set(range(1, self.drive.halves + 1))
        for key in self.players:
            halves &= set(self.typed.get(key, {}))
        return halves

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

    @cached_property
    def players_by_id(self) -> dict[int, str]:
        return {player_id: key for key, player_id in self.ids.items()}

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

    def grid(self) -> list[dict]:
        """The organiser's grid of tables by hands: a row a table, a cell a hand, with its text and
        kind ("unseated", "sit-out", "done" or "playing": a count entered, not yet confirmed)."""
        rows = []
        for table in range(1, self.tables + 1):
            cells = []
            for hand in range(1, self.drive.hands + 1):
                seated = self.seatings.get(hand, {}).get(table)
                if seated is None:
                    cells.append({"text": "", "kind": "unseated"})
                elif seated.sit_out:
                    cells.append({"text": "out", "kind": "sit-out"})
                elif (hand, table) in self.results:
                    row = self.result_rows[(hand, table)]
                    cells.append({"text": score_text(row.ns_tricks, row.granded), "kind": "done"})
                else:
                    row = self.result_rows.get((hand, table))
                    cells.append({"text": f"{row.ns_tricks}?" if row else "…", "kind": "playing"})
            rows.append({"table": table, "cells": cells})
        return rows

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


def plain_number(value: float) -> float | int:
    """A score as people write it: 84, or 84.5 for a half."""
    return int(value) if float(value).is_integer() else value
