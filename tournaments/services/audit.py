"""The audit trail: one line for each thing that changes an event, a drive or a club's members,
whoever did it (the organiser's pages, the organiser site, a tablet, the command line).

Each service writes its one line inside the transaction of the change it records, so a change
and its line are kept or lost together. Results keep their own history besides
(``ResultChange``, ``DriveResultChange``).
"""

from django.db import transaction
from django.utils import timezone

from ..models import AuditLine, Club, Drive, Event, Heartbeat

DETAIL_LENGTH = AuditLine._meta.get_field("detail").max_length


def _log(*, club_id: int, action: str, detail: str, user, **evening) -> AuditLine:
    if detail and len(detail) > DETAIL_LENGTH:
        detail = detail[: DETAIL_LENGTH - 1] + "…"
    return AuditLine.objects.create(
        club_id=club_id,
        action=action,
        detail=detail,
        changed_by=user if user is not None and user.is_authenticated else None,
        changed_at=timezone.now(),
        **evening,
    )


def event_log(*, event: Event, action: str, detail: str = "", user=None) -> AuditLine:
    """Add one line to the event's trail; run inside the transaction of the change it records."""
    return _log(club_id=event.club_id, event=event, action=action, detail=detail, user=user)


def drive_log(*, drive: Drive, action: str, detail: str = "", user=None) -> AuditLine:
    """Add one line to the drive's trail; run inside the transaction of the change it records."""
    return _log(club_id=drive.club_id, drive=drive, action=action, detail=detail, user=user)


def club_log(*, club: Club, action: str, detail: str = "", user=None) -> AuditLine:
    """A line for the club itself: a member or the club's settings changed, an evening deleted."""
    return _log(club_id=club.pk, action=action, detail=detail, user=user)


def corrected_after_publication(event: Event):
    """When a result of the published event was last corrected after it was published, or None."""
    published = event.changes.filter(action=AuditLine.Action.PUBLISHED).order_by("-changed_at").first()
    if not event.published or published is None:
        return None
    corrected = (
        event.changes.filter(
            action__in=(AuditLine.Action.CORRECTED, AuditLine.Action.CHANGED),
            changed_at__gt=published.changed_at,
        )
        .order_by("-changed_at")
        .first()
    )
    return corrected.changed_at if corrected else None


@transaction.atomic
def heartbeat_write(name: str = "probe") -> None:
    """Write the probe's one row (insert or overwrite): a write's floor, and proof the database takes one."""
    Heartbeat.objects.bulk_create(
        [Heartbeat(name=name, at=timezone.now())],
        update_conflicts=True,
        unique_fields=["name"],
        update_fields=["at"],
    )
