"""A two-player night's players say they are at their table, on its tablet, and tick the fees they
paid there (``tablets.fees``, the rule every kind's check-in follows). Kept apart from the deals
(``play``): the fees reach the registry of kinds (``services.kinds``), which sits above the
nights' services."""

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone

from ...models import AuditLine, DuelMatch
from ..core.audit import night_log
from ..tablets.fees import table_fees_take
from .fees import payer_key
from .play import held, stale


@transaction.atomic
def duel_table_check_in(
    *, token: str, round: int, match_id: int, fees: Mapping[str, str] | None = None
) -> DuelMatch:
    """The two players of the table's match say they are there (the night's trail keeps it), and
    ``fees`` ticks the fees they paid at the table, by player ("P3") and method
    (``tablets.fees.table_fees_take``). The same word sent again writes nothing more."""
    night, table, lines = held(token, round, match_id)
    named, now = lines.named, lines.now
    match = named.match
    if match.checked_in_at is None:
        if named is not now:
            raise stale(named, now)
        match.checked_in_at = timezone.now()
        match.save(update_fields=["checked_in_at"])
        night_log(
            night=night,
            action=AuditLine.Action.CHECKED_IN,
            detail=f"{named.round_name}, table {table.number}: {named.a.name} and {named.b.name}",
        )
    at_table = {payer_key(player) for player in (named.a, named.b)}
    table_fees_take(evening=night, at_table=at_table, fees=fees or {})
    return match
