"""The audit trail of an evening: every step that is not a result (those keep their own history)."""

from django.db import transaction
from django.utils import timezone

from ..models import Event, EventChange, Heartbeat

DETAIL_LENGTH = EventChange._meta.get_field("detail").max_length


def event_log(*, event: Event, action: str, detail: str = "", user=None) -> EventChange:
    """Add one line to the event's trail; run inside the transaction of the change it records."""
    if detail and len(detail) > DETAIL_LENGTH:
        detail = detail[: DETAIL_LENGTH - 1] + "…"
    return EventChange.objects.create(
        event=event,
        action=action,
        detail=detail,
        changed_by=user if user is not None and user.is_authenticated else None,
        changed_at=timezone.now(),
    )


@transaction.atomic
def heartbeat_write(name: str = "probe") -> None:
    """Write the probe's one row (insert or overwrite): a write's floor, and proof the database takes one."""
    Heartbeat.objects.bulk_create(
        [Heartbeat(name=name, at=timezone.now())],
        update_conflicts=True,
        unique_fields=["name"],
        update_fields=["at"],
    )
