"""Setting a simultaneous evening (the county: a name, a date, its boards dealt once, the clubs
taking part) and a club's event joining it with those boards; or a drive evening, which a club's
drive joins (its tables deal their own cards: there are no boards to share)."""

from datetime import date as Date

from django.db import transaction

from ...domain import boards as board_rules
from ...domain.dealing import new_seed
from ...domain.limits import MAX_PBN_BYTES
from ...domain.pbn import PbnBoard, PbnError, dealt_boards, read_pbn, vulnerability, write_pbn
from ...models import AuditLine, Club, Drive, Event, Simultaneous, SimultaneousDrive, SimultaneousEvent
from ..core.audit import club_log, drive_log, event_log
from ..core.errors import ServiceError, require_one_line
from ..events.boards import PbnImportError, event_import_pbn
from ..events.lifecycle import may_change_deals
from ..kinds import kind_of

MAX_DEALT = 200  # boards the county may have dealt here for one evening (``manage.py deals``'s)


def _boards_of(text: str) -> list[PbnBoard]:
    """The boards of a PBN file, numbered 1 to N, each dealt by Law 2's dealer; all or none."""
    if len(text) > MAX_PBN_BYTES:
        raise PbnImportError([f"The file is larger than {MAX_PBN_BYTES // 1_000_000} MB: is it a PBN file?"])
    try:
        boards = sorted(read_pbn(text), key=lambda b: b.board)
    except PbnError as error:
        raise PbnImportError(error.problems) from None
    if not boards:
        raise PbnImportError(["The file holds no deals."])
    problems = [
        f"Board {b.board}: the file says {b.dealer} deals, but board {b.board} is dealt by "
        f"{board_rules.dealer(b.board)} (Law 2)."
        for b in boards
        if b.dealer != board_rules.dealer(b.board)
    ]
    numbers = [b.board for b in boards]
    if numbers != list(range(1, len(boards) + 1)):
        problems.append(f"The boards must be numbered 1 to {len(boards)}, each once.")
    if problems:
        raise PbnImportError(problems)
    return boards


def _pbn(boards: list[PbnBoard], *, name: str, day: Date) -> str:
    """The deals as whistdrive writes them: no players' names, whatever the county's file held."""
    kept = [PbnBoard(b.board, b.dealer, vulnerability(b.board), b.deal, b.trumps) for b in boards]
    return write_pbn(kept, event=name, date=day)


def simultaneous_deals(simultaneous: Simultaneous) -> dict[int, str]:
    """Each board's deal, as an event's board keeps it (``Board.deal``)."""
    return {b.board: b.deal.pbn(b.dealer) for b in read_pbn(simultaneous.deals)}


@transaction.atomic(durable=True)
def simultaneous_create(
    *, name: str, date: Date, pbn: str = "", deal: int = 0, clubs: list[Club], drive: bool = False, user=None
) -> Simultaneous:
    """Set a simultaneous evening: its boards are the PBN file's (numbered 1 to N), or ``deal``
    boards dealt here from a fresh seed, the same for every club taking part; a drive evening has
    none (``drive``). Each club's trail says it takes part."""
    name = name.strip()
    if not name:
        raise ServiceError("Give the simultaneous evening a name.")
    require_one_line(name)
    if drive:
        boards, deals = [], ""
    else:
        if not pbn and deal:
            if not 1 <= deal <= MAX_DEALT:
                raise ServiceError(f"Deal between 1 and {MAX_DEALT} boards.")
            pbn = write_pbn(dealt_boards(new_seed(), deal, board_rules.parse_schedule("HDSC")))
        boards = _boards_of(pbn)
        deals = _pbn(boards, name=name, day=date)
    simultaneous = Simultaneous(name=name, date=date, boards=len(boards), deals=deals, drive=drive)
    simultaneous.full_clean()
    simultaneous.save()
    simultaneous.clubs.set(clubs)
    for club in clubs:
        detail = f"Takes part in {simultaneous.name}, " + (
            "a drive evening" if drive else f"{len(boards)} boards"
        )
        club_log(club=club, action=AuditLine.Action.SIMULTANEOUS, detail=detail, user=user)
    return simultaneous


@transaction.atomic(durable=True)
def simultaneous_publish(*, simultaneous: Simultaneous, published: bool = True) -> Simultaneous:
    """Open the ranking across the clubs to anyone with the link (or take it down)."""
    simultaneous = Simultaneous.objects.select_for_update().get(pk=simultaneous.pk)
    simultaneous.published = published
    simultaneous.save(update_fields=["published"])
    return simultaneous


def simultaneous_join(
    *, event: Event, simultaneous: Simultaneous, analyse: bool = True, user=None
) -> SimultaneousEvent:
    """Play the event as its club's part of the simultaneous evening, on the county's boards.

    An event whose deals may still change takes the county's deals (``event_import_pbn``); one
    already played (an evening uploaded from a hall after its close) must hold them already. Joining
    again changes nothing, unless the event's deals changed since (its movement built again) and may
    still change: it takes the county's again. A club joins one event only. The uploads from the
    halls call this; not durable, so an upload may call it inside its own transaction."""
    with transaction.atomic():
        event = Event.objects.select_for_update().select_related("club").get(pk=event.pk)
        simultaneous = Simultaneous.objects.get(pk=simultaneous.pk)
        joined = SimultaneousEvent.objects.filter(event=event).select_related("simultaneous").first()
        if joined is not None:
            if joined.simultaneous_id != simultaneous.pk:
                raise ServiceError(f"{event.name} is already played in {joined.simultaneous.name}.")
            _take_deals(event, simultaneous, analyse=analyse, user=user)
            return joined
        if not simultaneous.clubs.filter(pk=event.club_id).exists():
            raise ServiceError(f"{event.club.name} does not take part in {simultaneous.name}.")
        other = SimultaneousEvent.objects.filter(simultaneous=simultaneous, club=event.club_id).first()
        if other is not None:
            raise ServiceError(
                f"{event.club.name} plays {simultaneous.name} in another event already ({other.event.name})."
            )
        if simultaneous.drive:
            raise ServiceError(
                f"{simultaneous.name} is a drive evening: each club plays a drive, not {event.name}."
            )
        if not event.evening_format.across_clubs:
            raise ServiceError(
                f"{simultaneous.name} compares pairs' tricks across the clubs: {event.name} must be a "
                "pairs event scored on tricks (not an individual, not Minnesota whist)."
            )
        _take_deals(event, simultaneous, analyse=analyse, user=user)
        entry = SimultaneousEvent.objects.create(simultaneous=simultaneous, event=event, club=event.club)
        event_log(
            event=event,
            action=AuditLine.Action.SIMULTANEOUS,
            detail=f"Played in {simultaneous.name}",
            user=user,
        )
    return entry


def simultaneous_join_on_upload(sender, instance, **kwargs) -> None:
    """An event uploaded from a hall (``signals.evening_uploaded``, connected for events) joins the
    simultaneous evening on boards its club takes part in on its day, once the upload has
    committed: the hall's organiser plays the county's boards with no network and joins nothing by
    hand. A club that joined another event to it keeps that one; an event that cannot join
    (another kind, other deals) is a line in the club's trail, never a refused upload."""
    _after_upload(
        Event,
        instance.pk,
        drive_evening=False,
        join=lambda e, s: simultaneous_join(event=e, simultaneous=s, analyse=False),
    )


def simultaneous_join_drive_on_upload(sender, instance, **kwargs) -> None:
    """A drive uploaded from a hall (connected for drives) joins the simultaneous drive evening its
    club takes part in on its day, as an event joins one on boards."""
    _after_upload(
        Drive,
        instance.pk,
        drive_evening=True,
        join=lambda d, s: simultaneous_join_drive(drive=d, simultaneous=s),
    )


def _after_upload(model, pk: int, *, drive_evening: bool, join) -> None:
    transaction.on_commit(lambda: _join_uploaded(model, pk, drive_evening, join), robust=True)


def _join_uploaded(model, pk: int, drive_evening: bool, join) -> None:
    evening = model.objects.select_related("club").filter(pk=pk).first()
    if evening is None:
        return
    taken = (SimultaneousDrive if drive_evening else SimultaneousEvent).objects.filter(club=evening.club)
    simultaneous = (
        Simultaneous.objects.filter(clubs=evening.club, date=evening.date, drive=drive_evening)
        .exclude(pk__in=taken.values("simultaneous"))
        .first()
    )
    if simultaneous is None:
        return
    try:
        join(evening, simultaneous)
    except ServiceError as refusal:
        with transaction.atomic():
            club_log(
                club=evening.club,
                action=AuditLine.Action.SIMULTANEOUS,
                detail=f"{evening.name}, uploaded from the hall, did not join {simultaneous}: {refusal}",
            )


def _take_deals(event: Event, simultaneous: Simultaneous, *, analyse: bool, user) -> None:
    """Give the event the county's deals, unless it holds them already; refused when it has more
    boards than the county dealt, or was played on others."""
    held = dict(event.boards.values_list("number", "deal"))
    last = max(held, default=0)
    if not held or last > simultaneous.boards:
        raise ServiceError(
            f"{event.name} has boards 1 to {last}; {simultaneous.name} has "
            f"{simultaneous.boards}: build a movement that plays at most {simultaneous.boards} boards."
        )
    if other_deals(held, simultaneous_deals(simultaneous)) is None:
        return
    if not may_change_deals(event):
        raise ServiceError(
            f"{event.name} was played on other deals than {simultaneous.name}'s: it cannot join it."
        )
    wanted = [b for b in read_pbn(simultaneous.deals) if b.board in held]
    event_import_pbn(event=event, text=write_pbn(wanted, event=simultaneous.name), analyse=analyse, user=user)


def other_deals(held: dict[int, str], county: dict[int, str]) -> int | None:
    """The first board an event holds on another deal than the county's (None when none does)."""
    return next((number for number in sorted(held) if held[number] != county.get(number)), None)


def simultaneous_join_drive(*, drive: Drive, simultaneous: Simultaneous, user=None) -> SimultaneousDrive:
    """Play the drive as its club's part of the simultaneous drive evening: the county ranks its
    players by their totals with every other club's. Joining again changes nothing; a club joins
    one drive only, and only a drive whose players are ranked by their tricks can take part. Not
    durable, so an upload from a hall may call it inside its own transaction."""
    with transaction.atomic():
        drive = Drive.objects.select_for_update().select_related("club").get(pk=drive.pk)
        simultaneous = Simultaneous.objects.get(pk=simultaneous.pk)
        joined = SimultaneousDrive.objects.filter(drive=drive).select_related("simultaneous").first()
        if joined is not None:
            if joined.simultaneous_id != simultaneous.pk:
                raise ServiceError(f"{drive.name} is already played in {joined.simultaneous.name}.")
            return joined
        if not simultaneous.drive:
            raise ServiceError(
                f"{simultaneous.name} is played on the county's boards: a club takes part with a pairs "
                f"event, not a drive such as {drive.name}."
            )
        if not simultaneous.clubs.filter(pk=drive.club_id).exists():
            raise ServiceError(f"{drive.club.name} does not take part in {simultaneous.name}.")
        other = SimultaneousDrive.objects.filter(simultaneous=simultaneous, club=drive.club_id).first()
        if other is not None:
            raise ServiceError(
                f"{drive.club.name} plays {simultaneous.name} in another drive already ({other.drive.name})."
            )
        evening = drive.evening_format
        if kind_of(drive).totals is None or not evening.cards_in_tricks or evening.ranks_teams:
            raise ServiceError(
                f"{simultaneous.name} ranks every player across the clubs by the tricks on their score "
                f"card: {drive.name} is a {evening.title.lower()}, whose players are not ranked that way. "
                "Take part with a progressive drive of whist."
            )
        entry = SimultaneousDrive.objects.create(simultaneous=simultaneous, drive=drive, club=drive.club)
        drive_log(
            drive=drive,
            action=AuditLine.Action.SIMULTANEOUS,
            detail=f"Played in {simultaneous.name}",
            user=user,
        )
    return entry
