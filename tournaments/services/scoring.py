"""Scores and standings of an event: its rows turned into the domain's terms and scored there."""

from collections import Counter
from dataclasses import dataclass

from ..domain import scoring
from ..domain.deals import honours, parse_deal
from ..domain.errors import DomainError
from ..models import Event


@dataclass(frozen=True)
class EventReport:
    """Everything the results pages, exports and printouts show, read in a constant number of queries."""

    event: Event
    scores: scoring.EventScores
    names: dict  # PairKey -> "Joan Bellamy & Harold Bickerstaff"
    trumps: dict  # board number -> "H", "D", "S", "C", "NT" or ""
    provisional: bool

    def name(self, pair) -> str:
        return self.names.get(tuple(pair), scoring.pair_label(tuple(pair)))


def event_expected_results(seatings) -> dict[int, int]:
    """How often the movement schedules each board between two real pairs."""
    counts: Counter = Counter()
    for seating in seatings:
        if seating.ns_pair_id and seating.ew_pair_id:
            counts.update(seating.board_numbers)
    return dict(counts)


def _pair_key(pair) -> tuple[str, int]:
    return (pair.direction, pair.number)


def event_report(event: Event) -> EventReport:
    """Score the event by its own method. Raises ScoringError when that method cannot score it."""
    pairs = list(event.pairs.select_related("player1", "player2"))
    boards = list(event.boards.all())
    seatings = list(event.seatings.all())
    rows = list(event.results.confirmed().select_related("board", "ns_pair", "ew_pair"))
    switched = {(s.round, s.table) for s in seatings if s.arrow_switched}
    results = [
        scoring.BoardResult(
            board=row.board.number,
            ns_pair=_pair_key(row.ns_pair),
            ew_pair=_pair_key(row.ew_pair),
            ns_tricks=row.ns_tricks,
            ns_adjusted=row.ns_adjusted,
            ew_adjusted=row.ew_adjusted,
            round=row.round,
            table=row.table,
            arrow_switched=(row.round, row.table) in switched,
        )
        for row in rows
    ]
    honour_points = None
    if event.scoring == Event.Scoring.ODD_TRICKS and event.honours:
        honour_points = {}
        for board in boards:
            if board.deal and board.trumps:
                try:
                    honour_points[board.number] = honours(parse_deal(board.deal), board.trumps)
                except DomainError:
                    continue
    scores = scoring.score_event(
        results,
        method=event.scoring,
        scale=event.scale,
        expected=event_expected_results(seatings),
        pairs=[_pair_key(p) for p in pairs],
        one_field=bool(switched),
        tie_break=event.tie_break,
        honours=honour_points,
    )
    return EventReport(
        event=event,
        scores=scores,
        names={_pair_key(p): p.names for p in pairs},
        trumps={b.number: b.trumps for b in boards},
        provisional=event.status != Event.Status.FINISHED,
    )
