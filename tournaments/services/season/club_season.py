"""A club's published evenings between two dates, as the domain's competitions read them
(``domain.competitions.Evening``): each evening read once and kept in the season's cache
(``core.season_cache``) under the key of what its scores are worked out from (an event's:
``scoring.scores_key``; a drive's: its results' history and its trail), so a publication or a
correction gives it a new key. The evenings missing from the cache are read together, a kind at a
time by its own reader (``services.kinds``).
"""

import hashlib
import operator
from collections import Counter
from collections.abc import Callable, Collection
from datetime import date as Date
from functools import cached_property, reduce

from django.db.models import BooleanField, ExpressionWrapper, Q

from ...domain import competitions as rules
from ...domain.formats import drive_format
from ...models import (
    Club,
    Drive,
    DriveResultChange,
    DuelDealChange,
    DuelNight,
    Event,
    names_whole,
)
from ..core.season_cache import kept_or_made, season_cache
from ..events.scoring import (
    SCORE_VERSIONS,
    SCORING_FIELDS,
    scores_key,
    with_score_versions,
)
from ..kinds import by_kind, group_read
from .entrants import player

EVENT_COLUMNS = ("pk", "date", "name", "tag", "tables", *SCORING_FIELDS, *SCORE_VERSIONS)
DRIVE_COLUMNS = ("pk", "date", "name", "tag", "format", "game", "minnesota_rules", *SCORE_VERSIONS)
NIGHT_COLUMNS = ("pk", "date", "name", "tag", *SCORE_VERSIONS)

# --- -----------------------------------------------------------------


class _Season:
    """The club's published evenings between two dates (either open): read in a query a kind, with
    what each evening's figures are worked out from; their players and entrants read only when
    asked for (from the cache, and those not kept there read together)."""

    def __init__(
        self,
        club: Club,
        start: Date | None,
        end: Date | None,
        kinds: Collection[str] = rules.KINDS,
        found: dict[str, list] | None = None,
    ):
        # Only the kinds asked for are read: a season of duplicate events' competitions never reads
        # (nor scores) a drive or a two-player night. ``found``: the evenings ``season_where``
        # selects, read by a page with its own (``evenings_where``).
        if found is None:
            found = evenings_where({"season": season_where(club, start, end, kinds)})["season"]
        events, drives, nights = (found.get(kind, []) for kind in ("event", "drive", "night"))
        # Two-player nights are few and small: read afresh whenever the standings are worked out,
        # their rows (with their deals' history and trail) in the season's version all the same.
        event_rows = [_row(event, EVENT_COLUMNS) for event in events]
        drive_rows = [_row(drive, DRIVE_COLUMNS) for drive in drives]
        night_rows = [_row(night, NIGHT_COLUMNS) for night in nights]
        self.rows = [("event", row) for row in event_rows] + [("drive", row) for row in drive_rows]
        self.nights = nights
        self.version_rows = self.rows + [("night", row) for row in night_rows]
        self.keys = {("event", row[0]): _event_key(row) for row in event_rows}
        self.keys |= {("drive", row[0]): _drive_key(row) for row in drive_rows}
        self.models = {("event", e.pk): e for e in events} | {("drive", d.pk): d for d in drives}
        # A drive's tables follow from its players as its format seats them (an event keeps its
        # own), and its format says whether it ranks within roles.
        self.formats = {("drive", row[0]): drive_format(row[4]) for row in drive_rows}
        # What a page has read already of the evenings (``kinds.evenings_read``), taken rather than
        # read again: a player's page reads the evenings not kept (``unread``) with its own.
        self.read: dict = {}

    @cached_property
    def version(self) -> str:
        """What the evenings are read from, in a word: it changes with any publication, correction,
        change of an evening's name, date or tag, or of its scoring."""
        return hashlib.sha256(repr(self.version_rows).encode()).hexdigest()

    def unread(self) -> list:
        """The evenings whose players and entrants the cache does not keep, and the two-player
        nights (never kept): a page may read them with its own (``kinds.evenings_read``) and hand
        them over as ``read`` before asking for the ``evenings``."""
        kept = season_cache().get_many(list(self.keys.values()))
        return [self.models[thing] for thing, key in self.keys.items() if key not in kept] + self.nights

    @cached_property
    def evenings(self) -> list[rules.Evening]:
        read = kept_or_made(season_cache(), self.keys, self._read_evenings)
        evenings = []
        for kind, row in self.rows:
            pk, day, name, tag = row[:4]
            players, entrants = read[(kind, pk)]
            shown = self.formats.get((kind, pk))
            tables = shown.tables_for(players) if shown else row[4]
            roles = bool(shown) and shown.ranks_by_role
            evenings.append(
                rules.Evening(f"{kind}:{pk}", day, kind, name, tables, players, tag, entrants, roles=roles)
            )
        if self.nights:
            evenings += _night_evenings(self.nights, self.read)
        return evenings

    def _read_evenings(self, evenings: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[int, tuple]]:
        """Each evening's players and entrants, ``evenings`` given as (kind, id): those of one kind
        read together by its reader, as the kinds' registry says (or taken from ``read``)."""
        found = {}
        with names_whole():  # kept in the cache for every reader, the organisers too
            for entry, group in by_kind(self.models[thing] for thing in sorted(evenings)):
                kind = group[0].evening_format.kind
                entrants = entry.entrants(group, group_read(entry, group, self.read))
                found |= {(kind, pk): of_one for pk, of_one in entrants.items()}
        return found


def season_where(club: Club, start: Date | None, end: Date | None, kinds: Collection[str]) -> dict[str, Q]:
    """What selects the club's published evenings between two dates (either open), for each of
    the kinds asked for ("event", "drive", "night"): ``evenings_where`` reads them."""
    dates = Q()
    if start:
        dates &= Q(date__gte=start)
    if end:
        dates &= Q(date__lte=end)
    return {kind: Q(dates, club=club, published=True) for kind in _VERSIONED if kind in kinds}


# Each kind of evening's model, and what its scores are worked out from (``with_score_versions``):
# two-player nights' deals name their night through their match.
_VERSIONED = {
    "event": (Event, with_score_versions),
    "drive": (Drive, lambda rows: with_score_versions(rows, DriveResultChange, "drive")),
    "night": (
        DuelNight,
        lambda rows: with_score_versions(rows, DuelDealChange, "match__night", trail="night"),
    ),
}


def evenings_where(
    where: dict[str, dict[str, Q]], shape: dict[str, Callable] | None = None
) -> dict[str, dict[str, list]]:
    """The evenings each name of ``where`` selects, a list a kind ({name: {kind: [evenings]}}, in
    the order of their ids), read with what their scores are worked out from and what ``shape``
    adds ({kind: the query made from the query}): one query a kind, for the evenings all the names
    select together, so an evening two of them select is read once (the same object in both lists)."""
    found: dict[str, dict[str, list]] = {name: {} for name in where}
    for kind, (model, versioned) in _VERSIONED.items():
        asked = {name: wanted[kind] for name, wanted in where.items() if kind in wanted}
        if not asked:
            continue
        rows = versioned(model.objects.filter(reduce(operator.or_, asked.values())).order_by("pk"))
        if len(asked) > 1:  # which of the names selects each evening, told by the same query
            rows = rows.annotate(
                **{
                    f"selected_{name}": ExpressionWrapper(q, output_field=BooleanField())
                    for name, q in asked.items()
                }
            )
        rows = list(shape[kind](rows) if shape and kind in shape else rows)
        for name in asked:
            found[name][kind] = [row for row in rows if len(asked) == 1 or getattr(row, f"selected_{name}")]
    return found


def _row(evening, columns) -> tuple:
    """An evening's row of the columns: what the season's version and its keys are read from."""
    return tuple(getattr(evening, column) for column in columns)


def _event_key(row) -> str:
    """What an event's figures are worked out from: its scoring settings and its scores' history."""
    settings_end = 5 + len(SCORING_FIELDS)  # after pk, date, name, tag and tables
    pk, settings, versions = row[0], row[5:settings_end], row[settings_end:]
    return "competition-" + scores_key(pk, settings, versions)


def _drive_key(row) -> str:
    """What a drive's figures are worked out from: its format, its game and its results' history."""
    return "competition-drive:" + ":".join(str(part) for part in row[:1] + row[4:])


def club_evenings(club: Club, *, start: Date | None = None, end: Date | None = None) -> list[rules.Evening]:
    """The club's published evenings between the dates (either open), as the domain's ``Evening``:
    two queries and one read of the cache; the evenings not in the cache (new, or changed since)
    are read and scored together, in a few queries however many, then kept."""
    return _Season(club, start, end).evenings


def _night_evenings(nights: list, read: dict) -> list[rules.Evening]:
    """The club's published two-player nights, each player placed in the standings: they count
    by their placings (game points are never added to another evening's score). Their states are
    taken from ``read`` (``kinds.evenings_read``) where it holds them, the rest read together."""
    nights = sorted(nights, key=lambda night: (night.date, night.pk))
    states = {
        pk: state for kind, group in by_kind(nights) for pk, state in group_read(kind, group, read).items()
    }
    evenings = []
    for night in nights:
        standings = states[night.pk].standings
        shared = Counter(s.standing.place for s in standings)
        entrants = tuple(
            rules.Entrant(
                (player(s.player.member_id, s.player.name),),
                "ALL",
                int(s.standing.place.rstrip("=")),
                shared[s.standing.place],
            )
            for s in standings
        )
        players = len(standings)
        evenings.append(
            rules.Evening(
                f"night:{night.pk}",
                night.date,
                "night",
                night.name,
                night.evening_format.tables_for(players),
                players,
                night.tag,
                entrants,
            )
        )
    return evenings
