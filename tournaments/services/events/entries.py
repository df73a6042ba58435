"""Tonight's entries, the movement recommended for them, and the pairs' seats and numbers."""

from django.db import transaction
from django.db.models import Q

from ...domain.recommend import Proposal, recommend, staying_refusal
from ...models import AuditLine, Entry, Event, Member
from ..core.audit import event_log
from ..core.errors import ServiceError, require_one_line
from .evening import event_build_movement, event_movement, pair_lines
from .lifecycle import may_change_pairs, may_enter_pairs, require


def _not_started(event: Event) -> None:
    require(may_change_pairs(event))


def _player(event: Event, name: str) -> tuple[Member | None, str]:
    if not " ".join(name.split()):
        raise ServiceError("Give both players' names: a member's name, or a guest's.")
    return member_or_guest(event.club, name)


def member_or_guest(club, name: str) -> tuple[Member | None, str]:
    """A member of the club by full name (any case), or else a guest's name as typed: on one line,
    as the models' validator holds a restored backup's guests."""
    name = " ".join(name.split())
    if not name:
        raise ServiceError("Give the player's name: a member's name, or a guest's.")
    require_one_line(name)
    if len(name) > 120:
        raise ServiceError("A player's name can be at most 120 characters: shorten it.")
    for member in club.members.filter(first_name__iexact=name.split(" ")[0]):
        if str(member).lower() == name.lower():
            return member, ""
    return None, name


def repeated_guests(entered: list[tuple[str, str]]) -> list[str]:
    """A warning for each guest's name entered more than once (any case), given each guest's name
    with where it was entered (its pair, its card): the same person typed twice, or two
    people the results could not tell apart.

    >>> repeated_guests([("Jo Smith", "L1"), ("jo smith", "G4"), ("Al Day", "G2")])
    ['Jo Smith is entered twice (L1; G4): remove one, or tell the two apart, e.g. Jo Smith A.']
    """
    where: dict[str, list[tuple[str, str]]] = {}
    for name, place in entered:
        if name:
            where.setdefault(name.casefold(), []).append((name, place))
    times = {2: "twice", 3: "three times"}
    return [
        f"{seen[0][0]} is entered {times.get(len(seen), f'{len(seen)} times')} "
        f"({'; '.join(place for _, place in seen)}): remove one, or tell the two apart, "
        f"e.g. {seen[0][0]} A."
        for seen in where.values()
        if len(seen) > 1
    ]


def entry_guest_warnings(entries: list[Entry]) -> list[str]:
    """Tonight's guests whose name is entered in two pairs (or twice in one)."""
    guests = [(guest, entry.names) for entry in entries for guest in (entry.guest1, entry.guest2)]
    return repeated_guests(guests)


@transaction.atomic
def entry_add(*, event: Event, first: str, second: str, stationary: bool = False, user=None) -> Entry:
    event = Event.objects.select_for_update().get(pk=event.pk)
    require(may_enter_pairs(event))
    _not_started(event)
    (member1, guest1), (member2, guest2) = _player(event, first), _player(event, second)
    members = [m for m in (member1, member2) if m]
    if member1 and member1 == member2:
        raise ServiceError(f"{member1} cannot partner themself.")
    for member in members:
        taken = event.entries.filter(Q(player1=member) | Q(player2=member)).first()
        if taken:
            raise ServiceError(f"{member} is already entered, with {taken.names}.")
    entry = Entry(
        event=event, player1=member1, player2=member2, guest1=guest1, guest2=guest2, stationary=stationary
    )
    entry.full_clean()
    entry.save()
    still = " (stays at one table)" if stationary else ""
    event_log(event=event, action=AuditLine.Action.PAIRS, detail=f"entered {entry.names}{still}", user=user)
    return entry


@transaction.atomic
def entry_remove(*, event: Event, entry_id: int, user=None) -> None:
    event = Event.objects.select_for_update().get(pk=event.pk)
    _not_started(event)
    entry = event.entries.filter(pk=entry_id).first()
    if entry is None:
        return  # already removed
    names = entry.names
    entry.delete()
    event_log(event=event, action=AuditLine.Action.PAIRS, detail=f"removed {names}", user=user)


def event_proposals(event: Event) -> list[Proposal]:
    """The recommended movement and its alternatives for the pairs entered (empty below two tables)."""
    count = event.entries.count()
    if count < 4:
        return []
    staying = event.entries.filter(stationary=True).count()
    return recommend(
        count,
        minutes_per_board=float(event.club.minutes_per_board),
        staying=staying,
        boards=_boards_wanted(event),
    )


def _boards_wanted(event: Event) -> int | None:
    """The boards a pair plays in the movement the organiser chose when creating the event (the ¾
    Howell, on the new-event page), so that the recommendation puts first what the club came to
    play; None for the movement every new event holds until its pairs are in."""
    if event.variant != Event.Variant.THREE_QUARTER_HOWELL:
        return None
    movement = event_movement(event)
    return movement.rounds * movement.boards_per_round


@transaction.atomic
def event_accept_proposal(*, event: Event, choice: int, user=None) -> Proposal:
    """Take one of the proposals: set the movement, build it, and seat tonight's pairs."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    _not_started(event)
    proposals = event_proposals(event)
    if not proposals:
        raise ServiceError("Enter at least four pairs (two tables) first.")
    if not 0 <= choice < len(proposals):
        raise ServiceError("That movement is no longer on offer: the entries have changed. Choose again.")
    proposal = proposals[choice]
    event.tables, event.variant, event.phantom = proposal.tables, proposal.variant, proposal.phantom
    event.card_set = ""  # a Howell's first card set
    event.boards_per_round, event.rounds, event.arrow_switch_rounds = (
        proposal.boards_per_round,
        proposal.rounds,
        "",
    )
    event.save()
    event_build_movement(event=event, user=user)
    pairs_seat_entries(event=event, user=user)
    return proposal


@transaction.atomic
def pairs_seat_entries(*, event: Event, user=None) -> None:
    """Give each entry a pair number: the pairs who must not move first into the seats that stay
    put (a Mitchell's N/S seats, a Howell's stationary pair), then the others in turn."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    _not_started(event)
    entries = list(event.entries.all())
    line = dict(zip(("NS", "EW"), pair_lines(event), strict=True))
    movement_stationary = event_movement(event).stationary
    staying = {(line[d], n) for d, n in movement_stationary}
    pairs = sorted(event.pairs.all(), key=lambda p: ((p.direction, p.number) not in staying, p.number))
    still_seats = [p for p in pairs if (p.direction, p.number) in staying]
    stationary = [e for e in entries if e.stationary]
    refusal = staying_refusal(movement_stationary, len(stationary), howell=event.one_field)
    if refusal:
        raise ServiceError(refusal)
    if len(entries) != len(pairs):
        raise ServiceError(
            f"{len(entries)} pairs are entered but the movement seats {len(pairs)}: choose a movement for "
            f"{len(entries)} pairs."
        )
    ordered = stationary + [e for e in entries if not e.stationary]
    # The seats that stay put go to the pairs who must not move; the others in turn (a Mitchell's
    # N/S seats first, a Howell's pairs by number).
    held = still_seats[: len(stationary)]
    rest = [p for p in pairs if p not in held]
    if event.one_field:
        rest.sort(key=lambda p: p.number)
    event.pairs.update(entry=None)  # one entry a pair: free them all before seating again
    for pair, entry in zip(held + rest, ordered, strict=True):
        pair.player1, pair.player2, pair.guest1, pair.guest2 = (
            entry.player1,
            entry.player2,
            entry.guest1,
            entry.guest2,
        )
        pair.entry = entry
        pair.save(update_fields=["player1", "player2", "guest1", "guest2", "entry"])
    event_log(
        event=event,
        action=AuditLine.Action.PAIRS,
        detail=f"{len(entries)} pairs seated and numbered ({len(stationary)} staying at one table)",
        user=user,
    )


@transaction.atomic
def pairs_rename(*, event: Event, pairs: list, user=None) -> None:
    """Save the players' names the organiser gave the event's pairs (in the organiser site), with a
    line in the evening's trail. Names may be corrected at any stage: that orphans nothing. An
    individual event's partnerships take their players' names (``individuals_rename``)."""
    require(may_enter_pairs(event))
    for pair in pairs:
        if pair.event_id != event.pk:
            raise ServiceError(f"{pair} is not a pair of {event.name}.")
        pair.full_clean()
        pair.save(update_fields=["player1", "player2", "guest1", "guest2"])
    detail = "names changed: " + "; ".join(f"{pair} {pair.names}" for pair in pairs)
    event_log(event=event, action=AuditLine.Action.PAIRS, detail=detail, user=user)
