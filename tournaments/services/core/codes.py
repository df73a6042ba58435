"""Table codes: drawn for each table's link, and guesses of them slowed down without locking a
whole hall out.

A code is five letters from an alphabet without look-alikes, drawn at random; the database holds
each code to one table among events and drives (``TableLink``), and a code drawn twice is drawn
again. Each side's card at a league match's table (``MatchTable``) opens from the same start
page, so a code one of them has is drawn again too, whichever is drawn first.

A tablet is counted by its browser (a cookie the start page gives it) and by its network address
(as a proxy we trust forwards it, see ``TRUST_X_FORWARDED_FOR``). One tablet's typos lock only that
tablet: ten wrong codes in ten minutes. A room behind one address (a proxy, the hall's router) shares
the address count, so that limit is higher: enough for every tablet in a big hall to mistype a few
times, far too few to guess a code (19^5 = 2.5 million of them).

Each attempt takes its place in the count before the code is looked at, in one atomic update, so
sixty guesses at once are sixty places, not sixty reads of the same count. A right code gives its
place back.

A lockout is lifted by the club it concerns. A right code says whose a tablet is: the club whose
table it opened, and its network is that club's too; a tablet new to us (no right code yet) is its
network's club's, so a new tablet in a hall whose tablets have opened Ribble Valley's tables is
Ribble Valley's. Ribble Valley's organisers let its tablets and networks try again from the live
page, and no other club's; a tablet or network that never typed a right code (a stranger guessing)
belongs to no club, and only a superuser lifts its lockout, or it runs out after ten minutes.
"""

import secrets
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet

from ...models import AuditLine, Club, CodeGuard, Drive, DuelTable, Event, MatchTable, TableLink
from .audit import event_log
from .errors import ServiceError
from .guards import guess_begin, guess_club_like, guess_was_right, locked_out

CODE_ALPHABET = "ACDEFHJKLMNPRTUVWXY"  # no look-alikes (B/8, G/6, I/1, O/0, Q, S/5, Z/2)
CODE_LENGTH = 5
DRAWS = 10  # a clash is one chance in 2.5 million for each code in use: ten mean something else

LIMITS = {"browser": 10, "address": 60}


def new_table_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def codes_in_use(codes: set[str], *, links: bool = True) -> set[str]:
    """Those of ``codes`` a table of an event or a drive, a two-player night or a league match has
    (with ``links=False`` not looked for among events' and drives' tables: their unique index is
    where a new one finds out)."""
    taken = set(TableLink.objects.filter(code__in=codes).values_list("code", flat=True)) if links else set()
    taken |= set(DuelTable.objects.filter(code__in=codes).values_list("code", flat=True))
    return taken | set(MatchTable.objects.filter(code__in=codes).values_list("code", flat=True))


def free_table_codes(count: int) -> list[str]:
    """``count`` new codes no table has, for tables made by the hundred (a league of twenty clubs
    has 4,560, one for each side at each table): a code a table has, or one drawn twice, is drawn
    again and the others are kept, as a whole draw free of both grows rarer with every code in use."""
    free: set[str] = set()
    for _ in range(DRAWS):
        drawn = {new_table_code() for _ in range(count - len(free))} - free
        free |= drawn - codes_in_use(drawn)
        if len(free) == count:
            return list(free)
    raise IntegrityError(f"No {count} free table codes after {DRAWS} draws.")


def table_link_create(
    *, table: int, event: Event | None = None, drive: Drive | None = None, token: str = "", code: str = ""
) -> TableLink:
    """Give a table of an event or of a drive its secret link and short code: those given (a
    restored backup's), else new ones. Where another table has the code or the token (the unique
    index says so) or a two-player night's or a league match's table has the code, new ones are
    drawn."""
    for _ in range(DRAWS):
        code = code or new_table_code()
        if codes_in_use({code}, links=False):
            code = ""
            continue
        link = TableLink(
            event=event,
            drive=drive,
            table=table,
            token=token or secrets.token_urlsafe(24),
            code=code,
        )
        try:
            with transaction.atomic():
                link.save(force_insert=True)
            return link
        except IntegrityError:
            token = code = ""
    raise IntegrityError(f"No free code for table {table} after {DRAWS} draws.")


def table_links_restore(
    *, tables: list[dict], event: Event | None = None, drive: Drive | None = None
) -> None:
    """Give tables of an event or a drive the links and codes a backup gives them (``table``,
    ``token``, ``code`` each), all at once: a code or token any other table has, or one given twice,
    is drawn anew, as ``table_link_create`` does for one table (which each falls back to, should
    another table take one meanwhile)."""
    if not tables:
        return
    codes = {t["code"] for t in tables if t["code"]}
    taken = codes_in_use(codes)
    tokens = set(
        TableLink.objects.filter(token__in={t["token"] for t in tables}).values_list("token", flat=True)
    )
    links, seen_codes, seen_tokens = [], set(), set()
    for t in tables:
        code, token = t["code"], t["token"]
        if not code or code in taken or code in seen_codes:
            code = ""
        if not token or token in tokens or token in seen_tokens:
            token = secrets.token_urlsafe(24)
        seen_codes.add(code)
        seen_tokens.add(token)
        links.append(TableLink(event=event, drive=drive, table=t["table"], token=token, code=code))
    fresh = [link for link in links if not link.code]
    for link, code in zip(fresh, free_table_codes(len(fresh)) if fresh else (), strict=True):
        link.code = code
    try:
        with transaction.atomic():
            TableLink.objects.bulk_create(links)
    except IntegrityError:  # taken meanwhile, or a table given twice: one at a time
        for t in tables:
            table_link_create(event=event, drive=drive, table=t["table"], token=t["token"], code=t["code"])


@dataclass(frozen=True)
class Tablet:
    browser: str  # the start page's cookie ("" before it has one)
    address: str

    def keys(self) -> list[str]:
        keys = [f"address:{self.address}"]
        if self.browser:
            keys.insert(0, f"browser:{self.browser}")
        return keys


def _limits(tablet: Tablet) -> dict[str, int]:
    return {key: LIMITS[key.split(":", 1)[0]] for key in tablet.keys()}


def code_attempt_begin(tablet: Tablet) -> bool:
    """Take a place for one attempt; False (the attempt is refused) when the tablet is locked out.
    A tablet that belongs to no club yet is taken to be its network's club's."""
    allowed = guess_begin(_limits(tablet))
    if tablet.browser:
        guess_club_like(f"browser:{tablet.browser}", like=f"address:{tablet.address}")
    return allowed


def code_attempt_succeeded(tablet: Tablet, *, club_id: int) -> None:
    """A right code gives its place back (only wrong codes count), and the tablet and its network
    are the club's whose table it opened."""
    guess_was_right(tablet.keys(), club_id=club_id)


def may_lift_lockouts(*, club: Club, user) -> bool:
    """Whether ``user`` may let ``club``'s tablets try again: an organiser of the club, or a superuser."""
    if user is None or not user.is_authenticated:
        return False
    return user.is_superuser or club.organisers.filter(pk=user.pk).exists()


def _liftable(*, club: Club, user) -> QuerySet:
    """The counts ``user`` may lift from ``club``'s pages: the club's tablets and networks; a
    superuser's, those of no club as well."""
    if not may_lift_lockouts(club=club, user=user):
        return CodeGuard.objects.none()
    if user.is_superuser:
        return CodeGuard.objects.filter(Q(club=club) | Q(club__isnull=True))
    return CodeGuard.objects.filter(club=club)


def code_lockouts(*, club: Club | None = None, user=None) -> int:
    """How many tablets or addresses are locked out now: those ``user`` may lift from ``club``'s
    pages (``_liftable``), or without a club every one."""
    return locked_out(LIMITS, None if club is None else _liftable(club=club, user=user))


@transaction.atomic
def code_lockouts_lift(*, event: Event, user) -> int:
    """Let the locked-out tablets and networks of the event's club try again at once (a
    superuser's lift, those of no club as well); return how many were locked. Other clubs' stay
    locked. Only an organiser of the club or a superuser may; the lift is kept in the trail of the
    event whose page it was asked from."""
    club = event.club
    if not may_lift_lockouts(club=club, user=user):
        raise ServiceError(f"Only an organiser of {club.name} can let its tablets try again.")
    guards = _liftable(club=club, user=user)
    locked = locked_out(LIMITS, guards)
    guards.filter(failures__gt=0).update(failures=0)
    event_log(event=event, action=AuditLine.Action.UNLOCKED, detail=f"{locked} locked out", user=user)
    return locked
