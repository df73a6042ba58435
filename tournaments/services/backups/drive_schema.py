"""What a drive's export may hold: its JSON Schema (the shapes and bounds, see
``backups/event_schema.py``), then the few rules that tie one record to another: the hands are the
drive's, the tables those its players fill, and every player named (by card, "L3") is one of its
players.
"""

from ...domain import limits
from ...domain.rubbers import CLAIMS, GAMES
from ...domain.widow import REDRAWS
from ...models import Drive, DriveResult, ResultLine
from .event_schema import (
    ADDRESS,
    CLUB_NAME,
    CODE,
    DAY,
    MEMBER,
    SHOWN,
    TOKEN,
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
from .widow import widow_problems

MOST = 32_767  # a small whole-number column's largest: a drive's tables and cards have no other bound
HAND = whole(1, limits.MAX_HANDS)
TABLE = whole(1, MOST)
PLAYER = {
    "type": "string",
    "pattern": "^[LGP][1-9][0-9]{0,4}$",
    "description": 'is not a player\'s card such as "L3", "G7" or "P5"',
}
MOST_PENCE = 2_147_483_647  # an integer column's largest
PENCE = whole(0, MOST_PENCE)
SEAT = PLAYER | {"type": ["string", "null"], "description": 'is not a player\'s card such as "L3", or null'}

DRIVE_EXPORT = validator(
    document(
        {
            "format": {"const": "whistdrive-drive"},
            "version": {"const": 1},
            "club": CLUB_NAME,
            "drive": record(
                {
                    "name": text(100),
                    "date": DAY,
                    "status": one_of("entries", "running", "finished"),
                    "format": one_of(
                        "progressive",
                        "semi-partner",
                        "winners-move",
                        "partner",
                        "teams",
                        "individual",
                        "widow",
                    ),
                    "redraw": one_of(*REDRAWS),
                    "team_points": one_of("majority", "tricks"),
                    "hands": HAND,
                    "halves": HAND,
                    "trump_schedule": text(20),
                    "sit_out": one_of("7", "average"),
                    "lady_label": text(20),
                    "gent_label": text(20),
                    "prizes": text(200),
                    "mystery_hand": whole(1, limits.MAX_HANDS, empty=True),
                    "published": YES_NO,
                    "tag": text(30),
                    "hands_per_round": HAND,
                    "rounds": whole(1, limits.MAX_HANDS, empty=True),
                    "id": ADDRESS,
                    "uuid": text(36),
                    "game": one_of(*Drive.Game.values),
                    "minnesota_rules": one_of(*Drive.MinnesotaRules.values),
                    "rubbers": one_of(0, *GAMES),
                },
                optional=(
                    "status",
                    "format",
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
                    "id",
                    "uuid",  # the evening's identity, since halls send their evenings to a county
                    "game",  # written since drives play Minnesota whist: whist before
                    "minnesota_rules",
                    "rubbers",  # since games and rubbers
                    "redraw",  # since widow whist series
                ),
            ),
            "teams": rows(record({"number": TABLE, "name": text(60)})),
            "players": rows(
                record(
                    {
                        "role": one_of("L", "G", "P"),
                        "card": TABLE,
                        "member": MEMBER,
                        "guest": text(120),
                        "team": whole(1, MOST, empty=True),  # a team night's team, by number
                        "pair": one_of("", "home", "away"),
                        "second_member": MEMBER,
                        "second_guest": text(120),
                    },
                    optional=("member", "guest", "team", "pair", "second_member", "second_guest"),
                )
            ),
            "seatings": rows(
                record(
                    {
                        "hand": HAND,
                        "table": TABLE,
                        "seats": fixed_list(
                            *[SEAT] * 4,
                            description="is not four seats, N/S lady and gent then E/W lady and gent",
                        ),
                    }
                )
            ),
            "results": rows(
                record(
                    {
                        "hand": HAND,
                        "table": TABLE,
                        "ns_tricks": whole(0, 13),
                        "granded": one_of(*DriveResult.Granded.values),
                        "honours": one_of(*CLAIMS),
                        "confirmed": YES_NO,
                    },
                    # A Minnesota hand's: who went grand; in games and rubbers (since), the honours.
                    optional=("granded", "honours"),
                )
            ),
            "history": rows(
                record(
                    {
                        "hand": HAND,
                        "table": TABLE,
                        "action": one_of(*ResultLine.Action.values),
                        "source": text(40),
                        "before": text(40),
                        "after": text(40),
                        "reason": text(200),
                        "changed_by": USERNAME,
                        "changed_at": WHEN,
                    },
                    # written since the drive's history kept who, and since it kept every write
                    optional=("changed_by", "action", "source"),
                )
            ),
            "totals": rows(
                record(
                    {
                        "player": PLAYER,
                        "half": HAND,
                        "score": {
                            "type": "string",
                            "pattern": "^[0-9]{1,4}(\\.[0-9])?$",
                            "description": 'is not a score such as "45" or "45.5"',
                        },
                    }
                )
            ),
            "cuts": rows(record({"prize": text(20), "winner": PLAYER})),
            "tables": rows(record({"table": TABLE, "token": TOKEN, "code": CODE})),
            "trail": rows(TRAIL),
            # A drive's money, since drives kept it: pence, never negative.
            "money": record(
                {
                    "member_fee": PENCE,
                    "guest_fee": PENCE,
                    "table_money": PENCE,
                    "raffle": PENCE,
                    "fund_fixed": whole(0, MOST_PENCE, empty=True),
                    "fund_share": whole(1, 100, empty=True),
                    "split": text(60),
                    "ties": one_of("cut", "share"),
                },
                optional=("table_money", "raffle", "fund_fixed", "fund_share", "split", "ties"),
            ),
            "payments": rows(
                record({"player": PLAYER, "method": one_of("cash", "card", "account"), "amount": PENCE})
            ),
            # A widow whist series: each series' tables, and each deal's tricks.
            "widow": record(
                {
                    "seats": rows(
                        record({"series": HAND, "table": TABLE, "players": rows(PLAYER, 4) | {"minItems": 3}})
                    ),
                    "deals": rows(
                        record(
                            {
                                "series": HAND,
                                "table": TABLE,
                                "deal": TABLE,
                                "widow": SEAT,
                                "tricks": rows(
                                    record({"player": PLAYER, "tricks": whole(0, 13), "agreed": YES_NO}), 3
                                ),
                                "confirmed": YES_NO,
                            }
                        )
                    ),
                }
            ),
        },
        optional=(
            "teams",
            "players",
            "seatings",
            "results",
            "history",
            "totals",
            "cuts",
            "tables",
            "trail",
            "money",
            "payments",
            "widow",
        ),
    )
)


def drive_document_problems(data) -> list[str]:
    """Everything wrong with a drive's export, before a single row is written (empty when sound)."""
    return schema_problems(data, DRIVE_EXPORT) or _agreement_problems(data)


def _agreement_problems(data: dict) -> list[str]:
    drive = data["drive"]
    hands, halves = drive["hands"], drive.get("halves", 2)
    players = [f"{p['role']}{p['card']}" for p in data.get("players", [])]
    tables = -(-len(players) // 4)  # four players a table, the last one perhaps short
    known = set(players)
    problems = []
    for section in ("seatings", "results", "history"):
        for i, row in enumerate(data.get(section, [])):
            if row["hand"] > hands:
                problems.append(f"{section}[{i}].hand: is {row['hand']}, but the drive has {hands} hands.")
            if row["table"] > tables:
                problems.append(f"{section}[{i}].table: is {row['table']}, but the players fill {tables}.")
    for i, seating in enumerate(data.get("seatings", [])):
        for seat, key in enumerate(seating["seats"]):
            if key is not None and key not in known:
                problems.append(f"seatings[{i}].seats[{seat}]: {key} is not one of the drive's players.")
    teams = {team["number"] for team in data.get("teams", [])}
    for i, player in enumerate(data.get("players", [])):
        if player.get("team") is not None and player["team"] not in teams:
            problems.append(f"players[{i}].team: {player['team']} is not one of the drive's teams.")
    for i, total in enumerate(data.get("totals", [])):
        if total["player"] not in known:
            problems.append(f"totals[{i}].player: {total['player']} is not one of the drive's players.")
        if total["half"] > halves:
            problems.append(f"totals[{i}].half: is {total['half']}, but the drive has {halves} parts.")
    for i, payment in enumerate(data.get("payments", [])):
        if payment["player"] not in known:
            problems.append(f"payments[{i}].player: {payment['player']} is not one of the drive's players.")
    for i, cut in enumerate(data.get("cuts", [])):
        if cut["winner"] not in known:
            problems.append(f"cuts[{i}].winner: {cut['winner']} is not one of the drive's players.")
    problems += widow_problems(data, known)
    if drive.get("mystery_hand") is not None and drive["mystery_hand"] > hands:
        problems.append(f"drive.mystery_hand: is {drive['mystery_hand']}, but the drive has {hands} hands.")
    return problems[:SHOWN]
