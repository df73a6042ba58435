"""A drive at a table's tablet: the players' check-in (and the fees they pay there), and each
hand's count entered, confirmed or sent back, as ``results`` records it with the table as its
source. Each write locks the drive's row in the statement that reads the table, and is refused
while the table waits for the organiser or after the organiser has set the hand since the tablet
showed it."""

from collections.abc import Mapping

from django.db import transaction
from django.db.models import Count, OuterRef

from ...domain.formats import EveningFormat
from ...models import AuditLine, DriveResult, DriveResultChange, DriveTable, TableCheckIn
from ..core.audit import drive_log
from ..core.verdicts import require
from ..membership.accounts import BelowFloor
from ..tablets.checkins import check_in_record, may_enter, waiting_at
from ..tablets.entry import typed_before_organiser_set
from ..tablets.rounds import table_source
from . import lifecycle
from .money import money_of, record_fee
from .results import confirm, record, reject
from .state import DriveState, DriveStateError


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
    return record(link.drive, hand, link.table, ns_tricks, granded, False, honours, source=source)


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
    return confirm(link.drive, hand, link.table, ns_tricks, granded, honours, source=source)


@transaction.atomic
def drive_table_reject(*, link: DriveTable, hand: int, seen: int | None = None) -> EveningFormat:
    """E/W send the count back from a table's tablet, while the drive is in play:
    ``drive_result_reject``. A count already confirmed (a page left behind, the back button) is not
    sent back, and the tablet is told so rather than told it was. Returns the drive's format, which
    says what N/S enter again (``domain.entry.sent_back``)."""
    link = _locked_table(link, hand)
    require(lifecycle.may_play(link.drive), DriveStateError)
    _check_seen(link, hand, seen)
    if DriveResult.objects.filter(drive=link.drive, hand=hand, table=link.table, confirmed=True).exists():
        raise DriveStateError(f"Hand {hand} is confirmed: only the organiser can change it now.")
    reject(link.drive, hand, link.table, source=table_source(link.table))
    return link.drive.evening_format


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
                _fee_at_table(drive, state.players[key], method, money)
    return check_in


FEE_NOT_TAKEN = "Fee not taken: the account would go below the lowest balance"


def _fee_at_table(drive, player, method: str, money) -> None:
    """A fee ticked at a table's check-in. One from an account that would go below the club's
    lowest balance is not taken and the players are checked in all the same; the organiser reads
    why in the trail, and only the door can allow it."""
    try:
        with transaction.atomic():
            record_fee(drive=drive, player=player, method=method, money=money)
    except BelowFloor:
        detail = f"{player.name} ({player.number}): {FEE_NOT_TAKEN}"
        drive_log(drive=drive, action=AuditLine.Action.MONEY, detail=detail)
