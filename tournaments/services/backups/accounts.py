"""Members' accounts in a club's backup: the lowest balance allowed and every entry of the ledger,
each member by their place in the club's list of members, a fee's drive by its name and date
(``null`` when the drive was deleted: the entry keeps the evening's words), the organiser who
recorded it by login name; and the monthly statements made, each with its e-mail by its place in
the club's outbox, so a restored club sends nobody a month's statement twice. A file from before
accounts has none, and its club restores with none; one from before statements has no
``statements``.

>>> sorted(ACCOUNTS["properties"])
['entries', 'floor', 'statements']
"""

from datetime import date, datetime

from ...models import AccountEntry, AccountStatement, Club, Member, ResultMail
from .bulk import rows_create
from .event_schema import DAY, WHEN, fixed_list, one_of, record, rows, text, whole

INDEX = whole(0, 10**6)
MAYBE_INDEX = INDEX | {"type": ["integer", "null"]}
EVENING = fixed_list(text(100), DAY, description='is not an evening [name, "YYYY-MM-DD"]')
ENTRY_FIELDS = ("kind", "amount", "method", "reference", "reason", "evening")

ACCOUNTS = record(
    {
        "floor": whole(-(10**9), 10**9),
        "entries": rows(
            record(
                {
                    "member": INDEX,
                    "kind": one_of(*AccountEntry.Kind.values),
                    "amount": whole(-(10**9), 10**9),
                    "on": DAY,
                    "method": one_of("", *AccountEntry.Method.values),
                    "reference": text(60),
                    "reason": text(200),
                    "drive": EVENING | {"type": ["array", "null"]},
                    "evening": text(160),
                    "recorded_at": WHEN,
                    "recorded_by": text(150) | {"type": ["string", "null"]},
                }
            )
        ),
        "statements": rows(
            record(
                {
                    "member": INDEX,
                    "month": DAY,
                    "way": one_of(*AccountStatement.Way.values),
                    "opening": whole(-(10**9), 10**9),
                    "closing": whole(-(10**9), 10**9),
                    "mail": MAYBE_INDEX,
                    "made_at": WHEN,
                    "made_by": text(150) | {"type": ["string", "null"]},
                }
            )
        ),
    },
    optional=("statements",),
)


def accounts_export(club: Club, members: dict[int, int], mails: dict[int, int]) -> dict:
    """The club's accounts; ``members`` and ``mails`` give each row's place by its id."""
    entries = club.account_entries.select_related("drive", "recorded_by").order_by("pk")
    statements = club.account_statements.select_related("made_by").order_by("pk")
    return {
        "floor": club.account_floor,
        "entries": [
            {
                "member": members[e.member_id],
                **{f: getattr(e, f) for f in ENTRY_FIELDS},
                "on": e.on.isoformat(),
                "drive": e.drive and [e.drive.name, e.drive.date.isoformat()],
                "recorded_at": e.recorded_at.isoformat(),
                "recorded_by": e.recorded_by and e.recorded_by.username,
            }
            for e in entries
        ],
        "statements": [
            {
                "member": members[s.member_id],
                "month": s.month.isoformat(),
                "way": s.way,
                "opening": s.opening,
                "closing": s.closing,
                "mail": mails.get(s.mail_id),
                "made_at": s.made_at.isoformat(),
                "made_by": s.made_by and s.made_by.username,
            }
            for s in statements
        ],
    }


def accounts_problems(item: dict, place: str, *, members: int, drives: set, mails: int) -> list[str]:
    """What a club's accounts name that its backup does not hold."""
    problems = []
    for n, made in enumerate(item.get("statements", [])):
        if made["member"] >= members:
            problems.append(f"{place}.statements[{n}]: there is no members[{made['member']}].")
        if made["mail"] is not None and made["mail"] >= mails:
            problems.append(f"{place}.statements[{n}]: there is no mails[{made['mail']}].")
    for n, entry in enumerate(item["entries"]):
        if entry["member"] >= members:
            problems.append(f"{place}.entries[{n}]: there is no members[{entry['member']}].")
        if entry["drive"] is not None and tuple(entry["drive"]) not in drives:
            problems.append(f"{place}.entries[{n}]: {entry['drive'][0]} is not among the club's drives.")
    return problems


def accounts_restore(
    item: dict, *, club: Club, members: list[Member], drives: dict, users: dict, mails: list[ResultMail]
) -> None:
    """Restore a club's accounts, its members, drives, outbox and users already restored."""
    club.account_floor = item["floor"]
    club.save(update_fields=["account_floor"])
    entries = [
        AccountEntry(
            club=club,
            member=members[e["member"]],
            **{f: e[f] for f in ENTRY_FIELDS},
            on=date.fromisoformat(e["on"]),
            drive=e["drive"] and drives[(e["drive"][0], date.fromisoformat(e["drive"][1]))],
            recorded_at=datetime.fromisoformat(e["recorded_at"]),
            recorded_by=users.get(e["recorded_by"]),
        )
        for e in item["entries"]
    ]
    rows_create(entries, exclude=["club", "member", "drive", "recorded_by"])
    statements = [
        AccountStatement(
            club=club,
            member=members[s["member"]],
            month=date.fromisoformat(s["month"]),
            way=s["way"],
            opening=s["opening"],
            closing=s["closing"],
            mail=mails[s["mail"]] if s["mail"] is not None else None,
            made_at=datetime.fromisoformat(s["made_at"]),
            made_by=users.get(s["made_by"]),
        )
        for s in item.get("statements", [])  # a file from before statements has none
    ]
    AccountStatement.objects.bulk_create(statements)
