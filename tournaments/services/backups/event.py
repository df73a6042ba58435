"""A whole event as one JSON document, and back: settings, tonight's entries, pairs and players,
deals, movement, results and their history, and the evening's trail. Ids are left out, so the
document restores into any database; each history line names its result by board, round and table.

Players are kept by name and restored as members of the club (found by name, or added).
"""

import uuid
from datetime import date, datetime

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from ...models import (
    AuditLine,
    Board,
    Club,
    Entry,
    Event,
    IndividualPlayer,
    Pair,
    RelayStand,
    Result,
    ResultChange,
    Seating,
)
from ..core.audit import event_log
from ..core.clubs import MembersByName, club_get_or_create
from ..core.codes import table_links_restore
from ..core.errors import ServiceError
from ..tablets.access import event_open_tables
from .event_schema import event_document_problems

FORMAT = "whistdrive-event"
VERSION = 1
EVENT_FIELDS = (
    "name",
    "status",
    "tables",
    "variant",
    "players",
    "card_set",
    "phantom",
    "rounds",
    "arrow_switch_rounds",
    "boards_per_round",
    "trump_schedule",
    "scoring",
    "minnesota_rules",
    "scale",
    "adjusted_scores",
    "honours",
    "tie_break",
    "published",
    "deal_seed",
    "tag",
)
BOARD_FIELDS = ("number", "dealer", "trumps", "deal", "dd_table", "dd_ns_tricks")
SEATING_FIELDS = ("round", "table", "board_set", "first_board", "last_board", "arrow_switched", "shares_with")
RELAY_FIELDS = ("round", "board_set", "first_board", "last_board")
HISTORY_FIELDS = (
    "board_number",
    "ns_pair_number",
    "ew_pair_number",
    "action",
    "before",
    "after",
    "reason",
    "source",
)


class BackupError(ServiceError):
    pass


def _pair_key(pair) -> list | None:
    return None if pair is None else [pair.direction, pair.number]


def _member(member) -> list | None:
    return None if member is None else [member.first_name, member.last_name, member.email]


def _when(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _restore_tables(event: Event, tables: list) -> None:
    """The tables' links and codes as they were, where no other event has them; new ones otherwise."""
    table_links_restore(event=event, tables=[t for t in tables if t["table"] <= event.tables])
    event_open_tables(event=event)


def identity_restore(evening, identity) -> bool:
    """Give ``evening`` (made, not yet saved) the identity (``uuid``) its export carries, unless
    one of its club's evenings of its kind holds it already: an export imported again after a
    rename is a copy of the evening, and keeps the identity of its own it was made with, so that
    the two stay two wherever they are sent. Whether it is such a copy. A value that is no uuid is
    given as it is, for the evening's own check to say so."""
    if not identity:
        return False
    try:
        held = type(evening).objects.filter(club=evening.club, uuid=uuid.UUID(str(identity))).exists()
    except ValueError:
        held = False
    if not held:
        evening.uuid = identity
    return held


def restored_from(kept_identity: bool) -> str:
    """The trail's words for an evening restored from an export."""
    return "from an export" if kept_identity else "from an export, as a copy with an identity of its own"


def club_users(club: Club) -> dict:
    """The club's organisers by username: the only users a file may name as who made a change, so
    that it cannot make anyone else (a superuser, say) the author of a result."""
    return {u.get_username(): u for u in get_user_model().objects.filter(clubs=club)}


def history_author(users: dict, username: str | None, reason: str) -> tuple:
    """Who made a history line, and its reason: the user when ``users`` has the name, else nobody,
    and the name kept in the reason ("wrong card (by alice)") so the line still says who."""
    if username is None or username in users:
        return users.get(username), reason
    note = f"(by {username})"
    kept = reason[: ResultChange._meta.get_field("reason").max_length - len(note) - 1]
    return None, f"{kept} {note}" if kept else note


def trail_export(lines) -> list[dict]:
    """Lines of the audit trail as plain data, oldest first (an event's, a drive's or a club's own)."""
    return [
        {
            "action": line.action,
            "detail": line.detail,
            "changed_by": line.changed_by.get_username() if line.changed_by else None,
            "changed_at": _when(line.changed_at),
        }
        for line in lines.select_related("changed_by").order_by("changed_at", "id")
    ]


def trail_restore(items: list, *, club: Club, users: dict, event=None, drive=None, night=None) -> None:
    """The trail's lines as they were, each by the organiser who made it (when one here)."""
    AuditLine.objects.bulk_create(
        AuditLine(
            club=club,
            event=event,
            drive=drive,
            night=night,
            action=item["action"],
            detail=item["detail"],
            changed_by=users.get(item["changed_by"]),
            changed_at=datetime.fromisoformat(item["changed_at"]),
        )
        for item in items
    )


def _result_key(result) -> list | None:
    return None if result is None else [result.board.number, result.round, result.table]


def event_export(event: Event, *, with_address: bool = False) -> dict:
    """The event as plain data (JSON-ready); ``with_address``: with its id (a club's backup)."""
    entries = list(event.entries.select_related("player1", "player2"))
    entry_index = {entry.pk: index for index, entry in enumerate(entries)}
    return {
        "format": FORMAT,
        "version": VERSION,
        "club": {"name": event.club.name, "paper_size": event.club.paper_size},
        "event": {
            **({"id": event.pk} if with_address else {}),
            "uuid": str(event.uuid),
            "date": event.date.isoformat(),
            **{f: getattr(event, f) for f in EVENT_FIELDS},
        },
        "pairs": [
            {
                "direction": p.direction,
                "number": p.number,
                "player1": _member(p.player1),
                "player2": _member(p.player2),
                "guest1": p.guest1,
                "guest2": p.guest2,
                "entry": entry_index.get(p.entry_id),
                "individuals": [p.individual1.number, p.individual2.number] if p.individual1_id else None,
            }
            for p in event.pairs.select_related("player1", "player2", "individual1", "individual2").order_by(
                "direction", "number"
            )
        ],
        "individuals": [
            {
                "number": i.number,
                "player1": _member(i.player1),
                "guest1": i.guest1,
                "player2": _member(i.player2),
                "guest2": i.guest2,
            }
            for i in event.individuals.select_related("player1", "player2")
        ],
        "entries": [
            {
                "player1": _member(e.player1),
                "player2": _member(e.player2),
                "guest1": e.guest1,
                "guest2": e.guest2,
                "stationary": e.stationary,
            }
            for e in entries
        ],
        "boards": [{f: getattr(b, f) for f in BOARD_FIELDS} for b in event.boards.order_by("number")],
        "seatings": [
            {
                **{f: getattr(s, f) for f in SEATING_FIELDS},
                "ns_pair": _pair_key(s.ns_pair),
                "ew_pair": _pair_key(s.ew_pair),
            }
            for s in event.seatings.select_related("ns_pair", "ew_pair").order_by("round", "table")
        ],
        "relay": [{f: getattr(r, f) for f in RELAY_FIELDS} for r in event.relay_stands.order_by("round")],
        "results": [
            {
                "board": r.board.number,
                "round": r.round,
                "table": r.table,
                "ns_pair": _pair_key(r.ns_pair),
                "ew_pair": _pair_key(r.ew_pair),
                "ns_tricks": r.ns_tricks,
                "ns_adjusted": r.ns_adjusted,
                "ew_adjusted": r.ew_adjusted,
                "granded": r.granded,
                "entered_by": r.entered_by.get_username() if r.entered_by else None,
                "entered_at": _when(r.entered_at),
                "confirmed_at": _when(r.confirmed_at),
            }
            for r in event.results.select_related("board", "ns_pair", "ew_pair", "entered_by").order_by(
                "board__number", "round", "table"
            )
        ],
        "history": [
            {
                **{f: getattr(h, f) for f in HISTORY_FIELDS},
                "changed_by": h.changed_by.get_username() if h.changed_by else None,
                "changed_at": _when(h.changed_at),
                "result": _result_key(h.result),
            }
            for h in event.result_changes.select_related("changed_by", "result__board").order_by(
                "changed_at", "id"
            )
        ],
        "tables": [
            {"table": a.table, "token": a.token, "code": a.code}
            for a in event.table_accesses.order_by("table")
        ],
        "trail": trail_export(event.changes),
    }


@transaction.atomic
def event_import(
    data: dict, *, user=None, log: bool = True, keep_address: bool = False, club: Club | None = None
) -> Event:
    """Restore an exported event (its club and players found by name, or added). All or nothing.

    The file is checked whole first (``event_schema``) and never trusted with ids: rows are made
    from the known fields only, and a user named in it (who entered or changed a result) is linked
    only when that user organises the club. The tables keep their links and codes where they are
    free, so printed table cards go on working. ``log``: add the trail's line "restored" (a whole
    club's backup restores the trails as they were, and says so once, on the club).
    ``keep_address``: the event keeps the id its backup gives (a whole club's restore into an empty
    database, so that each evening keeps its address). ``club``: into this club, whatever club the
    document names (a county server takes a hall's evening into the club its key opens). The event
    keeps the identity (``uuid``) its export carries.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError("This is not a whistdrive event export.")
    if data.get("version") != VERSION:
        raise BackupError(
            f"This export is version {data.get('version')}; this whistdrive reads version {VERSION}."
        )
    problems = event_document_problems(data)
    if problems:
        shown = " ".join(problems[:8]) + (f" (and {len(problems) - 8} more)" if len(problems) > 8 else "")
        raise BackupError(f"The export is damaged or incomplete: {shown} Nothing was imported.")
    try:
        club = club or club_get_or_create(name=data["club"]["name"], paper_size=data["club"]["paper_size"])
        # An export older than the A+/A- setting was scored with A+ and A- fixed at 60 % and 40 %:
        # restored under that rule, its standings are the ones it was exported with.
        fields = {"adjusted_scores": Event.AdjustedScores.FIXED, **data["event"]}
        when = date.fromisoformat(fields["date"])
        if Event.objects.filter(club=club, name=fields["name"], date=when).exists():
            raise BackupError(
                f"{club.name} already has {fields['name']} on {when:%d %B %Y}: nothing was imported."
            )
        event = Event(club=club, date=when, **{f: fields[f] for f in EVENT_FIELDS if f in fields})
        if keep_address:
            event.pk = fields.get("id")
        copy = identity_restore(event, fields.get("uuid"))
        event.full_clean()
        event.save()

        member = MembersByName(club)

        # Every row is written at once, and given its id: those after it are linked by it.
        entries = Entry.objects.bulk_create(
            Entry(
                event=event,
                player1=member(e["player1"]),
                player2=member(e["player2"]),
                guest1=e["guest1"],
                guest2=e["guest2"],
                stationary=e["stationary"],
            )
            for e in data.get("entries", [])
        )
        individuals = {
            i.number: i
            for i in IndividualPlayer.objects.bulk_create(
                IndividualPlayer(
                    event=event,
                    number=i["number"],
                    player1=member(i["player1"]),
                    guest1=i["guest1"],
                    player2=member(i["player2"]),
                    guest2=i["guest2"],
                )
                for i in data.get("individuals", [])
            )
        }
        made = []
        for p in data["pairs"]:
            partnership = p.get("individuals") or (None, None)
            made.append(
                Pair(
                    event=event,
                    direction=p["direction"],
                    number=p["number"],
                    player1=member(p["player1"]),
                    player2=member(p["player2"]),
                    guest1=p["guest1"],
                    guest2=p["guest2"],
                    entry=None if p.get("entry") is None else entries[p["entry"]],
                    individual1=individuals.get(partnership[0]),
                    individual2=individuals.get(partnership[1]),
                )
            )
        # A pair, a player or a board given twice is refused by the database's unique index.
        pairs = {(p.direction, p.number): p for p in Pair.objects.bulk_create(made)}

        def pair(key):
            return None if key is None else pairs[tuple(key)]

        boards = {
            b.number: b
            for b in Board.objects.bulk_create(
                Board(event=event, **{f: b[f] for f in BOARD_FIELDS}) for b in data["boards"]
            )
        }
        Seating.objects.bulk_create(
            Seating(
                event=event,
                ns_pair=pair(s["ns_pair"]),
                ew_pair=pair(s["ew_pair"]),
                **{f: s[f] for f in SEATING_FIELDS},
            )
            for s in data["seatings"]
        )
        RelayStand.objects.bulk_create(
            RelayStand(event=event, **{f: r[f] for f in RELAY_FIELDS}) for r in data["relay"]
        )
        users = club_users(club)
        results = {
            (r["board"], r["round"], r["table"]): Result(
                event=event,
                board=boards[r["board"]],
                round=r["round"],
                table=r["table"],
                ns_pair=pair(r["ns_pair"]),
                ew_pair=pair(r["ew_pair"]),
                ns_tricks=r["ns_tricks"],
                ns_adjusted=r["ns_adjusted"],
                ew_adjusted=r["ew_adjusted"],
                granded=r.get("granded", ""),
                entered_by=users.get(r["entered_by"]),
                entered_at=datetime.fromisoformat(r["entered_at"]),
                confirmed_at=datetime.fromisoformat(r["confirmed_at"]) if r["confirmed_at"] else None,
            )
            for r in data["results"]
        }
        Result.objects.bulk_create(results.values())
        history = []
        for h in data["history"]:
            linked = h.get("result")
            changed_by, reason = history_author(users, h["changed_by"], h["reason"])
            history.append(
                ResultChange(
                    event=event,
                    result=None if linked is None else results[tuple(linked)],
                    changed_by=changed_by,
                    changed_at=datetime.fromisoformat(h["changed_at"]),
                    **({f: h[f] for f in HISTORY_FIELDS} | {"reason": reason}),
                )
            )
        ResultChange.objects.bulk_create(history)
        trail_restore(data.get("trail", []), club=club, users=users, event=event)
        _restore_tables(event, data.get("tables", []))
        if log:
            event_log(
                event=event, action=AuditLine.Action.RESTORED, detail=restored_from(not copy), user=user
            )
    except BackupError:
        raise
    except (KeyError, IndexError, TypeError, ValueError) as error:
        raise BackupError(
            f"The export is damaged or incomplete ({error.__class__.__name__}: {error}); "
            "nothing was imported."
        ) from None
    except (IntegrityError, ValidationError) as error:  # the document contradicts itself
        raise BackupError(f"The export contradicts itself ({error}); nothing was imported.") from None
    return event
