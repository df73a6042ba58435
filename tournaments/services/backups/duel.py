"""A two-player night as one JSON document, and back: its settings, players, every round's matches
with their deals and each deal's history, and its trail. Ids are left out (a club's backup keeps
the night's), so the document restores into any database; players are named by their number.
Members are kept by name and restored as members of the club (found by name, or added). A night
in play gets new table codes. A document that breaks any rule restores nothing.
"""

from datetime import date, datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from ...domain.duels import Deal, DuelError, score_match
from ...models import Club, DuelDeal, DuelDealChange, DuelMatch, DuelNight, DuelPlayer
from ..core.clubs import MembersByName
from ..core.errors import ServiceError
from ..duels.nights import duel_tables_open
from .bulk import rows_create
from .event import history_author, identity_restore, trail_export, trail_restore

FORMAT = "whistdrive-two-player-night"
VERSION = 1
NIGHT_FIELDS = (
    "name",
    "status",
    "game",
    "german_scoring",
    "pairing",
    "rounds",
    "deals",
    "target",
    "win_points",
    "tie_points",
    "knockout",
    "published",
    "tag",
)


class DuelBackupError(ServiceError):
    pass


def _when(value: datetime) -> str:
    return value.isoformat()


def duel_export(night: DuelNight, *, with_address: bool = False) -> dict:
    """The night as plain data (JSON-ready); ``with_address``: with its id (a club's backup)."""
    players = list(night.players.select_related("member").order_by("number"))
    number = {p.pk: p.number for p in players}
    matches = list(night.matches.order_by("round", "table").prefetch_related("deals", "history__changed_by"))
    return {
        "format": FORMAT,
        "version": VERSION,
        "club": night.club.name,
        "night": {
            **({"id": night.pk} if with_address else {}),
            "uuid": str(night.uuid),
            **{f: getattr(night, f) for f in NIGHT_FIELDS},
            "date": night.date.isoformat(),
        },
        "players": [
            {
                "number": p.number,
                "member": [p.member.first_name, p.member.last_name, p.member.email] if p.member else None,
                "guest": p.guest,
            }
            for p in players
        ],
        "matches": [
            {
                "round": m.round,
                "stage": m.stage,
                "table": m.table,
                "slot": m.slot,
                "checked_in_at": m.checked_in_at and _when(m.checked_in_at),
                "players": [number[m.player_a_id], number.get(m.player_b_id)],
                "deals": [
                    {
                        "number": d.number,
                        "tricks": [d.tricks_a, d.tricks_b],
                        "black": d.black,
                        "confirmed": d.confirmed,
                    }
                    for d in sorted(m.deals.all(), key=lambda d: d.number)
                ],
                "history": [
                    {
                        "deal": h.deal,
                        "action": h.action,
                        "before": h.before,
                        "after": h.after,
                        "reason": h.reason,
                        "source": h.source,
                        "changed_by": h.changed_by.get_username() if h.changed_by else None,
                        "changed_at": _when(h.changed_at),
                    }
                    for h in sorted(m.history.all(), key=lambda h: (h.changed_at, h.pk))
                ],
            }
            for m in matches
        ],
        "trail": trail_export(night.changes.all()),
    }


def _refuse(place: str, error) -> DuelBackupError:
    words = "; ".join(error.messages) if isinstance(error, ValidationError) else str(error)
    return DuelBackupError(f"{place}: {words}. Nothing was restored.")


def _damaged(place: str, error) -> DuelBackupError:
    return DuelBackupError(f"{place}: the document is damaged ({error!r}). Nothing was restored.")


@transaction.atomic
def duel_import(
    document: dict, *, club: Club, users: dict, members: MembersByName | None = None
) -> DuelNight:
    """Restore a night from ``duel_export``'s document into ``club``; refused whole, in words, when
    any part breaks a rule (a player twice, tricks that do not add up, a match past its end)."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise DuelBackupError("This is not a whistdrive two-player night. Nothing was restored.")
    if document.get("version") != VERSION:
        raise DuelBackupError(f"A two-player night of version {document.get('version')} is not known here.")
    members = members or MembersByName(club)
    data = document["night"]
    name = place = f"{data.get('name', 'a two-player night')}"  # the place a refusal names
    try:
        night = DuelNight(
            club=club,
            pk=data.get("id"),
            date=date.fromisoformat(data["date"]),
            **{f: data[f] for f in NIGHT_FIELDS},
        )
        identity_restore(night, data.get("uuid"))
        night.full_clean(exclude=["club", "id"])
        night.save()
        listed = document["players"]
        places = [f"{name}, player {item['number']}" for item in listed]
        players = {
            player.number: player
            for player in rows_create(
                [
                    DuelPlayer(night=night, number=i["number"], member=members(i["member"]), guest=i["guest"])
                    for i in listed
                ],
                exclude=["night", "member"],
                refuse=lambda n, error: _refuse(places[n], error),
                broken=lambda n, error: _damaged(places[n], error),
            )
        }
        matches, deals, lines = [], [], []
        for item in document["matches"]:
            place = f"{name}, round {item['round']} at table {item['table']}"
            a, b = item["players"]
            match = DuelMatch(
                night=night,
                round=item["round"],
                stage=item["stage"],
                table=item["table"],
                slot=item["slot"],
                checked_in_at=item["checked_in_at"] and datetime.fromisoformat(item["checked_in_at"]),
                player_a=players[a],
                player_b=players[b] if b is not None else None,
            )
            played = [
                DuelDeal(
                    match=match,
                    number=d["number"],
                    tricks_a=d["tricks"][0],
                    tricks_b=d["tricks"][1],
                    black=d["black"],
                    confirmed=d["confirmed"],
                )
                for d in item["deals"]
            ]
            knockout = match.stage == DuelMatch.Stage.KNOCKOUT
            score = score_match(
                night.scoring,
                night.match_rules,
                [Deal(d.tricks_a, d.tricks_b, d.black) for d in played if d.confirmed],
                knockout,
            )
            match.finished = match.bye or score.finished  # kept by the deals, not the document
            matches.append((place, match))
            deals += played
            for h in item["history"]:
                author, reason = history_author(users, h["changed_by"], h["reason"])
                lines.append(
                    DuelDealChange(
                        match=match,
                        deal=h["deal"],
                        action=h["action"],
                        before=h["before"],
                        after=h["after"],
                        reason=reason,
                        source=h["source"],
                        changed_by=author,
                        changed_at=datetime.fromisoformat(h["changed_at"]),
                    )
                )
        place = name
        rows_create(
            [match for _, match in matches],
            exclude=["night", "player_a", "player_b"],
            refuse=lambda n, error: _refuse(matches[n][0], error),
            broken=lambda n, error: _damaged(matches[n][0], error),
        )
        # Each match's deals and history, linked by the ids the matches were just given.
        DuelDeal.objects.bulk_create(deals)
        DuelDealChange.objects.bulk_create(lines)
        place = name
        trail_restore(document["trail"], club=club, users=users, night=night)
        duel_tables_open(night=night)  # a night in play draws its own table codes
    except DuelBackupError:  # a row's refusal, in words that name its place
        raise
    except (ValidationError, DuelError) as error:
        raise _refuse(place, error) from None
    except (KeyError, TypeError, ValueError, IntegrityError) as error:
        raise _damaged(place, error) from None
    return night
