"""Running a progressive whist drive: entries, the start, each hand's tricks, the seating of the
next hand as the tables finish, corrections, the close and the prizes.

Every write locks the drive's row first, so two tablets finishing neighbouring tables at once
take turns, and the next hand's seating is made exactly once.
"""

import secrets
from collections.abc import Mapping
from decimal import Decimal

from django.db import transaction
from django.db.models import Count, Max, OuterRef, Q
from django.utils import timezone

from ...domain.drives import (
    GENT,
    LADY,
    Format,
    Plan,
    Prize,
    check_start,
    halves_of,
    next_seatings,
    plan_drive,
    role_switches,
    start_seating,
)
from ...domain.drives.games import grand_words
from ...domain.entry import EntryError, entry_needed
from ...domain.errors import DriveError
from ...models import (
    AuditLine,
    Drive,
    DrivePlayer,
    DriveResult,
    DriveResultChange,
    DriveSeat,
    DriveTable,
    DriveTotal,
    Member,
    PrizeCut,
    TableCheckIn,
)
from ...models.drives import honours_text
from ...signals import evening_closed
from ..core.audit import drive_log
from ..core.codes import table_link_create
from ..core.errors import ServiceError
from ..core.verdicts import require
from ..events.entries import member_or_guest, repeated_guests
from ..events.results import history_add
from ..tablets.checkins import check_in_record, may_enter, waiting_at
from ..tablets.entry import table_source, typed_before_organiser_set
from . import lifecycle
from .money import money_of, record_fee
from .reading import SEATS
from .state import DriveState, DriveStateError

Action = AuditLine.Action
Line = DriveResultChange.Action
ORGANISER = "organiser"  # a history line's source for the organiser's pages and commands


@transaction.atomic
def drive_player_add(
    *,
    drive: Drive,
    role: str = "",
    member: Member | None = None,
    guest: str = "",
    name: str = "",
    shared_with: str = "",
    user=None,
) -> DrivePlayer:
    """Enter a player in a role (a drive without roles: as a Player, whatever ``role`` says), with
    the next card number of that role. A ``name`` is looked up among the club's members, else
    taken as a guest's; so is ``shared_with``, the second person of a shared seat."""
    drive = _locked(drive)
    if name or (member is None and not guest):
        member, guest = member_or_guest(drive.club, name)
    second, second_guest = member_or_guest(drive.club, shared_with) if shared_with.strip() else (None, "")
    require(lifecycle.may_change_players(drive), DriveStateError)
    if drive.is_team_night:
        raise ServiceError("A team night's players are entered with their team, four at a time.")
    roles = drive.roles
    role = roles[0] if len(roles) == 1 else role
    if role not in roles:
        raise ServiceError(f"Choose the player's role: {' or '.join(map(drive.role_label, roles))}.")
    guest = guest.strip()
    if member is None and not guest:
        raise ServiceError("Give the player's name, or choose a member.")
    for someone in (member, second):
        if someone is not None and someone.club_id != drive.club_id:
            raise ServiceError(f"{someone} is not a member of {drive.club}.")
        if (
            someone is not None
            and drive.players.filter(Q(member=someone) | Q(second_member=someone)).exists()
        ):
            raise ServiceError(f"{someone} is already entered.")
    if member is not None and member == second:
        raise ServiceError(f"{member} cannot share a seat with themselves.")
    card = (drive.players.filter(role=role).aggregate(top=Max("card"))["top"] or 0) + 1
    player = DrivePlayer(
        drive=drive,
        role=role,
        card=card,
        member=member,
        guest=guest,
        second_member=second,
        second_guest=second_guest,
    )
    player.full_clean()
    player.save()
    drive_log(
        drive=drive, action=Action.PLAYERS, detail=f"entered {player.name} ({player.number})", user=user
    )
    return player


def drive_guest_warnings(players) -> list[str]:
    """The drive's guests whose name is entered twice, each place named by its card (L3, G7), or
    by its number where players carry no score card."""
    return repeated_guests([(player.guest, player.number) for player in players])


def role_suggestion(*, drive: Drive) -> str:
    """A word for the organiser when the roles cannot fill the tables, naming who might swap: the
    players of the fuller role entered last."""
    if len(drive.roles) == 1:
        return ""
    players = list(drive.players.select_related("member").order_by("-card"))
    ladies = sum(1 for p in players if p.role == DrivePlayer.Role.LADY)
    if len(players) < 4:
        return ""
    role, count = role_switches(ladies, len(players) - ladies)
    if not count:
        return ""
    other = drive.role_label(GENT if role == LADY else LADY)
    candidates = [f"{p.name} ({p.number})" for p in players if p.role == role][:count]
    return (
        f"There are too many {drive.role_plural(role).lower()} to fill the tables: {count} of them "
        f"must play {other.lower()}. Perhaps {', '.join(candidates)}?"
    )


@transaction.atomic
def drive_start(*, drive: Drive, user=None) -> Drive:
    """Seat the first hand in card order (a scheduled drive: every hand, from its schedule) and
    give each table its link and code."""
    drive = _locked(drive)
    require(lifecycle.may_start(drive), DriveStateError)
    if drive.scheduled:
        return _start_scheduled(drive, user)
    players = list(drive.players.all())
    ladies = [p.key for p in players if p.role == DrivePlayer.Role.LADY]
    gents = [p.key for p in players if p.role == DrivePlayer.Role.GENT]
    try:
        start = start_seating(ladies, gents)
        check_start(Format(drive.format), start)
    except DriveError as error:
        raise ServiceError(str(error)) from None
    ids = {p.key: p.id for p in players}
    _seat(drive, 1, start, ids)
    drive.status = Drive.Status.RUNNING
    drive_open_tables(drive=drive)
    drive.save(update_fields=["status"])
    detail = (
        f"{len(start)} tables, {len(ladies)} {drive.ladies_heading.lower()}, "
        f"{len(gents)} {drive.gents_heading.lower()}"
    )
    drive_log(drive=drive, action=Action.STARTED, detail=detail, user=user)
    return drive


def _start_scheduled(drive: Drive, user) -> Drive:
    """Seat every hand of a drive whose seating is fixed in advance, from its plan (whose hands
    become the drive's)."""
    players = list(drive.players.all())
    plan = drive_plan(drive=drive, players=players)
    try:
        halves_of(plan.hands, drive.halves)
    except DriveError as error:
        raise ServiceError(str(error)) from None
    ids = {p.key: p.id for p in players}
    for hand in range(1, plan.hands + 1):
        _seat(drive, hand, plan.seating(hand), ids)
    drive.hands = plan.hands
    drive.status = Drive.Status.RUNNING
    drive_open_tables(drive=drive)
    drive.save(update_fields=["status", "hands"])
    each = f", {plan.hands_per_round} hands a round" if plan.hands_per_round > 1 else ""
    detail = f"{len(players)} players, {plan.tables} tables, {plan.rounds} rounds{each}, {plan.hands} hands"
    drive_log(drive=drive, action=Action.STARTED, detail=detail, user=user)
    return drive


def drive_plan(*, drive: Drive, players=None) -> Plan:
    """A scheduled drive's plan for its players as entered now (the run page shows it before the
    start); refused in words when the schedule cannot seat them. The players go to the planner in
    card order, a card's lady before its gent: a team night's team t as its home pair (card
    2t - 1) then its away pair (card 2t)."""
    players = drive.players.all() if players is None else players
    try:
        return plan_drive(
            drive.format,
            [p.key for p in sorted(players, key=lambda p: (p.card, p.role != LADY))],
            rounds=drive.rounds,
            hands_per_round=drive.hands_per_round,
            hands=drive.hands,
        )
    except DriveError as error:
        raise DriveStateError(str(error)) from None


@transaction.atomic
def drive_open_tables(*, drive: Drive) -> list[DriveTable]:
    """Give each table of a started drive its secret link and short code (those it has are kept)."""
    tables = DriveSeat.objects.filter(drive=drive, hand=1).aggregate(last=Max("table"))["last"] or 0
    have = set(drive.table_accesses.values_list("table", flat=True))
    for table in range(1, tables + 1):
        if table not in have:
            table_link_create(drive=drive, table=table)
    return list(drive.table_accesses.all())


def _seat(drive: Drive, hand: int, tables, ids: dict[str, int]) -> None:
    DriveSeat.objects.bulk_create(
        DriveSeat(drive=drive, hand=hand, table=t.table, seat=seat, player_id=ids[p])
        for t in tables
        for seat, p in zip(SEATS, (*t.ns, *t.ew), strict=True)
        if p is not None
    )


def _locked(drive: Drive) -> Drive:
    return Drive.objects.select_for_update().get(pk=drive.pk)


def _count(ns_tricks: int, granded: str, honours: str = "") -> int | str:
    """A table's count as the entry rule compares and words it: the tricks, a Minnesota hand's
    "9 (N/S grand)", or in games and rubbers with the honours claimed, "9, N/S 4 honours"."""
    if not (granded or honours):
        return ns_tricks
    return f"{ns_tricks}{f' ({grand_words(granded)})' if granded else ''}{honours_text(honours)}"


@transaction.atomic
def drive_result_record(
    *,
    drive: Drive,
    hand: int,
    table: int,
    ns_tricks: int,
    granded: str | None = "",
    honours: str = "",
    confirmed: bool = True,
    user=None,
) -> DriveResult:
    """Record the N/S couple's tricks at a table in a hand (a Minnesota drive's: and who went
    grand, "NS", "EW" or "low"; in games and rubbers, with the honours claimed), and seat what the
    result lets be seated.

    Unconfirmed (a tablet's first tap) it waits for the other couple, and another count is not
    typed over it (``domain.entry``, as at an event's tablet). A confirmed result is changed only
    by ``drive_result_correct``; the same tricks sent again are harmless.
    """
    return _record(
        _locked(drive), hand, table, ns_tricks, granded, confirmed, honours, source=ORGANISER, user=user
    )


def _record(
    drive: Drive,
    hand: int,
    table: int,
    ns_tricks: int,
    granded: str | None,
    confirmed: bool,
    honours: str = "",
    *,
    source: str,
    user=None,
) -> DriveResult:
    honours = (honours or "").upper()
    state = DriveState(drive, near=hand)
    granded = state.check_playable(hand, table, ns_tricks, granded=granded, honours=honours)
    result = state.result_rows.get((hand, table))
    if not confirmed:  # N/S's count, waiting for E/W: the rule of every table's count
        try:
            needed = entry_needed(
                deal=drive.evening_format.deal,
                number=hand,
                existing=None if result is None else _count(result.ns_tricks, result.granded, result.honours),
                confirmed=result is not None and result.confirmed,
                entered=_count(ns_tricks, granded, honours),
            )
        except EntryError as error:
            raise DriveStateError(str(error)) from None
        if not needed:
            return result  # the same tap again: nothing to do
    elif result is not None and result.confirmed:
        if (result.ns_tricks, result.granded, result.honours) == (ns_tricks, granded, honours):
            return result
        raise DriveStateError(
            f"Hand {hand} at table {table} is already confirmed ({result}); only the organiser can "
            "correct it."
        )
    if result is None:
        result, line, before = DriveResult(drive=drive, hand=hand, table=table), Line.CREATED, ""
    elif (result.ns_tricks, result.granded, result.honours) != (ns_tricks, granded, honours):
        line, before = Line.CREATED, result.score_text  # the organiser's count over one still waiting
    else:
        line, before = Line.CONFIRMED, result.score_text  # the organiser confirms a table's count
    result.ns_tricks, result.granded, result.honours, result.confirmed = (
        ns_tricks,
        granded,
        honours,
        confirmed,
    )
    result.save()
    history_add(result, line, before=before, user=user, source=source)
    if confirmed:
        state.count(hand, table, ns_tricks, granded, honours)
        _seat_what_can_be(drive, state, hand)
    return result


@transaction.atomic
def drive_result_confirm(
    *, drive: Drive, hand: int, table: int, ns_tricks: int, granded: str | None = "", honours: str = ""
) -> DriveResult:
    """E/W confirm the count they were shown at the table (and the honours claimed, in games and
    rubbers); a count changed since is not confirmed by mistake, and a confirmation sent twice is
    harmless."""
    return _confirm(_locked(drive), hand, table, ns_tricks, granded, honours, source=ORGANISER)


def _confirm(
    drive: Drive,
    hand: int,
    table: int,
    ns_tricks: int,
    granded: str | None,
    honours: str = "",
    *,
    source: str,
) -> DriveResult:
    honours = (honours or "").upper()
    state = DriveState(drive, near=hand)
    granded = state.check_playable(hand, table, ns_tricks, granded=granded, honours=honours)
    result = state.result_rows.get((hand, table))
    if result is None:
        raise DriveStateError(f"Hand {hand} has no count to confirm yet: N/S enter it first.")
    if (result.ns_tricks, result.granded, result.honours) != (ns_tricks, granded, honours):
        shown, seen = (
            _count(result.ns_tricks, result.granded, result.honours),
            _count(ns_tricks, granded, honours),
        )
        raise DriveStateError(
            f"Hand {hand} now shows N/S {shown}, not {seen}: check it again before confirming."
        )
    if not result.confirmed:
        result.confirmed = True
        result.save(update_fields=["confirmed"])
        history_add(result, Line.CONFIRMED, before=result.score_text, source=source)
        state.count(hand, table, ns_tricks, granded, honours)
        _seat_what_can_be(drive, state, hand)
    return result


@transaction.atomic
def drive_result_reject(*, drive: Drive, hand: int, table: int) -> None:
    """The other couple disagrees with an unconfirmed count: it is taken back, to be entered again."""
    _reject(_locked(drive), hand, table, source=ORGANISER)


def _reject(drive: Drive, hand: int, table: int, *, source: str) -> None:
    result = DriveResult.objects.filter(drive=drive, hand=hand, table=table, confirmed=False).first()
    if result is not None:  # else already sent back
        history_add(result, Line.REJECTED, before=result.score_text, source=source)
        result.delete()


def _locked_table(link: DriveTable, hand: int | None = None) -> DriveTable:
    """A tablet's table and its drive, the drive's row locked, in one statement: ``link`` needs
    only its token (DriveTable.DoesNotExist when no table has it). With ``hand``, a score for
    that hand: refused while the table waits for the organiser (read in the same statement)."""
    tables = DriveTable.objects.select_related("drive").select_for_update(of=("drive",))
    if hand is None:
        return tables.get(token=link.token)
    link = tables.annotate(held=waiting_at(link=OuterRef("pk"), round=hand)).get(token=link.token)
    round_word = link.drive.evening_format.round.singular
    require(may_enter(waiting=link.held, table=link.table, round_word=round_word), DriveStateError)
    return link


def drive_hand_sets(drive_id: int, table: int, hands) -> dict[int, int]:
    """How many times the organiser has set each of these hands at the table (a tablet's ``seen``):
    the hands' history lines that did not come from the table's own tablet."""
    changes = DriveResultChange.objects.filter(drive_id=drive_id, table=table, hand__in=list(hands)).exclude(
        source=table_source(table)
    )
    return dict(changes.values_list("hand").annotate(n=Count("id")).order_by())


def _check_seen(link: DriveTable, hand: int, seen: int | None) -> None:
    if seen is not None:
        sets = drive_hand_sets(link.drive_id, link.table, [hand]).get(hand, 0)
        typed_before_organiser_set(seen=seen, sets=sets, what=f"hand {hand} at this table")


@transaction.atomic
def drive_table_enter(
    *,
    link: DriveTable,
    hand: int,
    ns_tricks: int,
    granded: str | None = "",
    honours: str = "",
    seen: int | None = None,
) -> DriveResult:
    """N/S's count from a table's tablet, waiting for E/W: ``drive_result_record`` unconfirmed.
    ``seen``: see ``typed_before_organiser_set``."""
    link = _locked_table(link, hand)
    _check_seen(link, hand, seen)
    source = table_source(link.table)
    return _record(link.drive, hand, link.table, ns_tricks, granded, False, honours, source=source)


@transaction.atomic
def drive_table_confirm(
    *,
    link: DriveTable,
    hand: int,
    ns_tricks: int,
    granded: str | None = "",
    honours: str = "",
    seen: int | None = None,
) -> DriveResult:
    """E/W's confirmation from a table's tablet: ``drive_result_confirm``."""
    link = _locked_table(link, hand)
    _check_seen(link, hand, seen)
    source = table_source(link.table)
    return _confirm(link.drive, hand, link.table, ns_tricks, granded, honours, source=source)


@transaction.atomic
def drive_table_reject(*, link: DriveTable, hand: int, seen: int | None = None) -> None:
    """E/W send the count back from a table's tablet, while the drive is in play:
    ``drive_result_reject``. A count already confirmed (a page left behind, the back button) is not
    sent back, and the tablet is told so rather than told it was."""
    link = _locked_table(link, hand)
    require(lifecycle.may_play(link.drive), DriveStateError)
    _check_seen(link, hand, seen)
    if DriveResult.objects.filter(drive=link.drive, hand=hand, table=link.table, confirmed=True).exists():
        raise DriveStateError(f"Hand {hand} is confirmed: only the organiser can change it now.")
    _reject(link.drive, hand, link.table, source=table_source(link.table))


@transaction.atomic
def drive_table_check_in(
    *, link: DriveTable, hand: int, here: bool, fees: Mapping[str, str] | None = None
) -> TableCheckIn:
    """The players at the table say whether they are the four its tablet names for ``hand``:
    "That's us", or "Someone else is here", which holds the table until the organiser resolves it.
    With "That's us", ``fees`` ticks the fees the players paid at the table, by card ("L3") and
    method."""
    link = _locked_table(link)
    drive = link.drive
    require(lifecycle.may_play(drive), DriveStateError)
    state = DriveState(drive)  # the players' names too: read once a hand at a table
    seated = state.seatings.get(hand, {}).get(link.table)
    if seated is None or seated.sit_out or (hand, link.table) in state.results:
        raise DriveStateError("That hand is not in play at this table: look at the tablet again.")
    check_in = check_in_record(
        link=link, round=hand, here=here, who=state.seated_names(seated), evening=drive
    )
    if here:
        money = money_of(drive)
        for key, method in (fees or {}).items():
            if key not in seated.players:
                raise DriveStateError(f"{key} is not at this table: look at the tablet again.")
            if method:
                record_fee(drive=drive, player=state.players[key], method=method, money=money)
    return check_in


def _seat_what_can_be(drive: Drive, state: "DriveState", hand: int) -> None:
    """Seat every table of the later hands whose players are now known, hand after hand (a
    scheduled drive's are all seated from the start)."""
    if drive.scheduled:
        return
    for h in range(hand, drive.hands):
        played = {t: state.moving(hh, t) for hh, t in state.results if hh == h}
        new = next_seatings(
            state.format,
            state.seatings.get(h, {}),
            played,
            state.seatings.get(h - 1),
            seated=state.seatings.get(h + 1, {}),
            circles=state.circles,
        )
        if not new or (state.starts_half(h + 1) and not state.hand_complete(h)):
            break  # a new half starts together, after the interval
        _seat(drive, h + 1, new.values(), state.ids)
        state.seatings.setdefault(h + 1, {}).update(new)


@transaction.atomic
def drive_player_remove(*, drive: Drive, player: DrivePlayer, user=None) -> None:
    """Take a player out before the start (their card number is not given again)."""
    drive = _locked(drive)
    require(lifecycle.may_change_players(drive), DriveStateError)
    if drive.is_team_night:
        raise ServiceError(
            f"{player.name} plays in a team of four: a team night's players are taken out with their "
            "team (take the team out, and enter it again as it now is)."
        )
    removed, _ = DrivePlayer.objects.filter(pk=player.pk, drive=drive).delete()
    if removed:
        drive_log(
            drive=drive, action=Action.PLAYERS, detail=f"removed {player.name} ({player.number})", user=user
        )


@transaction.atomic
def drive_totals_set(*, drive: Drive, totals: dict[int, dict[int, Decimal | None]], user=None) -> int:
    """Type the players' totals from their paper score cards, by player id and half; an empty
    value takes a typed total away. All or nothing. Returns how many totals are now typed."""
    drive = _locked(drive)
    require(lifecycle.may_correct(drive), DriveStateError)
    if drive.is_team_night:
        raise ServiceError("A team night's points come hand by hand: enter each table's tricks.")
    players = {p.pk: p for p in drive.players.all()}
    # A typed total is never below 0 (the table keeps it so): a Minnesota half whose points went
    # below (American or South Dakota rules) is entered hand by hand.
    least, most = (Decimal(max(0, bound) * drive.hands) for bound in drive.played_game.hand_range)
    unit = drive.evening_format.measure.value
    for player_id, halves in totals.items():
        player = players.get(player_id)
        if player is None:
            raise ServiceError("That player is not in this drive.")
        for half, score in halves.items():
            if not 1 <= half <= drive.halves:
                raise ServiceError(f"There is no part {half}: this drive has {drive.halves}.")
            if score is None:
                DriveTotal.objects.filter(player=player, half=half).delete()
                continue
            if score.is_finite() and score < 0:
                raise ServiceError(
                    f"{player.name}: a typed total cannot be below 0: enter that part's hands one by one "
                    "(Enter or correct a hand)."
                )
            if not score.is_finite() or not least <= score <= most or score * 2 != int(score * 2):
                raise ServiceError(
                    f"{player.name}: {score} is not a score: give whole or half {unit} from {least} to "
                    f"{most}."
                )
            DriveTotal.objects.update_or_create(
                drive=drive, player=player, half=half, defaults={"score": score}
            )
    typed = DriveTotal.objects.filter(drive=drive).count()
    drive_log(
        drive=drive, action=Action.TOTALS, detail=f"{typed} totals typed from the score cards", user=user
    )
    return typed


@transaction.atomic
def drive_result_correct(
    *,
    drive: Drive,
    hand: int,
    table: int,
    ns_tricks: int,
    reason: str,
    granded: str | None = "",
    honours: str = "",
    user=None,
):
    """The organiser sets a hand's tricks (a Minnesota drive's: and who went grand; in games and
    rubbers, and the honours claimed), a correction or a score card typed in, saying why, with a
    history line. Where people already sat is kept: only the scores change."""
    reason = reason.strip()
    if not reason:
        raise ServiceError("Say why the hand is corrected: the reason is kept in the history.")
    honours = (honours or "").upper()
    drive = _locked(drive)
    require(lifecycle.may_correct(drive), DriveStateError)
    state = DriveState(drive, near=hand)
    granded = state.check_playable(hand, table, ns_tricks, organiser=True, granded=granded, honours=honours)
    result = state.result_rows.get((hand, table))
    before = "" if result is None else result.score_text
    if result is None:
        result = DriveResult(drive=drive, hand=hand, table=table)
    result.ns_tricks, result.granded, result.honours, result.confirmed = ns_tricks, granded, honours, True
    result.save()
    history_add(result, Line.CORRECTED, before=before, reason=reason[:200], user=user, source=ORGANISER)
    detail = f"hand {hand}, table {table}: {before or '—'} → {result.score_text} ({reason})"
    drive_log(drive=drive, action=Action.CORRECTED, detail=detail, user=user)
    state.count(hand, table, ns_tricks, granded, honours)
    _seat_what_can_be(drive, state, hand)
    return result


@transaction.atomic
def drive_close(*, drive: Drive, user=None) -> Drive:
    """Finish the drive: every hand must be in. The mystery hand, when a prize needs it, is drawn."""
    drive = _locked(drive)
    require(lifecycle.may_close(drive), DriveStateError)
    state = DriveState(drive)
    missing = state.missing()
    if missing:
        shown = ", ".join(f"hand {h} table {t}" for h, t in missing[:5])
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        raise DriveStateError(
            f"{len(missing)} hands are not in yet: {shown}{more}. Enter them, or type every player's "
            "totals from the score cards."
        )
    if Prize.MYSTERY in drive.prize_list:
        # Drawn among the hands entered one by one: a half typed as totals has no hand scores.
        hands = state.untyped_hands()
        drive.mystery_hand = hands[secrets.randbelow(len(hands))] if hands else None
    drive.status = Drive.Status.FINISHED
    drive.save(update_fields=["status", "mystery_hand"])
    detail = "every hand in"
    if drive.mystery_hand is not None:
        detail += f"; the mystery hand drawn: hand {drive.mystery_hand}"
    drive_log(drive=drive, action=Action.CLOSED, detail=detail, user=user)
    evening_closed.send(sender=Drive, instance=drive)
    return drive


@transaction.atomic
def drive_publish(*, drive: Drive, published: bool = True, user=None) -> Drive:
    """Make the results public (to anyone with the room display's link), or private again."""
    drive = _locked(drive)
    if published:
        require(lifecycle.may_publish(drive), DriveStateError)
    if drive.published == published:
        return drive
    drive.published = published
    drive.save(update_fields=["published"])
    drive_log(drive=drive, action=Action.PUBLISHED if published else Action.UNPUBLISHED, user=user)
    return drive


@transaction.atomic
def drive_move_call(*, drive: Drive, user=None) -> None:
    """The organiser's "move now": the room display shows it for a minute."""
    Drive.objects.filter(pk=drive.pk).update(move_called_at=timezone.now())
    drive_log(drive=drive, action=Action.MOVED, user=user)


@transaction.atomic
def prize_cut_record(*, drive: Drive, prize: str, winner: DrivePlayer, user=None) -> PrizeCut:
    drive = _locked(drive)
    award = next((a for a in DriveState(drive).awards if a.prize == prize), None)
    if award is None or not award.tied:
        raise ServiceError("That prize is not tied: there is nothing to cut for.")
    if award.shared:
        raise ServiceError("The players level for it share it and its money: there is nothing to cut for.")
    if winner.key not in award.tied:
        raise ServiceError(f"{winner.name} is not among the players tied for it.")
    cut, _ = PrizeCut.objects.update_or_create(drive=drive, prize=prize, defaults={"winner": winner})
    drive_log(
        drive=drive,
        action=Action.CUT,
        detail=f"{award.label}: {winner.name} ({winner.number}) won the cut",
        user=user,
    )
    return cut
