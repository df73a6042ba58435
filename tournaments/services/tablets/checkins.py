"""Who is at the table: the players confirm the names their tablet expects before they play.

At the start of a round (an event's) or a hand (a drive's) the tablet names the players expected
there, with "That's us" and "Someone else is here". The second holds the table's entry until the
organiser resolves it on the live page: seats the pair that is there in the expected pair's place
for the rest of the evening (an event), or tells the table where to go (a message on its tablet).

The first round's check is always asked; later rounds' only when the club says so
(``Club.check_every_round``). One rule decides whether a table may enter a score now
(``may_enter``), and every tablet write asks it, reading the hold in the statement it already
makes (``waiting_at``), so no post enters a score while its table waits.

Example: table 3 of an evening, round 1, expects N/S pair 3 and E/W pair 12. The players press
"Someone else is here": the live page shows table 3 waiting, and a score sent from table 3 is
refused. The organiser finds pair 9 sitting E/W and seats it in pair 12's place: from round 1 on
pair 9 plays pair 12's rounds and pair 12 pair 9's, and table 3 plays on.
"""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Exists, Q
from django.utils import timezone

from ...models import AuditLine, Club, Direction, Event, Pair, Result, Seating, TableCheckIn, TableLink
from ..core.audit import evening_log, event_log
from ..core.errors import ServiceError
from ..core.locks import event_held
from ..core.verdicts import ALLOWED, Verdict, refused
from ..events.movements import pair_itineraries
from ..events.partnerships import pair_namer

State = TableCheckIn.State
MESSAGE_LENGTH = TableCheckIn._meta.get_field("message").max_length


def check_in_asked(check_in: TableCheckIn | None, *, club: Club, round: int) -> bool:
    """Whether the tablet asks who is there now: not answered yet this round (or hand), and due in
    it (always in the first)."""
    return check_in is None and (round == 1 or club.check_every_round)


def waiting_at(*, link=None, table=None, event=None, drive=None, round) -> Exists:
    """True where the table's check-in of ``round`` waits for the organiser: an expression, so a
    write reads it in a statement it makes already. Give the ``link`` (a drive's table), or the
    ``event`` or the ``drive`` and the ``table`` (expressions such as ``OuterRef("table")`` are
    welcome)."""
    if link is not None:
        where = Q(link=link)
    elif drive is not None:
        where = Q(link__drive_id=drive, link__table=table)
    else:
        where = Q(link__event_id=event, link__table=table)
    return Exists(TableCheckIn.objects.filter(where, round=round, state=State.WAITING))


def may_enter(*, waiting: bool, table: int, round_word: str) -> Verdict:
    """May a table enter (or confirm, or send back) a score now: not while it waits for the organiser."""
    if waiting:
        return refused(
            f"Table {table} waits for the organiser: someone else is here, not the players the tablet "
            f"expected for this {round_word}. Scores can be entered once the organiser has sorted it out."
        )
    return ALLOWED


def check_in_of(link: TableLink, round: int) -> TableCheckIn | None:
    return TableCheckIn.objects.filter(link=link, round=round).first()


def check_in_record(*, link: TableLink, round: int, here: bool, who: str, evening) -> TableCheckIn:
    """The players' answer, once a round: a second answer changes nothing, but "Someone else is
    here" after "That's us" (the wrong button, or the wrong players) holds the table all the same.
    The caller holds the table's lock. ``who`` names the expected players for the trail."""
    state = State.CONFIRMED if here else State.WAITING
    check_in = check_in_of(link, round)
    if check_in is not None and (here or check_in.state != State.CONFIRMED):
        return check_in
    if check_in is None:
        check_in = TableCheckIn(link=link, round=round)
    check_in.state, check_in.checked_at = state, timezone.now()
    check_in.save()
    said = "that's us" if here else "someone else is here (entry held for the organiser)"
    detail = f"table {link.table}, {evening.evening_format.round.singular} {round}: {said}; expected {who}"
    evening_log(evening=evening, action=AuditLine.Action.CHECKED_IN, detail=detail, user=None)
    return check_in


def _waiting(check_in: TableCheckIn) -> TableCheckIn:
    """The check-in afresh and locked: only one waiting for the organiser is resolved."""
    check_in = TableCheckIn.objects.select_for_update().select_related("link").get(pk=check_in.pk)
    if check_in.state != State.WAITING:
        raise ServiceError(
            f"Table {check_in.link.table} is not waiting for you: it has been sorted out already."
        )
    return check_in


@transaction.atomic
def check_in_direct(*, check_in: TableCheckIn, message: str, user=None) -> TableCheckIn:
    """Tell the table where to go (or who should be there): the words show on its tablet, and the
    table may enter its scores again."""
    message = " ".join(message.split())
    evening = check_in.link.event or check_in.link.drive
    if not message:
        example = evening.evening_format.move_example
        raise ServiceError(f"Write what the table should be told, e.g. '{example}'.")
    if len(message) > MESSAGE_LENGTH:
        raise ServiceError(f"Keep the message to {MESSAGE_LENGTH} characters: the tablet shows it on top.")
    check_in = _waiting(check_in)
    check_in.state, check_in.message = State.RESOLVED, message
    check_in.save(update_fields=["state", "message"])
    round_word = evening.evening_format.round.singular
    detail = f"table {check_in.link.table}, {round_word} {check_in.round}: told '{message}'"
    evening_log(evening=evening, action=AuditLine.Action.DIRECTED, detail=detail, user=user)
    return check_in


@transaction.atomic
def check_in_seat_pair(*, check_in: TableCheckIn, instead_of: Pair, pair: Pair, user=None) -> TableCheckIn:
    """Seat the pair that is there in the expected pair's place for the rest of the evening: from
    this round on the two pairs swap their seatings (each keeps its number, its players and the
    results it already has), so pair ``pair`` plays ``instead_of``'s rounds and the other way round."""
    check_in = _waiting(check_in)
    link = check_in.link
    if link.event_id is None:
        raise ServiceError("A drive's players are moved one by one: tell the table where to go instead.")
    event = event_held(link.event_id)
    if event.evening_format.partnerships_internal:
        raise ServiceError(
            "Players sit one by one at an individual event, each partnering everyone in turn: tell "
            "the table where to go instead."
        )
    seatings = list(
        Seating.objects.select_for_update(of=("self",)).filter(
            Q(ns_pair__in=[instead_of, pair]) | Q(ew_pair__in=[instead_of, pair]),
            event_id=event.pk,
            round__gte=check_in.round,
        )
    )
    here = next((s for s in seatings if s.round == check_in.round and s.table == link.table), None)
    if here is None or instead_of.pk not in (here.ns_pair_id, here.ew_pair_id):
        raise ServiceError(f"{instead_of} is not expected at table {link.table} in round {check_in.round}.")
    if pair.event_id != event.pk or pair.pk == instead_of.pk:
        raise ServiceError(f"Choose the pair sitting at table {link.table}: another pair of this evening.")
    if pair.direction != instead_of.direction and Direction.ALL not in (pair.direction, instead_of.direction):
        raise ServiceError(
            f"{pair} plays {pair.get_direction_display()} and {instead_of} "
            f"{instead_of.get_direction_display()}: a pair takes the place of a pair of its own line. "
            "Tell the table where to go instead."
        )
    played = Result.objects.filter(
        Q(ns_pair__in=[instead_of, pair]) | Q(ew_pair__in=[instead_of, pair]),
        event_id=event.pk,
        round__gte=check_in.round,
    )
    if played.exists():
        raise ServiceError(
            f"{pair} or {instead_of} already has a score from round {check_in.round} on: correct those "
            "first, or tell the table where to go instead."
        )
    _swap(seatings, instead_of.pk, pair.pk)
    check_in.state = State.RESOLVED
    check_in.message = (
        f"The organiser has seated {pair} ({pair.names}) here in {instead_of}'s place from round "
        f"{check_in.round} on; {instead_of} plays {pair}'s rounds."
    )[:MESSAGE_LENGTH]
    check_in.save(update_fields=["state", "message"])
    detail = (
        f"table {link.table}, round {check_in.round}: {pair} ({pair.names}) seated in {instead_of}'s place "
        f"({instead_of.names}) from round {check_in.round} on, the two pairs' rounds swapped"
    )
    event_log(event=link.event, action=AuditLine.Action.RESEATED, detail=detail, user=user)
    return check_in


@dataclass(frozen=True)
class CardsToReprint:
    """After two pairs swap places, the cards printed before that are wrong about them."""

    tables: list[int]  # the tables whose cards name them from the round of the swap on
    guided: list[Pair]  # those of the two who carry a guide card (who move from table to table)


def cards_to_reprint(*, event: Event, pairs: list[Pair], from_round: int) -> CardsToReprint:
    """The table cards and guide cards to print again once ``pairs`` have swapped places from
    ``from_round`` on."""
    theirs = Q(ns_pair__in=pairs) | Q(ew_pair__in=pairs)
    seatings = list(event.seatings.filter(theirs).select_related("ns_pair", "ew_pair"))
    ids = {pair.pk for pair in pairs}
    return CardsToReprint(
        tables=sorted({s.table for s in seatings if s.round >= from_round}),
        guided=[pair for pair, _ in pair_itineraries(seatings, howell=event.is_howell) if pair.pk in ids],
    )


def _swap(seatings: list[Seating], one: int, other: int) -> None:
    """Swap two pairs in the seatings: emptied first, so that no round has a pair twice between
    the two writes (the database seats a pair once a round)."""
    swapped = {one: other, other: one}
    fields = ["ns_pair", "ew_pair"]
    after = [
        (s, swapped.get(s.ns_pair_id, s.ns_pair_id), swapped.get(s.ew_pair_id, s.ew_pair_id))
        for s in seatings
    ]
    for s in seatings:
        s.ns_pair_id = s.ew_pair_id = None
    Seating.objects.bulk_update(seatings, fields)
    for s, ns, ew in after:
        s.ns_pair_id, s.ew_pair_id = ns, ew
    Seating.objects.bulk_update(seatings, fields)


def pair_and_names(pair: Pair) -> str:
    """A pair as the live page and the trail name the pair a table expected: "N/S 3 (Ann & Bob)"."""
    return f"{pair} ({pair.names})"


def event_check_ins(event: Event, rows: list[dict]) -> dict:
    """The live page's tables by check-in, from its grid (``event_results_grid``): those whose
    round in play asks who is there and has no answer yet, and those waiting for the organiser
    (with their check-in and seating). One query."""
    current = _current_seatings(rows)
    check_ins = list(TableCheckIn.objects.filter(link__event=event).select_related("link"))
    waiting = [
        current[c.link.table] for c in check_ins if c.state == State.WAITING and c.link.table in current
    ]
    # The waiting tables' pairs with their players, in one query (a pair's names read its members).
    ids = [pair_id for s in waiting for pair_id in (s.ns_pair_id, s.ew_pair_id) if pair_id]
    pairs = Pair.objects.select_related("player1", "player2").in_bulk(ids) if ids else {}
    # An individual event's pairs only seat a round: its players are named, never "Pair 10".
    said = pair_namer(event, pairs.values(), as_pair=pair_and_names) if ids else None
    expected = {
        s.table: " and ".join(said(pairs[p]) for p in (s.ns_pair_id, s.ew_pair_id) if p) for s in waiting
    }
    return _board(check_ins, event.club, current, expected)


def _current_seatings(rows: list[dict]) -> dict[int, Seating]:
    """Each table's seating of the first round it has not finished, from the live grid's rows."""
    current: dict[int, Seating] = {}
    for row in rows:
        for cell in row["cells"]:
            if cell is None or cell["state"] in ("done", "sitout") or cell["seating"].ns_pair_id is None:
                continue
            current.setdefault(cell["seating"].table, cell["seating"])
    return current


def drive_check_ins(drive, state) -> dict:
    """A drive's tables by check-in, as ``event_check_ins``: each table's hand in play (``now_at``)."""
    current, expected = {}, {}
    for table in range(1, state.tables + 1):
        now = state.now_at(table)
        if now.seating is not None and not now.seating.sit_out and now.result is None:
            current[table] = now
            expected[table] = state.seated_names(now.seating)
    check_ins = TableCheckIn.objects.filter(link__drive=drive).select_related("link")
    return _board(check_ins, drive.club, current, expected, hand=True)


def _board(check_ins, club: Club, current: dict, expected: dict, hand: bool = False) -> dict:
    by_table = {(c.link.table, c.round): c for c in check_ins}
    unchecked, waiting = [], []
    for table, now in sorted(current.items()):
        round = now.hand if hand else now.round
        check_in = by_table.get((table, round))
        if check_in_asked(check_in, club=club, round=round):
            unchecked.append({"table": table, "round": round})
    for (table, round), check_in in sorted(by_table.items()):
        if check_in.state == State.WAITING:
            waiting.append(
                {
                    "table": table,
                    "round": round,
                    "check_in": check_in,
                    "now": current.get(table),
                    "expected": expected.get(table, ""),
                }
            )
    return {"unchecked": unchecked, "waiting": waiting}
