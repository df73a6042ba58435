"""An event's players say who is at their table, on its tablet, and tick the fees they paid there
(``fees``, the rule every kind's check-in follows). Kept apart from score entry (``entry``): the
fees reach the registry of kinds (``services.kinds``), which the drives' tablets, below it, share
score entry's rules with."""

from collections.abc import Mapping

from django.db import transaction

from ...models import Event, TableAccess, TableCheckIn
from ..core.locks import table_held
from ..events.fees import payer_keys
from ..events.lifecycle import may_play
from ..events.partnerships import pair_namer
from .access import TableError
from .checkins import check_in_record, pair_and_names
from .fees import table_fees_take
from .rounds import current_round


@transaction.atomic
def table_check_in(
    *, access: TableAccess, round: int, here: bool, fees: Mapping[str, str] | None = None
) -> TableCheckIn:
    """The players at the table say whether they are the pairs its tablet names for ``round``:
    "That's us", or "Someone else is here", which holds the table until the organiser resolves it.
    With "That's us", ``fees`` ticks the fees paid at the table, by payer ("NS3" a pair's, "P7" an
    individual event's seat's) and method (``fees.table_fees_take``)."""
    if here and any(fees.values() if fees else ()):
        # A fee is written under the event's row lock (as at the door), taken before the table's
        # hold: tablets' writes hold the event only against a close, and never wait on each other.
        Event.objects.select_for_update(of=("self",)).filter(table_accesses__token=access.token).first()
    event = table_held(access.token)
    if event is None:
        raise TableError("This table has no rounds to play.")
    verdict = may_play(event)
    if not verdict:
        raise TableError(verdict.reason)
    access = TableAccess.objects.select_related("event__club").get(token=access.token)
    current = current_round(access, "ns_pair", "ew_pair")[2]
    if current is None or current.round != round:
        raise TableError("That round is over at this table: look at the names on the tablet again.")
    sides = [
        (side, pair)
        for side, pair in (("N/S", current.ns_pair), ("E/W", current.ew_pair))
        if pair is not None
    ]
    named = pair_namer(access.event, [pair for _, pair in sides], as_pair=pair_and_names)
    who = ", ".join(f"{side} {named(pair)}" for side, pair in sides)
    check_in = check_in_record(link=access, round=round, here=here, who=who, evening=access.event)
    if here:
        at_table = set(payer_keys([pair for _, pair in sides]))
        table_fees_take(evening=access.event, at_table=at_table, fees=fees or {})
    return check_in
