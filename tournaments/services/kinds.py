"""What serves each kind of evening, in one table keyed by its format (``domain.formats.FORMATS``).

A format declares what an evening *is* (who plays, what a table enters, how it is scored and
named); its entry here says what *serves* it: which model keeps it, the reader of its state, its
members' rows for their pages and the results e-mail, its entrants for the competitions, its money,
its organiser's and results pages, its room display for the hall, how a closed evening of it goes
from the hall to the county server (its export and restore, ``Upload``), and what of it can hold
a member's name. (The club's backup keeps its own table of what each model exports,
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

from ..models import Club, Drive, DuelNight, Event, Fixture
from .backups.drive import drive_export, drive_import
from .backups.duel import duel_export, duel_import
from .backups.event import club_users, event_export, event_import
from .core.forgetting import DRIVES, EVENTS, LEAGUES, NIGHTS, Part
from .core.rooms import ROOM_KEY
from .drives.money import drive_books, drive_fees_paid, drive_payer_fee_record, drive_payers, money_of
from .drives.state import DriveState
from .drives.totals import drives_totals
from .duels.fees import night_payers
from .duels.state import night_states
from .events.fees import individual_payers, pairs_payers
from .leagues.fees import fixture_payers
from .membership.fees import evening_books, evening_fee_record, evening_fees_paid, evening_money_of
from .season.entrants import drives_entrants, events_entrants, widow_entrants
from .season.evenings import drives_evenings, events_evenings, nights_evenings, widow_evenings
from .season.reading import events_read, widow_states
from .widow.money import widow_books
from .widow.state import WidowState


def _none(evenings, read=None) -> dict:
    return {}


def _no_rows(evenings, member_ids=None, read=None) -> list:
    return []


def _night_state(night: DuelNight):
    return night_states([night])[night.pk]


def _books(payers: Callable) -> Callable:
    """The accounts of an evening whose money is ``membership.fees``'s, its payers by ``payers``."""
    return lambda evening: evening_books(evening, payers(evening))


def _in_season(model: type[models.Model], club_field: str = "club") -> Callable:
    def evenings(club, start, end):
        return model.objects.filter(**{club_field: club, "date__range": (start, end)})

    return evenings


DRIVES_IN_SEASON = _in_season(Drive)


@dataclass(frozen=True)
class Upload:
    """How a closed evening of a kind goes from the hall to the county server: as its export, a
    JSON document whose ``part`` carries the evening's identity (``uuid``), taken back on the
    county by its restore into the club given, which checks every rule a restore checks and
    refuses the whole document, in words, when one is broken."""

    export: Callable[[models.Model], dict]
    restore: Callable[..., models.Model]  # (document, *, club) -> the evening, in one transaction
    part: str  # the document's part that holds the evening's settings and identity

    def identity(self, document) -> str:
        """The evening's identity as the document gives it ("" if it gives none)."""
        part = document.get(self.part) if isinstance(document, dict) else None
        found = part.get("uuid") if isinstance(part, dict) else None
        return found if isinstance(found, str) else ""


def _event_restore(document, *, club: Club) -> Event:
    return event_import(document, club=club, log=False)


def _drive_restore(document, *, club: Club) -> Drive:
    return drive_import(document, club=club, log=False)


def _night_restore(document, *, club: Club) -> DuelNight:
    return duel_import(document, club=club, users=club_users(club))


EVENT_UPLOAD = Upload(export=event_export, restore=_event_restore, part="event")
DRIVE_UPLOAD = Upload(export=drive_export, restore=_drive_restore, part="drive")
NIGHT_UPLOAD = Upload(export=duel_export, restore=_night_restore, part="night")


@dataclass(frozen=True)
class Door:
    """Where an evening's fees are ticked as paid (the door of its money page, and its tables'
    check-in): its money settings (``member_fee``, ``guest_fee``, ``charges_fees``), the keys of
    the payers whose fee is ticked already, and the door's tick of one payer's fee
    (``(*, evening, payer, method, user=None, confirmed=False) -> str``, in its own transaction)."""

    money: Callable
    paid: Callable[..., set[str]]
    record: Callable[..., str]


# A drive's fees are its cards' (``drives.money``); any other evening's are ``membership.fees``'s.
DRIVE_DOOR = Door(money=money_of, paid=drive_fees_paid, record=drive_payer_fee_record)
EVENING_DOOR = Door(money=evening_money_of, paid=evening_fees_paid, record=evening_fee_record)


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
    # Its money (``domain.drives.money.Accounts``) from one evening: fees, takings, fund and prizes.
    accounts: Callable
    # Who pays at one evening, each a ``domain.drives.money.Payer`` (its fee a member's or a
    # guest's for each of its people, taken from its members' accounts when paid that way).
    payers: Callable
    # The club's evenings of this kind (kinds kept alike share it) between two days, both
    # included, for the treasurer's season.
    in_season: Callable
    run_page: str  # the organiser's page it is run from
    results_page: str  # its results for everyone, once published
    # What of it can hold a member's name, and how forgetting reaches it (its part of the
    # declaration in ``core.forgetting``, which forgetting reads there: core sits below this
    # registry and never imports it).
    forgetting: Part
    # How a closed evening of it is sent from the hall to the county server (None: it is never
    # closed as one club's evening; a league match is both clubs' cards, agreed on the league's
    # pages, and travels with the league in each club's backup).
    upload: Upload | None
    # Its room display for the hall's screen ("": it has none), which the organiser puts up or takes
    # down at the URL of the same name ending "-screen" (``core.rooms``).
    room_page: str = ""
    # Its players' own page of the evening on their phone, opened by the link their table's tablet
    # gives after check-in ("": it has none; the key: ``core.phones``).
    phone_page: str = ""
    # Its results e-mail attaches the member's own score card from its print pack, found by the
    # card their row names (a pair's "N/S 3").
    mails_score_card: bool = False
    # Its money page in the organiser site, where fees are ticked at the door (a drive's is a
    # section of its run page, "#money"); and whether it has prizes, so a prize fund.
    money_page: str = ""
    has_prizes: bool = False
    # Where its fees are ticked as paid: at its money page's door and at its tables' check-in.
    door: Door = EVENING_DOOR
    # {id: its players' totals (``drives.totals.PlayerTotal``)} for some evenings of this kind,
    # from what ``read`` gives: what a simultaneous drive evening ranks its players across the
    # clubs by (None: it cannot be a club's part of one).
    totals: Callable[[list, dict], dict] | None = None

    def money_url(self, pk: int) -> str:
        url = reverse("tournaments:" + self.money_page, args=[pk])
        return url + "#money" if self.money_page == self.run_page else url

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
    accounts=_books(pairs_payers),
    payers=pairs_payers,
    in_season=_in_season(Event),
    run_page="event-run",
    results_page="results",
    forgetting=EVENTS,
    upload=EVENT_UPLOAD,
    room_page="event-room",
    phone_page="pair-evening",
    mails_score_card=True,
    money_page="event-money",
)
# An individual event is kept, read and counted as a pairs event is; its players' own pages are
# theirs alone, a pair there being one round's partnership, and each seat pays.
INDIVIDUAL = replace(
    EVENT, phone_page="player-evening", payers=individual_payers, accounts=_books(individual_payers)
)
DRIVE = Kind(
    model=Drive,
    state=DriveState,
    read=DriveState.read_many,
    season=drives_evenings,
    entrants=drives_entrants,
    accounts=drive_books,
    payers=drive_payers,
    in_season=DRIVES_IN_SEASON,
    run_page="drive-run",
    results_page="drive-results",
    forgetting=DRIVES,
    upload=DRIVE_UPLOAD,
    room_page="drive-room",
    phone_page="drive-evening",
    money_page="drive-run",
    has_prizes=True,
    door=DRIVE_DOOR,
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
    accounts=widow_books,
    payers=drive_payers,
    in_season=DRIVES_IN_SEASON,
    run_page="drive-run",
    results_page="drive-results",
    forgetting=DRIVES,
    upload=DRIVE_UPLOAD,
    room_page="drive-room",
    phone_page="widow-evening",
    money_page="drive-run",
    door=DRIVE_DOOR,
)
TWO_PLAYER = Kind(
    model=DuelNight,
    state=_night_state,
    read=night_states,
    season=nights_evenings,
    entrants=_none,
    accounts=_books(night_payers),
    payers=night_payers,
    in_season=_in_season(DuelNight),
    run_page="duel-run",
    results_page="duel-results",
    forgetting=NIGHTS,
    upload=NIGHT_UPLOAD,
    room_page="duel-room",
    phone_page="duel-evening",
    money_page="duel-money",
)
# A league match is two clubs' cards on the league's pages; it has no members' rows of its own,
# and its players' pages are its numbered pairs'.
LEAGUE_MATCH = Kind(
    model=Fixture,
    state=None,
    read=_none,
    season=_no_rows,
    entrants=_none,
    accounts=_books(fixture_payers),
    payers=fixture_payers,
    in_season=_in_season(Fixture, "home__club"),
    run_page="league-match",
    results_page="league-match",
    forgetting=LEAGUES,
    upload=None,
    phone_page="league-evening",
    money_page="league-match-money",
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
