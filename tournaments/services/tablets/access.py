"""How a tablet reaches its table: each table's secret link and short code, a typed code looked up
(wrong codes counted against the tablet that typed them), and whether the table may play now.

A table's page refuses a tablet unless its evening runs: before the start it waits
(``TableNotStarted``), after the close it says why; a write asks again under its lock
(``entry.py``).
"""

from django.db import transaction

from ...models import Drive, DuelNight, DuelTable, Event, LeagueClub, MatchTable, TableAccess, TableLink
from ..core.codes import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Tablet,
    code_attempt_begin,
    code_attempt_succeeded,
    table_link_create,
)
from ..core.errors import ServiceError
from ..core.verdicts import require
from ..events.lifecycle import has_started, may_play
from ..leagues import may_play_match


class TableError(ServiceError):
    """Something a player at the table is told plainly."""


@transaction.atomic
def event_open_tables(*, event: Event) -> list[TableAccess]:
    """Give each table of the event its secret link and short code (those it has are kept)."""
    existing = {a.table: a for a in event.table_accesses.all()}
    for table in range(1, event.tables + 1):
        if table not in existing:
            existing[table] = table_link_create(event=event, table=table)
    return [existing[t] for t in sorted(existing) if t <= event.tables]


def table_code_lookup(*, code: str, tablet: Tablet) -> TableLink | MatchTable | DuelTable:
    """The table a typed code opens, an event's or a drive's whatever its state: its page says
    whether play has started, and a table's own code is never a guess. A league match's opens only
    while the match may be played (``leagues.may_play_match``): its code is printed with the
    fixtures, months ahead; typed at another time it is refused with the reason, and counts as a
    wrong code. Repeated wrong codes from one tablet (or one network) are refused for a while
    (``services/core/codes.py``)."""
    if not code_attempt_begin(tablet):
        raise TableError(
            "Too many wrong codes from this tablet. Wait ten minutes, or ask the organiser to let it "
            "try again."
        )
    cleaned = "".join(code.split()).upper()
    # Only a code that could be one is looked up: anything else (a NUL byte, a symbol) is wrong
    # without asking the database, which refuses some characters outright.
    could_be = len(cleaned) == CODE_LENGTH and set(cleaned) <= set(CODE_ALPHABET)
    access = TableLink.objects.filter(code=cleaned).first() if could_be else None
    if access is None and could_be:  # a table of a league match (services/leagues/)
        access = MatchTable.objects.select_related("fixture").filter(code=cleaned).first()
        if access is not None:
            require(may_play_match(access.fixture), TableError)
    if access is None and could_be:  # a table of a two-player night (services/duels/)
        access = DuelTable.objects.filter(code=cleaned).first()
    if access is None:
        raise TableError(
            f"'{code_as_typed(code)}' is not the code of a table in play. Check the code on the table card."
        )
    code_attempt_succeeded(tablet, club_id=_club_id(access))
    return access


def _club_id(access: TableLink | MatchTable | DuelTable) -> int:
    """The club whose table this is: its evening's; a league match's side's own club when it is one
    of ours, else the club that runs the league."""
    if isinstance(access, MatchTable):
        side = access.fixture.home_id if access.side == MatchTable.Side.HOME else access.fixture.away_id
        ours = LeagueClub.objects.filter(pk=side).values_list("club_id", flat=True).first()
        return ours or access.fixture.league.club_id
    if isinstance(access, DuelTable):
        return DuelNight.objects.values_list("club_id", flat=True).get(pk=access.night_id)
    if access.event_id is not None:
        return Event.objects.values_list("club_id", flat=True).get(pk=access.event_id)
    return Drive.objects.values_list("club_id", flat=True).get(pk=access.drive_id)


def code_as_typed(code: str) -> str:
    """A typed code as it is shown again (in the box, in a message): its first twelve characters
    (the box's length), the unprintable left out."""
    return "".join(c for c in code.strip()[:12] if c.isprintable())


class TableNotStarted(TableError):
    """The table is ready and its tablet waits: the organiser has not pressed Start."""


def table_access_check(access: TableAccess) -> None:
    """Refuse a tablet unless its event runs now (read afresh: the organiser may just have closed it);
    before the start, with ``TableNotStarted``. A write checks the event again under a lock, in the
    statement that locks the table."""
    event = Event.objects.only("name", "status").get(pk=access.event_id)
    verdict = may_play(event)
    if not verdict:
        raise TableError(verdict.reason) if has_started(event) else TableNotStarted(verdict.reason)
