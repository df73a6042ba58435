"""A backup of the whole club in one file: the clubs with their settings, members, competitions,
the leagues they run, club-level trail, outbox of e-mails and membership, every event and drive (each
as its own export, the one format for it), the club's way to the county (its address and key, and
the hall's queue of uploads: ``backups/county.py``), and the users who organise them (by username: no
passwords travel in a file that is downloaded and carried about; a restored organiser sets one
with ``manage.py changepassword``).

The file is one JSON document, written event by event so a long season never sits in memory as
rows and text at once; gzip is optional and seen on reading. It carries its format's version and
the database's migrations: ``club_versions`` reads a file and brings an older one forward,
``club_restore`` restores it.
"""

import gzip
import json
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone

from ...models import (
    PICKED,
    AuditLine,
    Club,
    Drive,
    DuelNight,
    Erasure,
    Event,
    ResultMail,
)
from ..core.audit import club_log
from ..season.competitions import COMPETITION_SETTINGS
from .accounts import accounts_export
from .club_schema import FORMAT
from .club_versions import VERSION, whistdrive_version
from .county import hall_uploads_export
from .drive import drive_export
from .duel import duel_export
from .evening_money import evening_money_export
from .event import event_export, trail_export
from .league import league_export
from .membership import membership_export

CLUB_FIELDS = (
    "name",
    "slug",
    "key",
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
    "places_shown",
    "tablet_travellers",
    "currency",
    "number_format",
    # Where its closed evenings go, with the key the county gave it: a backup holds the key.
    "county_address",
    "county_key",
    "county_club",
)
COMPETITION_FIELDS = tuple(f for f in COMPETITION_SETTINGS if f not in ("start", "end"))  # dates: ISO
MAIL_FIELDS = ("to", "message_id", "subject", "body", "card", "status", "attempts", "last_error")


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
    mails = list(
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
        "membership": membership_export(club, index, {mail.pk: n for n, mail in enumerate(mails)}),
        "accounts": accounts_export(club, index, {mail.pk: n for n, mail in enumerate(mails)}),
        "evening_money": evening_money_export(club, index),
        "county_uploads": hall_uploads_export(club),
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


def club_backup_download(*, club: Club, user) -> Iterator[str]:
    """The club's backup, for its organiser to download; the trail says who took it."""
    with transaction.atomic():
        club_log(club=club, action=AuditLine.Action.BACKUP, detail="backup downloaded", user=user)
    return club_backup_chunks(Club.objects.filter(pk=club.pk))
