"""An event's play against double dummy: each table's tricks beside its board's analysis, and each
pair's (or, at an individual event, each player's) tricks above or below it over the evening.

The results are the scores' own (``event_report``, kept in the cache), so the page says what the
travellers say; the boards' figures are their stored ``dd_ns_tricks`` (the board's trumps, the
dealer's left leading: ``analysis.ns_tricks``), read in one query. The arithmetic is the domain's
(``domain/double_dummy.py``). A Minnesota board is analysed in no trumps with that same lead: a
hand somebody granded is judged by it, a hand played low is left out.

A member's season (their page) adds up their partnerships' results over their published events,
read in one query (``member_against_double_dummy``).
"""

from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q, Subquery

from ...domain.double_dummy import NO_FIGURE, DoubleDummyReport, PairFigure, Played, against_double_dummy
from ...domain.scoring import played_low
from ...models import Board, Event, Member, Pair, Result
from ...models.events import rules_scored_by
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
    low_hands: bool  # some hands were played low, which double dummy cannot judge


def event_double_dummy(report: EventReport) -> EventDoubleDummy:
    """The event's results against double dummy (one query beside its report; the players'
    names, at an individual event, as ``individual_report`` reads them)."""
    event = report.event
    dd_ns_tricks, not_dealt = {}, set()
    for number, dd, deal in Board.objects.filter(event=event).values_list("number", "dd_ns_tricks", "deal"):
        dd_ns_tricks[number] = dd
        if not deal:
            not_dealt.add(number)
    played = [
        Played(
            r.board,
            r.ns_pair,
            r.ew_pair,
            r.ns_tricks,
            r.round,
            r.table,
            r.arrow_switched,
            low=report.scores.played_low(r),
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
    low_hands = any(p.low for p in played)
    return EventDoubleDummy(report, against, entrants, individuals, unavailable, low_hands)


def member_against_double_dummy(member: Member, events: list[Event]) -> PairFigure:
    """The member's tricks against double dummy over these events (their published season): each
    result of a partnership they played in (a pair, or at an individual event a partnership of
    their seat), left out as the events' pages leave it out. One query, however many events."""
    theirs = Q(player1=member) | Q(player2=member)
    for seat in ("individual1", "individual2"):
        theirs |= Q(**{f"{seat}__player1": member}) | Q(**{f"{seat}__player2": member})
    pairs = Pair.objects.filter(theirs, event__in=events).values("pk")
    rows = (
        Result.objects.confirmed()
        .filter(Q(ns_pair__in=pairs) | Q(ew_pair__in=pairs))
        .annotate(theirs_ns=Exists(pairs.filter(pk=OuterRef("ns_pair_id"))))
        .values_list(*MEMBER_COLUMNS)
    )
    by_event: dict[int, tuple[list, dict, set]] = {}
    mine = set()
    for event_id, scoring, rules, board, ns, ew, tricks, granded, dd, deal, theirs_ns in rows:
        played, dd_ns_tricks, not_dealt = by_event.setdefault(event_id, ([], {}, set()))
        played.append(
            Played(board, ns, ew, tricks, low=played_low(rules_scored_by(scoring, rules), tricks, granded))
        )
        dd_ns_tricks[board] = dd
        if not deal:
            not_dealt.add(board)
        mine.add(ns if theirs_ns else ew)
    figure = NO_FIGURE
    for played, dd_ns_tricks, not_dealt in by_event.values():
        figure += against_double_dummy(played, dd_ns_tricks, not_dealt=not_dealt).figure_of(mine)
    return figure


def analysed_boards() -> Subquery:
    """How many of an event's boards are analysed, for annotating a query of events: what a
    member's kept figure is worked out from, beside the event's scores."""
    boards = Board.objects.filter(event=OuterRef("pk"), dd_ns_tricks__isnull=False).order_by().values("event")
    return Subquery(boards.annotate(count=Count("pk")).values("count"))


MEMBER_COLUMNS = (
    "event_id",
    "event__scoring",
    "event__minnesota_rules",
    "board__number",
    "ns_pair_id",
    "ew_pair_id",
    "ns_tricks",
    "granded",
    "board__dd_ns_tricks",
    "board__deal",
    "theirs_ns",
)
