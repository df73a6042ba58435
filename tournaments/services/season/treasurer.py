"""The treasurer's CSV of one evening, or of a club's evenings of every kind between two dates: a
row an evening (a drive, a widow series, a team night, an event, a two-player night, a league home
match) with its takings by kind, fees by method, prize fund, prize money given and balance, and a
row of totals. The sums are figures a spreadsheet reads, written as the club writes them (25.50,
or 25,50 at a decimal-comma club), and the last column names the club's currency (GBP, SEK). Each
evening's money is read by its kind's entry (``kinds``: ``accounts`` and ``payers``); the money's
records and rules are ``drives/money.py``'s and ``membership/fees.py``'s."""

from datetime import date

from ...domain.drives.money import METHODS, Accounts
from ...domain.spreadsheet import csv_text
from ..core.errors import ServiceError
from ..core.money import ClubCurrency, currency_of, figures_text
from ..kinds import KINDS, kind_of
from ..membership.fees import evening_title, money_club

HEADER = (
    "Date",
    "Evening",
    "Players",
    "Fees unpaid",
    "Fees cash",
    "Fees card",
    "Fees on account",
    "Table money",
    "Raffle",
    "Takings",
    "Prize fund",
    "Prizes paid",
    "Balance",
    "Currency",
)


def _figures(books: Accounts) -> list[int]:
    """A drive's sums in the header's order, in minor units."""
    return [
        *(books.fees_by_method[m] for m in METHODS),
        books.takings.table_money,
        books.takings.raffle,
        books.takings.total,
        books.fund,
        books.prizes_out,
        books.balance,
    ]


def _row(first: str, second: str, players: int, unpaid: int, sums: list[int], currency: ClubCurrency) -> list:
    return [first, second, players, unpaid, *(figures_text(m, currency) for m in sums), currency.code]


def treasurer_csv(evenings) -> str:
    """The treasurer's CSV, a row an evening of any kind (in date order) and a row of totals when
    there are more: takings by kind, fees by method, the prize fund, the prize money given and the
    balance, in the club's currency. Written through the one guarded CSV writer."""
    rows, totals = [list(HEADER)], [0] * 9
    evenings = sorted(evenings, key=lambda e: (e.date, evening_title(e)))
    currency = currency_of(money_club(evenings[0])) if evenings else ClubCurrency()
    for evening in evenings:
        kind = kind_of(evening)
        books: Accounts = kind.accounts(evening)
        figures = _figures(books)
        players = len(kind.payers(evening))
        rows.append(
            _row(evening.date.isoformat(), evening_title(evening), players, books.unpaid, figures, currency)
        )
        totals = [a + b for a, b in zip(totals, figures, strict=True)]
    if len(evenings) > 1:
        players = sum(int(row[2]) for row in rows[1:])
        unpaid = sum(int(row[3]) for row in rows[1:])
        rows.append(_row("", f"Total of {len(evenings)} evenings", players, unpaid, totals, currency))
    return csv_text(rows)


def season_evenings(club, start: date, end: date) -> list:
    """A club's evenings of every kind between two dates, both included: each kind's own
    (``kinds``: ``in_season``), a kind kept as another is asked once."""
    if end < start:
        raise ServiceError(f"The season ends ({end:%d %b %Y}) before it starts ({start:%d %b %Y}).")
    finders = {id(kind.in_season): kind.in_season for kind in KINDS.values()}
    return [evening for find in finders.values() for evening in find(club, start, end)]
