"""A club's competitions: saved with a line in the club's trail, and their standings worked out
from the club's published evenings by ``domain/competitions/``.

Each evening is read as the domain's ``Evening`` once and kept in the season's cache
(``core.season_cache``: on disk by default, so a restart finds it) under the key of what its
scores are worked out from (an event's: ``scoring.scores_key``; a drive's: its results' history
and its trail), so a publication or a correction gives it a new key. The evenings of a
season are then a fixed number of queries: the competition, its picked evenings, the club's
published events with their versions, its published drives with theirs, and the trail's latest
publication or correction; the evenings missing from the cache (new, or changed) are read
together, in a few more queries however many. A competition's standings are kept too, under its
rules and the versions of the evenings it reads, so a page that shows them works them out again
only after a change.
"""

import hashlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from datetime import date as Date
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q, prefetch_related_objects

from ...domain import competitions as rules
from ...models import (
    PICKED,
    AuditLine,
    Club,
    Competition,
    Drive,
    Event,
    Member,
    page_shown,
    person_name,
    reader_is_public,
)
from ..core.audit import changes_text, club_log
from ..core.errors import ServiceError
from ..core.season_cache import kept_or_made, season_cache
from .club_season import _Season, evenings_where, season_where

UPDATES = (
    AuditLine.Action.PUBLISHED,
    AuditLine.Action.CORRECTED,
    AuditLine.Action.UNPUBLISHED,
    AuditLine.Action.TOTALS,
)
COMPETITION_SETTINGS = tuple(
    f.name
    for f in Competition._meta.get_fields()
    if f.concrete and not f.many_to_many and f.name not in ("id", "club")
)


# --- Saving ---------------------------------------------------------------------------------------


def _check(competition: Competition) -> None:
    try:
        competition.full_clean()
    except ValidationError as error:
        raise ServiceError("; ".join(error.messages)) from None


def _pick(competition: Competition, picked: dict) -> None:
    """Set the evenings picked by hand, given by ``PICKED`` field (one left out, or None, is kept)."""
    unknown = set(picked) - set(PICKED)
    if unknown:
        raise ServiceError(f"{', '.join(sorted(unknown))} cannot be picked.")
    for evening in (evening for evenings in picked.values() for evening in evenings or ()):
        if evening.club_id != competition.club_id:
            raise ServiceError(f"{evening} is another club's evening.")
    for name, evenings in picked.items():
        if evenings is not None:
            getattr(competition, name).set(evenings)


def _check_picks(competition: Competition) -> None:
    """Refuse evenings picked by hand that the competition would never count (inside the
    transaction that picked them, so nothing is kept)."""
    if competition.by_hand:
        try:
            rules.check_picks(competition.rules(competition.picked_ids()))
        except rules.CompetitionError as error:
            raise ServiceError(str(error)) from None


@transaction.atomic
def competition_create(*, club: Club, values: dict, user=None, **picked) -> Competition:
    """A new competition of the club, as the organiser's form gives it, with the evenings it picks
    by hand (``picked_events``, ``picked_drives``, ``picked_nights``)."""
    unknown = set(values) - set(COMPETITION_SETTINGS)
    if unknown:
        raise ServiceError(f"{', '.join(sorted(unknown))} cannot be set here.")
    competition = Competition(club=club, **values)
    _check(competition)
    competition.save()
    _pick(competition, picked)
    _check_picks(competition)
    club_log(club=club, action=AuditLine.Action.CREATED, detail=f"competition {competition.name}", user=user)
    return competition


@transaction.atomic
def competition_update(*, competition: Competition, values: dict, user=None, **picked) -> Competition:
    """Change a competition's rules or its picked evenings (those given, by ``PICKED`` field); the
    change has its line in the club's trail."""
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    unknown = set(values) - set(COMPETITION_SETTINGS)
    if unknown:
        raise ServiceError(f"{', '.join(sorted(unknown))} cannot be changed here.")
    values = {name: value for name, value in values.items() if getattr(competition, name) != value}
    parts = [changes_text(competition, values)] if values else []
    for name, value in values.items():
        setattr(competition, name, value)
    _check(competition)
    competition.save()
    before = competition.picked_ids()
    _pick(competition, picked)
    _check_picks(competition)
    if competition.picked_ids() != before:
        parts.append("evenings picked changed")
    if parts:
        detail = f"competition {competition.name}: " + "; ".join(parts)
        club_log(club=competition.club, action=AuditLine.Action.CHANGED, detail=detail, user=user)
    return competition


@transaction.atomic
def competition_delete(*, competition: Competition, user=None) -> None:
    club_log(
        club=competition.club, action=AuditLine.Action.DELETED, detail=f"competition {competition}", user=user
    )
    competition.delete()


def _rules_and_version(competition: Competition, season: "_Season") -> tuple[rules.Rules, str]:
    """The competition's rules (its picks read only when it has them), and a word for them with
    what the season's evenings are read from: what its standings are kept under."""
    picked = competition.picked_ids() if competition.by_hand else None
    kept_rules = competition.rules(picked)
    values = [getattr(kept_rules, f.name) for f in fields(kept_rules)]
    said = [sorted(v) if isinstance(v, frozenset) else v for v in values]  # the same in every process
    return kept_rules, hashlib.sha256(repr((said, season.version)).encode()).hexdigest()


def _standings(
    competition: Competition, season: "_Season", ruled: tuple[rules.Rules, str] | None = None
) -> rules.Standings:
    """The competition's standings from the season's evenings (its picks read only when it has
    them), kept in the cache under its rules and what the evenings are read from: worked out again
    only after a change to either. ``ruled`` is ``_rules_and_version`` when the caller has it. The
    standings' evenings are kept without their entrants (the rows hold what each scored)."""
    kept_rules, version = ruled or _rules_and_version(competition, season)
    key = "competition-standings:" + version
    table = season_cache().get(key)
    if table is None:
        table = rules.standings(season.evenings, kept_rules)
        table = replace(table, evenings=tuple(replace(e, entrants=()) for e in table.evenings))
        season_cache().set(key, table)
    return table


# --- Standings -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Update:
    """The latest change to the evenings a competition reads: when, and what happened to which."""

    at: datetime
    evening: str
    action: str

    @property
    def text(self) -> str:
        happened = {
            AuditLine.Action.PUBLISHED: "was published",
            AuditLine.Action.CORRECTED: "was corrected",
            AuditLine.Action.UNPUBLISHED: "was taken down",
            AuditLine.Action.TOTALS: "had totals typed",
        }[self.action]
        return f"after {self.evening} {happened}"


@dataclass(frozen=True)
class CompetitionTable:
    competition: Competition
    standings: rules.Standings
    updated: Update | None
    names: dict[str, str]  # evening id -> "Tuesday Pairs (3 Mar)"

    def role_label(self, role: str) -> str:
        return {"": "", "L": "Ladies", "G": "Gents"}.get(role, role)


def _window(competition: Competition) -> tuple[Date | None, Date]:
    """The evenings the standings read: the window, and those before it when a handicap needs them."""
    return (None if competition.handicap != Competition.Handicap.NONE else competition.start), competition.end


def _latest_update(club: Club, start: Date, end: Date) -> Update | None:
    line = (
        AuditLine.objects.filter(club=club, action__in=UPDATES)
        .filter(Q(event__date__range=(start, end)) | Q(drive__date__range=(start, end)))
        .select_related("event", "drive")
        .order_by("-changed_at", "-pk")
        .first()
    )
    if line is None:
        return None
    return Update(line.changed_at, str(line.event or line.drive), line.action)


def competition_standings(competition: Competition) -> CompetitionTable:
    """The competition's standings now, from the club's published evenings."""
    start, end = _window(competition)
    table = _standings(competition, _Season(competition.club, start, end, _kinds_read([competition])))
    return CompetitionTable(
        competition=competition,
        standings=table,
        updated=_latest_update(competition.club, competition.start, competition.end),
        names={e.id: f"{e.name} ({e.date:%-d %b})" for e in table.evenings},
    )


def _club_season(club: Club, competitions: list[Competition]) -> "_Season":
    """The evenings several competitions of one club read, in one go."""
    return _Season(club, *_span(competitions))


def _span(competitions: list[Competition]) -> tuple[Date | None, Date | None, set[str]]:
    """The first and last days of the evenings several competitions read (either open), and
    their kinds."""
    windows = [_window(c) for c in competitions] or [(None, None)]
    start = None if any(s is None for s, _ in windows) else min(s for s, _ in windows)
    ends = [e for _, e in windows]
    return start, None if None in ends else max(ends), _kinds_read(competitions)


def _kinds_read(competitions: list[Competition]) -> set[str]:
    """The kinds of evening the competitions' standings are worked out from: those they take, and
    the duplicate events wherever a handicap is worked out (from their percentages, which no other
    kind has)."""
    kinds = {kind for c in competitions for kind in c.kinds_taken}
    if any(c.handicap != Competition.Handicap.NONE for c in competitions):
        kinds.add("event")
    return kinds


@dataclass(frozen=True)
class Placing:
    """Where a member stands in a competition, as their own page says it."""

    place: str  # "" while not qualified
    total_text: str
    status: str  # "" when qualified, else "needs 2 more"
    played: int
    qualified: int  # how many have qualified in the member's list


def _placings(table: rules.Standings) -> dict[int, Placing]:
    """Each member's placing in the standings (a member in two rows, by the first, as ``row_of``)."""
    qualified = Counter(row.list for row in table.rows if row.qualified)
    placings = {}
    for row in table.rows:
        placing = Placing(row.place, row.total_text, row.status, row.played, qualified[row.list])
        for member in row.members:
            placings.setdefault(member, placing)
    return placings


def _with_picks(competitions) -> list[Competition]:
    """The competitions, those that pick their evenings by hand with their picks read (a query for
    each kind of evening, however many competitions; none when no competition picks)."""
    competitions = list(competitions)
    prefetch_related_objects([c for c in competitions if c.by_hand], *PICKED)
    return competitions


class PlayerCompetitions:
    """The competitions of a member's club, and where the member stands in those they are in, in
    two steps so that a page reads what they are worked out from with its own evenings, once:
    ``unread``, the evenings the cache keeps nothing of that they need; then ``placings``, given
    what the page read (``kinds.evenings_read``). Each competition's placings are kept in the cache
    beside its standings, under the same key: small to read back, for a member's page, where the
    whole standings are not."""

    def __init__(
        self, member: Member, own: dict[str, Q] | None = None, shape: dict[str, Callable] | None = None
    ):
        """``own``: what selects the page's own evenings, a kind ("event", "drive", "night"), read in
        the same query a kind as those the competitions are worked out from (``evenings_where``,
        ``shape`` adding what the page reads of them), and given back as ``own``."""
        self.member = member
        self.competitions = _with_picks(
            Competition.objects.filter(club_id=member.club_id).select_related("club")
        )
        span = _span(self.competitions) if self.competitions else None
        where = {"own": own or {}} | ({"season": season_where(member.club, *span)} if span else {})
        found = evenings_where(where, shape)
        self.own: dict[str, list] = found["own"]
        self.season = _Season(member.club, *span, found["season"]) if span else None
        self.ruled = {c.pk: _rules_and_version(c, self.season) for c in self.competitions}
        self.keys = {pk: "competition-placings:" + version for pk, (_, version) in self.ruled.items()}

    def unread(self) -> list:
        """The evenings the placings not kept are worked out from that the cache does not keep
        (``_Season.unread``): none when every placing is kept."""
        kept = season_cache().get_many(list(self.keys.values()))
        if self.season is None or all(key in kept for key in self.keys.values()):
            return []
        return self.season.unread()

    def placings(self, read: dict | None = None) -> list[tuple[Competition, Placing]]:
        """Each competition the member is in, with their placing, the evenings not kept taken from
        ``read`` (``kinds.evenings_read``) where it holds them, the rest read here."""
        if self.season is None:
            return []
        self.season.read = read or {}
        by_id = {c.pk: c for c in self.competitions}

        def placings(ids: list[int]) -> dict[int, dict]:
            return {pk: _placings(_standings(by_id[pk], self.season, self.ruled[pk])) for pk in ids}

        kept = kept_or_made(season_cache(), self.keys, placings)
        found = []
        for competition in self.competitions:
            placing = kept[competition.pk].get(self.member.pk)
            if placing is not None:
                found.append((competition, placing))
        return found


def player_competitions(member: Member) -> list[tuple[Competition, Placing]]:
    """The competitions of the member's club the member is in, each with their placing."""
    return PlayerCompetitions(member).placings()


def published_rows(rows) -> list[rules.Row]:
    """The rows with their names as the page's reader may read them: kept whole in the cache,
    they are published here, each member as they chose, each guest as the club chose, and only
    the members whose page the reader may open left to link to (one query, however many rows)."""
    rows = list(rows)
    if not reader_is_public() or not rows:
        return rows
    ids = {m for row in rows for m in row.members}
    members = (
        Member.objects.filter(pk__in=ids)
        .order_by()
        .only("first_name", "last_name", "published_as", "forgotten_at")
    )
    shown, linked = {}, set()
    for member in members:
        shown[member.pk] = person_name(member)
        if page_shown(member):
            linked.add(member.pk)

    def published(row: rules.Row) -> str:
        keys, names = row.key.split("+"), row.name.split(" & ")
        if len(keys) != len(names):  # a name with " & " in it: each part from its key alone
            names = [""] * len(keys)
        parts = [
            shown.get(int(key[1:]), name) if key[:1] == "m" and key[1:].isdigit() else person_name(None, name)
            for key, name in zip(keys, names, strict=True)
        ]
        return " & ".join(parts)

    return [
        replace(row, name=published(row), members=tuple(m for m in row.members if m in linked))
        for row in rows
    ]


def evening_competitions(
    evening: Event | Drive, *, leaders: int = 3
) -> list[tuple[Competition, list[rules.Row]]]:
    """The club's competitions the evening counts toward (or would, once published), each with its
    leaders: what the room display shows."""
    kind = evening.evening_format.kind
    competitions = [
        c
        for c in _with_picks(
            Competition.objects.filter(
                club_id=evening.club_id, start__lte=evening.date, end__gte=evening.date
            ).select_related("club")
        )
        if rules.takes(_unplayed(kind, evening), c.rules(c.picked_ids() if c.by_hand else None))
    ]
    if not competitions:
        return []
    season = _club_season(evening.club, competitions)
    leading = [_standings(competition, season).qualified()[:leaders] for competition in competitions]
    # Every competition's leaders published together: one read of their members, not one each.
    published = iter(published_rows(row for rows in leading for row in rows))
    return [
        (competition, [next(published) for _ in rows])
        for competition, rows in zip(competitions, leading, strict=True)
    ]


def _unplayed(kind: str, evening: Event | Drive) -> rules.Evening:
    """An evening as a competition's rules see it before anyone's score: its kind, date and tag."""
    roles = evening.evening_format.ranks_by_role
    return rules.Evening(
        f"{kind}:{evening.pk}", evening.date, kind, evening.name, 0, 0, evening.tag, roles=roles
    )


def competition_examples(*, club: Club, start: Date, end: Date, user=None) -> list[Competition]:
    """One competition of each measure for a club's season (the demo's): the average percentage,
    best 5 of those who played 5 with a moving handicap; reverse placings, best 6; 4/3/2/1 in each
    direction, fixed pairs; and the drives' total score, a list for each role."""
    window = {"start": start, "end": end}
    examples = {
        "Season Percentage": {
            "measure": "percentage",
            "counting": "best",
            "count": 5,
            "qualify": 5,
            "handicap": "moving",
            "ties": "counted-then-best",
        },
        "Reverse Placings Ladder": {
            "measure": "placing",
            "placing": "reverse",
            "counting": "best",
            "count": 6,
        },
        "Pairs Championship": {"measure": "placing", "points": "4/3/2/1", "who": "pairs"},
        "Drive Cup": {"kinds": "drive", "measure": "drive", "lists": "roles", "counting": "drop", "count": 1},
    }
    return [
        competition_create(club=club, values={"name": name, **window, **rules}, user=user)
        for name, rules in examples.items()
    ]
