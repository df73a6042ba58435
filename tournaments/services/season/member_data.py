"""A member's own data, as one JSON document for them (a subject access request): their details,
every evening they were entered in (events, drives, two-player nights), with their partners,
places and scores where published, the e-mails the club sent them, and the lines of the club's
trail that name them."""

from django.db.models import Q
from django.utils import timezone

from ...models import AuditLine, Member
from ..core.forgetting import PARTS
from ..core.members import name_forms
from .players import member_season


def _when(value) -> str | None:
    return None if value is None else value.isoformat()


def _entered(member: Member) -> list[dict]:
    """Every evening the member was entered in (an event, a drive, a two-player night), published or
    not, oldest first: each part of the app with evenings says which the member played in."""
    rows = [
        (part.kind, evening)
        for part in PARTS
        if part.evening is not None
        for evening in part.evening.objects.filter(pk__in=part.evenings_of(member))
    ]
    return [
        {"kind": kind, "id": e.pk, "name": e.name, "date": e.date.isoformat(), "published": e.published}
        for kind, e in sorted(rows, key=lambda row: (row[1].date, row[0], row[1].pk))
    ]


def member_data(member: Member) -> dict:
    """Everything held about one member, as plain data for JSON."""
    season = member_season(member)
    forms = name_forms(member)
    naming = Q(detail__contains=f"member {member.pk} ") | Q(detail__endswith=f"member {member.pk}")
    for form in forms:
        naming |= Q(detail__contains=form)
    trail = AuditLine.objects.filter(naming, club=member.club).select_related(
        "event", "drive", "night", "changed_by"
    )
    return {
        "format": "whistdrive-member-data",
        "written_at": timezone.now().isoformat(),
        "member": {
            "id": member.pk,
            "club": member.club.name,
            "first_name": member.first_name,
            "last_name": member.last_name,
            "email": member.email,
            "active": member.active,
            "name_on_public_pages": member.get_published_as_display(),
            "forgotten_at": _when(member.forgotten_at),
        },
        "evenings": _entered(member),
        "results": [
            {
                "kind": e.kind,
                "id": e.pk,
                "name": e.name,
                "date": e.date.isoformat(),
                "partners": [p.name for p in e.partners if p.name],
                "card": e.card,
                "place": e.place,
                "field": e.field_name,
                "field_size": e.field_size,
                "score": e.score_text,
                "hands": e.hands,
            }
            for e in season.evenings
        ],
        "competitions": [
            {k: c[k] for k in ("name", "place", "field_size", "score_text")} for c in season.competitions
        ],
        "emails": [
            {
                "to": m.to,
                "subject": m.subject,
                "body": m.body,
                "status": m.status,
                "created_at": _when(m.created_at),
                "sent_at": _when(m.sent_at),
            }
            for m in member.result_mails.order_by("created_at", "pk")
        ],
        "trail": [
            {
                "when": _when(line.changed_at),
                "by": line.changed_by.get_username() if line.changed_by else "",
                "evening": getattr(line.event or line.drive or line.night, "name", ""),
                "action": line.get_action_display(),
                "detail": line.detail,
            }
            for line in trail.order_by("changed_at", "pk")
        ],
    }
