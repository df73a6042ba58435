"""A drive's players say who is at their table, on its tablet, and tick the fees they paid there
(``tablets.fees``, the rule every kind's check-in follows). Kept apart from the drive's tablet
(``tablet``): the fees reach the registry of kinds (``services.kinds``), which sits above the
drives' services."""

from collections.abc import Mapping

from django.db import transaction

from ...models import DriveTable, TableCheckIn
from ..core.verdicts import require
from ..tablets.checkins import check_in_record
from ..tablets.fees import table_fees_take
from . import lifecycle
from .state import DriveState, DriveStateError
from .tablet import locked_table


@transaction.atomic
def drive_table_check_in(
    *, link: DriveTable, hand: int, here: bool, fees: Mapping[str, str] | None = None
) -> TableCheckIn:
    """The players at the table say whether they are the four its tablet names for ``hand``:
    "That's us", or "Someone else is here", which holds the table until the organiser resolves it.
    With "That's us", ``fees`` ticks the fees the players paid at the table, by card ("L3") and
    method (``tablets.fees.table_fees_take``)."""
    link = locked_table(link)
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
        table_fees_take(evening=drive, at_table=set(seated.players), fees=fees or {})
    return check_in
