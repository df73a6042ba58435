"""The audit trail: one line for each thing that changes an event, a drive or a club's members,
whoever did it (the organiser's pages, the organiser site, a tablet, the command line).

Each service writes its one line inside the transaction of the change it records, so a change
and its line are kept or lost together. Results keep their own history besides
(``ResultChange``, ``DriveResultChange``).
"""

from django.db import transaction
from django.db.models import Subquery
from django.utils import timezone

from ...models import AuditLine, Club, Drive, DuelNight, Event, Heartbeat

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


def night_log(*, night, action: str, detail: str = "", user=None) -> AuditLine:
    """Add one line to a two-player night's trail; run inside the transaction of the change it records."""
    return _log(club_id=night.club_id, night=night, action=action, detail=detail, user=user)


def evening_log(*, evening: Event | Drive | DuelNight, action: str, detail: str = "", user=None) -> AuditLine:
    """Add one line to the trail of an event, a drive or a two-player night, whichever ``evening``
    is (the field named by its format's ``kind``: which models keep it); run inside the transaction
    of the change it records."""
    field = evening.evening_format.kind
    return _log(club_id=evening.club_id, action=action, detail=detail, user=user, **{field: evening})


def club_log(*, club: Club, action: str, detail: str = "", user=None) -> AuditLine:
    """A line for the club itself: a member or the club's settings changed, an evening deleted."""
    return _log(club_id=club.pk, action=action, detail=detail, user=user)


def _shown(field, value) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    return str(value)


def changes_text(instance, values: dict) -> str:
    """What a form changes, as the trail says it: "scoring: Matchpoints → Total tricks; name: …"."""
    parts = []
    for name, after in values.items():
        field = instance._meta.get_field(name)
        parts.append(
            f"{field.verbose_name}: {_shown(field, getattr(instance, name))} → {_shown(field, after)}"
        )
    return "; ".join(parts)


def corrected_after_publication(event: Event):
    """When a result of the published event was last corrected after its publication, or None: the
    public page says so, as a printed sheet would carry the correction's date."""
    if not event.published:
        return None
    published = event.changes.filter(action=AuditLine.Action.PUBLISHED).order_by("-changed_at")
    return (
        event.changes.filter(
            action=AuditLine.Action.CORRECTED, changed_at__gt=Subquery(published.values("changed_at")[:1])
        )
        .order_by("-changed_at")
        .values_list("changed_at", flat=True)
        .first()
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
