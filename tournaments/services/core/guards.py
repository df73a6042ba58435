"""Wrong guesses of a table's code at the start page counted, to slow down guessing (an
organiser's wrong passwords are counted apart, in ``logins``, so that a lock can slide with time).

Each guess is counted against one or more keys ("browser:…", "address:…"), each with its
limit, over a window of ten minutes. A guess takes its place in the count before it is checked, in
one locked read-and-write, so sixty guesses at once are sixty places, not sixty reads of the same
count; a right guess gives its place back, so only wrong ones count.

A right guess also says whose the key is: the club whose table it opened. A key no club has yet
takes the club of another (a tablet new to us, its network's). A count past its window is not
kept, unless a club has it: then it is kept for the evening (``KNOWN``), so that a tablet that
opened its table at seven and mistypes at ten is still known to be the club's.
"""

from collections.abc import Mapping
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import F, Q, QuerySet, Subquery
from django.utils import timezone

from ...models import CodeGuard

WINDOW = timedelta(minutes=10)
KNOWN = timedelta(hours=12)  # how long a club's key outlives its window: an evening and its setting up


@transaction.atomic
def _take_place(key: str, now) -> int:
    """Count one guess against ``key`` and return the count, in one locked read-and-write."""
    guard = CodeGuard.objects.select_for_update().filter(key=key).first()
    if guard is None:
        try:
            with transaction.atomic():
                CodeGuard.objects.create(key=key, failures=1, since=now)
            return 1
        except IntegrityError:  # another guess made it first
            guard = CodeGuard.objects.select_for_update().get(key=key)
    if guard.since < now - WINDOW:
        CodeGuard.objects.filter(pk=guard.pk).update(failures=1, since=now)
        return 1
    CodeGuard.objects.filter(pk=guard.pk).update(failures=F("failures") + 1)
    return guard.failures + 1


def guess_begin(limits: Mapping[str, int]) -> bool:
    """Take a place for one guess against each key; False (the guess is refused, unchecked) when
    any key is past its limit."""
    now = timezone.now()
    CodeGuard.objects.filter(Q(since__lt=now - WINDOW, club__isnull=True) | Q(since__lt=now - KNOWN)).delete()
    allowed = True
    for key, limit in limits.items():
        if _take_place(key, now) > limit:
            allowed = False
    return allowed


def guess_was_right(keys, *, club_id: int) -> None:
    """A right guess gives its places back, and its keys are the club's whose table it opened."""
    guards = CodeGuard.objects.filter(key__in=list(keys))
    guards.filter(failures__gt=0).update(failures=F("failures") - 1)
    guards.update(club_id=club_id)


def guess_club_like(key: str, *, like: str) -> None:
    """A key no club has yet takes the club of ``like`` (when that key has one)."""
    club = CodeGuard.objects.filter(key=like).values("club")[:1]
    CodeGuard.objects.filter(key=key, club__isnull=True).update(club=Subquery(club))


def locked_out(prefixes: Mapping[str, int], guards: QuerySet | None = None) -> int:
    """How many keys of these prefixes (each with its limit) are locked out now, among ``guards``
    (every key when None)."""
    since = timezone.now() - WINDOW
    guards = (CodeGuard.objects.all() if guards is None else guards).filter(since__gte=since)
    return sum(
        1
        for guard in guards
        if (limit := prefixes.get(guard.key.split(":", 1)[0])) is not None and guard.failures >= limit
    )
