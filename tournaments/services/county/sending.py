"""The hall sends its club's closed evenings to the county server.

At each close (``signals.evening_closed``) the evening of a club with a county address is queued,
once the close has committed (``hall_upload_on_close``); the closing services know nothing of it.
``uploads_send`` sends what is queued, each evening as its kind's export (``Kind.upload``), and
keeps what the county said: sent, refused (in the county's words: a key withdrawn or another
club's; not tried again until the organiser asks), or still queued with the reason it did not go
(no network, the county's server down), to be tried again by the next call. An evening changed
after it was sent (a correction after the close: a line in its trail after the sending) is
queued again, and the county replaces its copy with it. The hall command
calls it every minute (``send_uploads --every 60``); a command or a task may call it as well.

Nothing is sent inside a database transaction: the export is read, the request made, and only its
answer written, in a short transaction of its own.
"""

import json
import logging
import urllib.error
import urllib.request
from collections.abc import Callable

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from ...models import AuditLine, Club, HallUpload
from ..core.audit import club_log
from ..core.errors import ServiceError
from ..kinds import kind_of

log = logging.getLogger(__name__)

UPLOAD_PATH = "/county/upload/"
TIMEOUT = 20  # seconds: a county server slower than this is tried again later
ANSWER_LENGTH = HallUpload._meta.get_field("answer").max_length


def hall_upload_on_close(sender, instance, **kwargs) -> None:
    """Receives ``evening_closed``: the evening is queued once the close has committed, and not
    at all if the close is rolled back."""
    transaction.on_commit(lambda: hall_upload_queue(evening=instance))


@transaction.atomic(durable=True)
def hall_upload_queue(*, evening) -> HallUpload | None:
    """Queue the closed evening for the county server (again, if it was sent before and has been
    closed again after a correction); None when its club sends nothing (no county address)."""
    club = Club.objects.get(pk=evening.club_id)
    if not club.county_address or kind_of(evening).upload is None:
        return None
    upload, _ = HallUpload.objects.update_or_create(
        **{evening.evening_format.kind: evening},
        defaults={
            "club": club,
            "state": HallUpload.State.QUEUED,
            "queued_at": timezone.now(),
            "answer": "",
        },
    )
    return upload


def hall_uploads_on_forget(sender, instance, evenings, **kwargs) -> None:
    """Receives ``member_forgotten``: the evenings that named the member, already sent, are queued
    again once the erasure has committed (and not at all if it is rolled back)."""
    ids = {
        kind: [e.pk for e in evenings if e.evening_format.kind == kind]
        for kind in ("event", "drive", "night")
    }
    transaction.on_commit(lambda: hall_uploads_forgotten_requeue(evenings=ids))


@transaction.atomic
def hall_uploads_forgotten_requeue(*, evenings: dict[str, list[int]]) -> int:
    """Queue again the uploads already sent of these evenings (by kind: "event", "drive", "night"
    to their ids), so that the county's copies are replaced by the forgotten ones; one waiting
    goes as it now stands, and one refused goes with the rest once the key is mended. How many."""
    where = Q(pk__in=[])
    for kind, ids in evenings.items():
        where |= Q(**{f"{kind}__in": ids})
    return HallUpload.objects.filter(where, state=HallUpload.State.SENT).update(
        state=HallUpload.State.QUEUED, queued_at=timezone.now(), answer=""
    )


def _said(raw: bytes, fallback: str) -> str:
    try:
        said = json.loads(raw).get("message", "")
    except (ValueError, AttributeError, UnicodeDecodeError):
        said = ""
    return str(said) or fallback


def upload_post(
    url: str, *, key: str, body: bytes, opener: Callable = urllib.request.urlopen
) -> tuple[int | None, str]:
    """POST the upload: (the county's HTTP status, its words), or (None, why it was not reached)."""
    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    try:
        with opener(request, timeout=TIMEOUT) as response:
            return response.status, _said(response.read(), "taken")
    except urllib.error.HTTPError as error:
        return error.code, _said(error.read(), f"the county server answered {error.code} {error.reason}")
    except urllib.error.URLError as error:
        return None, f"The county server could not be reached ({error.reason}); it will be tried again."
    except (OSError, ValueError) as error:  # a timeout, a connection dropped, an address not a URL
        return None, f"The county server could not be reached ({error}); it will be tried again."


@transaction.atomic(durable=True)
def hall_upload_record(*, upload: HallUpload, status: int | None, answer: str, read_at=None) -> HallUpload:
    """Keep what the county said of one sending: sent (2xx), refused (another 4xx: the key or the
    document, which sending again would not mend), or still queued (no answer, or the county's
    server in trouble: 5xx, 408, 429). ``read_at``: when the evening sent was read, which a change
    must follow to send it again (now, if not given)."""
    upload = HallUpload.objects.select_for_update().get(pk=upload.pk)
    now = timezone.now()
    if status is not None and 200 <= status < 300:
        upload.state, upload.sent_at = HallUpload.State.SENT, read_at or now
    elif status is not None and 400 <= status < 500 and status not in (408, 429):
        upload.state = HallUpload.State.REFUSED
    upload.tried_at, upload.tries = now, upload.tries + 1
    upload.answer = answer if len(answer) <= ANSWER_LENGTH else answer[: ANSWER_LENGTH - 1] + "…"
    upload.save(update_fields=["state", "sent_at", "tried_at", "tries", "answer"])
    return upload


def uploads_send(
    *, club: Club | None = None, refused: bool = False, opener: Callable = urllib.request.urlopen
) -> list[HallUpload]:
    """Send every queued evening (of ``club``, or of every club with a county address) to the
    county server, each in its own request; ``refused``: those the county refused as well (the
    organiser has mended the key). Each answer is kept (``hall_upload_record``); what did not go
    stays queued for the next call. Returns the uploads tried, as they now stand."""
    if connection.in_atomic_block:
        raise RuntimeError("uploads_send talks to the county server: call it outside any transaction.")
    hall_uploads_changed_requeue()
    states = [HallUpload.State.QUEUED] + ([HallUpload.State.REFUSED] if refused else [])
    queued = (
        HallUpload.objects.filter(state__in=states)
        .exclude(club__county_address="")
        .select_related("club", "event__club", "drive__club", "night__club")
        .order_by("queued_at", "pk")
    )
    if club is not None:
        queued = queued.filter(club=club)
    tried = []
    for upload in queued:
        evening, home, read_at = upload.evening, upload.club, timezone.now()
        body = json.dumps(
            {
                "club": home.county_club or home.slug,
                "kind": evening.evening_format.key,
                "document": kind_of(evening).upload.export(evening),
            },
            ensure_ascii=False,
        ).encode()
        url = home.county_address.rstrip("/") + UPLOAD_PATH
        status, answer = upload_post(url, key=home.county_key, body=body, opener=opener)
        if status is None:
            log.info("Upload of %s not sent: %s", evening, answer)
        tried.append(hall_upload_record(upload=upload, status=status, answer=answer, read_at=read_at))
    return tried


@transaction.atomic
def hall_uploads_changed_requeue() -> int:
    """The evenings sent that have changed since (a correction after the close, a publication: a
    line in their trail written after the sending) are queued again, so that the county's copy is
    the hall's as it now stands; returns how many."""
    later = AuditLine.objects.filter(
        Q(event=OuterRef("event")) | Q(drive=OuterRef("drive")) | Q(night=OuterRef("night")),
        changed_at__gt=OuterRef("sent_at"),
    )
    return (
        HallUpload.objects.filter(state=HallUpload.State.SENT)
        .filter(Exists(later))
        .update(state=HallUpload.State.QUEUED, queued_at=timezone.now())
    )


def _requeue_refused(club: Club) -> int:
    return HallUpload.objects.filter(club=club, state=HallUpload.State.REFUSED).update(
        state=HallUpload.State.QUEUED, queued_at=timezone.now()
    )


@transaction.atomic  # not durable: the organiser site saves the club inside its own transaction
def hall_uploads_requeue(*, club: Club) -> int:
    """The evenings the county refused go back in the queue (the club's key or address mended)."""
    return _requeue_refused(club)


@transaction.atomic(durable=True)
def club_county_set(*, club: Club, address: str, key: str, county_club: str = "", user=None) -> Club:
    """Set where the club's closed evenings are sent and the key the county gave it (an empty
    address: none is sent), with its line in the club's trail; the evenings the county refused
    are queued again, to go with the new key."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    club.county_address, club.county_key, club.county_club = address.strip(), key.strip(), county_club.strip()
    if club.county_address and not club.county_key:
        raise ServiceError("Give the key the county's administrator made for the club, with the address.")
    try:
        club.full_clean()
    except ValidationError as error:
        words = "; ".join(
            f"{field.replace('_', ' ')}: {' '.join(m)}" for field, m in error.message_dict.items()
        )
        raise ServiceError(words) from None
    club.save(update_fields=["county_address", "county_key", "county_club"])
    requeued = _requeue_refused(club)
    said = f"sends to {club.county_address}" if club.county_address else "sends nothing"
    detail = said + (f"; {requeued} refused evenings queued again" if requeued else "")
    club_log(club=club, action=AuditLine.Action.CHANGED, detail=f"county server: {detail}", user=user)
    return club


def hall_uploads_shown(club: Club, *, most: int = 30) -> list[HallUpload]:
    """The club's newest uploads to the county, each with its evening, for the club's page."""
    return list(
        HallUpload.objects.filter(club=club)
        .select_related("event", "drive", "night")
        .order_by("-queued_at", "-pk")[:most]
    )
