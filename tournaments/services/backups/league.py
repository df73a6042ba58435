"""A club's leagues in its backup (``backups/club.py``, restored by ``club_restore.py``): each
league with its clubs, fixtures, the match tables' links and codes, each side's own (printed or
shared codes go on working), every card and the agreed results, so the league table after a
restore is the one before it.

A league's club linked to one of ours is named by that club's name, and linked again once every
club of the file is restored (it may be a club restored after this one).
"""

import secrets
from datetime import date, datetime

from ...domain import leagues as rules
from ...domain.rubbers import GAMES
from ...models import CardDeal, Club, Fixture, League, LeagueClub, MatchResult, MatchTable
from ..core.codes import codes_in_use, free_table_codes
from .event_schema import (
    ADDRESS,
    CLUB_NAME,
    CODE,
    DAY,
    TOKEN,
    WHEN,
    fixed_list,
    one_of,
    record,
    rows,
    text,
    whole,
)

TABLE = whole(rules.TABLES[0], rules.TABLES[-1])
# A card's deal: [side, table, deal, tricks], and in games and rubbers the honours it gives.
CARD_DEAL = fixed_list(
    one_of(*CardDeal.Side.values),
    TABLE,
    whole(rules.DEALS[0], rules.DEALS[-1]),
    whole(0, rules.TRICKS),
    one_of(*rules.HONOURS),
    description="is not a card's deal [side, table, deal, tricks] (with its honours in games and rubbers)",
) | {"minItems": 4}
LEAGUE = record(
    {
        "name": text(100) | {"minLength": 1},
        "season": text(20) | {"minLength": 1},
        "game": one_of(0, *GAMES),
        "clubs": rows(record({"name": CLUB_NAME, "club": CLUB_NAME | {"type": ["string", "null"]}})),
        "fixtures": rows(
            record(
                {
                    "round": whole(1, 32_767),
                    "date": DAY | {"type": ["string", "null"]},
                    "home": whole(0, rules.MAX_CLUBS - 1),
                    "away": whole(0, rules.MAX_CLUBS - 1),
                    "tables": rows(
                        record(
                            {
                                "table": TABLE,
                                "side": one_of(*CardDeal.Side.values),
                                "token": TOKEN,
                                "code": CODE,
                            },
                            optional=("side",),  # since each side's card has its own code: home before
                        )
                    ),
                    "cards": rows(CARD_DEAL),
                    "result": record(
                        {
                            "home_tricks": whole(0, 32_767),
                            "away_tricks": whole(0, 32_767),
                            "home_rubber_points": whole(-32_768, 32_767, empty=True),
                            "agreed_at": WHEN,
                        },
                        optional=("home_rubber_points",),  # since games and rubbers
                    )
                    | {"type": ["object", "null"]},
                    "id": ADDRESS,
                },
                optional=("id",),
            )
        ),
        "id": ADDRESS,
    },
    optional=("id", "game"),  # the game: since games and rubbers
)


def league_export(league: League) -> dict:
    clubs = list(league.clubs.select_related("club").order_by("pk"))
    index = {club.pk: n for n, club in enumerate(clubs)}
    fixtures = (
        league.fixtures.select_related("result").prefetch_related("tables", "card_deals").order_by("pk")
    )
    return {
        "id": league.pk,
        "name": league.name,
        "season": league.season,
        "game": league.game,
        "clubs": [{"name": c.name, "club": c.club.name if c.club else None} for c in clubs],
        "fixtures": [
            {
                "id": f.pk,
                "round": f.round,
                "date": f.date and f.date.isoformat(),
                "home": index[f.home_id],
                "away": index[f.away_id],
                "tables": [
                    {"table": t.table, "side": t.side, "token": t.token, "code": t.code}
                    for t in f.tables.all()
                ],
                "cards": [
                    [d.side, d.table, d.deal, d.tricks, *([d.honours] if league.game else [])]
                    for d in f.card_deals.all()
                ],
                "result": _result(getattr(f, "result", None)),
            }
            for f in fixtures
        ],
    }


def _result(result: MatchResult | None) -> dict | None:
    if result is None:
        return None
    return {
        "home_tricks": result.home_tricks,
        "away_tricks": result.away_tricks,
        "home_rubber_points": result.home_rubber_points,
        "agreed_at": result.agreed_at.isoformat(),
    }


def league_problems(league: dict, place: str) -> list[str]:
    """What a schema cannot check: the fixtures' clubs are among the league's."""
    count = len(league["clubs"])
    return [
        f"{place}.fixtures[{n}].{side}: there is no clubs[{fixture[side]}]."
        for n, fixture in enumerate(league["fixtures"])
        for side in ("home", "away")
        if fixture[side] >= count
    ]


def league_restore(item: dict, *, club: Club) -> list[tuple[LeagueClub, str]]:
    """The league as it was, run by ``club``; returns its clubs still to be linked to ours, by name."""
    league = League(
        pk=item.get("id"), club=club, name=item["name"], season=item["season"], game=item.get("game", 0)
    )
    league.full_clean(exclude=["club"])
    league.save()
    clubs = LeagueClub.objects.bulk_create(LeagueClub(league=league, name=c["name"]) for c in item["clubs"])
    fixtures = Fixture.objects.bulk_create(
        Fixture(
            pk=f.get("id"),
            league=league,
            round=f["round"],
            date=f["date"] and date.fromisoformat(f["date"]),
            home=clubs[f["home"]],
            away=clubs[f["away"]],
        )
        for f in item["fixtures"]
    )
    pairs = list(zip(fixtures, item["fixtures"], strict=True))
    # A backup written before each side had its own code gives one link a table: it stays the
    # home side's, and the visitors' is drawn new.
    tables = [
        MatchTable(fixture=fixture, **({"side": CardDeal.Side.HOME} | t))
        for fixture, f in pairs
        for t in f["tables"]
    ]
    have = {(table.fixture.pk, table.table, table.side) for table in tables}
    tables += [
        MatchTable(
            fixture=table.fixture, table=table.table, side=CardDeal.Side.AWAY, token=secrets.token_urlsafe(24)
        )
        for table in tables
        if (table.fixture.pk, table.table, CardDeal.Side.AWAY) not in have
    ]
    # A code an evening's table already has (a backup written before codes were kept apart) is
    # drawn anew, as an evening's own clashing code is: one code opens one table.
    taken = codes_in_use({table.code for table in tables if table.code})
    clashing = [table for table in tables if not table.code or table.code in taken]
    for table, code in zip(clashing, free_table_codes(len(clashing)) if clashing else (), strict=True):
        table.code = code
    MatchTable.objects.bulk_create(tables)
    CardDeal.objects.bulk_create(
        CardDeal(fixture=fixture, side=side, table=table, deal=deal, tricks=tricks, honours=(*honours, 0)[0])
        for fixture, f in pairs
        for side, table, deal, tricks, *honours in f["cards"]
    )
    MatchResult.objects.bulk_create(
        MatchResult(
            fixture=fixture,
            home_tricks=f["result"]["home_tricks"],
            away_tricks=f["result"]["away_tricks"],
            home_rubber_points=f["result"].get("home_rubber_points"),
            agreed_at=datetime.fromisoformat(f["result"]["agreed_at"]),
        )
        for fixture, f in pairs
        if f["result"] is not None
    )
    return [
        (league_club, c["club"]) for league_club, c in zip(clubs, item["clubs"], strict=True) if c["club"]
    ]


def league_clubs_link(pending: list[tuple[LeagueClub, str]]) -> None:
    """Link each league's club to our club of its name, once every club is restored."""
    ours = {club.name: club for club in Club.objects.filter(name__in={name for _, name in pending})}
    for league_club, name in pending:
        league_club.club = ours.get(name)
    LeagueClub.objects.bulk_update([league_club for league_club, _ in pending], ["club"])
