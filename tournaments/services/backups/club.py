"""A backup of the whole club in one file, and back: the clubs with their settings, members,
competitions, the leagues they run, club-level trail and outbox of results e-mails, every event
and drive (each as its own export, the one format for it), and the users who organise them (by
username: no passwords travel in a file that is downloaded and carried about; a restored
organiser sets one with ``manage.py changepassword``).

The file is one JSON document, written event by event so a long season never sits in memory as
rows and text at once; gzip is optional and seen on reading. It carries its format's version and
the database's migrations. A newer file is refused in words, an older one is brought forward one
version at a time (``MIGRATIONS``), and a damaged one restores nothing: it is checked whole, then
restored in one transaction, into an empty database only (a backup holds clubs whole; merging two
clubs' members and evenings is the events' and drives' own import, one evening at a time).
"""

import gzip
import json
import zlib
from collections.abc import Callable, Iterator
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import IntegrityError, connection, transaction
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone

import whistdrive

from ...models import (
    PICKED,
    AuditLine,
    Club,
    Competition,
    Drive,
    DuelNight,
    Erasure,
    Event,
    Fixture,
    League,
    Member,
    ResultMail,
)
from ..core.audit import club_log
from ..core.errors import ServiceError
from ..core.members import erasures_reapply
from ..season.competitions import COMPETITION_SETTINGS
from .club_schema import FORMAT, backup_problems
from .drive import drive_export, drive_import
from .duel import duel_export, duel_import
from .event import event_export, event_import, trail_export, trail_restore
from .league import league_clubs_link, league_export, league_restore

VERSION = 3
CLUB_FIELDS = (
    "name",
    "slug",
    "paper_size",
    "trump_schedule",
    "scoring",
    "scale",
    "adjusted_scores",
    "members_only",
    "check_every_round",
    "public_address",
    "guests_published",
    "large_print",
)
COMPETITION_FIELDS = tuple(f for f in COMPETITION_SETTINGS if f not in ("start", "end"))  # dates: ISO


def _version_1_to_2(data: dict) -> dict:
    """Version 2 keeps the outbox of results e-mails; a version 1 file had none to keep."""
    return {**data, "version": 2, "clubs": [{**club, "mails": []} for club in data.get("clubs", [])]}


def _version_2_to_3(data: dict) -> dict:
    """Version 3 keeps the leagues a club runs; a version 2 file had none."""
    return {**data, "version": 3, "clubs": [{**club, "leagues": []} for club in data.get("clubs", [])]}


# One small function a version step: MIGRATIONS[n] turns a version n document into version n + 1.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _version_1_to_2, 2: _version_2_to_3}
MAIL_FIELDS = ("to", "message_id", "subject", "body", "card", "status", "attempts", "last_error")


class ClubBackupError(ServiceError):
    pass


def whistdrive_version() -> str:
    return whistdrive.__version__  # the one place it is written, in a checkout as installed


def _migrations() -> dict[str, list[str]]:
    """The database's applied migrations of whistdrive's own app, newest last."""
    applied = MigrationRecorder(connection).applied_migrations()
    return {"tournaments": sorted(name for app, name in applied if app == "tournaments")[-1:]}


def _when(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _evening(thing) -> list:
    return [thing.name, thing.date.isoformat()]


def _club_document(club: Club) -> dict:
    """The club without its events and drives (they are written one at a time after it)."""
    members = list(club.members.order_by("pk"))
    index = {m.pk: n for n, m in enumerate(members)}
    mails = (
        ResultMail.objects.filter(member__club=club).select_related("event", "drive", "night").order_by("pk")
    )
    competitions = club.competitions.prefetch_related(*PICKED).order_by("pk")
    return {
        **{f: getattr(club, f) for f in CLUB_FIELDS},
        "minutes_per_board": str(club.minutes_per_board),
        "organisers": sorted(u.get_username() for u in club.organisers.all()),
        "members": [
            {
                "id": m.pk,
                "first_name": m.first_name,
                "last_name": m.last_name,
                "email": m.email,
                "active": m.active,
                "published_as": m.published_as,
                "forgotten_at": _when(m.forgotten_at),
            }
            for m in members
        ],
        "competitions": [
            {
                "id": c.pk,
                **{f: getattr(c, f) for f in COMPETITION_FIELDS},
                "start": c.start.isoformat(),
                "end": c.end.isoformat(),
                "picked_events": sorted(_evening(e) for e in c.picked_events.all()),
                "picked_drives": sorted(_evening(d) for d in c.picked_drives.all()),
                "picked_nights": sorted(_evening(n) for n in c.picked_nights.all()),
            }
            for c in competitions
        ],
        "leagues": [league_export(league) for league in club.leagues.order_by("pk")],
        "trail": trail_export(club.changes.filter(event=None, drive=None, night=None)),
        "mails": [
            {
                **{f: getattr(mail, f) for f in MAIL_FIELDS},
                "member": index[mail.member_id],
                "event": mail.event and _evening(mail.event),
                "drive": mail.drive and _evening(mail.drive),
                "night": mail.night and _evening(mail.night),
                "created_at": _when(mail.created_at),
                "sent_at": _when(mail.sent_at),
            }
            for mail in mails
        ],
    }


def club_backup_chunks(clubs) -> Iterator[str]:
    """The backup of ``clubs`` as pieces of one JSON document: the clubs' own records first, then
    each event and drive as it is read, so only one evening is held at a time."""
    clubs = list(clubs.order_by("pk"))
    users = get_user_model().objects.filter(clubs__in=clubs).distinct().order_by("username")
    head = {
        "format": FORMAT,
        "version": VERSION,
        "whistdrive": whistdrive_version(),
        "migrations": _migrations(),
        "written_at": timezone.now().isoformat(),
        "users": [
            {
                "username": u.get_username(),
                "first_name": u.first_name,
                "last_name": u.last_name,
                "email": u.email,
            }
            for u in users
        ],
        "erasures": sorted(Erasure.objects.values_list("mark", flat=True)),
    }
    yield json.dumps(head, ensure_ascii=False)[:-1] + ', "clubs": ['
    for c, club in enumerate(clubs):
        yield (", " if c else "") + json.dumps(_club_document(club), ensure_ascii=False)[:-1]
        for kind, rows, export in (
            ("events", Event.objects.filter(club=club), event_export),
            ("drives", Drive.objects.filter(club=club), drive_export),
            ("two_player_nights", DuelNight.objects.filter(club=club), duel_export),
        ):
            yield f', "{kind}": ['
            for n, pk in enumerate(rows.order_by("date", "pk").values_list("pk", flat=True)):
                thing = rows.model.objects.select_related("club").get(pk=pk)
                yield (", " if n else "") + json.dumps(export(thing, with_address=True), ensure_ascii=False)
            yield "]"
        yield "}"
    yield "]}\n"


def club_backup_write(path: Path, clubs=None) -> int:
    """Write the backup of ``clubs`` (every club when None) to ``path``, gzipped when its name ends
    in .gz; written beside it first and renamed, so a failed backup never leaves half a file.
    Returns its size in bytes."""
    clubs = Club.objects.all() if clubs is None else clubs
    part = path.with_name(path.name + ".part")
    try:
        # gzip's middle level: nearly the smallest file, in a sixth of the time of its smallest.
        with (
            gzip.open(part, "wt", encoding="utf-8", compresslevel=6)
            if path.suffix == ".gz"
            else open(part, "w", encoding="utf-8")
        ) as file:
            for chunk in club_backup_chunks(clubs):
                file.write(chunk)
        part.replace(path)
    finally:
        part.unlink(missing_ok=True)
    return path.stat().st_size


def club_backup_read(raw: bytes) -> dict:
    """A backup's document from the file's bytes (gzipped or not), or a ClubBackupError saying why
    it cannot be read."""
    try:
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        data = json.loads(raw.decode("utf-8"))
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError) as error:
        raise ClubBackupError(
            f"This file is damaged or is not a whistdrive backup ({error}). Nothing was restored."
        ) from None
    except RecursionError:
        raise ClubBackupError(
            "This file is nested too deeply to be a backup. Nothing was restored."
        ) from None
    return data


def _known_migrations() -> set[tuple[str, str]]:
    return set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)


def club_backup_migrate(data) -> dict:
    """The document brought to this version, or refused in words when it is newer or not a backup."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ClubBackupError("This file is not a whistdrive backup. Nothing was restored.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ClubBackupError(
            "This file's version number is not a whole number from 1, so it is not a whistdrive "
            "backup. Nothing was restored."
        )
    known = _known_migrations()
    unknown = [
        name
        for app, names in (data.get("migrations") or {}).items()
        if isinstance(names, list)
        for name in names
        if (app, name) not in known
    ]
    if version > VERSION or unknown:
        written = data.get("whistdrive", "?")
        raise ClubBackupError(
            f"This backup was written by whistdrive {written} (backup version {version}), "
            f"newer than this one ({whistdrive_version()}, backup version {VERSION}): update whistdrive "
            "first. Nothing was restored."
        )
    while data["version"] < VERSION:
        data = MIGRATIONS[data["version"]](data)
    return data


def _restore_users(users: list) -> dict:
    model = get_user_model()
    found = {}
    for item in users:
        user = model.objects.filter(username=item["username"]).first()
        if user is None:
            user = model(**item, is_staff=True)
            user.set_unusable_password()
            user.full_clean()
            user.save()
        found[user.get_username()] = user
    return found


def _restore_club(item: dict, users: dict, links: list) -> Club:
    # A file from before the club's check-in setting has not got it: the default then.
    settings = {f: item[f] for f in CLUB_FIELDS if f in item}
    club = Club(**settings, minutes_per_board=Decimal(item["minutes_per_board"]))
    club.full_clean()
    club.save()
    club.organisers.set([users[name] for name in item["organisers"]])
    members = [
        Member(
            club=club,
            pk=m.get("id"),
            **{f: v for f, v in m.items() if f not in ("id", "forgotten_at")},
            forgotten_at=m.get("forgotten_at") and datetime.fromisoformat(m["forgotten_at"]),
        )
        for m in item["members"]
    ]
    for member in members:
        member.full_clean(exclude=["club", "id"])  # the database holds an id to one row
    Member.objects.bulk_create(members)
    events, drives = {}, {}
    for n, document in enumerate(item["events"]):
        place = f"{club.name}, event {n + 1}"
        event = _restored(
            place, lambda doc=document: event_import(_with_club(doc, club), log=False, keep_address=True)
        )
        events[(event.name, event.date)] = event
    for n, document in enumerate(item["drives"]):
        place = f"{club.name}, drive {n + 1}"
        drive = _restored(
            place, lambda doc=document: drive_import(_with_club(doc, club), log=False, keep_address=True)
        )
        drives[(drive.name, drive.date)] = drive
    nights = {}
    # A file from before two-player nights has none.
    for n, document in enumerate(item.get("two_player_nights", [])):
        place = f"{club.name}, two-player night {n + 1}"
        night = _restored(place, lambda doc=document: duel_import(doc, club=club, users=users))
        nights[(night.name, night.date)] = night
    for c in item["competitions"]:
        competition = Competition(
            pk=c.get("id"),
            club=club,
            start=date.fromisoformat(c["start"]),
            end=date.fromisoformat(c["end"]),
            **{f: c[f] for f in COMPETITION_FIELDS},
        )
        competition.full_clean()
        competition.save()
        competition.picked_events.set(events[(n, date.fromisoformat(d))] for n, d in c["picked_events"])
        competition.picked_drives.set(drives[(n, date.fromisoformat(d))] for n, d in c["picked_drives"])
        # A file from before competitions picked two-player nights has none.
        competition.picked_nights.set(
            nights[(n, date.fromisoformat(d))] for n, d in c.get("picked_nights", [])
        )
    for league in item["leagues"]:
        links.extend(league_restore(league, club=club))
    trail_restore(item["trail"], club=club, users=users)
    mails = [
        ResultMail(
            **{f: mail[f] for f in MAIL_FIELDS if f in mail},  # a file from before Message-IDs has none
            member=members[mail["member"]],
            event=mail["event"] and events[(mail["event"][0], date.fromisoformat(mail["event"][1]))],
            drive=mail["drive"] and drives[(mail["drive"][0], date.fromisoformat(mail["drive"][1]))],
            # A file from before two-player nights' e-mails has no "night".
            night=mail.get("night") and nights[(mail["night"][0], date.fromisoformat(mail["night"][1]))],
            created_at=datetime.fromisoformat(mail["created_at"]),
            sent_at=mail["sent_at"] and datetime.fromisoformat(mail["sent_at"]),
        )
        for mail in item["mails"]
    ]
    for mail in mails:
        mail.full_clean(exclude=["member", "event", "drive", "night"])
    ResultMail.objects.bulk_create(mails)
    return club


def _sequences_past_the_restored_ids() -> None:
    """Rows restored with their ids (evenings, members, competitions, leagues: the ids are in their
    addresses) leave a database's sequences behind them; moved past, the next row made gets a new
    id. SQLite needs nothing; PostgreSQL is told by the statements Django gives for it."""
    statements = connection.ops.sequence_reset_sql(
        no_style(), [Event, Drive, DuelNight, Member, Competition, League, Fixture]
    )
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)


def _with_club(document, club: Club):
    """An event's or drive's export, placed in ``club`` whatever club it names."""
    if not isinstance(document, dict):
        return document
    if document.get("format") == "whistdrive-event":
        return {**document, "club": {"name": club.name, "paper_size": club.paper_size}}
    return {**document, "club": club.name}


def _restored(place: str, restore: Callable):
    try:
        return restore()
    except ServiceError as error:
        raise ClubBackupError(f"{place}: {error}") from None


@transaction.atomic
def club_backup_restore(data, *, user=None) -> list[Club]:
    """Restore a backup's document into this empty database. All or nothing. Every member in the
    register of erasures is forgotten again, in the same transaction; each club returned says how
    many (``forgotten_again``)."""
    data = club_backup_migrate(data)
    problems = backup_problems(data)
    if problems:
        raise ClubBackupError(
            f"The backup is damaged or incomplete: {' '.join(problems)} Nothing was restored."
        )
    present = list(Club.objects.values_list("name", flat=True)[:3])
    if present:
        raise ClubBackupError(
            f"This database already has clubs ({', '.join(present)}): restore a backup into an empty "
            "database (a new one, or after manage.py flush). Nothing was restored."
        )
    try:
        users = _restore_users(data["users"])
        links: list = []  # leagues' clubs to link to ours once every club is here
        clubs = [_restore_club(item, users, links) for item in data["clubs"]]
        league_clubs_link(links)
        _sequences_past_the_restored_ids()
        Erasure.objects.bulk_create(
            Erasure(mark=mark, erased_at=timezone.now()) for mark in sorted(set(data.get("erasures", [])))
        )
        # Members forgotten since the backup was written are forgotten again (the register in the
        # data folder outlives the database; a backup brings its own).
        again = erasures_reapply(clubs=clubs)
    except ValidationError as error:
        raise ClubBackupError(
            f"The backup breaks a rule: {'; '.join(error.messages)}. Nothing was restored."
        ) from None
    except IntegrityError as error:
        raise ClubBackupError(f"The backup contradicts itself ({error}). Nothing was restored.") from None
    except (KeyError, ValueError) as error:
        raise ClubBackupError(
            f"The backup names something it does not hold ({error}). Nothing was restored."
        ) from None
    for club in clubs:
        club.forgotten_again = again.get(club.pk, 0)  # the command says it
        forgotten = f"; {_members(club.forgotten_again)} forgotten again" if club.forgotten_again else ""
        club_log(
            club=club,
            action=AuditLine.Action.RESTORED,
            detail=f"from a backup written {data['written_at'][:16].replace('T', ' ')}{forgotten}",
            user=user,
        )
    return clubs


def _members(n: int) -> str:
    return f"{n} member" if n == 1 else f"{n} members"


def club_backup_download(*, club: Club, user) -> Iterator[str]:
    """The club's backup, for its organiser to download; the trail says who took it."""
    with transaction.atomic():
        club_log(club=club, action=AuditLine.Action.BACKUP, detail="backup downloaded", user=user)
    return club_backup_chunks(Club.objects.filter(pk=club.pk))
