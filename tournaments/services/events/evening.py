"""An event's life from set-up to publication: created, changed, its movement built, started,
closed and published (clubs and members are in ``services/core/clubs.py``)."""

from collections import Counter
from datetime import date as Date

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from ... import analysis
from ...domain import boards as board_rules
from ...domain.dealing import deal_board
from ...domain.formats import event_format
from ...domain.movements import Movement, build_movement, default_variant, in_lines, parse_round_list
from ...domain.movements.render import movement_summary
from ...domain.progress import round_in_play
from ...models import (
    AuditLine,
    Board,
    Club,
    Direction,
    Event,
    Pair,
    RelayStand,
    ResultChange,
    Seating,
)
from ...signals import evening_closed
from ..core.audit import changes_text, club_log, event_log
from ..core.errors import ServiceError
from ..tablets.access import event_open_tables
from .director import result_set_by_director
from .lifecycle import (
    MOVEMENT_FIELDS,
    SCORING_FIELDS,
    may_become,
    may_change_movement,
    may_change_scoring,
    may_close,
    may_enter_players,
    may_publish,
    may_start,
    require,
)
from .movements import individual_movement
from .partnerships import individuals_sync
from .results import history_add
from .scoring import event_seating_rows, seating_expected_boards


@transaction.atomic
def event_create(
    *,
    club: Club,
    name: str,
    date: Date,
    tables: int,
    boards_per_round: int,
    variant: str | None = None,
    rounds: int | None = None,
    phantom: bool = False,
    arrow_switch_rounds: str = "",
    trump_schedule: str = "HDSC",
    scoring: str = Event.Scoring.MATCHPOINTS,
    minnesota_rules: str = Event.MinnesotaRules.SWEDISH,
    scale: str = Event.Scale.EBU,
    adjusted_scores: str | None = None,
    honours: bool = False,
    tie_break: bool = False,
    card_set: str = "",
    tag: str = "",
    players: int | None = None,
    user=None,
) -> Event:
    """A new event of the club; ``adjusted_scores`` (the rule for A+ and A-) defaults to the club's.
    An individual event (``variant="individual"``) gives its ``players``; its tables follow. A
    Minnesota whist event (``scoring``) is played under ``minnesota_rules`` with no trumps: its
    boards are all no-trump, whatever ``trump_schedule`` says."""
    trump_schedule = _schedule_for(scoring, trump_schedule)
    event = Event(
        club=club,
        name=name,
        date=date,
        tables=tables,
        boards_per_round=boards_per_round,
        variant=variant or (default_variant(tables) if tables >= 2 else Event.Variant.STANDARD),
        rounds=rounds,
        phantom=phantom,
        arrow_switch_rounds=arrow_switch_rounds,
        trump_schedule=board_rules.validate_schedule(trump_schedule),
        scoring=scoring,
        minnesota_rules=minnesota_rules,
        scale=scale,
        adjusted_scores=adjusted_scores or club.adjusted_scores,
        honours=honours,
        tie_break=tie_break,
        card_set=card_set,
        tag=tag,
        players=players,
    )
    if players is not None:
        require(may_enter_players(event))
    if event.evening_format.partnerships_internal:  # its tables are its players' movement's
        event.tables = event_movement(event).tables
    event.full_clean()
    event_movement(event)  # refuses settings no movement can follow
    event.save()
    event_log(event=event, action=AuditLine.Action.CREATED, detail=f"for {club.name}", user=user)
    return event


NO_TRUMPS = "N"  # the schedule of every board no-trump


def _schedule_for(scoring: str, trump_schedule: str) -> str:
    """The trumps an event's boards are played in: Minnesota whist has none (every board no-trump)."""
    return trump_schedule if event_format("", scoring).trumps else NO_TRUMPS


# What the organiser site may change in an event's settings (its status, publication and deals
# have their own services).
EVENT_SETTINGS = ("name", "date", "tag", *MOVEMENT_FIELDS, *SCORING_FIELDS)


@transaction.atomic
def event_update(*, event: Event, values: dict, user=None) -> Event:
    """Change an event's settings, as the organiser site's form gives them. Refused, with the reason,
    where the event's lifecycle forbids it (the movement once play has started, the scoring once the
    results are published); a new movement setting rebuilds the movement. The change has its line
    in the trail."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    values = dict(values)
    schedule = _schedule_for(
        values.get("scoring", event.scoring), values.get("trump_schedule", event.trump_schedule)
    )
    if "trump_schedule" in values or schedule != event.trump_schedule:
        values["trump_schedule"] = schedule  # a Minnesota event's boards stay no-trump
    values = {name: value for name, value in values.items() if getattr(event, name) != value}
    if not values:
        return event
    unknown = set(values) - set(EVENT_SETTINGS)
    if unknown:
        raise ServiceError(f"{', '.join(sorted(unknown))} cannot be changed here.")
    if set(values) & set(MOVEMENT_FIELDS):
        require(may_change_movement(event))
    if set(values) & set(SCORING_FIELDS):
        require(may_change_scoring(event))
    detail = changes_text(event, values)
    for name, value in values.items():
        setattr(event, name, value)
    event.trump_schedule = board_rules.validate_schedule(event.trump_schedule)
    if event.players is not None:
        require(may_enter_players(event))
    if event.evening_format.partnerships_internal:  # its tables are its players' movement's
        event.tables = event_movement(event).tables
        values.setdefault("tables", event.tables)
    try:
        event.full_clean()
    except ValidationError as error:
        raise ServiceError("; ".join(error.messages)) from None
    event.save(update_fields=list(values))
    event_log(event=event, action=AuditLine.Action.CHANGED, detail=detail, user=user)
    if set(values) & set(MOVEMENT_FIELDS):
        event_build_movement(event=event, user=user)
    return event


@transaction.atomic
def event_delete(*, event: Event, user=None) -> None:
    """Delete an event and everything in it; the club's trail keeps a line saying so."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    detail = f"event {event}, {event.get_status_display().lower()}, {event.results.count()} results"
    club_log(club=event.club, action=AuditLine.Action.DELETED, detail=detail, user=user)
    event.delete()


@transaction.atomic
def event_set_status(*, event: Event, status: str, user=None, log: bool = True) -> Event:
    event = Event.objects.select_for_update().get(pk=event.pk)
    if status == event.status:
        return event
    require(may_become(event, status))
    before = event.get_status_display().lower()
    event.status = status
    event.save(update_fields=["status"])
    if log:
        detail = f"{before} → {event.get_status_display().lower()}"
        event_log(event=event, action=AuditLine.Action.STATUS, detail=detail, user=user)
    if status == Event.Status.RUNNING:
        event_open_tables(event=event)
    return event


def event_progress(event: Event) -> dict:
    """How many scheduled results are confirmed, awaiting confirmation at the table, or missing."""
    expected = sum(len(seating_expected_boards(s)) for s in event_seating_rows(event))
    # Both counts in one statement: the room display and the run page ask on every reload.
    counts = event.results.aggregate(
        confirmed=Count("pk", filter=Q(confirmed_at__isnull=False)),
        awaiting=Count("pk", filter=Q(confirmed_at__isnull=True)),
    )
    confirmed, awaiting = counts["confirmed"], counts["awaiting"]
    return {
        "expected": expected,
        "confirmed": confirmed,
        "awaiting": awaiting,
        "missing": expected - confirmed - awaiting,
    }


def event_round_in_play(event: Event) -> tuple[int | None, tuple[int, ...]]:
    """The round in play and the tables still playing it (see ``domain.progress``); two queries."""
    expected = {(s.round, s.table): len(seating_expected_boards(s)) for s in event_seating_rows(event)}
    confirmed = Counter(event.results.confirmed().values_list("round", "table"))
    return round_in_play(expected, confirmed)


@transaction.atomic
def event_start(*, event: Event, user=None) -> Event:
    """Start play: the tablets go live. Only with a movement, the pairs seated, every board dealt."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    require(may_start(event))
    if event.status == Event.Status.DRAFT:
        event = event_set_status(event=event, status=Event.Status.READY, log=False)
    event = event_set_status(event=event, status=Event.Status.RUNNING, log=False)
    detail = f"{event.tables} tables, {_entrants(event)}, {event.boards.count()} boards"
    event_log(event=event, action=AuditLine.Action.STARTED, detail=detail, user=user)
    return event


@transaction.atomic
def event_close(*, event: Event, adjust_missing: bool = False, user=None) -> Event:
    """Finish a running event. With results missing or unconfirmed, only when the organiser agrees to
    accept the unconfirmed scores as entered and give Average (A/A) for the missing ones."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    require(may_close(event))
    progress = event_progress(event)
    detail = "every result in"
    if progress["missing"] or progress["awaiting"]:
        if not adjust_missing:
            raise ServiceError(
                f"{progress['missing']} results are missing and {progress['awaiting']} await "
                "E/W's confirmation. "
                "Enter or correct them, or tick the box to give Average (A/A) to the missing ones and accept "
                "the unconfirmed ones as entered."
            )
        now = timezone.now()
        for result in event.results.filter(confirmed_at__isnull=True).select_related(
            "board", "ns_pair", "ew_pair"
        ):
            result.confirmed_at = now
            result.save(update_fields=["confirmed_at"])
            history_add(
                result,
                ResultChange.Action.CONFIRMED,
                before=result.score_text,
                user=user,
                source="organiser",
                reason="Accepted as entered when the event closed",
            )
        played = set(event.results.values_list("round", "table", "board__number"))
        for seating in event.seatings.all():
            for board in seating_expected_boards(seating):
                if (seating.round, seating.table, board) not in played:
                    result_set_by_director(
                        event=event,
                        seating=seating,
                        board_number=board,
                        ns_adjusted="A",
                        ew_adjusted="A",
                        reason="Not played by the close: Average to both sides",
                        user=user,
                        log=False,
                    )
        detail = (
            f"{progress['missing']} missing results given Average (A/A), "
            f"{progress['awaiting']} unconfirmed results accepted as entered"
        )
    event = event_set_status(event=event, status=Event.Status.FINISHED, log=False)
    event_log(event=event, action=AuditLine.Action.CLOSED, detail=detail, user=user)
    evening_closed.send(sender=Event, instance=event)
    return event


def event_movement(event: Event) -> Movement:
    """The event's movement, built from its settings (no database writes)."""
    return build_movement(
        event.tables,
        variant=event.variant,
        boards_per_round=event.boards_per_round,
        rounds=event.rounds,
        phantom=event.phantom,
        arrow_switch_rounds=parse_round_list(event.arrow_switch_rounds),
        card_set=event.card_set,
        players=event.players,
    )


def _entrants(event: Event) -> str:
    """Who is entered, for the trail: "28 pairs", or an individual event's "8 players" (its pairs
    only seat the rounds)."""
    entrants = event.individuals if event.evening_format.ranks_players else event.pairs
    return event.evening_format.entrant.count(entrants.count())


@transaction.atomic
def event_build_movement(*, event: Event, user=None) -> Movement:
    """Create the event's pairs, boards and round-by-round seatings from its settings.

    Run again after the settings change, it replaces them: pairs keep their players where their
    number survives, boards keep their deals. Refused once play has started or results exist.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    require(may_change_movement(event))
    movement = event_movement(event)
    pairs = _pairs_sync(event, movement)
    ns_line, ew_line = pair_lines(event)
    _boards_sync(event, movement.boards)
    event.seatings.all().delete()
    event.relay_stands.all().delete()
    Seating.objects.bulk_create(
        Seating(
            event=event,
            round=tr.round,
            table=tr.table,
            ns_pair=pairs.get((ns_line, tr.ns)),
            ew_pair=pairs.get((ew_line, tr.ew)),
            board_set=tr.board_set,
            first_board=tr.boards[0],
            last_board=tr.boards[-1],
            arrow_switched=tr.arrow_switched,
            shares_with=tr.shares_with,
        )
        for tr in movement.table_rounds
    )
    if event.evening_format.partnerships_internal:
        individuals_sync(event=event, individual=individual_movement(event), pairs=pairs)
    event.table_accesses.filter(table__gt=event.tables).delete()
    event_open_tables(event=event)
    RelayStand.objects.bulk_create(
        RelayStand(
            event=event,
            round=rr.round,
            board_set=rr.board_set,
            first_board=rr.boards[0],
            last_board=rr.boards[-1],
        )
        for rr in movement.relay
    )
    event_log(
        event=event,
        action=AuditLine.Action.MOVEMENT,
        detail=f"{movement_summary(movement)}; {_entrants(event)}",
        user=user,
    )
    return movement


def pair_lines(event: Event) -> tuple[str, str]:
    """The ``direction`` of the pairs a movement seats N/S and E/W: a Mitchell's two lines, or a
    Howell's one field (its pairs sit either way)."""
    if not in_lines(event.variant):
        return Direction.ALL, Direction.ALL
    return Direction.NS, Direction.EW


def _pairs_sync(event: Event, movement: Movement) -> dict:
    """Make the event's pairs exactly those the movement seats; return them by (direction, number)."""
    ns_line, ew_line = pair_lines(event)
    wanted = {(ns_line, tr.ns) for tr in movement.table_rounds if tr.ns}
    wanted |= {(ew_line, tr.ew) for tr in movement.table_rounds if tr.ew}
    existing = {(p.direction, p.number): p for p in event.pairs.all()}
    for key, pair in existing.items():
        if key not in wanted:
            pair.delete()
    missing = [Pair(event=event, direction=d, number=n) for d, n in sorted(wanted - existing.keys())]
    Pair.objects.bulk_create(missing)
    return {(p.direction, p.number): p for p in event.pairs.all()}


def _boards_sync(event: Event, count: int) -> None:
    """Boards 1..count with dealer by Law 2 and trumps by the schedule; existing deals kept."""
    schedule = None
    if event.trump_schedule != board_rules.TURNED:
        schedule = board_rules.parse_schedule(event.trump_schedule)
    event.boards.filter(number__gt=count).delete()
    existing = {b.number: b for b in event.boards.all()}
    for number in range(1, count + 1):
        board = existing.get(number) or Board(event=event, number=number)
        board.dealer = board_rules.dealer(number)
        if schedule:
            board.trumps = board_rules.trumps_for_board(number, schedule)
        elif event.deal_seed:
            board.trumps = deal_board(event.deal_seed, number)[1]  # turned: the dealer's last card
        if board.dd_table and board.trumps:
            board.dd_ns_tricks = analysis.ns_tricks(board.dd_table, board.trumps, board.dealer)
        board.save()


@transaction.atomic
def event_publish(*, event: Event, published: bool = True, user=None) -> Event:
    """Make the results public (read-only, to anyone with the link), or private again."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if published:
        require(may_publish(event))
    if event.published == published:
        return event
    event.published = published
    event.save(update_fields=["published"])
    action = AuditLine.Action.PUBLISHED if published else AuditLine.Action.UNPUBLISHED
    event_log(event=event, action=action, user=user)
    return event
