"""The money of a club's events, two-player nights and league home matches in its backup (a
drive's is in the drive's own export): each evening's fees, table money and raffle, and each fee
ticked as paid, by its entrant's key, with the accounts a fee "from account" came from by their
place in the club's list of members. An event or a night is found by its name and date, a league
match by its league, season, round and home club. A file from before these has none.

On restore every rule is checked again: the sums are whole pence, never negative; a fee names an
entrant of its evening; a fee from accounts names the accounts of that entrant's members, and no
other fee any. Anything else is refused in words, and nothing is restored.

>>> sorted(EVENING_MONEY["items"]["properties"])
['evening', 'fees', 'guest_fee', 'member_fee', 'raffle', 'table_money']
"""

from datetime import date

from ...models import Club, DuelNight, EveningFee, EveningMoney, Event, Fixture, Member
from ..core.errors import ServiceError
from ..duels.fees import night_payers
from ..events.fees import individual_payers, pairs_payers
from ..leagues.fees import fixture_payers
from .bulk import rows_create
from .drive_schema import PENCE
from .event_schema import DAY, fixed_list, one_of, record, rows, text, whole

NAME = text(160)
ROUND = whole(1, 32_767)
EVENING = {
    "oneOf": [
        fixed_list(one_of("event"), NAME, DAY, description='is not an evening ["event", name, date]'),
        fixed_list(one_of("night"), NAME, DAY, description='is not an evening ["night", name, date]'),
        fixed_list(
            one_of("match"),
            NAME,
            NAME,
            ROUND,
            NAME,
            description='is not a league match ["match", league, season, round, home club]',
        ),
    ]
}
EVENING_MONEY = rows(
    record(
        {
            "evening": EVENING,
            "member_fee": PENCE,
            "guest_fee": PENCE,
            "table_money": PENCE,
            "raffle": PENCE,
            "fees": rows(
                record(
                    {
                        "entrant": text(12),
                        "method": one_of(*EveningFee.Method.values),
                        "amount": PENCE,
                        "accounts": rows(whole(0, 10**6), most=2),
                    }
                )
            ),
        }
    )
)


def _where(money: EveningMoney) -> list:
    if money.fixture_id:
        f = money.fixture
        return ["match", f.league.name, f.league.season, f.round, f.home.name]
    evening = money.event or money.night
    return ["event" if money.event_id else "night", evening.name, evening.date.isoformat()]


def evening_money_export(club: Club, members: dict[int, int]) -> list:
    """The club's evenings' money; ``members`` gives each member's place by their id."""
    moneys = club.evening_money.select_related("event", "night", "fixture__league", "fixture__home")
    return [
        {
            "evening": _where(money),
            **{f: getattr(money, f) for f in EveningMoney.FIGURES},
            "fees": [
                {
                    "entrant": fee.entrant,
                    "method": fee.method,
                    "amount": fee.amount,
                    "accounts": [members[pk] for pk in fee.paid_by],
                }
                for fee in money.fees.order_by("pk")
            ],
        }
        for money in moneys.order_by("pk")
    ]


def _evening(club: Club, where: list):
    """The restored evening the file names, and its entrants' payers, or refused in words."""
    if where[0] == "match":
        _, league, season, round_number, home = where
        found = Fixture.objects.filter(
            league__club=club, league__name=league, league__season=season, round=round_number, home__name=home
        ).first()
        return found, (fixture_payers(found) if found else [])
    model = Event if where[0] == "event" else DuelNight
    found = model.objects.filter(club=club, name=where[1], date=date.fromisoformat(where[2])).first()
    if found is None:
        return None, []
    if model is Event:
        return found, pairs_payers(found) + individual_payers(found)
    return found, night_payers(found)


def evening_money_restore(items: list, *, club: Club, members: list[Member]) -> None:
    """Restore the money of the club's evenings, its members, events, nights and leagues already
    restored; every rule checked, refused in words."""
    moneys, fees = [], []
    for n, item in enumerate(items):
        place = f"evening_money[{n}]"
        evening, payers = _evening(club, item["evening"])
        if evening is None:
            raise ServiceError(f"{place}: {item['evening'][1]} is not among the club's evenings.")
        money = EveningMoney(
            club=club,
            **{EveningMoney.field_of(evening): evening},
            **{f: item[f] for f in EveningMoney.FIGURES},
        )
        moneys.append(money)
        by_key = {p.key: p for p in payers}
        for k, fee in enumerate(item["fees"]):
            where = f"{place}.fees[{k}]"
            payer = by_key.get(fee["entrant"])
            if payer is None:
                raise ServiceError(f"{where}: {fee['entrant']} is not an entrant of {evening.name}.")
            if any(i >= len(members) for i in fee["accounts"]):
                raise ServiceError(f"{where}: the accounts name a member the backup does not hold.")
            accounts = tuple(members[i].pk for i in fee["accounts"])
            if fee["method"] == EveningFee.Method.ACCOUNT and (not accounts or accounts != payer.accounts):
                raise ServiceError(f"{where}: a fee from accounts names its entrant's members' accounts.")
            if fee["method"] != EveningFee.Method.ACCOUNT and accounts:
                raise ServiceError(f"{where}: a fee paid by {fee['method']} came from no account.")
            fees.append(
                EveningFee(
                    money=money,
                    entrant=fee["entrant"],
                    method=fee["method"],
                    amount=fee["amount"],
                    account1_id=(accounts + (None,))[0],
                    account2_id=(accounts + (None, None))[1],
                )
            )
    rows_create(moneys, exclude=["club", "event", "night", "fixture"])
    rows_create(fees, exclude=["money", "account1", "account2"])  # linked by the money's ids just given
