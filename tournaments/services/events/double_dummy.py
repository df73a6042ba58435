"""An event's play against double dummy: each table's tricks beside its board's analysis, and each
pair's (or, at an individual event, each player's) tricks above or below it over the evening.

The results are the scores' own (``event_report``, kept in the cache), so the page says what the
travellers say; the boards' figures are their stored ``dd_ns_tricks`` (the board's trumps, the
dealer's left leading: ``analysis.ns_tricks``), read in one query. The arithmetic is the domain's
(``domain/double_dummy.py``).
"""

from dataclasses import dataclass

from ...domain.double_dummy import DoubleDummyReport, PairFigure, Played, against_double_dummy
from ...models import Board
from .analysing import analysis_unavailable
from .individuals import IndividualReport, individual_report
from .scoring import EventReport


@dataclass(frozen=True)
class Entrant:
    """A pair, or a player of an individual event, with their figure over the evening."""

    key: object  # the pair key, or the player's number
    figure: PairFigure


@dataclass(frozen=True)
class EventDoubleDummy:
    report: EventReport
    against: DoubleDummyReport
    entrants: tuple[Entrant, ...]  # in the standings' order
    individuals: IndividualReport | None  # an individual event's players
    unavailable: str  # why the boards waiting will not be analysed here ("" when they will)


def event_double_dummy(report: EventReport) -> EventDoubleDummy:
    """The event's results against double dummy (one query beside its report; the players'
    names, at an individual event, as ``individual_report`` reads them)."""
    event = report.event
    dd_ns_tricks, not_dealt = {}, set()
    for number, dd, deal in Board.objects.filter(event=event).values_list("number", "dd_ns_tricks", "deal"):
        dd_ns_tricks[number] = dd
        if not deal:
            not_dealt.add(number)
    low_hands = bool(report.scores.minnesota)  # a Minnesota hand nobody granded is played low
    played = [
        Played(
            r.board,
            r.ns_pair,
            r.ew_pair,
            r.ns_tricks,
            r.round,
            r.table,
            r.arrow_switched,
            low=low_hands and r.ns_tricks is not None and not r.granded,
            ns_adjusted=r.ns_adjusted,
            ew_adjusted=r.ew_adjusted,
        )
        for board in report.scores.boards
        for r in (scored.result for scored in board.results)
    ]
    against = against_double_dummy(played, dd_ns_tricks, not_dealt=not_dealt)
    individuals = None
    if event.evening_format.ranks_players:
        individuals = individual_report(event, report)
        by_player: dict[int, list] = {}
        for pair, players in individuals.partnerships.items():
            for player in players:
                by_player.setdefault(player, []).append(pair)
        entrants = tuple(
            Entrant(s.player, against.figure_of(by_player.get(s.player, ()))) for s in individuals.standings
        )
    else:
        entrants = tuple(Entrant(s.pair, against.figure_of([s.pair])) for s in report.scores.standings)
    unavailable = analysis_unavailable() if against.waiting else ""
    return EventDoubleDummy(report, against, entrants, individuals, unavailable)
