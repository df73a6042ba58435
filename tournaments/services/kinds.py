"""What serves each kind of evening, in one table keyed by its format (``domain.formats.FORMATS``).

A format declares what an evening *is* (who plays, what a table enters, how it is scored and
named); its entry here says what *serves* it: which model keeps it, the reader of its state, its
members' rows for their pages and the results e-mail, its entrants for the competitions, its money,
its organiser's and results pages, its room display for the hall, and what of it can hold a
member's name. (The club's backup keeps its own table of what each model exports,
``backups.club``: the backups sit below this module.) A shared output asks an evening's entry
(``kind_of``), or takes many evenings a kind at a time (``by_kind``), and never tests which kind
it is; a new kind is a new entry here and folders of its own. ``tests/test_kinds.py`` fails when a
format has no entry.

>>> from tournaments.domain.formats import FORMATS
>>> sorted(KINDS) == sorted(FORMATS)
True
>>> KINDS["widow"].results_page, KINDS["progressive"].results_page
('drive-results', 'drive-results')
>>> KINDS["widow"].state is KINDS["progressive"].state
False
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from django.db import models
from django.urls import reverse
from django.utils.http import urlencode

from ..models import Drive, DuelNight, Event, Fixture
from .core.forgetting import DRIVES, EVENTS, LEAGUES, NIGHTS, Part
from .core.rooms import ROOM_KEY
from .drives.money import drive_accounts
from .drives.state import DriveState
from .drives.totals import drives_totals
from .duels.state import night_states
from .season.entrants import drives_entrants, events_entrants, widow_entrants
from .season.evenings import drives_evenings, events_evenings, nights_evenings, widow_evenings
from .season.reading import events_read, widow_states
from .widow.money import widow_accounts
from .widow.state import WidowState


def _none(evenings, read=None) -> dict:
    return {}


def _no_rows(evenings, member_ids=None, read=None) -> list:
    return []


def _night_state(night: DuelNight):
    return night_states([night])[night.pk]


@dataclass(frozen=True)
class Kind:
    """What serves one kind of evening."""

    model: type[models.Model]  # where its evenings are kept
    state: Callable | None  # the reader of one evening's state: its tables, scores and standings
    # {id: what its season readers below work from} for many evenings of this kind read together
    # (``season.reading``): a page wanting both readers' answers reads once and hands it to each.
    read: Callable[[list], dict]
    # (member id, their ``season.evenings.Evening``) for every member who played some evenings of
    # this kind (or those of the member ids given), from what ``read`` gives when handed it: their
    # player pages and results e-mail.
    season: Callable[..., list]
    # {id: (players, entrants)} for some published evenings of this kind, as a competition counts
    # them, from what ``read`` gives when handed it (a two-player night's are read with the night
    # itself: ``season.club_season``).
    entrants: Callable[..., dict]
    # Its money (``domain.drives.money.Accounts``) from its state: fees, takings, fund and prizes
    # (None: it keeps no money of its own).
    accounts: Callable | None
    run_page: str  # the organiser's page it is run from
    results_page: str  # its results for everyone, once published
    # What of it can hold a member's name, and how forgetting reaches it (its part of the
    # declaration in ``core.forgetting``, which forgetting reads there: core sits below this
    # registry and never imports it).
    forgetting: Part
    # Its room display for the hall's screen ("": it has none), which the organiser puts up or takes
    # down at the URL of the same name ending "-screen" (``core.rooms``).
    room_page: str = ""
    # Its players' own page of the evening on their phone, opened by the link their table's tablet
    # gives after check-in ("": it has none; the key: ``core.phones``).
    phone_page: str = ""
    # Its results e-mail attaches the member's own score card from its print pack, found by the
    # card their row names (a pair's "N/S 3").
    mails_score_card: bool = False
    # {id: its players' totals (``drives.totals.PlayerTotal``)} for some evenings of this kind,
    # from what ``read`` gives: what a simultaneous drive evening ranks its players across the
    # clubs by (None: it cannot be a club's part of one).
    totals: Callable[[list, dict], dict] | None = None

    def run_url(self, pk: int) -> str:
        return reverse("tournaments:" + self.run_page, args=[pk])

    def room_url(self, pk: int, *, key: str = "") -> str:
        """Its room display's address; with the key, the link that opens it on the hall's screen."""
        url = reverse("tournaments:" + self.room_page, args=[pk])
        return f"{url}?{urlencode({ROOM_KEY: key})}" if key else url

    def room_screen_url(self, pk: int) -> str:
        """Where the organiser puts its room display up, or takes it down."""
        return reverse("tournaments:" + self.room_page + "-screen", args=[pk])

    def results_url(self, pk: int) -> str:
        return reverse("tournaments:" + self.results_page, args=[pk])


EVENT = Kind(
    model=Event,
    state=None,  # an event's scores are read many at a time: ``events.scoring.events_scores``
    read=events_read,
    season=events_evenings,
    entrants=events_entrants,
    accounts=None,
    run_page="event-run",
    results_page="results",
    forgetting=EVENTS,
    room_page="event-room",
    phone_page="pair-evening",
    mails_score_card=True,
)
# An individual event is kept, read and counted as a pairs event is; its players' own pages are
# theirs alone, a pair there being one round's partnership.
INDIVIDUAL = replace(EVENT, phone_page="player-evening")
DRIVE = Kind(
    model=Drive,
    state=DriveState,
    read=DriveState.read_many,
    season=drives_evenings,
    entrants=drives_entrants,
    accounts=drive_accounts,
    run_page="drive-run",
    results_page="drive-results",
    forgetting=DRIVES,
    room_page="drive-room",
    phone_page="drive-evening",
    totals=drives_totals,
)
# A widow whist series is kept as a drive of format "widow" (its players, trail and money are a
# drive's) but read, ranked and counted by its own state.
WIDOW = Kind(
    model=Drive,
    state=WidowState,
    read=widow_states,
    season=widow_evenings,
    entrants=widow_entrants,
    accounts=widow_accounts,
    run_page="drive-run",
    results_page="drive-results",
    forgetting=DRIVES,
    room_page="drive-room",
    phone_page="widow-evening",
)
TWO_PLAYER = Kind(
    model=DuelNight,
    state=_night_state,
    read=night_states,
    season=nights_evenings,
    entrants=_none,
    accounts=None,
    run_page="duel-run",
    results_page="duel-results",
    forgetting=NIGHTS,
    room_page="duel-room",
    phone_page="duel-evening",
)
# A league match is two clubs' cards on the league's pages; it has no members' rows of its own,
# and its players' pages are its numbered pairs'.
LEAGUE_MATCH = Kind(
    model=Fixture,
    state=None,
    read=_none,
    season=_no_rows,
    entrants=_none,
    accounts=None,
    run_page="league-match",
    results_page="league-match",
    forgetting=LEAGUES,
    phone_page="league-evening",
)

KINDS: dict[str, Kind] = {
    "pairs": EVENT,
    "individual": INDIVIDUAL,
    "progressive": DRIVE,
    "semi-partner": DRIVE,
    "winners-move": DRIVE,
    "partner": DRIVE,
    "individual-drive": DRIVE,
    "teams": DRIVE,
    "widow": WIDOW,
    "league-match": LEAGUE_MATCH,
    "two-player": TWO_PLAYER,
}


def kind_of(evening) -> Kind:
    """What serves this evening, by its format."""
    return KINDS[evening.evening_format.key]


def by_kind(evenings: Iterable) -> list[tuple[Kind, list]]:
    """The evenings grouped by what serves them, each group in the order given, the groups in the
    order of their first evening: each kind's reader then takes its evenings together (kinds
    sharing their readers, a pairs event and an individual event, in one group)."""
    groups: dict[tuple[int, int], tuple[Kind, list]] = {}
    for evening in evenings:
        kind = kind_of(evening)
        groups.setdefault((id(kind.season), id(kind.entrants)), (kind, []))[1].append(evening)
    return list(groups.values())


def evenings_read(evenings: Iterable) -> dict:
    """What the evenings' season readers work from, of any kinds, each kind's read together by its
    own ``read``: {evening: what it is read as}, for ``group_read`` to hand each reader its share."""
    found = {}
    for kind, group in by_kind(evenings):
        read = kind.read(group)
        found |= {evening: read[evening.pk] for evening in group if evening.pk in read}
    return found


def group_read(kind: Kind, group: list, read: dict) -> dict:
    """{id: what it is read as} for a group of one kind's evenings: from ``read`` (``evenings_read``),
    those it lacks read here by the kind's own ``read``."""
    unread = [evening for evening in group if evening not in read]
    return {evening.pk: read[evening] for evening in group if evening in read} | (
        kind.read(unread) if unread else {}
    )


def season_rows(evenings: Iterable, member_ids=None, read: dict | None = None) -> list[tuple[int, object]]:
    """(member id, their row) for every member who played the evenings, of any kinds (or for those
    of ``member_ids``), each kind read by its own reader (or taken from ``read``: ``evenings_read``)."""
    return [
        row
        for kind, group in by_kind(evenings)
        for row in kind.season(group, member_ids, None if read is None else group_read(kind, group, read))
    ]
