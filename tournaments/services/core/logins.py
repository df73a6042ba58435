"""The organiser's login, locked against guessing without locking the organiser out.

Each wrong password is kept as a row (``LoginFailure``): the name tried, the address it came from
and when. A name is locked *from one address* once that address has tried it wrongly ``PER_NAME``
times within ``WINDOW``; an address is locked whatever name it tries once it has tried
``PER_ADDRESS`` wrong passwords within the window (guessing many names). A lock lasts ``LOCK`` from
the wrong password that made it, and a failure older than the window stops counting, so the count
slides with time rather than starting afresh at fixed moments. A stranger's guesses thus lock the
name only for the stranger's device, never the organiser's own; and another organiser of the club,
or a superuser, may lift a name's locks at once (``login_lock_lift``).

For example, ten wrong passwords for "organiser" from 10.0.0.7 between 21:00 and 21:04 lock
"organiser" from 10.0.0.7 until 21:14, while the right password from 10.0.0.8 logs in at 21:05.
"""

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from ...models import AuditLine, Club, LoginFailure
from .audit import club_log
from .errors import ServiceError

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


@dataclass(frozen=True)
class NameLock:
    """An organiser's name locked from ``devices`` addresses, the last lock ending at ``until``."""

    user: object
    devices: int
    until: datetime


def login_locks(*, club: Club) -> list[NameLock]:
    """The club's organisers whose name is locked now from one address or more, by name."""
    organisers = {_name(user.username): user for user in club.organisers.order_by("username")}
    times = defaultdict(list)
    rows = LoginFailure.objects.filter(username__in=organisers, at__gt=timezone.now() - KEPT).order_by("-at")
    for username, address, at in rows.values_list("username", "address", "at"):
        times[username, address].append(at)
    ends = defaultdict(list)
    for (username, _address), failures in times.items():
        until = lock_until(failures, limit=PER_NAME)
        if until is not None and until > timezone.now():
            ends[username].append(until)
    return [
        NameLock(user=organisers[username], devices=len(ends[username]), until=max(ends[username]))
        for username in organisers
        if ends[username]
    ]


@transaction.atomic
def login_lock_lift(*, club: Club, organiser, user) -> int:
    """Let ``organiser`` log in again at once from every device their name is locked from, and
    return how many that was. Only an organiser of ``club`` (which ``organiser`` organises too) or
    a superuser may; the club's trail says who lifted which name's lock."""
    if not (user.is_superuser or club.organisers.filter(pk=user.pk).exists()):
        raise ServiceError(f"Only an organiser of {club.name} can lift the lock on its organisers' logins.")
    if not club.organisers.filter(pk=organiser.pk).exists():
        raise ServiceError(
            f"A club lifts the locks of its own organisers only: {organiser.username} is not an organiser "
            f"of {club.name}."
        )
    lock = next((lock for lock in login_locks(club=club) if lock.user.pk == organiser.pk), None)
    if lock is None:
        raise ServiceError(f"There is nothing to lift: {organiser.username} is not locked out of logging in.")
    LoginFailure.objects.filter(username=_name(organiser.username)).delete()
    devices = "1 device" if lock.devices == 1 else f"{lock.devices} devices"
    club_log(
        club=club,
        action=AuditLine.Action.UNLOCKED,
        detail=f"login of organiser {organiser.username} unlocked on {devices} (too many wrong passwords)",
        user=user,
    )
    return lock.devices
