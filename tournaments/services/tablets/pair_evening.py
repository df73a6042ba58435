"""A pair's own page of the evening, on their phone: their boards so far, each board's traveller
once their table has confirmed it, their percentage and place as the club lets them show during
play, and where they sit now and go next.

The page is opened by a link the table's tablet gives after check-in, without a login: the link
carries a key made from the event and the pair with the site's secret (``pair_evening_key``), so
the pair's number tells nothing of it. Everything is read from the event's scores as the results
pages read them (``event_report``: confirmed results only), so a board nobody at the pair's table
has confirmed, and another table's score before that table confirms it, never show; after the
last board the pair's figures are the final results'.

Example: at a 7-table Mitchell, N/S 3 confirms board 5 in round 2. Their page then lists board 5
with their tricks and matchpoints, and its traveller shows the tables that have confirmed board 5
so far; board 7, played at their table in round 3, shows nothing until they confirm it.
"""

import hashlib
from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from django.core.cache import cache
from django.db.models import F, Q
from django.urls import reverse

from ...domain import scoring
from ...domain.progress import places_now, round_in_play, round_now
from ...models import Event, Pair, Result, Seating
from ..core.phones import kept_for_reading, phone_key, phone_key_fits, phones_reading
from ..events.lifecycle import SCORING_FIELDS
from ..events.scoring import (
    RESULT_COLUMNS,
    EventReport,
    event_report,
    event_scores_of_rows,
    event_seating_rows,
    scores_key,
    seating_expected_boards,
    with_score_versions,
)
from .moves import round_moves, round_pair_moves
from .rounds import pick_current
from .travellers import TravellerRow, corrected_results, own_row, traveller

SCOPE = "pair-evening"
ROUND = RESULT_COLUMNS.index("round")
TABLE = RESULT_COLUMNS.index("table")


def pair_evening_key(pair: Pair) -> str:
    """The key of the pair's page of the evening: a signature of the event and the pair."""
    return phone_key(SCOPE, pair.event_id, pair.pk)


def pair_evening_path(pair: Pair) -> str:
    """The pair's page's path on the site (its tablet's link and its printed guide card's)."""
    return reverse("tournaments:pair-evening", args=[pair.pk, pair_evening_key(pair)])


def pair_evening_pair(pair_id: int, key: str) -> Pair | None:
    """The pair whose page this key opens (None: no such pair, the wrong key, or an individual
    event's pair, whose players have no pair of their own)."""
    try:  # ``get`` asks for no order (``first`` orders by id): a hall's phones ask every few seconds
        pair = Pair.objects.select_related("event__club").get(pk=pair_id)
    except Pair.DoesNotExist:
        return None
    if pair.event.evening_format.partnerships_internal:
        return None
    return pair if phone_key_fits(key, SCOPE, pair.event_id, pair.pk) else None


@dataclass(frozen=True)
class Opponents:
    label: str  # "E/W 4"
    names: str


@dataclass(frozen=True)
class PlayedBoard:
    board: int
    round: int
    table: int
    trumps: str  # "H", "D", "S", "C", "NT" or "" when not stored
    held: str  # the cards the pair held: "N/S" or "E/W"
    opponents: Opponents
    tricks: int | None
    adjusted: str
    score: float
    top: float | None
    corrected: bool
    traveller: tuple[TravellerRow, ...]  # built as the tablet's (``travellers``)
    pair: tuple = ()  # the pair key that held the cards (an individual player's partnership)


@dataclass(frozen=True)
class Seat:
    """Where the pair sits in a round: table, direction, opponents and boards."""

    round: int
    table: int
    direction: str  # "N/S" or "E/W"
    opponents: Opponents | None  # None: the pair sits out
    first_board: int
    last_board: int


@dataclass(frozen=True)
class PairEvening:
    event: Event
    pair: Pair
    label: str  # "N/S 3"
    names: str
    boards: tuple[PlayedBoard, ...]  # confirmed at their table, in the order they played them
    standing: scoring.Standing | None  # None: not shown now (the club's choice) or nothing scored yet
    field_size: int
    standing_after: int | None  # the standing as it was after this round (None: as it stands now)
    places_shown: str
    now: Seat | None  # the round the pair plays now (None once they have played every round)
    moves: str  # where the pair goes after it, in the tablets' words ("" at the last round)
    then: Seat | None  # the round after it
    finished: bool


def _key(pair: Pair) -> tuple[str, int]:
    return (pair.direction, pair.number)


def _names(report: EventReport, key) -> str:
    """The pair's players, as the names gate lets this page show them ("" when nobody is named)."""
    return " & ".join(name for _, name in report.people.get(tuple(key), ()) if name)


def standings_now(
    event: Event, report: EventReport, seatings: list | None = None, rows: list | None = None
) -> tuple[scoring.EventScores | None, int | None]:
    """The scores the club lets the page rank by now, and the round they stand after (None: as
    they stand now). Places after each round: as scored from the rounds every table has finished
    (``domain.progress``), scored by the same function as the results, and kept under what they
    are scored from (the scoring settings, the trail, the seatings and those rounds' results), so
    a result of the round in play does not score them again. ``seatings`` and ``rows`` (the
    confirmed results, ``RESULT_COLUMNS``) are read here unless given."""

    def playing() -> int | None:
        nonlocal seatings, rows
        if seatings is None or rows is None:
            seatings = event_seating_rows(event)
            rows = list(event.results.confirmed().values_list(*RESULT_COLUMNS))
        return _in_play(seatings, Counter((row[ROUND], row[TABLE]) for row in rows))

    closed = event.status == Event.Status.FINISHED
    now = places_now(event.club.places_shown, closed=closed, playing=playing)
    if not now.shown:
        return None, None
    if now.after is None:
        return report.scores, None
    upto = [row for row in rows if row[ROUND] <= now.after]
    read = sorted(map(repr, seatings)) + sorted(map(repr, upto))
    digest = hashlib.sha1("\n".join(read).encode(), usedforsecurity=False).hexdigest()
    versions = with_score_versions(Event.objects.filter(pk=event.pk)).get()
    trail = (versions.trail_lines, versions.newest_step, f"after-round-{now.after}", digest)
    key = scores_key(event.pk, (getattr(event, name) for name in SCORING_FIELDS), trail)
    scores = cache.get(key)
    if scores is None:
        scores = event_scores_of_rows(event, seatings, upto)
        cache.set(key, scores)
    return scores, now.after


@dataclass(frozen=True)
class EveningNow:
    """What every phone's page of an event reads of it: its scores (``event_report``), the results
    corrected after confirmation, and the standings the club lets the pages rank by now with the
    round they stand after (``standings_now``), and where every pair sits (``EveningSeats``)."""

    report: EventReport
    corrected: set
    scores: scoring.EventScores | None
    after: int | None
    seats: "EveningSeats"


def evening_reading(event: Event) -> str:
    """The mark of the reading of the event its phones share now (``core.phones``): a new status
    (the close) or a new choice of the club's is read at once."""
    return phones_reading(f"event-{event.pk}-{event.status}-{event.club.places_shown}")


def evening_now(event: Event) -> EveningNow:
    """The event as its phones' pages read it, as it stood at most ``PHONE_PAGES_FRESH_SECONDS``
    ago (``evening_reading``): 120 phones asking while the tablets enter share one reading in
    place of one each."""

    def read() -> EveningNow:
        report = event_report(event)
        seatings = event_seating_rows(event)
        columns = (*RESULT_COLUMNS, "confirmed_at")
        results = list(event.results.values_list(*columns).order_by())
        rows = [row[:-1] for row in results if row[-1] is not None]
        scores, after = standings_now(event, report, seatings, rows)
        seats = evening_seats(event, seatings, results)
        return EveningNow(report, corrected_results(event), scores, after, seats)

    return kept_for_reading(evening_reading(event), "evening", read)


def moves_after(event: Event, seating: Seating) -> list[tuple]:
    """(pair, where it goes) after a table's round, in the tablets' words (``round_moves``), as
    the phones read them: kept with the evening's reading (``evening_now``), so the phones at one
    table, asking one after another, build the round's movement once."""
    return kept_for_reading(
        evening_reading(event),
        f"moves:{seating.round}:{seating.table}",
        lambda: round_moves(event, seating).get("pair_moves", []),
    )


class RoundNow(NamedTuple):
    round: int | None  # the round they are on now (None once their rounds are over)
    seating: Seating | None  # theirs in it (None: they sit it out and have none)
    following: Seating | None  # theirs in the round after it (None: none)


def _progress(event: Event) -> tuple[int | None, int]:
    """The evening's round in play as the room display shows it (``domain.progress``) and its
    number of rounds; two queries."""
    seatings = event_seating_rows(event)
    confirmed = Counter(event.results.confirmed().values_list("round", "table"))
    return _in_play(seatings, confirmed), max((s.round for s in seatings), default=0)


def _in_play(seatings, confirmed: Counter) -> int | None:
    """The round in play (``domain.progress.round_in_play``) from the event's seating rows and the
    results confirmed at each (round, table)."""
    expected = {(s.round, s.table): len(seating_expected_boards(s)) for s in seatings}
    return round_in_play(expected, confirmed)[0]


def round_now_and_next(event: Event, seats: Q, seatings: list[Seating]) -> RoundNow:
    """Of the ``seatings`` of whoever ``seats`` finds (by round), the round they are on now
    (``domain.progress.round_now``): a round they play until its boards are all confirmed at their
    table, as a tablet finds its table's round (``pick_current``), a round they sit out (at a
    phantom's table, or seated nowhere) until the evening has moved past it."""
    by_round: dict[int, dict] = {}
    # Not ``event.results``: a related manager sets each row's event, and would read its deferred id.
    results = Result.objects.filter(seats, event=event).annotate(number=F("board__number"))
    for result in results.only("round", "confirmed_at"):
        by_round.setdefault(result.round, {})[result.number] = result
    current = pick_current(seatings, by_round)
    plays = {s.round for s in seatings if s.ns_pair_id is not None and s.ew_pair_id is not None}
    now = round_now(current and current.round, plays, lambda: _progress(event))
    if now is None:
        return RoundNow(None, None, None)
    return RoundNow(
        now,
        next((s for s in seatings if s.round == now), None),
        next((s for s in seatings if s.round == now + 1), None),
    )


class Entered(NamedTuple):
    """A result as a pair's round now is found from it (``rounds.pick_current``)."""

    confirmed_at: bool


@dataclass(frozen=True)
class EveningSeats:
    """Where every pair of the event sits, read once for the phones' reading (``evening_seats``):
    each pair's seating rows by round, the results entered at them (round -> board -> ``Entered``),
    the pairs' keys, and the evening's round in play and number of rounds."""

    seatings: dict  # pair id -> its SeatingRows, by round
    entered: dict  # pair id -> {round: {board: Entered}}
    keys: dict  # pair id -> (direction, number)
    progress: tuple[int | None, int]


BOARD = RESULT_COLUMNS.index("board_id")
NS, EW = RESULT_COLUMNS.index("ns_pair_id"), RESULT_COLUMNS.index("ew_pair_id")


def evening_seats(event: Event, seatings: list, results: list) -> EveningSeats:
    """Every pair's seats and entered results, from the event's seating rows and its results'
    rows (``RESULT_COLUMNS`` and ``confirmed_at``, confirmed or not) as the phones' reading read
    them (``evening_now``), with one query of its own: a pair's look finds its round from them,
    not by queries of its own."""
    rows = sorted(seatings, key=lambda s: (s.round, s.table))
    by_pair: dict = {}
    for row in rows:
        for pair_id in {row.ns_pair_id, row.ew_pair_id} - {None}:
            by_pair.setdefault(pair_id, []).append(row)
    numbers = dict(event.boards.values_list("pk", "number"))
    entered: dict = {}
    confirmed: Counter = Counter()
    for result in results:
        at, round_ = result[-1], result[ROUND]
        number = numbers.get(result[BOARD])
        for pair_id in (result[NS], result[EW]):
            entered.setdefault(pair_id, {}).setdefault(round_, {})[number] = Entered(at is not None)
        if at is not None:
            confirmed[(round_, result[TABLE])] += 1
    keys = {
        pk: (direction, number)
        for pk, direction, number in event.pairs.values_list("pk", "direction", "number")
    }
    progress = (_in_play(rows, confirmed), max((s.round for s in rows), default=0))
    return EveningSeats(by_pair, entered, keys, progress)


def pairs_moves_after(event: Event, round: int) -> dict[int, str]:
    """Where each pair goes after ``round`` (``round_pair_moves``), kept with the evening's reading:
    a round's movement read once for every phone of the pairs playing it."""
    return kept_for_reading(
        evening_reading(event), f"pair-moves:{round}", lambda: round_pair_moves(event, round)
    )


def _seat(row, pair: Pair, seats: EveningSeats, report: EventReport) -> Seat:
    at_ns = row.ns_pair_id == pair.pk
    other = row.ew_pair_id if at_ns else row.ns_pair_id
    opponents = None
    if other is not None:
        key = seats.keys[other]
        opponents = Opponents(scoring.pair_label(key), _names(report, key))
    return Seat(row.round, row.table, "N/S" if at_ns else "E/W", opponents, row.first_board, row.last_board)


def _where(event: Event, pair: Pair, shared: EveningNow) -> tuple[Seat | None, str, Seat | None]:
    """The pair's round now (as ``round_now_and_next`` finds it: a round at the phantom's table,
    "you sit out", while the evening plays it), where they go after it in the tablets' words
    (``round_moves``: a Mitchell's N/S pairs stay, and are not told), and the round after it; from
    the evening's seats as the phones' reading holds them (``shared.seats``, ``evening_seats``)."""
    seats, report = shared.seats, shared.report
    rows = seats.seatings.get(pair.pk, [])
    current = pick_current(rows, seats.entered.get(pair.pk, {}))
    plays = {s.round for s in rows if s.ns_pair_id is not None and s.ew_pair_id is not None}
    now = round_now(current and current.round, plays, lambda: seats.progress)
    seating = next((s for s in rows if s.round == now), None) if now is not None else None
    if seating is None:
        return None, "", None
    following = next((s for s in rows if s.round == now + 1), None)
    text = pairs_moves_after(event, seating.round).get(pair.pk, "")
    return (
        _seat(seating, pair, seats, report),
        text,
        None if following is None else _seat(following, pair, seats, report),
    )


def played_boards(
    report: EventReport, corrected: set, *, held_by, side, opponents, opened: set[int] | None = None
) -> list[PlayedBoard]:
    """The boards a phone's page is for, confirmed at its table, in the order they were played:
    ``held_by(pair key)`` says whose cards a side held (a pair's own, or one of an individual
    player's partnerships), ``side`` names the traveller's sides (``travellers.traveller``) and
    ``opponents(own key, other key)`` the other side.

    Only the ``opened`` boards carry their traveller (None: those of the newest round played), so
    a look during play builds a round's travellers, not the whole evening's."""
    own_results = []
    for board in report.scores.boards:
        own = next((s for s in board.results if held_by(s.result.ns_pair) or held_by(s.result.ew_pair)), None)
        if own is not None:
            own_results.append((board, own))
    if opened is None:
        newest = max((own.result.round for _, own in own_results), default=None)
        opened = {board.board for board, own in own_results if own.result.round == newest}
    played = []
    for board, own in own_results:
        holds_ns = held_by(own.result.ns_pair)
        rows = traveller(board, own=own, corrected=corrected, side=side) if board.board in opened else ()
        mine = own_row(board, own, corrected, side) if not rows else next(row for row in rows if row.own)
        mine_key, other = (
            (own.result.ns_pair, own.result.ew_pair) if holds_ns else (own.result.ew_pair, own.result.ns_pair)
        )
        played.append(
            PlayedBoard(
                board.board,
                own.result.round,
                own.result.table,
                report.trumps.get(board.board, ""),
                "N/S" if holds_ns else "E/W",
                opponents(mine_key, other),
                mine.ns_tricks if holds_ns else mine.ew_tricks,
                mine.adjusted,
                own.ns_score if holds_ns else own.ew_score,
                board.top,
                mine.corrected,
                rows,
                tuple(mine_key),
            )
        )
    played.sort(key=lambda b: (b.round, b.board))
    return played


def pair_evening(pair: Pair, opened: set[int] | None = None) -> PairEvening:
    """What the pair's page shows now, each of the ``opened`` boards with its traveller (None: the
    newest round's, ``played_boards``); a constant number of queries, whatever the field's size."""
    event = pair.event
    shared = evening_now(event)
    report = shared.report
    key = _key(pair)
    played = played_boards(
        report,
        shared.corrected,
        held_by=lambda side: side == key,
        side=scoring.pair_label,
        opponents=lambda _, other: Opponents(scoring.pair_label(other), _names(report, other)),
        opened=opened,
    )
    scores, after = shared.scores, shared.after
    standing = None if scores is None else next((s for s in scores.standings if s.pair == key), None)
    field_size = 0 if standing is None else len(scores.field(standing.field))
    if standing is not None and not standing.boards_played:
        standing = None
    now, moves, then = _where(event, pair, shared)
    return PairEvening(
        event=event,
        pair=pair,
        label=scoring.pair_label(key),
        names=_names(report, key),
        boards=tuple(played),
        standing=standing,
        field_size=field_size,
        standing_after=after,
        places_shown=event.club.places_shown,
        now=now,
        moves=moves,
        then=then,
        finished=event.status == Event.Status.FINISHED,
    )
