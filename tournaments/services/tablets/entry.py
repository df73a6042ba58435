"""Score entry at the tables: one tablet per table, reached by a secret link or a short code.

The scheme is the one of the electronic scorers clubs use at the table: N/S enter the tricks, the
E/W side checks them on the same tablet and confirms. Until E/W confirm, the result does not count
and E/W may send it back; once confirmed, only the organiser can change it.

Every action is safe to repeat: a double tap or a retried request finds the result already as
asked and changes nothing, even once the round has moved on. Two tablets at one table are
serialised by a lock on the table's seating, and the database allows one result per board and pair.

Locks are taken in one order everywhere: the event row, then the seating, then the result. A
tablet's write holds the event against a close (a key-share lock, which tablets do not contend
for) and locks the table's seatings in one statement (``services/core/locks.py``); a second reads the
seatings with their pairs, the table's results and the board, under those locks: with the write
and its history line, four statements a score. A close either waits for the tablets' writes in
flight or goes first, and the tablets then find the event finished; the two never wait on each
other.
"""

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Count, F, FilteredRelation, OuterRef, Q
from django.utils import timezone

from ...domain.entry import EntryError, entry_needed
from ...domain.minnesota import GRANDED, Hand
from ...domain.movements.individual import BOARDS_DONE, next_seat_text
from ...domain.movements.render import boards_move_text, ew_move_text, seat_move_text
from ...models import (
    Board,
    DuelTable,
    Event,
    MatchTable,
    Result,
    ResultChange,
    Seating,
    TableAccess,
    TableCheckIn,
    TableLink,
)
from ..core.codes import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Tablet,
    code_attempt_begin,
    code_attempt_succeeded,
    table_link_create,
)
from ..core.errors import ServiceError
from ..core.locks import table_held
from ..core.verdicts import require
from ..events.lifecycle import has_started, may_play
from ..events.movements import individual_schedule, seated_movement
from ..events.partnerships import pair_namer
from ..events.results import history_add, result_record_for_seating
from ..events.scoring import seating_expected_boards
from ..leagues import may_play_match
from .checkins import check_in_asked, check_in_of, check_in_record, may_enter, pair_and_names, waiting_at


class TableError(ServiceError):
    """Something a player at the table is told plainly."""


@transaction.atomic
def event_open_tables(*, event: Event) -> list[TableAccess]:
    """Give each table of the event its secret link and short code (those it has are kept)."""
    existing = {a.table: a for a in event.table_accesses.all()}
    for table in range(1, event.tables + 1):
        if table not in existing:
            existing[table] = table_link_create(event=event, table=table)
    return [existing[t] for t in sorted(existing) if t <= event.tables]


def table_code_lookup(*, code: str, tablet: Tablet) -> TableLink | MatchTable | DuelTable:
    """The table a typed code opens, an event's or a drive's whatever its state: its page says
    whether play has started, and a table's own code is never a guess. A league match's opens only
    while the match may be played (``leagues.may_play_match``): its code is printed with the
    fixtures, months ahead; typed at another time it is refused with the reason, and counts as a
    wrong code. Repeated wrong codes from one tablet (or one network) are refused for a while
    (``services/core/codes.py``)."""
    if not code_attempt_begin(tablet):
        raise TableError(
            "Too many wrong codes from this tablet. Wait ten minutes, or ask the organiser to let it "
            "try again."
        )
    cleaned = "".join(code.split()).upper()
    # Only a code that could be one is looked up: anything else (a NUL byte, a symbol) is wrong
    # without asking the database, which refuses some characters outright.
    could_be = len(cleaned) == CODE_LENGTH and set(cleaned) <= set(CODE_ALPHABET)
    access = TableLink.objects.filter(code=cleaned).first() if could_be else None
    if access is None and could_be:  # a table of a league match (services/leagues.py)
        access = MatchTable.objects.select_related("fixture").filter(code=cleaned).first()
        if access is not None:
            require(may_play_match(access.fixture), TableError)
    if access is None and could_be:  # a table of a two-player night (services/duels/)
        access = DuelTable.objects.filter(code=cleaned).first()
    if access is None:
        raise TableError(
            f"'{code_as_typed(code)}' is not the code of a table in play. Check the code on the table card."
        )
    code_attempt_succeeded(tablet)
    return access


def code_as_typed(code: str) -> str:
    """A typed code as it is shown again (in the box, in a message): its first twelve characters
    (the box's length), the unprintable left out."""
    return "".join(c for c in code.strip()[:12] if c.isprintable())


class TableNotStarted(TableError):
    """The table is ready and its tablet waits: the organiser has not pressed Start."""


def table_access_check(access: TableAccess) -> None:
    """Refuse a tablet unless its event runs now (read afresh: the organiser may just have closed it);
    before the start, with ``TableNotStarted``. A write checks the event again under a lock, in the
    statement that locks the table."""
    event = Event.objects.only("name", "status").get(pk=access.event_id)
    verdict = may_play(event)
    if not verdict:
        raise TableError(verdict.reason) if has_started(event) else TableNotStarted(verdict.reason)


@dataclass(frozen=True)
class BoardEntry:
    board: Board
    result: Result | None
    ns_tricks: int | None  # as the table sees them (the N/S pair's tricks, even when switched)
    seen: int = 0  # how often the organiser had set the board here: sent back with the entry
    hand: Hand | None = None  # a Minnesota board's count as the table sees it: who went grand too

    @property
    def status(self) -> str:
        if self.result is None:
            return "missing"
        return "confirmed" if self.result.confirmed_at else "awaiting"


@dataclass(frozen=True)
class TableState:
    access: TableAccess
    seating: Seating | None  # None once the table has played every round
    entries: list[BoardEntry] = field(default_factory=list)
    previous: Seating | None = None
    moves: dict = field(default_factory=dict)  # from the previous round: where the pairs and boards went
    previous_scores: tuple = ()  # (board, N/S, E/W) of the previous round, as the table sat
    check_in: TableCheckIn | None = None  # the players' answer to "who is here" this round
    check_in_asked: bool = False  # the tablet asks who is here before the boards

    @property
    def held(self) -> bool:
        return self.check_in is not None and self.check_in.state == TableCheckIn.State.WAITING


def _seen_by_table(result: Result, seating: Seating, minnesota: bool = False) -> int | Hand | None:
    """The table's count on a board as the pairs sat: N/S's tricks; at a Minnesota event, who went
    grand with them (``Hand``), so that a count and another grand are told apart."""
    seated = result.as_seated(switched=seating.arrow_switched)
    if minnesota and seated.ns_tricks is not None:
        return Hand(seated.granded, seated.ns_tricks)
    return seated.ns_tricks


def _complete(seating: Seating, results: dict[int, Result]) -> bool:
    return all(n in results and results[n].confirmed_at for n in seating_expected_boards(seating))


def _current_round(access: TableAccess, *related: str) -> tuple[list[Seating], dict, Seating | None]:
    """The table's seatings, its results by round, and its current seating (``_pick_current``)."""
    seatings, by_round = _table_rounds(access.event_id, access.table, *related)
    return seatings, by_round, _pick_current(seatings, by_round)


def _pick_current(seatings: list[Seating], by_round: dict) -> Seating | None:
    """The first round with a board not yet confirmed (None once every round is in, or at a table
    where nobody plays)."""
    current = next((s for s in seatings if not _complete(s, by_round.get(s.round, {}))), None)
    if current is not None and current.ns_pair_id is None:
        return None
    return current


def table_state(access: TableAccess) -> TableState:
    """Where the table stands: its current round, that round's boards, and the moves after the last."""
    event = access.event
    seatings, by_round, current = _current_round(
        access, "ns_pair__player1", "ns_pair__player2", "ew_pair__player1", "ew_pair__player2"
    )
    previous = None
    if current is not None:
        previous = next((s for s in seatings if s.round == current.round - 1), None)
    elif seatings:
        previous = seatings[-1]
    entries = []
    if current is not None:
        boards = {b.number: b for b in event.boards.filter(number__in=list(current.board_numbers))}
        results = by_round.get(current.round, {})
        seen = dict(
            _set_elsewhere(access, current)
            .filter(board_number__in=list(current.board_numbers))
            .values_list("board_number")
            .annotate(n=Count("id"))
            .order_by()
        )
        minnesota = bool(event.minnesota)
        for number in current.board_numbers:
            result = results.get(number)
            count = _seen_by_table(result, current, minnesota) if result else None
            hand = count if isinstance(count, Hand) else None
            entries.append(
                BoardEntry(
                    boards[number], result, hand.ns_tricks if hand else count, seen.get(number, 0), hand
                )
            )
    previous_scores = ()
    if previous is not None:
        played = by_round.get(previous.round, {})
        previous_scores = tuple(
            _score_as_seated(number, played.get(number), previous) for number in previous.board_numbers
        )
    check_in = check_in_of(access, current.round) if current is not None else None
    return TableState(
        access,
        current,
        entries,
        previous,
        _moves(event, previous) if previous else {},
        previous_scores,
        check_in,
        current is not None and check_in_asked(check_in, club=event.club, round=current.round),
    )


def _score_as_seated(number: int, result: Result | None, seating: Seating) -> tuple:
    """A board's score as the table sat: (board, N/S, E/W), tricks or adjusted scores (a Minnesota
    board's who went grand before the tricks of the side that did, "grand 9")."""
    if result is None:
        return (number, "", "")
    seated = result.as_seated(switched=seating.arrow_switched)
    if seated.ns_tricks is None:
        return (number, seated.ns_adjusted, seated.ew_adjusted)
    ns, ew = str(seated.ns_tricks), str(13 - seated.ns_tricks)
    if seated.granded:
        ns, ew = (f"grand {ns}", ew) if seated.granded == "NS" else (ns, f"grand {ew}")
    return (number, ns, ew)


@dataclass(frozen=True)
class PlayerMove:
    """A player of an individual event as a tablet's move list names them (as it names a pair):
    by name, with their number ("Player 3") beside it; a player not yet named by the number alone."""

    number: int
    names: str
    label: str  # "Player 3", as the evening's format numbers its entrants

    def __str__(self):
        return self.label


def _individual_moves(event: Event, seating: Seating) -> dict:
    """Where each of the four players of a table goes after its round, by the schedule."""
    schedule = individual_schedule(event)
    if seating.round >= schedule.round_count:
        return {}
    names = {p.number: p.names for p in event.individuals.select_related("player1", "player2")}
    title = event.evening_format.entrant.title
    table = schedule.round_tables(seating.round)[seating.table - 1]
    moves = []
    for player in (p for p in table.seats if p is not None):
        line = schedule.itinerary(player)[seating.round]  # the next round's
        partner = names.get(line.partner, title(line.partner)) if line.partner else ""
        label = title(player)
        moves.append((PlayerMove(player, names.get(player, label), label), next_seat_text(line, partner)))
    return {
        "round": seating.round,
        "pair_moves": moves,
        "boards": (seating.first_board, seating.last_board),
        "boards_text": BOARDS_DONE,
    }


def _moves(event: Event, seating: Seating) -> dict:
    """Where the E/W pair and the boards of a table went after its round (read from that round and
    the next only: the whole movement of a big event is thousands of rows)."""
    if event.is_individual:
        return _individual_moves(event, seating)
    rounds = (seating.round, seating.round + 1)
    movement = seated_movement(
        event,
        event.seatings.filter(round__in=rounds).select_related("ns_pair", "ew_pair"),
        event.relay_stands.filter(round=seating.round + 1),
    )
    moves = movement.moves_after(seating.round, seating.table)
    if moves.last_round:
        return {}
    pair_moves = _pair_moves(movement, seating, moves)
    return {
        "round": seating.round,
        "pair_moves": pair_moves,
        "boards": (seating.first_board, seating.last_board),
        "boards_text": boards_move_text(moves),
    }


def _pair_moves(movement, seating: Seating, moves) -> list[tuple]:
    """(pair, where it goes) for each pair of a seating after its round, in the movement's words."""
    if movement.kind == "howell":  # both pairs move, and may change direction
        return [
            (pair, seat_move_text(seating.table, direction, following, last_round=moves.last_round))
            for pair, direction, following in (
                (seating.ns_pair, "NS", moves.ns_next),
                (seating.ew_pair, "EW", moves.ew_next),
            )
            if pair is not None
        ]
    return [(seating.ew_pair, ew_move_text(moves))] if seating.ew_pair else []


def table_sit_outs(access: TableAccess) -> list[tuple]:
    """At the half table, where nobody plays: round by round, (round, the pair sitting out there,
    where it goes after), in the words the other tables' tablets use. Nobody else tells that pair."""
    event = access.event
    seatings = event.seatings.select_related(
        "ns_pair__player1", "ns_pair__player2", "ew_pair__player1", "ew_pair__player2"
    ).order_by("round", "table")
    movement = seated_movement(event, seatings, event.relay_stands.all())
    return [
        (seating.round, pair, text)
        for seating in seatings
        if seating.table == access.table
        for pair, text in _pair_moves(movement, seating, movement.moves_after(seating.round, seating.table))
    ]


def _table_rounds(
    event_id: int, table: int, *related: str, board_number: int | None = None
) -> tuple[list[Seating], dict[int, dict[int, Result]]]:
    """The table's seatings in round order, and its results by round and board, in one statement.

    Each round's results at the table come joined to its seating (``played``), so a seating comes
    once for each of its results, with the number of the result's board (``played_board``), not
    the board's deal and analysis. With ``board_number`` the seating that plays that board carries
    it as ``asked``, and its pairs as ``asked_ns`` and ``asked_ew`` (the ORM sets a filtered
    relation's attribute only where a row was joined). A write reads it after ``locks.table_held``
    has locked the table's seatings, never in the locking statement itself: rows joined to a locking
    read come from before it waited, and could miss the result of the tablet it waited for.
    """
    seatings = Seating.objects.filter(event_id=event_id, table=table).annotate(
        played=FilteredRelation(
            "event__results",
            condition=Q(event__results__round=F("round"), event__results__table=F("table")),
        ),
        played_board=F("played__board__number"),
    )
    if board_number is not None:
        # Joined to the seating that plays the board only: made once, not once a round.
        plays = Q(first_board__lte=board_number, last_board__gte=board_number)
        seatings = seatings.annotate(
            asked=FilteredRelation("event__boards", condition=Q(event__boards__number=board_number) & plays),
            asked_ns=FilteredRelation("ns_pair", condition=plays),
            asked_ew=FilteredRelation("ew_pair", condition=plays),
            held=waiting_at(event=OuterRef("event_id"), table=OuterRef("table"), round=OuterRef("round")),
        ).select_related("asked", "asked_ns", "asked_ew")
    # Ordered by round alone: the models' default order would join the event table for nothing.
    by_round: dict[int, dict[int, Result]] = {}
    rounds: dict[int, Seating] = {}
    for seating in seatings.select_related("played", *related).order_by("round"):
        rounds.setdefault(seating.round, seating)
        if (result := getattr(seating, "played", None)) is not None:
            by_round.setdefault(seating.round, {})[seating.played_board] = result
    return list(rounds.values()), by_round


def _locked_seating(access: TableAccess, board_number: int) -> tuple[Seating, Board, bool, dict, Event]:
    """The table's seating for the board (the event held against a close and the table's
    seatings locked, in one statement), the board, whether it is the current round, that
    round's results by board (read under the locks, so current) and the event as held. Four
    statements in all with the write and its history line.

    A board of an earlier round is returned too (not current), so that a repeated tap or a retried
    request whose reply was lost is recognised; the callers refuse anything else on it.
    ``access`` may be a bare ``TableAccess(token=...)``: its event and table are filled in.
    """
    event = table_held(access.token)
    if event is None:
        if not TableAccess.objects.filter(token=access.token).exists():
            raise TableAccess.DoesNotExist("This table link is not in use.")
        raise TableError("This table has played all its rounds.")
    access.event_id, access.table = event.pk, event.held_table
    verdict = may_play(event)
    if not verdict:
        raise TableError(verdict.reason)
    seatings, by_round = _table_rounds(event.pk, access.table, board_number=board_number)
    current = _pick_current(seatings, by_round)
    if current is not None and board_number in current.board_numbers:
        found, is_current = current, True
    else:
        found = next((s for s in seatings if board_number in s.board_numbers and s.ns_pair_id), None)
        is_current = False
        if found is None or (current is not None and found.round > current.round):
            found = None
    board = getattr(found, "asked", None)
    if board is None:
        if current is None:
            raise TableError("This table has played all its rounds.")
        raise TableError(
            f"Board {board_number} is not played at table {access.table} in round {current.round}."
        )
    found.ns_pair, found.ew_pair = getattr(found, "asked_ns", None), getattr(found, "asked_ew", None)
    round_word = event.evening_format.round.singular
    verdict = may_enter(waiting=found.held, table=access.table, round_word=round_word)
    if not verdict:
        raise TableError(verdict.reason)
    return found, board, is_current, by_round.get(found.round, {}), event


def _not_now(access: TableAccess, board_number: int) -> TableError:
    current = _current_round(access)[2]
    if current is None:
        return TableError(f"Board {board_number} is done: this table has played all its rounds.")
    return TableError(
        f"Board {board_number} was played in an earlier round and is confirmed: only the organiser can "
        f"change it now. Table {access.table} plays boards {current.first_board}–{current.last_board} "
        f"in round {current.round}."
    )


def _result_at(seating: Seating, board: Board, results: dict) -> Result | None:
    """The board's result at this table in that round, if any: read with the table's seatings
    locked, and every writer of a table's results (tablets, the organiser) takes that lock first.
    Given the board and the pairs the write already has."""
    result = results.get(board.number)
    if result is None:
        return None
    result.board = board
    for pair in (seating.ns_pair, seating.ew_pair):
        # Always one of the two, but for a seating changed by hand since: then read when needed.
        if pair is not None and pair.pk == result.ns_pair_id:
            result.ns_pair = pair
        elif pair is not None and pair.pk == result.ew_pair_id:
            result.ew_pair = pair
    return result


def table_source(table: int) -> str:
    """A table's tablet as a result's history names it, an event's table or a drive's."""
    return f"table {table}"


class SetByOrganiser(TableError):
    """An entry typed at the table before the organiser set that board (or hand) is not used."""


def typed_before_organiser_set(*, seen: int | None, sets: int, what: str) -> None:
    """The rule for an entry a tablet kept while the network was gone, an event's board or a
    drive's hand alike: it carries ``seen``, how many times the organiser had set the board when
    the table typed it, and ``sets`` is how many times they have now. If they have set it since,
    the entry is refused, with words the table reads, never applied over the organiser's result.
    An entry without ``seen`` (a form sent without the script) is checked as before, no more.

    Example: board 3 was missing (``seen`` 0) when N/S typed 9 with the Wi-Fi down; meanwhile the
    organiser set it from the paper traveller (``sets`` 1): the 9 is refused, "ask them"."""
    if seen is not None and sets > seen:
        raise SetByOrganiser(
            f"The organiser has set {what} since this tablet's entry was typed: ask them. "
            "The entry was not used."
        )


def _set_elsewhere(access: TableAccess, seating: Seating):
    """The history lines of the meeting at this seating that did not come from this table (the
    organiser's, an import's), board by board: a count a board is the ``seen`` of its entries.
    History keeps pairs by the cards they held (``domain.arrow``)."""
    holds_ns, holds_ew = (
        (seating.ew_pair, seating.ns_pair) if seating.arrow_switched else (seating.ns_pair, seating.ew_pair)
    )
    if holds_ns is None or holds_ew is None:
        return ResultChange.objects.none()
    return ResultChange.objects.filter(
        event_id=access.event_id, ns_pair_number=holds_ns.number, ew_pair_number=holds_ew.number
    ).exclude(source=table_source(access.table))


def _check_seen(access: TableAccess, seating: Seating, board_number: int, seen: int | None) -> None:
    if seen is not None:
        sets = _set_elsewhere(access, seating).filter(board_number=board_number).count()
        typed_before_organiser_set(seen=seen, sets=sets, what=f"board {board_number}")


def _granded_asked(event: Event, granded: str | None) -> str:
    """Who went grand as a table sends it: asked at a Minnesota event (N/S, E/W or nobody), never
    at another."""
    if not event.minnesota:
        if granded:
            raise TableError("This event is not Minnesota whist: nobody goes grand. Tap N/S's tricks.")
        return ""
    if granded is None or granded not in GRANDED:
        raise TableError("Tap who went grand first: N/S, E/W, or Low when nobody did.")
    return granded


@transaction.atomic
def table_result_enter(
    *,
    access: TableAccess,
    board_number: int,
    ns_tricks: int,
    seen: int | None = None,
    granded: str | None = None,
) -> Result:
    """N/S enter their tricks (at a Minnesota event, with who went grand: "NS", "EW" or "" for a
    low hand); the result then waits for E/W to confirm (the rule of every table's count,
    ``domain.entry``). ``seen``: see ``typed_before_organiser_set``."""
    if not isinstance(ns_tricks, int) or not 0 <= ns_tricks <= 13:
        raise TableError("Tap the number of tricks N/S took: 0 to 13.")
    seating, board, is_current, results, event = _locked_seating(access, board_number)
    granded = _granded_asked(event, granded)
    minnesota = bool(event.minnesota)
    entered = Hand(granded, ns_tricks) if minnesota else ns_tricks
    _check_seen(access, seating, board_number, seen)
    existing = _result_at(seating, board, results)
    there = None if existing is None else _seen_by_table(existing, seating, minnesota)
    if there not in (None, entered) and not is_current:
        raise _not_now(access, board_number)
    try:
        needed = entry_needed(
            deal=event.evening_format.deal,
            number=board_number,
            existing=there,
            confirmed=existing is not None and existing.confirmed_at is not None,
            entered=entered,
        )
    except EntryError as error:
        raise TableError(str(error)) from None
    if not needed:
        return existing  # the same tap again: nothing to do
    if not is_current:
        raise _not_now(access, board_number)
    return result_record_for_seating(
        seating=seating,
        board=board,
        ns_tricks=ns_tricks,
        granded=granded,
        confirmed=False,
        source=table_source(access.table),
        seen_free=True,  # the table's seatings are locked and no result was there
    )


@transaction.atomic
def table_result_confirm(
    *,
    access: TableAccess,
    board_number: int,
    ns_tricks: int,
    seen: int | None = None,
    granded: str | None = None,
) -> Result:
    """E/W confirm the tricks they were shown (and who went grand, at a Minnesota event); a changed
    entry is not confirmed by mistake."""
    seating, board, _, results, event = _locked_seating(access, board_number)
    minnesota = bool(event.minnesota)
    shown = Hand(_granded_asked(event, granded), ns_tricks) if minnesota else ns_tricks
    _check_seen(access, seating, board_number, seen)
    existing = _result_at(seating, board, results)
    if existing is None:
        raise TableError(f"Board {board_number} has no score to confirm yet: N/S enter it first.")
    there = _seen_by_table(existing, seating, minnesota)
    if there != shown:
        raise TableError(
            f"Board {board_number} now shows N/S {there}, not {shown}: check it again before confirming."
        )
    if existing.confirmed_at is None:
        existing.confirmed_at = timezone.now()
        existing.save(update_fields=["confirmed_at"])
        history_add(
            existing,
            ResultChange.Action.CONFIRMED,
            before=existing.score_text,
            source=table_source(access.table),
        )
    return existing


@transaction.atomic
def table_result_reject(*, access: TableAccess, board_number: int, seen: int | None = None) -> None:
    """E/W send an unconfirmed entry back, so N/S can enter it again."""
    seating, board, _, results, _ = _locked_seating(access, board_number)
    _check_seen(access, seating, board_number, seen)
    existing = _result_at(seating, board, results)
    if existing is None:
        return  # already sent back
    if existing.confirmed_at is not None:
        raise TableError(f"Board {board_number} is confirmed: only the organiser can change it now.")
    history_add(
        existing, ResultChange.Action.REJECTED, before=existing.score_text, source=table_source(access.table)
    )
    existing.delete()


@transaction.atomic
def table_check_in(*, access: TableAccess, round: int, here: bool) -> TableCheckIn:
    """The players at the table say whether they are the pairs its tablet names for ``round``:
    "That's us", or "Someone else is here", which holds the table until the organiser resolves it."""
    event = table_held(access.token)
    if event is None:
        raise TableError("This table has no rounds to play.")
    verdict = may_play(event)
    if not verdict:
        raise TableError(verdict.reason)
    access = TableAccess.objects.select_related("event").get(token=access.token)
    current = _current_round(access, "ns_pair", "ew_pair")[2]
    if current is None or current.round != round:
        raise TableError("That round is over at this table: look at the names on the tablet again.")
    sides = [
        (side, pair)
        for side, pair in (("N/S", current.ns_pair), ("E/W", current.ew_pair))
        if pair is not None
    ]
    named = pair_namer(access.event, [pair for _, pair in sides], as_pair=pair_and_names)
    who = ", ".join(f"{side} {named(pair)}" for side, pair in sides)
    return check_in_record(link=access, round=round, here=here, who=who, evening=access.event)
