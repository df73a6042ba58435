"""The secretary's lists, for the organisers' pages and as CSV: members lapsed (paid until before
today, life members never), members not seen for some weeks (no published evening played since:
``season.players.members_last_played``) and members new this season (joined since the current
subscription year began). Each row is a plain ``Row``; the CSV is the domain's, every cell
guarded against formulas (``domain.spreadsheet.csv_text``).
"""

from dataclasses import dataclass
from datetime import date, timedelta

from ...domain.membership import lapsed, subscription_year
from ...domain.spreadsheet import csv_text
from ...models import Club
from ..season.players import members_last_played
from .club import year_start

LISTS = {
    "lapsed": "Lapsed members",
    "not-seen": "Not seen lately",
    "new": "New this season",
}
COLUMNS = ("Last name", "First name", "E-mail", "Category", "Paid until", "Joined", "Last played")


@dataclass(frozen=True)
class Row:
    first_name: str
    last_name: str
    email: str
    category: str
    paid_until: date | None
    joined: date | None
    last_played: date | None

    def cells(self) -> tuple:
        days = (self.paid_until, self.joined, self.last_played)
        return (
            self.last_name,
            self.first_name,
            self.email,
            self.category,
            *(d.isoformat() if d else "" for d in days),
        )


def _rows(members, last: dict) -> list[Row]:
    return [
        Row(
            first_name=m.first_name,
            last_name=m.last_name,
            email=m.email,
            category=m.category.name if m.category else "",
            paid_until=m.paid_until,
            joined=m.joined,
            last_played=last.get(m.pk),
        )
        for m in members
    ]


def members_listed(club: Club, which: str, *, today: date, weeks: int = 8) -> list[Row]:
    """The club's active members on one list (``LISTS``), by name."""
    members = club.members.filter(active=True, forgotten_at=None).select_related("category")
    members = list(members.order_by("last_name", "first_name", "pk"))
    last = members_last_played(club)
    if which == "lapsed":
        chosen = [
            m
            for m in members
            if not (m.category and m.category.life) and lapsed(paid_until=m.paid_until, today=today)
        ]
    elif which == "not-seen":
        since = today - timedelta(weeks=weeks)
        chosen = [m for m in members if last.get(m.pk) is None or last[m.pk] < since]
    elif which == "new":
        start, _ = subscription_year(today, year_start(club))
        chosen = [m for m in members if m.joined is not None and m.joined >= start]
    else:
        raise KeyError(which)
    return _rows(chosen, last)


def members_csv(rows: list[Row]) -> str:
    return csv_text([COLUMNS, *(row.cells() for row in rows)])
