"""A drive as the domain sees it, read in a handful of queries: seatings, results, scores and
prizes, and what the organiser's grid, the room display and each table's tablet show now.

``DriveState`` is made from the rows ``reading`` reads; this module keeps the progress of its
tables (what may be entered, who waits for whom, where players go). Its words are in ``naming``,
its scores, prizes and standings in ``standings``, a team night's side in ``team_state``."""

import copy
from dataclasses import dataclass
from functools import cached_property

from ...domain.boards import parse_schedule, trumps_for_board
from ...domain.drives import (
    Circles,
    Departure,
    Format,
    TableSeating,
    departures,
    halves_of,
    moves,
    sit_out_score,
    sources,
)
from ...domain.drives import senders as scheduled_senders
from ...domain.drives.games import Game, score_text
from ...domain.errors import DomainError
from ...domain.rubbers import check_deal
from ...models import Drive, DriveResult
from ..core.errors import ServiceError
from ..core.verdicts import require
from . import lifecycle, reading
from .naming import DriveWords
from .reading import DriveRows, seatings_of
from .standings import DriveScores
from .team_state import TeamNightState


def tables_text(tables) -> str:
    """'table 3', 'tables 1 and 2', 'tables 1, 4 and 5'."""
    numbers = [str(t) for t in tables]
    if len(numbers) == 1:
        return f"table {numbers[0]}"
    return f"tables {', '.join(numbers[:-1])} and {numbers[-1]}"


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


class DriveState(DriveWords, DriveScores, TeamNightState):
    """A drive as the domain sees it, read in a handful of queries: seatings, results, scores."""

    def __init__(self, drive: Drive, near: int | None = None, *, rows: DriveRows | None = None):
        """The whole drive; or, with ``near``, what a write to that hand reads (``read_near``: no
        players' names); or the ``rows`` read already (``read_many``)."""
        if rows is None:
            rows = reading.read_whole(drive) if near is None else reading.read_near(drive, near)
        self.drive = drive
        if rows.players is not None:  # a write near a hand reads no names
            self.players = rows.players
        self.ids = rows.ids
        self.seatings = seatings_of(rows.seats, self.players_by_id)
        self.result_rows = rows.results
        self._confirmed()
        self._typed = None if rows.typed is None else self.typed_of(rows.typed)
        self._teams = rows.teams

    def as_after(self, hand: int) -> "DriveState":
        """The drive as it stood once every table had played ``hand``: its seatings and confirmed
        hands up to it, so that its scores and standings are those of then (a player's page, where
        the club shows places after each hand). Reads nothing more."""
        self.typed  # noqa: B018 (read now, once, and kept by both; a team night's teams too)
        if self.drive.evening_format.enters_teams:
            self.teams  # noqa: B018
        then = copy.copy(self)
        for klass in type(self).__mro__:  # what was worked out from all the hands is worked out again
            for name, attribute in vars(klass).items():
                if isinstance(attribute, cached_property):
                    then.__dict__.pop(name, None)
        then.seatings = {h: seated for h, seated in self.seatings.items() if h <= hand}
        then.results = {k: v for k, v in self.results.items() if k[0] <= hand}
        then.grands = {k: v for k, v in self.grands.items() if k[0] <= hand}
        then.honours = {k: v for k, v in self.honours.items() if k[0] <= hand}
        return then

    @classmethod
    def read_many(cls, drives) -> dict[int, "DriveState"]:
        """The states of many drives, read in four queries whatever their number (the players,
        the seats, the results and the typed totals of them all; a fifth for team nights' teams):
        what a page listing a player's drives scores them from."""
        by_id = {drive.pk: drive for drive in drives}
        return {pk: cls(by_id[pk], rows=rows) for pk, rows in reading.read_many(by_id.values()).items()}

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

    def next_hand(self) -> int | None:
        """The first hand some table still has to play (None when every hand is in)."""
        return next((hand for hand in range(1, self.drive.hands + 1) if not self.hand_complete(hand)), None)

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
    def players_by_id(self) -> dict[int, str]:
        return {player_id: key for key, player_id in self.ids.items()}

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
