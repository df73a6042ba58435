"""A whole drive as one JSON document, and back: its settings, players, the seating of every hand,
the tricks, the corrections' history, paper totals, cuts and the tables' links and codes. Ids are
left out, so the document restores into any database; players are named by their card ("L3").

Members are kept by name and restored as members of the club (found by name, or added). A document
that breaks any rule imports nothing.
"""

import secrets
from datetime import date, datetime
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from ...models import (
    AuditLine,
    Club,
    Drive,
    DrivePlayer,
    DriveResult,
    DriveResultChange,
    DriveSeating,
    DriveTable,
    DriveTotal,
    Member,
    PrizeCut,
)
from ..audit import drive_log
from ..errors import ServiceError
from ..tablets import codes_taken, new_table_code
from .state import SEATS

FORMAT = "whistdrive-drive"
VERSION = 1
DRIVE_FIELDS = (
    "name",
    "status",
    "format",
    "hands",
    "halves",
    "trump_schedule",
    "sit_out",
    "lady_label",
    "gent_label",
    "prizes",
    "mystery_hand",
    "published",
)


class DriveBackupError(ServiceError):
    pass


def drive_export(drive: Drive) -> dict:
    players = {p.pk: p for p in drive.players.select_related("member")}
    key = {pk: p.key for pk, p in players.items()}
    return {
        "format": FORMAT,
        "version": VERSION,
        "club": drive.club.name,
        "drive": {"date": drive.date.isoformat(), **{f: getattr(drive, f) for f in DRIVE_FIELDS}},
        "players": [
            {
                "role": p.role,
                "card": p.card,
                "member": [p.member.first_name, p.member.last_name, p.member.email] if p.member else None,
                "guest": p.guest,
            }
            for p in players.values()
        ],
        "seatings": [
            {"hand": s.hand, "table": s.table, "seats": [key.get(getattr(s, f"{seat}_id")) for seat in SEATS]}
            for s in drive.seatings.all()
        ],
        "results": [
            {"hand": r.hand, "table": r.table, "ns_tricks": r.ns_tricks, "confirmed": r.confirmed}
            for r in drive.results.all()
        ],
        "history": [
            {
                "hand": h.hand,
                "table": h.table,
                "before": h.before,
                "after": h.after,
                "reason": h.reason,
                "changed_at": h.changed_at.isoformat(),
            }
            for h in drive.result_changes.order_by("changed_at", "id")
        ],
        "totals": [
            {"player": key[t.player_id], "half": t.half, "score": str(t.score)} for t in drive.totals.all()
        ],
        "cuts": [{"prize": c.prize, "winner": key[c.winner_id]} for c in drive.cuts.all()],
        "tables": [{"table": t.table, "token": t.token, "code": t.code} for t in drive.table_accesses.all()],
    }


def _list(data: dict, name: str) -> list:
    value = data.get(name, [])
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise DriveBackupError(f"The file's '{name}' is not a list of entries: is it a drive export?")
    return value


def _field(item: dict, name: str, kind, where: str):
    value = item.get(name)
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise DriveBackupError(f"{where}: '{name}' should be a whole number, not {value!r}.")
    if kind is not int and not isinstance(value, kind):
        raise DriveBackupError(f"{where}: '{name}' is missing or of the wrong kind.")
    return value


@transaction.atomic
def drive_import(data, *, user=None) -> Drive:
    """Restore an exported drive; its club and members are found by name, or added."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DriveBackupError("This file is not a whistdrive drive export.")
    if data.get("version") != VERSION:
        raise DriveBackupError(
            f"This export is version {data.get('version')!r}; whistdrive reads version {VERSION}."
        )
    settings = data.get("drive")
    club_name = data.get("club")
    if not isinstance(settings, dict) or not isinstance(club_name, str) or not club_name.strip():
        raise DriveBackupError("The file names no club or no drive.")
    try:
        when = date.fromisoformat(settings.get("date", ""))
    except (TypeError, ValueError):
        raise DriveBackupError(
            f"The drive's date {settings.get('date')!r} is not a date (YYYY-MM-DD)."
        ) from None
    club, _ = Club.objects.get_or_create(name=club_name.strip()[:100])
    if Drive.objects.filter(club=club, name=settings.get("name"), date=when).exists():
        raise DriveBackupError(
            f"{club} already has a drive '{settings.get('name')}' on {when}: nothing imported."
        )
    drive = Drive(club=club, date=when, **{f: settings.get(f) for f in DRIVE_FIELDS if f in settings})
    try:
        drive.full_clean()
        drive.save()
        _restore(drive, data)
        drive_log(drive=drive, action=AuditLine.Action.RESTORED, detail="from an export", user=user)
    except ValidationError as error:
        raise DriveBackupError("; ".join(error.messages)) from None
    except IntegrityError as error:
        raise DriveBackupError(
            f"The file breaks a rule of the database ({error}): nothing imported."
        ) from None
    return drive


def _restore(drive: Drive, data: dict) -> None:
    ids: dict[str, int] = {}
    for n, item in enumerate(_list(data, "players"), start=1):
        where = f"Player {n}"
        role = _field(item, "role", str, where)
        card = _field(item, "card", int, where)
        member = None
        if item.get("member") is not None:
            first, last, email = (
                (list(item["member"]) + ["", "", ""])[:3]
                if isinstance(item["member"], list)
                else ("", "", "")
            )
            if not (isinstance(first, str) and isinstance(last, str) and first and last):
                raise DriveBackupError(f"{where}: the member's name is not readable.")
            member = Member.objects.filter(club=drive.club, first_name=first, last_name=last).first()
            if member is None:
                member = Member(club=drive.club, first_name=first, last_name=last, email=email or "")
                member.full_clean()
                member.save()
        player = DrivePlayer(drive=drive, role=role, card=card, member=member, guest=item.get("guest") or "")
        player.full_clean()
        player.save()
        ids[player.key] = player.pk

    def player_id(value, where):
        if value is None:
            return None
        if value not in ids:
            raise DriveBackupError(f"{where}: {value!r} is not one of the drive's players.")
        return ids[value]

    seatings = []
    for item in _list(data, "seatings"):
        hand, table = _field(item, "hand", int, "A seating"), _field(item, "table", int, "A seating")
        seats = item.get("seats")
        if not isinstance(seats, list) or len(seats) != 4:
            raise DriveBackupError(f"Hand {hand}, table {table}: four seats expected.")
        where = f"Hand {hand}, table {table}"
        seatings.append(
            DriveSeating(
                drive=drive,
                hand=hand,
                table=table,
                **{f"{seat}_id": player_id(v, where) for seat, v in zip(SEATS, seats, strict=True)},
            )
        )
    DriveSeating.objects.bulk_create(seatings)
    for item in _list(data, "results"):
        where = "A result"
        result = DriveResult(
            drive=drive,
            hand=_field(item, "hand", int, where),
            table=_field(item, "table", int, where),
            ns_tricks=_field(item, "ns_tricks", int, where),
            confirmed=item.get("confirmed") is True,
        )
        result.full_clean()
        result.save()
    for item in _list(data, "history"):
        try:
            when = datetime.fromisoformat(item.get("changed_at", ""))
        except (TypeError, ValueError):
            raise DriveBackupError("A history line has no readable time.") from None
        line = DriveResultChange(
            drive=drive,
            hand=_field(item, "hand", int, "A history line"),
            table=_field(item, "table", int, "A history line"),
            before=str(item.get("before", ""))[:10],
            after=str(item.get("after", ""))[:10],
            reason=str(item.get("reason", ""))[:200],
            changed_at=when,
        )
        line.save()
    for item in _list(data, "totals"):
        try:
            score = Decimal(str(item.get("score")))
        except InvalidOperation:
            raise DriveBackupError(f"A total {item.get('score')!r} is not a number.") from None
        total = DriveTotal(
            drive=drive,
            player_id=player_id(item.get("player"), "A total"),
            half=_field(item, "half", int, "A total"),
            score=score,
        )
        total.full_clean()
        total.save()
    for item in _list(data, "cuts"):
        PrizeCut.objects.create(
            drive=drive,
            prize=str(item.get("prize", ""))[:20],
            winner_id=player_id(item.get("winner"), "A cut"),
        )
    taken_tokens = set(DriveTable.objects.values_list("token", flat=True))
    taken_codes = codes_taken()
    for item in _list(data, "tables"):
        table = _field(item, "table", int, "A table")
        token, code = item.get("token"), item.get("code")
        # The printed cards' links and codes go on working, unless this database has them already.
        keep = (
            isinstance(token, str)
            and isinstance(code, str)
            and 0 < len(token) <= 64
            and 0 < len(code) <= 12
            and token not in taken_tokens
            and code not in taken_codes
        )
        if keep:
            taken_tokens.add(token)
            taken_codes.add(code)
        DriveTable.objects.create(
            drive=drive,
            table=table,
            token=token if keep else secrets.token_urlsafe(24),
            code=code if keep else new_table_code(taken_codes),
        )
