"""The keys a county server gives its clubs' halls: made by its administrator, shown once, kept
only as their SHA-256, and withdrawn when a laptop is lost or a club leaves.

>>> key_digest("wdc_abc") == key_digest("wdc_abc") != key_digest("wdc_abd")
True
"""

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

from ...models import AuditLine, Club, CountyKey
from ..core.audit import club_log
from ..core.errors import ServiceError

KEY_START = "wdc_"  # a county key, to tell it from any other secret at a glance


def key_digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@transaction.atomic  # not durable: the admin's add page saves inside its own transaction
def county_key_make(*, club: Club, user=None) -> tuple[CountyKey, str]:
    """A new key for the club's hall, and the key itself: shown now, never again."""
    secret = KEY_START + secrets.token_urlsafe(32)
    key = CountyKey.objects.create(
        club=club, prefix=secret[:10], digest=key_digest(secret), made_at=timezone.now()
    )
    club_log(club=club, action=AuditLine.Action.COUNTY_KEY, detail=f"key {key.prefix}… made", user=user)
    return key, secret


@transaction.atomic(durable=True)
def county_key_withdraw(*, key: CountyKey, user=None) -> CountyKey:
    """Withdraw the key: from now on it opens nothing."""
    key = CountyKey.objects.select_for_update(of=("self",)).select_related("club").get(pk=key.pk)
    if key.withdrawn_at is not None:
        raise ServiceError(f"The key {key.prefix}… was already withdrawn on {key.withdrawn_at:%d %B %Y}.")
    key.withdrawn_at = timezone.now()
    key.save(update_fields=["withdrawn_at"])
    club_log(
        club=key.club, action=AuditLine.Action.COUNTY_KEY, detail=f"key {key.prefix}… withdrawn", user=user
    )
    return key


def county_key_find(secret: str) -> CountyKey | None:
    """The key given, withdrawn or not, or None when no key was ever made so."""
    if not secret:
        return None
    return CountyKey.objects.select_related("club").filter(digest=key_digest(secret)).first()
