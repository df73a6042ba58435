"""The county server takes a hall's closed evening into the club its key opens.

An upload is JSON: ``{"club": "<slug>", "kind": "<format>", "document": <the evening's export>}``
with the key in the Authorization header ("Bearer wdc_…"). It is taken in one transaction, or
refused whole, in words:

- a key not known, or withdrawn, opens nothing (401, 403); a key opens only its own club (403);
- the document is checked by its kind's restore, which checks every rule a restore checks (400);
- the evening is known by the identity its export carries (``uuid``): the same document again
  changes nothing ("already here", 200); a changed one, a correction made at the hall after the
  close, replaces the county's copy of the evening whole (200, "replaced"). A member the
  copy replaced named, whom nothing on the county holds any longer (the hall forgot them: the new
  copy says "Former member 17"), is removed with their e-mails, and the season cache emptied.

Every upload, taken or refused, has its line in the audit trail: on the evening when it is
taken, on the club when it is refused (on the club its key is for, or the club it names), and
in the server's log when neither is known.
"""

import hashlib
import json
import logging
import uuid
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import PROTECT, RESTRICT
from django.utils import timezone

from ...models import AuditLine, Club, CountyKey, CountyUpload, Member
from ...signals import evening_uploaded
from ..core.audit import club_log, evening_log
from ..core.errors import ServiceError
from ..core.season_cache import season_cache_empty
from ..kinds import KINDS, Upload
from .keys import county_key_find

log = logging.getLogger(__name__)

ALREADY_HERE = "already here"


@dataclass(frozen=True)
class Answer:
    """What the county says to the hall: an HTTP status and words."""

    status: int
    message: str
    evening_id: int | None = None


class Refused(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


def document_digest(document) -> str:
    """The SHA-256 of the document as canonical JSON: the same evening sent twice gives the same."""
    return hashlib.sha256(json.dumps(document, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _key_opens(key: CountyKey | None) -> CountyKey:
    if key is None:
        raise Refused(
            401,
            "This upload carries no key the county server knows: ask the county's "
            "administrator for your club's key.",
        )
    if key.withdrawn_at is not None:
        raise Refused(
            403,
            f"The key {key.prefix}… was withdrawn on {key.withdrawn_at:%d %B %Y}: ask the "
            "county's administrator for a new one.",
        )
    return key


def _upload(body: bytes) -> dict:
    try:
        upload = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise Refused(400, "The upload is not JSON: nothing was taken.") from None
    if not isinstance(upload, dict) or not all(k in upload for k in ("club", "kind", "document")):
        raise Refused(
            400, "The upload must give the club, the kind of evening and its document: nothing was taken."
        )
    return upload


def _kind(upload: dict) -> tuple[Upload, str]:
    kind = KINDS.get(upload["kind"]) if isinstance(upload["kind"], str) else None
    if kind is None or kind.upload is None:
        raise Refused(
            400, f"An evening of the kind {upload['kind']!r} cannot be sent to the county: nothing was taken."
        )
    identity = kind.upload.identity(upload["document"])
    try:
        return kind.upload, str(uuid.UUID(identity))
    except ValueError:
        raise Refused(
            400,
            "The evening's document carries no identity (uuid): send it from a whistdrive "
            "that gives one. Nothing was taken.",
        ) from None


def _take(*, key: CountyKey, upload: dict, kind: Upload, identity: str) -> Answer:
    """Take the evening in one transaction (or find it already here)."""
    club, document = key.club, upload["document"]
    digest = document_digest(document)
    with transaction.atomic(durable=True):
        # One upload of a club at a time: two sendings of one evening at once take it once.
        Club.objects.select_for_update().filter(pk=club.pk).first()
        kept = (
            CountyUpload.objects.select_for_update(of=("self",)).filter(club=club, evening=identity).first()
        )
        old = kept and (kept.event or kept.drive or kept.night)
        if kept is not None and kept.digest == digest and old is not None:
            evening_log(
                evening=old,
                action=AuditLine.Action.UPLOADED,
                detail=f"sent again by key {key.prefix}…: {ALREADY_HERE}, nothing changed",
            )
            return Answer(200, f"{old} is {ALREADY_HERE}: nothing changed.", old.pk)
        named = set()
        if old is not None:
            named = _members_named(old)
            old.delete()  # a correction made at the hall after the close: the new document replaces it
        evening = kind.restore(document, club=club)
        gone = _members_left_behind(club, named)
        rows = {"event": None, "drive": None, "night": None, evening.evening_format.kind: evening}
        now = timezone.now()
        if kept is None:
            CountyUpload.objects.create(
                club=club, evening=identity, format=upload["kind"], digest=digest, received_at=now, **rows
            )
            said = "taken"
        else:
            kept.format, kept.digest, kept.replaced_at = upload["kind"], digest, now
            for field, value in rows.items():
                setattr(kept, field, value)
            kept.save(update_fields=["format", "digest", "replaced_at", "event", "drive", "night"])
            said = "replaced by the hall's corrected evening"
            if gone:
                said += f" ({gone} of its players no longer named anywhere here, removed)"
        evening_log(
            evening=evening,
            action=AuditLine.Action.UPLOADED,
            detail=f"from the hall by key {key.prefix}…: {said}",
        )
        evening_uploaded.send(sender=type(evening), instance=evening)
    return Answer(200, f"{evening} is {said}.", evening.pk)


def _member_relations():
    """Every foreign key to a member, as relations from the member's side (the hidden ones too:
    a pair's players have no name back)."""
    return [f for f in Member._meta.get_fields(include_hidden=True) if f.auto_created and not f.concrete]


def _members_named(evening) -> set[int]:
    """The ids of the members the evening's own rows name (its pairs', players' and entrants'
    people, whatever the kind), read before the copy is replaced."""
    named = set()
    for relation in _member_relations():
        model, field = relation.related_model, relation.field
        to_evening = [
            f.name for f in model._meta.concrete_fields if f.is_relation and f.related_model is type(evening)
        ]
        for lookup in to_evening:
            rows = model.objects.filter(**{lookup: evening}, **{f"{field.name}__isnull": False})
            named.update(rows.values_list(field.attname, flat=True))
    return named


def _members_left_behind(club: Club, named: set[int]) -> int:
    """Remove the club's members a replaced copy named that nothing here holds any longer (the
    hall forgot them, or corrected the name: the new copy names "Former member 17" or the right
    name), with what is only theirs (their e-mails); a member still in an evening, or with a
    payment or an account line (any row that keeps its member from being deleted), is kept. How
    many were removed."""
    held = set()
    for relation in _member_relations():
        if relation.on_delete in (PROTECT, RESTRICT):
            rows = relation.related_model.objects.filter(**{f"{relation.field.name}__in": named})
            held.update(rows.values_list(relation.field.attname, flat=True))
    left = Member.objects.filter(club=club, pk__in=named - held)
    gone = left.count()
    if gone:
        left.delete()
        # What the season cache kept of the copy replaced (players' pages) still names them.
        transaction.on_commit(season_cache_empty)
    return gone


def county_upload_receive(*, secret: str, body: bytes) -> Answer:
    """Take a hall's upload (``body``) sent with the key ``secret``: an ``Answer`` in words, and
    its line in the trail whatever the answer."""
    key, named = county_key_find(secret), None
    try:
        upload = _upload(body)
        if isinstance(upload.get("club"), str):
            named = Club.objects.filter(slug=upload["club"]).first()
        key = _key_opens(key)
        if upload["club"] != key.club.slug:
            raise Refused(
                403,
                f"This key is {key.club}'s: it does not open the club {upload['club']!r}. Nothing was taken.",
            )
        kind, identity = _kind(upload)
        try:
            return _take(key=key, upload=upload, kind=kind, identity=identity)
        except IntegrityError:
            # The same evening sent twice at once: the other took it first; this one finds it here.
            return _take(key=key, upload=upload, kind=kind, identity=identity)
    except Refused as refusal:
        answer = Answer(refusal.status, refusal.message)
    except ServiceError as refusal:  # the kind's restore: a rule the document breaks, in its words
        answer = Answer(400, str(refusal))
    club = key.club if key is not None else named
    if club is None:
        log.warning("An upload was refused: %s", answer.message)
    else:
        with transaction.atomic(durable=True):
            club_log(club=club, action=AuditLine.Action.UPLOAD_REFUSED, detail=answer.message)
    return answer
