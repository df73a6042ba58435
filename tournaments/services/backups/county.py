"""A club's way to the county in its backup: its county settings (in ``CLUB_FIELDS``, the key
among them: a backup holds the key as the club's row does) and the hall's queue of uploads, each
evening by its kind and identity (``uuid``, which every export keeps), with what the county last
said. Restored after the club's evenings, so a hall restored on a new laptop sends what was waiting
and does not send again what the county already holds."""

from datetime import datetime

from ...models import Club, Drive, DuelNight, Event, HallUpload
from .event_schema import WHEN, one_of, record, rows, text, whole

KINDS = {"event": Event, "drive": Drive, "night": DuelNight}
UUID = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
ANSWER = HallUpload._meta.get_field("answer").max_length

UPLOADS = rows(
    record(
        {
            "kind": one_of(*KINDS),
            "uuid": {"type": "string", "pattern": UUID, "description": "is not an evening's identity"},
            "state": one_of(*HallUpload.State.values),
            "queued_at": WHEN,
            "tried_at": WHEN | {"type": ["string", "null"]},
            "tries": whole(0, 2**31 - 1),
            "sent_at": WHEN | {"type": ["string", "null"]},
            "answer": text(ANSWER),
        }
    )
)


def _when(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _at(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


def hall_uploads_export(club: Club) -> list[dict]:
    """The club's uploads to the county, oldest first."""
    uploads = HallUpload.objects.filter(club=club).select_related("event", "drive", "night")
    return [
        {
            "kind": upload.evening.evening_format.kind,
            "uuid": str(upload.evening.uuid),
            "state": upload.state,
            "queued_at": _when(upload.queued_at),
            "tried_at": _when(upload.tried_at),
            "tries": upload.tries,
            "sent_at": _when(upload.sent_at),
            "answer": upload.answer,
        }
        for upload in uploads.order_by("queued_at", "pk")
    ]


def hall_uploads_restore(items: list[dict], *, club: Club) -> list[HallUpload]:
    """The club's uploads back, each to its restored evening (a KeyError names one the file lacks)."""
    found = {}
    for kind, model in KINDS.items():
        wanted = [item["uuid"] for item in items if item["kind"] == kind]
        found |= {(kind, str(e.uuid)): e for e in model.objects.filter(club=club, uuid__in=wanted)}
    uploads = []
    for item in items:
        evening = found.get((item["kind"], item["uuid"]))
        if evening is None:
            raise KeyError(f"the {item['kind']} {item['uuid']} of the queue to the county")
        upload = HallUpload(
            club=club,
            **{item["kind"]: evening},
            state=item["state"],
            queued_at=_at(item["queued_at"]),
            tried_at=_at(item["tried_at"]),
            tries=item["tries"],
            sent_at=_at(item["sent_at"]),
            answer=item["answer"],
        )
        upload.full_clean(exclude=["club", "event", "drive", "night"])
        uploads.append(upload)
    return HallUpload.objects.bulk_create(uploads)
