"""The treasurer's CSV of one drive, or of a club's drives between two dates: a row a drive with
its takings by kind, fees by method, prize fund, prize money given and balance, and a row of
totals. The sums are figures a spreadsheet reads, written as the club writes them (25.50, or 25,50
at a decimal-comma club), and the last column names the club's currency (GBP, SEK). Each drive is
read by its own reader (a widow whist series by its own state); the money's records and rules are
``drives/money.py``'s."""

from datetime import date

from ...domain.drives.money import METHODS, Accounts
from ...domain.spreadsheet import csv_text
from ...models import Drive
from ..core.errors import ServiceError
from ..core.money import ClubCurrency, currency_of, figures_text
from ..kinds import kind_of

HEADER = (
    "Date",
    "Drive",
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


def _accounts(drive: Drive) -> Accounts:
    """A drive's accounts read by its kind's reader (a widow whist series has a state of its own)."""
    kind = kind_of(drive)
    return kind.accounts(kind.state(drive))


def treasurer_csv(drives) -> str:
    """The treasurer's CSV, a row a drive (in date order) and a row of totals when there are more:
    takings by kind, fees by method, the prize fund, the prize money given and the balance, in the
    club's currency. Written through the one guarded CSV writer."""
    rows, totals = [list(HEADER)], [0] * 9
    drives = sorted(drives, key=lambda d: (d.date, d.name))
    currency = currency_of(drives[0].club) if drives else ClubCurrency()
    for drive in drives:
        books = _accounts(drive)
        figures = _figures(books)
        rows.append(
            _row(drive.date.isoformat(), drive.name, drive.players.count(), books.unpaid, figures, currency)
        )
        totals = [a + b for a, b in zip(totals, figures, strict=True)]
    if len(drives) > 1:
        players = sum(int(row[2]) for row in rows[1:])
        unpaid = sum(int(row[3]) for row in rows[1:])
        rows.append(_row("", f"Total of {len(drives)} drives", players, unpaid, totals, currency))
    return csv_text(rows)


def season_drives(club, start: date, end: date):
    """A club's drives between two dates, both included (team nights take no fees here either)."""
    if end < start:
        raise ServiceError(f"The season ends ({end:%d %b %Y}) before it starts ({start:%d %b %Y}).")
    return Drive.objects.filter(club=club, date__range=(start, end)).select_related("club")
