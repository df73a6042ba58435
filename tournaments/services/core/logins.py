"""The organiser's login, locked against guessing without locking the organiser out.

Each wrong password is kept as a row (``LoginFailure``): the name tried, the address it came from
and when. A name is locked *from one address* once that address has tried it wrongly ``PER_NAME``
times within ``WINDOW``; an address is locked whatever name it tries once it has tried
``PER_ADDRESS`` wrong passwords within the window (guessing many names). A lock lasts ``LOCK`` from
the wrong password that made it, and a failure older than the window stops counting, so the count
slides with time rather than starting afresh at fixed moments. A stranger's guesses thus lock the
name only for the stranger's device, never the organiser's own.

For example, ten wrong passwords for "organiser" from 10.0.0.7 between 21:00 and 21:04 lock
"organiser" from 10.0.0.7 until 21:14, while the right password from 10.0.0.8 logs in at 21:05.
"""

from datetime import datetime, timedelta

from django.utils import timezone

from ...models import LoginFailure

WINDOW = timedelta(minutes=10)
LOCK = timedelta(minutes=10)
PER_NAME = 10  # wrong passwords for one name from one address
PER_ADDRESS = 30  # wrong passwords from one address, whichever names
KEPT = WINDOW + LOCK  # a lock's oldest failure is at most this old: older rows count for nothing


class LoginLocked(Exception):
    """The login is refused unchecked until ``until``: for ``username`` from this address, or (with
    ``username`` empty) for every name from this address."""

    def __init__(self, *, until: datetime, username: str = ""):
        super().__init__(f"locked until {until:%H:%M}")
        self.until = until
        self.username = username


def _name(username: str) -> str:
    return username.strip().lower()[:150]


def lock_until(times: list[datetime], *, limit: int) -> datetime | None:
    """When the lock these failures made ends (``times`` newest first), or None when they made
    none: ``limit`` failures within ``WINDOW`` lock until ``LOCK`` after the last of them. The
    newest such run decides, since a later lock always ends later."""
    for newest in range(len(times) - limit + 1):
        if times[newest] - times[newest + limit - 1] < WINDOW:
            return times[newest] + LOCK
    return None


def _times(**where) -> list[datetime]:
    rows = LoginFailure.objects.filter(at__gt=timezone.now() - KEPT, **where).order_by("-at")
    return list(rows.values_list("at", flat=True))


def _lock(username: str, address: str) -> LoginLocked | None:
    """The lock that holds now on this name from this address, or None."""
    now = timezone.now()
    until = lock_until(_times(address=address), limit=PER_ADDRESS)
    if until is not None and until > now:
        return LoginLocked(until=until)
    until = lock_until(_times(username=username, address=address), limit=PER_NAME)
    if until is not None and until > now:
        return LoginLocked(until=until, username=username)
    return None


def login_attempt_begin(*, username: str, address: str) -> int:
    """Take a place for one password tried from ``address`` and return it (give it back with
    ``login_succeeded`` when the password is right); raise ``LoginLocked``, the password unchecked,
    when the name or the address is locked.

    No transaction here on purpose: the place is written (and committed) before the count is read,
    so sixty passwords sent at once each see the places taken before theirs and only the first few
    are checked."""
    now = timezone.now()
    username = _name(username)
    address = address[:45]
    LoginFailure.objects.filter(at__lt=now - KEPT).delete()
    if (lock := _lock(username, address)) is not None:
        raise lock
    place = LoginFailure.objects.create(username=username, address=address, at=now)
    recent = LoginFailure.objects.filter(address=address, at__gt=now - WINDOW)
    if recent.count() > PER_ADDRESS or recent.filter(username=username).count() > PER_NAME:
        place.delete()  # others sent at the same moment took the last places
        raise _lock(username, address) or LoginLocked(until=now + LOCK, username=username)
    return place.pk


def login_succeeded(*, attempt: int) -> None:
    """A right password gives its place back: only wrong ones count."""
    LoginFailure.objects.filter(pk=attempt).delete()
