"""The treasurer's CSV of one drive, or of a club's drives between two dates: a row a drive with
its takings by kind, fees by method, prize fund, prize money given and balance, and a row of
totals. Each drive is read by its own reader (a widow whist series by its own state); the money's
records and rules are ``drives/money.py``'s."""

from datetime import date

from ...domain.drives.money import METHODS, Accounts
from ...domain.spreadsheet import csv_text
from ...models import Drive
from ..core.errors import ServiceError
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
)


def _pounds(pence: int) -> str:
    return f"{pence / 100:.2f}"


def _row(drive: Drive, books: Accounts) -> list:
    return [
        drive.date.isoformat(),
        drive.name,
        drive.players.count(),
        books.unpaid,
        *(_pounds(books.fees_by_method[m]) for m in METHODS),
        _pounds(books.takings.table_money),
        _pounds(books.takings.raffle),
        _pounds(books.takings.total),
        _pounds(books.fund),
        _pounds(books.prizes_out),
        _pounds(books.balance),
    ]


def _accounts(drive: Drive) -> Accounts:
    """A drive's accounts read by its kind's reader (a widow whist series has a state of its own)."""
    kind = kind_of(drive)
    return kind.accounts(kind.state(drive))


def treasurer_csv(drives) -> str:
    """The treasurer's CSV, a row a drive (in date order) and a row of totals when there are more:
    takings by kind, fees by method, the prize fund, the prize money given and the balance, in
    pounds. Written through the one guarded CSV writer."""
    rows, totals = [list(HEADER)], [0] * 9
    drives = sorted(drives, key=lambda d: (d.date, d.name))
    for drive in drives:
        books = _accounts(drive)
        rows.append(_row(drive, books))
        figures = [
            *books.fees_by_method.values(),
            books.takings.table_money,
            books.takings.raffle,
            books.takings.total,
            books.fund,
            books.prizes_out,
            books.balance,
        ]
        totals = [a + b for a, b in zip(totals, figures, strict=True)]
    if len(drives) > 1:
        players = sum(int(row[2]) for row in rows[1:])
        unpaid = sum(int(row[3]) for row in rows[1:])
        rows.append(["", f"Total of {len(drives)} drives", players, unpaid, *map(_pounds, totals)])
    return csv_text(rows)


def season_drives(club, start: date, end: date):
    """A club's drives between two dates, both included (team nights take no fees here either)."""
    if end < start:
        raise ServiceError(f"The season ends ({end:%d %b %Y}) before it starts ({start:%d %b %Y}).")
    return Drive.objects.filter(club=club, date__range=(start, end)).select_related("club")
