"""A whole drive as one JSON document, and back: its settings, players, the seating of every hand,
the tricks, their history, paper totals, cuts and the tables' links and codes. Ids are
left out, so the document restores into any database; players are named by their card ("L3").

Members are kept by name and restored as members of the club (found by name, or added). A document
that breaks any rule imports nothing.
"""

from datetime import date, datetime
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from ...models import (
    AuditLine,
    Club,
    Drive,
    DriveMoney,
    DrivePayment,
    DrivePlayer,
    DriveResult,
    DriveResultChange,
    DriveSeat,
    DriveTeam,
    DriveTotal,
    Member,
    PrizeCut,
)
from ..core.audit import drive_log
from ..core.clubs import MembersByName, club_get_or_create
from ..core.codes import table_links_restore
from ..core.errors import ServiceError
from ..drives.money import money_check
from ..drives.reading import SEATS, seatings_of
from .bulk import rows_create
from .drive_schema import drive_document_problems
from .event import club_users, history_author, identity_restore, restored_from, trail_export, trail_restore
from .widow import widow_export, widow_restore

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
    "tag",
    "team_points",
    "hands_per_round",
    "rounds",
    "game",
    "minnesota_rules",
    "rubbers",
    "redraw",
)


# A drive's money (fees, figures, prize fund), written when the drive has any; older files have none.
MONEY_FIELDS = DriveMoney.SETTINGS


class DriveBackupError(ServiceError):
    pass


def drive_export(drive: Drive, *, with_address: bool = False) -> dict:
    """The drive as plain data (JSON-ready); ``with_address``: with its id (a club's backup)."""
    players = {p.pk: p for p in drive.players.select_related("member", "second_member", "team")}
    key = {pk: p.key for pk, p in players.items()}
    return {
        "format": FORMAT,
        "version": VERSION,
        "club": drive.club.name,
        "drive": {
            **({"id": drive.pk} if with_address else {}),
            "uuid": str(drive.uuid),
            "date": drive.date.isoformat(),
            **{f: getattr(drive, f) for f in DRIVE_FIELDS},
        },
        "teams": [{"number": t.number, "name": t.name} for t in drive.teams.all()],
        "players": [
            {
                "role": p.role,
                "card": p.card,
                "member": _member(p.member),
                "guest": p.guest,
                "team": p.team.number if p.team else None,
                "pair": p.pair,
                "second_member": _member(p.second_member),
                "second_guest": p.second_guest,
            }
            for p in players.values()
        ],
        "seatings": [
            {"hand": hand, "table": t.table, "seats": [*t.ns, *t.ew]}
            for hand, tables in seatings_of(
                drive.seats.values_list("hand", "table", "seat", "player_id"), key
            ).items()
            for t in tables.values()
        ],
        "results": [
            {
                "hand": r.hand,
                "table": r.table,
                "ns_tricks": r.ns_tricks,
                "granded": r.granded,
                "honours": r.honours,
                "confirmed": r.confirmed,
            }
            for r in drive.results.all()
        ],
        "history": [
            {
                "hand": h.hand,
                "table": h.table,
                "action": h.action,
                "source": h.source,
                "before": h.before,
                "after": h.after,
                "reason": h.reason,
                "changed_by": h.changed_by.get_username() if h.changed_by else None,
                "changed_at": h.changed_at.isoformat(),
            }
            for h in drive.result_changes.select_related("changed_by").order_by("changed_at", "id")
        ],
        "totals": [
            {"player": key[t.player_id], "half": t.half, "score": str(t.score)} for t in drive.totals.all()
        ],
        "cuts": [{"prize": c.prize, "winner": key[c.winner_id]} for c in drive.cuts.all()],
        "tables": [{"table": t.table, "token": t.token, "code": t.code} for t in drive.table_accesses.all()],
        "trail": trail_export(drive.changes),
        **_money_export(drive, key),
        **widow_export(drive, key),
    }


def _money_export(drive: Drive, key: dict[int, str]) -> dict:
    """The drive's money settings and the fees ticked as paid: nothing for a drive without them."""
    money = DriveMoney.objects.filter(drive=drive).first()
    payments = DrivePayment.objects.filter(player__drive=drive).order_by("player__role", "player__card")
    return ({"money": {f: getattr(money, f) for f in MONEY_FIELDS}} if money else {}) | (
        {"payments": [{"player": key[p.player_id], "method": p.method, "amount": p.amount} for p in payments]}
        if payments
        else {}
    )


@transaction.atomic
def drive_import(
    data, *, user=None, log: bool = True, keep_address: bool = False, club: Club | None = None
) -> Drive:
    """Restore an exported drive; its club and members are found by name, or added. All or nothing:
    the file is checked whole first (``drive_schema``), and a user named in its history is linked
    only when that user organises the club (else the name stays in the line). ``log``: add the
    trail's line "restored" (a whole club's backup restores the trails as they were).
    ``keep_address``: the drive keeps the id it had (a whole club's restore into an empty database).
    ``club``: into this club, whatever club the document names (a county server takes a hall's
    evening into the club its key opens). The drive keeps the identity (``uuid``) its export carries."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DriveBackupError("This file is not a whistdrive drive export.")
    if data.get("version") != VERSION:
        raise DriveBackupError(
            f"This export is version {data.get('version')!r}; whistdrive reads version {VERSION}."
        )
    problems = drive_document_problems(data)
    if problems:
        raise DriveBackupError(
            f"The file is damaged or incomplete: {' '.join(problems)} Nothing was imported."
        )
    settings = data["drive"]
    when = date.fromisoformat(settings["date"])
    club = club or club_get_or_create(name=data["club"])
    if Drive.objects.filter(club=club, name=settings["name"], date=when).exists():
        raise DriveBackupError(
            f"{club} already has a drive '{settings['name']}' on {when}: nothing imported."
        )
    drive = Drive(club=club, date=when, **{f: settings[f] for f in DRIVE_FIELDS if f in settings})
    if keep_address:
        drive.pk = settings.get("id")
    copy = identity_restore(drive, settings.get("uuid"))
    try:
        drive.full_clean()
        drive.save()
        _restore(drive, data)
        if log:
            drive_log(
                drive=drive, action=AuditLine.Action.RESTORED, detail=restored_from(not copy), user=user
            )
    except DriveBackupError:
        raise
    except ServiceError as error:  # a rule of entry, in words that say where the file breaks it
        raise DriveBackupError(f"{error} Nothing was imported.") from None
    except ValidationError as error:
        raise DriveBackupError("; ".join(error.messages) + ": nothing imported.") from None
    except IntegrityError as error:
        raise DriveBackupError(
            f"The file breaks a rule of the database ({error}): nothing imported."
        ) from None
    return drive


def _member(member: Member | None) -> list | None:
    return [member.first_name, member.last_name, member.email] if member else None


def _restore(drive: Drive, data: dict) -> None:
    teams = {
        team.number: team
        for team in rows_create(
            [
                DriveTeam(drive=drive, number=item["number"], name=item["name"])
                for item in data.get("teams", [])
            ]
        )
    }
    member = MembersByName(drive.club, check=True)
    players = [
        DrivePlayer(
            drive=drive,
            role=item["role"],
            card=item["card"],
            member=member(item.get("member")),
            guest=item.get("guest", ""),
            team=teams.get(item.get("team")),
            pair=item.get("pair", ""),
            second_member=member(item.get("second_member")),
            second_guest=item.get("second_guest", ""),
        )
        for item in data.get("players", [])
    ]
    # Its members were just found or added in the club (not a query each to see they exist);
    # the database holds a member to one card of a drive.
    ids: dict[str, int] = {p.key: p.pk for p in rows_create(players, exclude=["member", "second_member"])}

    DriveSeat.objects.bulk_create(
        DriveSeat(drive=drive, hand=item["hand"], table=item["table"], seat=seat, player_id=ids[key])
        for item in data.get("seatings", [])
        for seat, key in zip(SEATS, item["seats"], strict=True)
        if key is not None
    )
    # An export from before Minnesota drives holds no grand (a whist hand's ""), and one from
    # before games and rubbers no honours.
    rows_create(
        [
            DriveResult(
                drive=drive,
                granded=item.get("granded", ""),
                honours=item.get("honours", ""),
                **{f: item[f] for f in ("hand", "table", "ns_tricks", "confirmed")},
            )
            for item in data.get("results", [])
        ]
    )
    users = club_users(drive.club)
    history = []
    for item in data.get("history", []):
        changed_by, reason = history_author(users, item.get("changed_by"), item["reason"])
        history.append(
            DriveResultChange(
                drive=drive,
                hand=item["hand"],
                table=item["table"],
                # An export from before the history kept every write holds only the organiser's corrections.
                action=item.get("action", DriveResultChange.Action.CORRECTED),
                source=item.get("source", "organiser"),
                before=item["before"],
                after=item["after"],
                reason=reason,
                changed_by=changed_by,
                changed_at=datetime.fromisoformat(item["changed_at"]),
            )
        )
    DriveResultChange.objects.bulk_create(history)
    rows_create(
        [
            DriveTotal(
                drive=drive, player_id=ids[item["player"]], half=item["half"], score=Decimal(item["score"])
            )
            for item in data.get("totals", [])
        ]
    )
    PrizeCut.objects.bulk_create(
        PrizeCut(drive=drive, prize=item["prize"], winner_id=ids[item["winner"]])
        for item in data.get("cuts", [])
    )
    if "money" in data:
        money = DriveMoney(drive=drive, **data["money"])
        money.full_clean()
        try:
            money_check(drive, fund_fixed=money.fund_fixed, fund_share=money.fund_share, split=money.split)
        except ServiceError as error:
            raise DriveBackupError(f"{error} Nothing was imported.") from None
        money.save()
    payments = data.get("payments", [])

    def fee_refused(index: int, error: ValidationError) -> ServiceError:
        # the database keeps one payment a card; a second is said in words
        return ServiceError(
            f"{drive.name}, the fee of {payments[index]['player']}: {' '.join(error.messages)}"
        )

    rows_create(
        [
            DrivePayment(player_id=ids[item["player"]], method=item["method"], amount=item["amount"])
            for item in payments
        ],
        refuse=fee_refused,
    )
    widow_restore(drive, data.get("widow"), ids)
    trail_restore(data.get("trail", []), club=drive.club, users=users, drive=drive)
    # The printed cards' links and codes go on working, unless this database has them already
    # (then new ones are drawn).
    table_links_restore(drive=drive, tables=data.get("tables", []))
