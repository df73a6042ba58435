"""A club backup restored: a damaged one restores nothing. It is checked whole, then restored in
one transaction, into an empty database only (a backup holds clubs whole; merging two clubs'
members and evenings is the events' and drives' own import, one evening at a time).

A restore forgets again every member in the register of erasures (``services/core/members.py``).
Where the data folder has no register (a new computer's), a member forgotten since the backup was
written would come back unseen: the restore is refused, before anything is written, until the
organiser gives the register (another computer's erasures.json) or chooses to go on without it."""

from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from ...models import (
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
from ..core.members import erasures_reapply, erasures_register_found, erasures_register_path
from .accounts import accounts_restore
from .bulk import rows_create
from .club import CLUB_FIELDS, COMPETITION_FIELDS, MAIL_FIELDS
from .club_schema import backup_problems
from .club_versions import ClubBackupError, club_backup_migrate
from .county import hall_uploads_restore
from .drive import drive_import
from .duel import duel_import
from .evening_money import evening_money_restore
from .event import event_import, trail_restore
from .league import league_clubs_link, league_restore
from .membership import membership_restore


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
    # A file from before clubs' keys: the club's key is its address, as the migration that made
    # keys gave every club then, so the marks of members forgotten since are found again.
    settings.setdefault("key", item["slug"])
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
    rows_create(members, exclude=["club", "id"])  # the database holds an id to one row
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
    rows_create(mails, exclude=["member", "event", "drive", "night"])
    # A file from before membership has none.
    if "membership" in item:
        membership_restore(item["membership"], club=club, members=members, mails=mails)
    # A file from before members' accounts has none.
    if "accounts" in item:
        accounts_restore(
            item["accounts"], club=club, members=members, drives=drives, users=users, mails=mails
        )
    # A file from before the money of events, two-player nights and league matches has none.
    _restored(
        club.name, lambda: evening_money_restore(item.get("evening_money", []), club=club, members=members)
    )
    # A file from before the hall's uploads to the county were kept has none.
    hall_uploads_restore(item.get("county_uploads", []), club=club)
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


class ErasuresNotFound(ClubBackupError):
    """The data folder has no register of erasures, and none was given nor declined."""


def club_restore_register_check(*, given: bool, without_erasures: bool) -> None:
    """Refuse, in words, a restore that could bring back a forgotten member unseen: the data folder
    has no register of erasures, the organiser gave none and did not choose to go on without it.
    Each way of restoring says, after these words, how to give it."""
    if given or without_erasures or erasures_register_found():
        return
    raise ErasuresNotFound(
        f"This data folder has no register of erasures ({erasures_register_path()}), so a member "
        "forgotten since the backup was written would come back under their own name. "
        "Nothing was restored."
    )


@transaction.atomic
def club_backup_restore(
    data, *, user=None, erasures: set[str] | None = None, without_erasures: bool = False
) -> list[Club]:
    """Restore a backup's document into this empty database. All or nothing. Every member in the
    register of erasures (the data folder's, the backup's, and ``erasures``: the marks of a register
    the organiser gave) is forgotten again, in the same transaction; each club returned says how
    many (``forgotten_again``). Refused (ErasuresNotFound) when the data folder has no register,
    unless one is given or the organiser chose ``without_erasures``."""
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
    club_restore_register_check(given=erasures is not None, without_erasures=without_erasures)
    unregistered = erasures is None and not erasures_register_found()
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
        again = erasures_reapply(clubs=clubs, given=erasures or set())
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
        club.without_erasures = unregistered
        forgotten = f"; {_members(club.forgotten_again)} forgotten again" if club.forgotten_again else ""
        if unregistered:
            forgotten += "; without the register of erasures, by the organiser's choice"
        club_log(
            club=club,
            action=AuditLine.Action.RESTORED,
            detail=f"from a backup written {data['written_at'][:16].replace('T', ' ')}{forgotten}",
            user=user,
        )
    return clubs


def _members(n: int) -> str:
    return f"{n} member" if n == 1 else f"{n} members"
