"""What a club's backup may hold, checked whole before anything is written: the clubs with their
settings, members, competitions, leagues (``backups/league.py``), club-level trail lines, outbox of
e-mails, membership (``backups/membership.py``), and the users who organise them. Each event and
each drive inside is an event's or a drive's export (``event_schema``, ``drive_schema``), checked
by its own schema as it is restored.

Then the references a schema cannot check: a competition's picked evenings, a club's organisers,
an e-mail's member and evening, and a league fixture's clubs name things the file holds.
"""

from ...domain.currencies import CURRENCIES, NUMBER_FORMATS
from ...models import Club, Competition, Member, ResultMail
from .accounts import ACCOUNTS, accounts_problems
from .county import UPLOADS
from .evening_money import EVENING_MONEY
from .event_schema import (
    ADDRESS,
    CLUB_NAME,
    DAY,
    SCORINGS,
    SHOWN,
    TRAIL,
    USERNAME,
    WHEN,
    YES_NO,
    document,
    fixed_list,
    one_of,
    record,
    rows,
    schema_problems,
    text,
    validator,
    whole,
)
from .league import LEAGUE, league_problems
from .membership import MEMBERSHIP, membership_problems

FORMAT = "whistdrive-backup"
EVENING = fixed_list(text(100), DAY, description='is not an evening [name, "YYYY-MM-DD"]')
BOUND = whole(0, 400)


def choices(model_choices) -> dict:
    return one_of(*model_choices.values)


CLUB = record(
    {
        "name": CLUB_NAME,
        "slug": {"type": "string", "pattern": "^[-a-zA-Z0-9_]{1,50}$", "description": "is not a slug"},
        "key": {"type": "string", "pattern": "^[-a-zA-Z0-9_]{1,64}$", "description": "is not a club's key"},
        "paper_size": choices(Club.PaperSize),
        "minutes_per_board": {"type": "string", "pattern": "^[0-9]{1,3}(\\.[0-9])?$"},
        "trump_schedule": text(20),
        "scoring": one_of(*SCORINGS),
        "scale": one_of("ebu", "acbl"),
        "adjusted_scores": one_of("session", "fixed"),
        "members_only": YES_NO,
        "check_every_round": YES_NO,
        "public_address": text(200),
        "guests_published": YES_NO,
        "large_print": YES_NO,
        "places_shown": choices(Club.PlacesShown),
        "tablet_travellers": YES_NO,
        "currency": one_of(*CURRENCIES),
        "number_format": one_of(*NUMBER_FORMATS),
        "organisers": rows(USERNAME | {"type": "string"}),
        "members": rows(
            record(
                {
                    "first_name": text(60),
                    "last_name": text(60),
                    "email": text(254),
                    "active": YES_NO,
                    "published_as": choices(Member.Published),
                    "forgotten_at": WHEN | {"type": ["string", "null"]},
                    "id": ADDRESS,
                },
                optional=("id", "published_as", "forgotten_at"),
            )
        ),
        "events": rows({"type": "object"}),
        "drives": rows({"type": "object"}),
        "two_player_nights": rows({"type": "object"}),
        "competitions": rows(
            record(
                {
                    "name": text(100),
                    "start": DAY,
                    "end": DAY,
                    "kinds": choices(Competition.Kinds),
                    "tag": text(30),
                    "by_hand": YES_NO,
                    "picked_events": rows(EVENING),
                    "picked_drives": rows(EVENING),
                    "picked_nights": rows(EVENING),
                    "min_field": BOUND,
                    "field_unit": choices(Competition.FieldUnit),
                    "who": choices(Competition.Who),
                    "lists": choices(Competition.Lists),
                    "members_only": YES_NO,
                    "measure": choices(Competition.Measure),
                    "placing": choices(Competition.Placing),
                    "points": text(60),
                    "counting": choices(Competition.Counting),
                    "count": BOUND,
                    "qualify": BOUND,
                    "handicap": choices(Competition.Handicap),
                    "ties": choices(Competition.Ties),
                    "id": ADDRESS,
                },
                optional=("id", "picked_nights"),
            )
        ),
        "leagues": rows(LEAGUE),
        "trail": rows(TRAIL),
        "mails": rows(
            record(
                {
                    "member": whole(0, 10**6),
                    "event": EVENING | {"type": ["array", "null"]},
                    "drive": EVENING | {"type": ["array", "null"]},
                    "night": EVENING | {"type": ["array", "null"]},
                    "to": text(254),
                    "message_id": text(200),
                    "subject": text(200),
                    "body": text(100_000),
                    "card": text(20),
                    "status": choices(ResultMail.Status),
                    "attempts": whole(0, 32_767),
                    "last_error": text(300),
                    "created_at": WHEN,
                    "sent_at": WHEN | {"type": ["string", "null"]},
                },
                optional=("message_id", "night"),
            )
        ),
        "membership": MEMBERSHIP,
        "accounts": ACCOUNTS,
        "evening_money": EVENING_MONEY,
        "county_address": text(200),
        "county_key": text(80),
        "county_club": {"type": "string", "pattern": "^[-a-zA-Z0-9_]{0,50}$", "description": "is not a slug"},
        "county_uploads": UPLOADS,
    },
    optional=(
        "key",
        "check_every_round",
        "public_address",
        "guests_published",
        "large_print",
        "places_shown",
        "tablet_travellers",
        "currency",
        "number_format",
        "two_player_nights",
        "membership",
        "accounts",
        "evening_money",
        "county_address",
        "county_key",
        "county_club",
        "county_uploads",
    ),
)
USER = record(
    {
        "username": USERNAME | {"type": "string", "minLength": 1},
        "first_name": text(150),
        "last_name": text(150),
        "email": text(254),
    }
)
BACKUP = validator(
    document(
        {
            "format": {"const": FORMAT},
            "version": whole(1, 10**6),
            "whistdrive": text(40),
            "migrations": {"type": "object", "additionalProperties": rows(text(200))},
            "written_at": WHEN,
            "users": rows(USER),
            "clubs": rows(CLUB),
            # The register of erasures (services/core/members.py): marks of forgotten members, no names.
            "erasures": rows(
                {"type": "string", "pattern": "^[0-9a-f]{64}$", "description": "is not an erasure's mark"}
            ),
        },
        optional=("erasures",),
    )
)


def backup_problems(data) -> list[str]:
    """Everything wrong with a backup's clubs (its events and drives are checked as they are
    restored), empty when sound."""
    return schema_problems(data, BACKUP) or _reference_problems(data)


def _evening(doc: dict, kind: str) -> tuple:
    return (doc[kind].get("name"), doc[kind].get("date")) if isinstance(doc.get(kind), dict) else None


def _reference_problems(data: dict) -> list[str]:
    users = {u["username"] for u in data["users"]}
    problems = []
    for c, club in enumerate(data["clubs"]):
        place = f"clubs[{c}]"
        events = {_evening(e, "event") for e in club["events"]}
        drives = {_evening(d, "drive") for d in club["drives"]}
        nights = {_evening(n, "night") for n in club.get("two_player_nights", [])}
        for u, name in enumerate(club["organisers"]):
            if name not in users:
                problems.append(f"{place}.organisers[{u}]: {name} is not among the users.")
        for k, competition in enumerate(club["competitions"]):
            for kind, known in (
                ("picked_events", events),
                ("picked_drives", drives),
                ("picked_nights", nights),
            ):
                for p, picked in enumerate(competition.get(kind, [])):
                    if tuple(picked) not in known:
                        problems.append(
                            f"{place}.competitions[{k}].{kind}[{p}]: {picked[0]} on {picked[1]} "
                            "is not among the club's evenings."
                        )
        if "membership" in club:
            problems.extend(
                membership_problems(
                    club["membership"],
                    f"{place}.membership",
                    members=len(club["members"]),
                    mails=len(club["mails"]),
                )
            )
        if "accounts" in club:
            problems.extend(
                accounts_problems(
                    club["accounts"],
                    f"{place}.accounts",
                    members=len(club["members"]),
                    drives=drives,
                    mails=len(club["mails"]),
                )
            )
        for n, league in enumerate(club["leagues"]):
            problems.extend(league_problems(league, f"{place}.leagues[{n}]"))
        for m, mail in enumerate(club["mails"]):
            if mail["member"] >= len(club["members"]):
                problems.append(f"{place}.mails[{m}].member: there is no members[{mail['member']}].")
            for kind, known in (("event", events), ("drive", drives), ("night", nights)):
                if mail.get(kind) is not None and tuple(mail[kind]) not in known:
                    problems.append(
                        f"{place}.mails[{m}].{kind}: {mail[kind][0]} on {mail[kind][1]} is not among the "
                        f"club's {kind}s."
                    )
    return problems[:SHOWN]
