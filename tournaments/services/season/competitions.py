"""A club's competitions: saved with a line in the club's trail, and their standings worked out
from the club's published evenings by ``domain/competitions.py``.

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
import math
from collections import Counter
from dataclasses import dataclass, fields, replace
from datetime import date as Date
from datetime import datetime
from functools import cached_property

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q, prefetch_related_objects
from django.utils import timezone

from ...domain import competitions as rules
from ...domain.formats import drive_format
from ...domain.spreadsheet import csv_text
from ...models import (
    PICKED,
    AuditLine,
    Club,
    Competition,
    Drive,
    DriveResultChange,
    DuelDealChange,
    DuelNight,
    Event,
    Member,
    names_whole,
    page_shown,
    person_name,
    reader_is_public,
)
from ...print_data import CompetitionSheet, PrintEvent
from ..core.audit import changes_text, club_log, evening_kind
from ..core.errors import ServiceError
from ..core.season_cache import kept_or_made, season_cache
from ..duels.state import night_states
from ..events.scoring import (
    SCORE_VERSIONS,
    SCORING_FIELDS,
    scores_key,
    with_score_versions,
)
from ..kinds import by_kind
from .entrants import player

EVENT_COLUMNS = ("pk", "date", "name", "tag", "tables", *SCORING_FIELDS, *SCORE_VERSIONS)
DRIVE_COLUMNS = ("pk", "date", "name", "tag", "format", "game", "minnesota_rules", *SCORE_VERSIONS)
NIGHT_COLUMNS = ("pk", "date", "name", "tag", *SCORE_VERSIONS)
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


# --- Reading the club's evenings -----------------------------------------------------------------


class _Season:
    """The club's published evenings between two dates (either open): their rows read in two
    queries, which say what each evening's figures are worked out from; the evenings themselves
    read only when asked for (from the cache, and those not kept there read together)."""

    def __init__(self, club: Club, start: Date | None, end: Date | None):
        dates = Q()
        if start:
            dates &= Q(date__gte=start)
        if end:
            dates &= Q(date__lte=end)
        events = with_score_versions(Event.objects.filter(dates, club=club, published=True).order_by("pk"))
        drives = with_score_versions(
            Drive.objects.filter(dates, club=club, published=True).order_by("pk"), DriveResultChange, "drive"
        )
        nights = with_score_versions(
            DuelNight.objects.filter(dates, club=club, published=True).order_by("pk"),
            DuelDealChange,
            "match__night",
            trail="night",
        )
        self.rows = [("event", row) for row in events.values_list(*EVENT_COLUMNS)]
        self.rows += [("drive", row) for row in drives.values_list(*DRIVE_COLUMNS)]
        # Two-player nights are few and small: read afresh whenever the standings are worked out,
        # their rows (with their deals' history and trail) in the season's version all the same.
        night_rows = list(nights.values_list(*NIGHT_COLUMNS))
        self.nights = [row[0] for row in night_rows]
        self.version_rows = self.rows + [("night", row) for row in night_rows]
        self.keys = {}
        for kind, row in self.rows:
            if kind == "event":
                settings_end = 5 + len(SCORING_FIELDS)  # after pk, date, name, tag and tables
                pk, settings, versions = row[0], row[5:settings_end], row[settings_end:]
                self.keys[(kind, pk)] = "competition-" + scores_key(pk, settings, versions)
            else:
                self.keys[(kind, row[0])] = "competition-drive:" + ":".join(
                    str(part) for part in row[:1] + row[4:]
                )

    @cached_property
    def version(self) -> str:
        """What the evenings are read from, in a word: it changes with any publication, correction,
        change of an evening's name, date or tag, or of its scoring."""
        return hashlib.sha256(repr(self.version_rows).encode()).hexdigest()

    @cached_property
    def evenings(self) -> list[rules.Evening]:
        read = kept_or_made(season_cache(), self.keys, _read_evenings)
        evenings = []
        for kind, row in self.rows:
            pk, day, name, tag = row[:4]
            players, entrants = read[(kind, pk)]
            tables = row[4] if kind == "event" else math.ceil(players / 4)
            roles = kind == "drive" and drive_format(row[4]).ranks_by_role
            evenings.append(
                rules.Evening(f"{kind}:{pk}", day, kind, name, tables, players, tag, entrants, roles=roles)
            )
        if self.nights:
            evenings += _night_evenings(DuelNight.objects.filter(pk__in=self.nights))
        return evenings


def club_evenings(club: Club, *, start: Date | None = None, end: Date | None = None) -> list[rules.Evening]:
    """The club's published evenings between the dates (either open), as the domain's ``Evening``:
    two queries and one read of the cache; the evenings not in the cache (new, or changed since)
    are read and scored together, in a few queries however many, then kept."""
    return _Season(club, start, end).evenings


def _night_evenings(nights) -> list[rules.Evening]:
    """The club's published two-player nights, each player placed in the standings: they count
    by their placings (game points are never added to another evening's score)."""
    nights = list(nights.order_by("date", "pk"))
    states = night_states(nights)
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
                -(-players // 2),
                players,
                night.tag,
                entrants,
            )
        )
    return evenings


def _read_evenings(evenings: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[int, tuple]]:
    """Each evening's players and entrants, ``evenings`` given as (kind, id): those of one kind
    read together by its reader, as the kinds' registry says."""
    found = {}
    models = {"event": Event.objects.select_related("club"), "drive": Drive.objects}
    with names_whole():  # kept in the cache for every reader, the organisers too
        for kind, objects in models.items():
            ids = [pk for asked, pk in evenings if asked == kind]
            if not ids:
                continue
            for entry, group in by_kind(objects.filter(pk__in=ids).order_by("pk")):
                found |= {(kind, pk): read for pk, read in entry.entrants(group).items()}
    return found


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
    table = _standings(competition, _Season(competition.club, start, end))
    return CompetitionTable(
        competition=competition,
        standings=table,
        updated=_latest_update(competition.club, competition.start, competition.end),
        names={e.id: f"{e.name} ({e.date:%-d %b})" for e in table.evenings},
    )


def _club_season(club: Club, competitions: list[Competition]) -> "_Season":
    """The evenings several competitions of one club read, in one go."""
    windows = [_window(c) for c in competitions] or [(None, None)]
    start = None if any(s is None for s, _ in windows) else min(s for s, _ in windows)
    ends = [e for _, e in windows]
    return _Season(club, start, None if None in ends else max(ends))


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


def player_competitions(member: Member) -> list[tuple[Competition, Placing]]:
    """The competitions of the member's club the member is in, each with their placing. Each
    competition's placings are kept in the cache beside its standings, under the same key: small
    to read back, for a member's page, where the whole standings are not."""
    competitions = _with_picks(Competition.objects.filter(club_id=member.club_id).select_related("club"))
    if not competitions:
        return []
    season = _club_season(member.club, competitions)
    ruled = {c.pk: _rules_and_version(c, season) for c in competitions}
    keys = {pk: "competition-placings:" + version for pk, (_, version) in ruled.items()}
    by_id = {c.pk: c for c in competitions}

    def placings(ids: list[int]) -> dict[int, dict]:
        return {pk: _placings(_standings(by_id[pk], season, ruled[pk])) for pk in ids}

    kept = kept_or_made(season_cache(), keys, placings)
    found = []
    for competition in competitions:
        placing = kept[competition.pk].get(member.pk)
        if placing is not None:
            found.append((competition, placing))
    return found


def evening_competitions(
    evening: Event | Drive, *, leaders: int = 3
) -> list[tuple[Competition, list[rules.Row]]]:
    """The club's competitions the evening counts toward (or would, once published), each with its
    leaders: what the room display shows."""
    kind = evening_kind(evening)
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
    shown = []
    for competition in competitions:
        table = _standings(competition, season)
        shown.append((competition, published_rows(table.qualified()[:leaders])))
    return shown


def _unplayed(kind: str, evening: Event | Drive) -> rules.Evening:
    """An evening as a competition's rules see it before anyone's score: its kind, date and tag."""
    roles = kind == "drive" and evening.ranks_by_role
    return rules.Evening(
        f"{kind}:{evening.pk}", evening.date, kind, evening.name, 0, 0, evening.tag, roles=roles
    )


# --- What the pages, the CSV and the noticeboard show ----------------------------------------------

COUNTING_WORDS = {
    Competition.Counting.ALL: "every evening counts",
    Competition.Counting.BEST: "the best {n} count",
    Competition.Counting.DROP: "the lowest {n} are dropped",
}


def describe(competition: Competition) -> str:
    """The rules in a line: "Average percentage · duplicate events tagged Tuesday · the best 5 count
    · qualify by playing 5 · handicap fixed at the season's start"."""
    c = competition
    measure = c.get_measure_display()
    if c.measure == Competition.Measure.PLACING:
        measure = (
            "Reverse placings" if c.placing == Competition.Placing.REVERSE else f"Placing points {c.points}"
        )
    parts = [measure, c.get_kinds_display().lower() + (f" tagged {c.tag}" if c.tag else "")]
    if c.by_hand:
        parts.append("evenings picked by hand")
    if c.min_field:
        parts.append(f"at least {c.min_field} {c.field_unit}")
    parts.append("fixed pairs" if c.who == Competition.Who.PAIRS else "individuals")
    if c.lists == Competition.Lists.ROLES:
        parts.append("a list for each role")
    parts.append(COUNTING_WORDS[c.counting].format(n=c.count))
    if c.qualify:
        parts.append(f"qualify by playing {c.qualify}")
    if c.handicap != Competition.Handicap.NONE:
        parts.append(f"handicap {c.get_handicap_display().lower()}")
    if c.ties == Competition.Ties.BROKEN:
        parts.append("ties broken by evenings counted, then the best score")
    parts.append("members only" if c.members_only else "guests too")
    return " · ".join(parts)


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


def standing_rows(table: CompetitionTable, rows) -> list[dict]:
    """The rows as the page, the CSV and the noticeboard show them, each with the raw figure its
    columns sort by."""
    rows = published_rows(rows)
    percentage = table.competition.measure == Competition.Measure.PERCENTAGE
    handicap = table.competition.handicap != Competition.Handicap.NONE
    return [
        {
            "list": table.role_label(row.list),
            "place": row.place,
            "position": index,
            "name": row.name,
            "member": row.members[0] if len(row.members) == 1 and row.key == f"m{row.members[0]}" else None,
            "played": row.played,
            "counted": row.counted,
            "total": row.total,
            "total_text": row.total_text,
            "best": rules.format_figure(row.best, percentage=percentage),
            "handicap": f"{row.handicap:+d}" if handicap and row.handicap else ("0" if handicap else ""),
            "status": row.status or "qualified",
            "needs": row.needs,
        }
        for index, row in enumerate(rows)
    ]


def competition_csv(table: CompetitionTable) -> str:
    """Every row, qualified or not, with each evening's score ("" where not played, * where it did
    not count)."""
    evenings = table.standings.evenings
    rows = [
        [
            "list",
            "place",
            "name",
            "played",
            "counted",
            "total",
            "status",
            *(table.names[e.id] for e in evenings),
        ]
    ]
    percentage = table.competition.measure == Competition.Measure.PERCENTAGE
    for row, shown in zip(table.standings.rows, standing_rows(table, table.standings.rows), strict=True):
        by_evening = {s.evening: s for s in row.scores}
        cells = []
        for evening in evenings:
            score = by_evening.get(evening.id)
            cells.append(
                ""
                if score is None
                else rules.format_figure(score.value, percentage=percentage) + ("" if score.counted else "*")
            )
        rows.append(
            [
                shown["list"],
                shown["place"],
                row.name,
                row.played,
                row.counted,
                row.total_text,
                shown["status"],
                *cells,
            ]
        )
    return csv_text(rows)


def updated_text(table: CompetitionTable) -> str:
    if table.updated is None:
        return "No evening published in the season yet."
    at = timezone.localtime(table.updated.at)
    return f"Updated {at:%-d %b %Y at %H:%M}, {table.updated.text}."


def competition_sheet(table: CompetitionTable) -> CompetitionSheet:
    """The standings for the noticeboard, as plain data (``pdf/competitions.py`` prints it)."""
    c = table.competition
    lists = []
    for listed in table.standings.lists:
        rows = standing_rows(table, table.standings.qualified(listed))
        if rows:
            lists.append((table.role_label(listed) or "Standings", _sheet_rows(rows)))
    apart = standing_rows(table, table.standings.apart())
    return CompetitionSheet(
        event=PrintEvent(
            name=c.name,
            club=c.club.name,
            date=f"{c.start:%-d %b %Y} – {c.end:%-d %b %Y}",
            paper=c.club.paper_size,
            scoring=c.get_measure_display(),
        ),
        rules=describe(c),
        updated=updated_text(table),
        headings=("Place", "Name", "Played", "Counted", "Total"),
        lists=tuple(lists),
        apart=tuple(
            (r["name"], str(r["played"]), str(r["counted"]), r["total_text"], r["status"]) for r in apart
        ),
        evenings=len(table.standings.evenings),
    )


def _sheet_rows(rows: list[dict]) -> tuple[tuple[str, ...], ...]:
    return tuple((r["place"], r["name"], str(r["played"]), str(r["counted"]), r["total_text"]) for r in rows)


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
