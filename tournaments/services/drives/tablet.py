"""A drive at a table's tablet: each hand's count entered, confirmed or sent back, as ``results``
records it with the table as its source (the players' check-in is ``check_in``). Each write
locks the drive's row in the statement that reads the table, and is refused while the table waits
for the organiser or after the organiser has set the hand since the tablet showed it."""

from django.db import transaction
from django.db.models import Count, OuterRef

from ...domain.formats import EveningFormat
from ...models import DriveResult, DriveResultChange, DriveTable
from ..core.verdicts import require
from ..tablets.checkins import may_enter, waiting_at
from ..tablets.entry import typed_before_organiser_set
from ..tablets.rounds import table_source
from . import lifecycle
from .results import confirm, record, reject
from .state import DriveStateError


def locked_table(link: DriveTable, hand: int | None = None) -> DriveTable:
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
    link = locked_table(link, hand)
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
    link = locked_table(link, hand)
    _check_seen(link, hand, seen)
    source = table_source(link.table)
    return confirm(link.drive, hand, link.table, ns_tricks, granded, honours, source=source)


@transaction.atomic
def drive_table_reject(*, link: DriveTable, hand: int, seen: int | None = None) -> EveningFormat:
    """E/W send the count back from a table's tablet, while the drive is in play:
    ``drive_result_reject``. A count already confirmed (a page left behind, the back button) is not
    sent back, and the tablet is told so rather than told it was. Returns the drive's format, which
    says what N/S enter again (``domain.entry.sent_back``)."""
    link = locked_table(link, hand)
    require(lifecycle.may_play(link.drive), DriveStateError)
    _check_seen(link, hand, seen)
    if DriveResult.objects.filter(drive=link.drive, hand=hand, table=link.table, confirmed=True).exists():
        raise DriveStateError(f"Hand {hand} is confirmed: only the organiser can change it now.")
    reject(link.drive, hand, link.table, source=table_source(link.table))
    return link.drive.evening_format
