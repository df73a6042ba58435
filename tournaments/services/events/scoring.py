"""Scores and standings of an event: its rows turned into the domain's terms and scored there."""

from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from django.core.cache import cache
from django.db.models import Count, Max, OuterRef, Subquery

from ...domain import scoring
from ...domain.deals import honours, parse_deal
from ...domain.errors import DomainError
from ...domain.progress import expected_boards
from ...models import AuditLine, Board, Event, Result, ResultChange, Seating, page_shown, person_name
from ..core.season_cache import kept_or_made, season_cache
from .lifecycle import SCORING_FIELDS


@dataclass(frozen=True)
class EventReport:
    """Everything the results pages, exports and printouts show, read in a constant number of queries."""

    event: Event
    scores: scoring.EventScores
    names: dict  # PairKey -> "Joan Bellamy & Harold Bickerstaff"
    trumps: dict  # board number -> "H", "D", "S", "C", "NT" or ""
    provisional: bool
    people: dict = field(default_factory=dict)  # PairKey -> ((member id or None, name), (…, …))
    linked: frozenset = frozenset()  # the members whose own page the reader may open

    def link(self, member_id: int | None) -> bool:
        return member_id in self.linked

    def name(self, pair) -> str:
        return self.names.get(tuple(pair), scoring.pair_label(tuple(pair)))


class SeatingRow(NamedTuple):
    """What scoring needs of a seating, read as plain values (a 40-table event has 1,600)."""

    round: int
    table: int
    first_board: int
    last_board: int
    arrow_switched: bool
    ns_pair_id: int | None
    ew_pair_id: int | None


def seating_expected_boards(seating) -> range:
    """The boards a seating expects a result on (none at a sit-out), by the domain's rule; the
    seating may be the model or any row holding its boards and its pairs' ids."""
    return expected_boards(
        seating.first_board, seating.last_board, ns_pair=seating.ns_pair_id, ew_pair=seating.ew_pair_id
    )


def event_seating_rows(event: Event) -> list[SeatingRow]:
    return [SeatingRow(*row) for row in event.seatings.values_list(*SeatingRow._fields)]


def event_expected_results(seatings) -> dict[int, int]:
    """How often the movement schedules each board between two real pairs."""
    counts: Counter = Counter()
    for seating in seatings:
        counts.update(seating_expected_boards(seating))
    return dict(counts)


def _people(pair) -> tuple[tuple[int | None, str], tuple[int | None, str]]:
    """A pair's two players as (member id, name), a guest's id None."""
    return (
        (pair.player1_id, person_name(pair.player1))
        if pair.player1_id
        else (None, person_name(None, pair.guest1)),
        (pair.player2_id, person_name(pair.player2))
        if pair.player2_id
        else (None, person_name(None, pair.guest2)),
    )


def _pair_key(pair) -> tuple[str, int]:
    return (pair.direction, pair.number)


RESULT_COLUMNS = (
    "board_id",
    "ns_pair_id",
    "ew_pair_id",
    "ns_tricks",
    "ns_adjusted",
    "ew_adjusted",
    "round",
    "table",
    "granded",
)


def event_board_results(event: Event, pairs, boards, seatings, rows=None) -> list[scoring.BoardResult]:
    """The confirmed results in the domain's terms, read as plain values (no model instances, no
    joins: the pairs, boards and seatings are already at hand; so may be the results' ``rows``, of
    ``RESULT_COLUMNS``, when many events' are read at once)."""
    keys = {p.pk: (p.direction, p.number) for p in pairs}
    numbers = {b.pk: b.number for b in boards}
    switched = {(s.round, s.table) for s in seatings if s.arrow_switched}
    if rows is None:
        rows = event.results.confirmed().values_list(*RESULT_COLUMNS)
    result = scoring.BoardResult
    return [
        result(
            numbers[b],
            keys[ns],
            keys[ew],
            tricks,
            ns_adj,
            ew_adj,
            round_,
            table,
            (round_, table) in switched,
            grand,
        )
        for b, ns, ew, tricks, ns_adj, ew_adj, round_, table, grand in rows
    ]


def history_lines(model, evening: str = "event") -> tuple[Subquery, Subquery]:
    """How many lines the evening's history of this kind holds, and the newest one's id (for
    annotating a query of events, or with ``evening="drive"`` of drives)."""
    lines = model.objects.filter(**{evening: OuterRef("pk")}).order_by().values(evening)
    return (
        Subquery(lines.annotate(count=Count("pk")).values("count")),
        Subquery(lines.annotate(newest=Max("pk")).values("newest")),
    )


SCORE_VERSIONS = ("result_lines", "newest_result", "trail_lines", "newest_step")


def with_score_versions(evenings, results=ResultChange, evening: str = "event", trail: str = ""):
    """The evenings with what their scores are worked out from, for ``scores_key`` (see
    ``_scores_keys``); for drives, ``results=DriveResultChange, evening="drive"``. ``trail`` names
    the evening on the trail's lines where its results name it otherwise (a two-player night's
    deals by their match: ``evening="match__night", trail="night"``)."""
    result_lines, newest_result = history_lines(results, evening)
    trail_lines, newest_step = history_lines(AuditLine, trail or evening)
    return evenings.annotate(
        result_lines=result_lines,
        newest_result=newest_result,
        trail_lines=trail_lines,
        newest_step=newest_step,
    )


def scores_key(pk: int, settings, versions) -> str:
    return ":".join(str(part) for part in ("event-scores", pk, *settings, *versions))


def read_scores_key(event: Event) -> str:
    """The key of the scores of an event read ``with_score_versions``: no query of its own."""
    return _key(event, (getattr(event, name) for name in SCORE_VERSIONS))


def _key(event: Event, versions) -> str:
    """The key of the event's scores, given the versions of its results and trail."""
    return scores_key(event.pk, (getattr(event, name) for name in SCORING_FIELDS), versions)


def _scores_keys(events) -> dict[int, str]:
    """The cache keys of the events' scores: what they are worked out from, read in one query
    for any number of events.

    That is each event's scoring settings, its results' history (every write to a result adds a
    line) and its trail (so does a rebuilt movement, new deals, renamed pairs). A line's id is
    drawn when it is written but seen only once its transaction commits, so ids commit out of
    order: the newest id alone can stay the same while a line with a lower one arrives. Lines are
    only ever added, so their count grows with every commit; the newest id tells lines deleted and
    made anew apart.

    Events already read ``with_score_versions`` (a season's) give their keys with no query.
    """
    by_id = {event.pk: event for event in events}
    if all(hasattr(event, SCORE_VERSIONS[0]) for event in by_id.values()):
        return {pk: read_scores_key(event) for pk, event in by_id.items()}
    rows = with_score_versions(Event.objects.filter(pk__in=by_id)).values_list("pk", *SCORE_VERSIONS)
    return {pk: _key(by_id[pk], versions) for pk, *versions in rows}


def _scores_key(event: Event) -> str:
    return _scores_keys([event])[event.pk]


def events_scores(
    events, pairs_by_event: dict[int, list], *, errors: dict | None = None
) -> dict[int, scoring.EventScores]:
    """The scores of many events at once, from the cache where they are kept (one query for
    their keys); the events not kept yet are read together (three queries, however many) and
    scored as ``event_report`` scores them, then kept.

    ``pairs_by_event`` holds each event's pairs, already read by the caller. An event its method
    cannot score raises its ``ScoringError``; or, given ``errors``, is left out and its error
    kept there under the event's id."""
    by_id = {event.pk: event for event in events}

    def scored(ids: list[int]) -> dict[int, scoring.EventScores]:
        fresh = {}
        for event, boards, seatings, rows in _scoring_rows([by_id[pk] for pk in ids]):
            try:
                fresh[event.pk] = _event_scores(
                    event, pairs_by_event.get(event.pk, []), boards, seatings, rows
                )
            except DomainError as error:
                if errors is None:
                    raise
                errors[event.pk] = error
        return fresh

    return kept_or_made(cache, _scores_keys(events), scored)


@dataclass(frozen=True)
class Meetings:
    """What a member's season reads of an event's scores, kept apart in the cache as it is quick to
    read back (an event's whole scores are thousands of records): the method, the standings, and
    each pair's boards as (the pair met, tricks taken), for their opponents and their hands of ten."""

    method: str
    standings: tuple[scoring.Standing, ...]
    played: dict  # pair key -> ((the pair met, tricks or None), ...)


def meetings_of(scores: scoring.EventScores) -> Meetings:
    played: dict = {}
    for board in scores.boards:
        for scored in board.results:
            result = scored.result
            ns_tricks = result.ns_tricks
            ew_tricks = None if ns_tricks is None else 13 - ns_tricks
            played.setdefault(result.ns_pair, []).append((result.ew_pair, ns_tricks))
            played.setdefault(result.ew_pair, []).append((result.ns_pair, ew_tricks))
    return Meetings(scores.method, scores.standings, {pair: tuple(met) for pair, met in played.items()})


def events_meetings(events, pairs_by_event: dict[int, list]) -> dict[int, Meetings]:
    """The ``Meetings`` of many events at once, from the cache (one query for their keys); those
    not kept are worked out from the events' scores (``events_scores``), and kept."""
    keys = {pk: "meetings-" + key for pk, key in _scores_keys(events).items()}
    by_id = {event.pk: event for event in events}

    def worked_out(ids: list[int]) -> dict[int, Meetings]:
        scores = events_scores([by_id[pk] for pk in ids], pairs_by_event)
        return {pk: meetings_of(scores[pk]) for pk in ids}

    return kept_or_made(season_cache(), keys, worked_out)


def _scoring_rows(events: list[Event]):
    """Each event with its boards, seatings and confirmed results' rows, all read in three queries."""
    if not events:
        return
    ids = [event.pk for event in events]
    boards: dict[int, list] = {pk: [] for pk in ids}
    for board in Board.objects.filter(event__in=ids).order_by("event_id", "number"):
        boards[board.event_id].append(board)
    seatings: dict[int, list] = {pk: [] for pk in ids}
    rows = Seating.objects.filter(event__in=ids).order_by("event_id", "round", "table")
    for event_id, *row in rows.values_list("event_id", *SeatingRow._fields):
        seatings[event_id].append(SeatingRow(*row))
    results: dict[int, list] = {pk: [] for pk in ids}
    confirmed = (
        Result.objects.filter(event__in=ids)
        .confirmed()
        .order_by("event_id", "board__number", "round", "table")
    )
    for event_id, *row in confirmed.values_list("event_id", *RESULT_COLUMNS):
        results[event_id].append(row)
    for event in events:
        yield event, boards[event.pk], seatings[event.pk], results[event.pk]


def event_report(event: Event) -> EventReport:
    """Score the event by its own method. Raises ScoringError when that method cannot score it.

    The scores are kept in Django's cache under what they were worked out from (``_scores_key``):
    the pages asked for between two writes (a pair's card, a board, the room display) reuse them."""
    pairs = list(event.pairs.select_related("player1", "player2"))
    boards = list(event.boards.all())
    key = _scores_key(event)
    scores = cache.get(key)
    if scores is None:
        scores = _event_scores(event, pairs, boards)
        cache.set(key, scores)
    return EventReport(
        event=event,
        scores=scores,
        names={_pair_key(p): p.names for p in pairs},
        trumps={b.number: b.trumps for b in boards},
        provisional=event.status != Event.Status.FINISHED,
        people={_pair_key(p): _people(p) for p in pairs},
        linked=frozenset(m.pk for p in pairs for m in (p.player1, p.player2) if page_shown(m)),
    )


def event_scores_of_rows(event: Event, seatings, rows) -> scoring.EventScores:
    """The event's scores from some of its confirmed results' rows (of ``RESULT_COLUMNS``), scored
    as its results are: the standings as they stood after a round."""
    return _event_scores(event, list(event.pairs.all()), list(event.boards.all()), seatings, rows)


def _event_scores(event: Event, pairs: list, boards: list, seatings=None, rows=None) -> scoring.EventScores:
    """The event's scores from its pairs and boards (and its seatings and results' rows, read here
    unless given)."""
    if seatings is None:
        seatings = event_seating_rows(event)
    results = event_board_results(event, pairs, boards, seatings, rows)
    honour_points = None
    if event.scoring == Event.Scoring.ODD_TRICKS and event.honours:
        honour_points = {}
        for board in boards:
            if board.deal and board.trumps:
                try:
                    honour_points[board.number] = honours(parse_deal(board.deal), board.trumps)
                except DomainError:
                    continue
    return scoring.score_event(
        results,
        method=event.scoring_method,
        minnesota=event.minnesota,
        scale=event.scale,
        expected=event_expected_results(seatings),
        pairs=[_pair_key(p) for p in pairs],
        one_field=any(s.arrow_switched for s in seatings),
        tie_break=event.tie_break,
        honours=honour_points,
        adjusted=event.adjusted_scores,
    )
