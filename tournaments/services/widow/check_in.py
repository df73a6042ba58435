"""A widow whist table's players say who is at the table, on its tablet, and tick the fees they
paid there (``tablets.fees``, the rule every kind's check-in follows). Kept apart from the deals'
taps (``tablet``): the fees reach the registry of kinds (``services.kinds``), which sits above the
widow series' services."""

from collections.abc import Mapping

from django.db import transaction

from ...models import DriveTable, TableCheckIn
from ..drives.state import DriveStateError
from ..tablets.checkins import check_in_record
from ..tablets.fees import table_fees_take
from .table import table_at
from .tablet import by_token, held


@transaction.atomic
def widow_table_check_in(
    *, link: DriveTable, series: int, here: bool, fees: Mapping[str, str] | None = None
) -> TableCheckIn:
    """The players at a table say whether they are those its tablet names for the series: "That's
    us", or "Someone else is here", which holds the table until the organiser answers. With
    "That's us", ``fees`` ticks the fees paid at the table, by card ("P3") and method
    (``tablets.fees.table_fees_take``). ``link`` needs only its token (DriveTable.DoesNotExist when
    no table has it)."""
    link = held(by_token(link))
    at = table_at(link.drive, series, link.table, 1)
    if at.named is None or at.in_play is None or at.in_play.series != series:
        raise DriveStateError("That series is not in play at this table: look at the tablet again.")
    who = ", ".join(at.named.name(p) for p in at.named.seats)
    check_in = check_in_record(link=link, round=series, here=here, who=who, evening=link.drive)
    if here:
        at_table = {at.named.card(p) for p in at.named.seats}
        table_fees_take(evening=link.drive, at_table=at_table, fees=fees or {})
    return check_in
