"""What a competition's pages, its CSV and the noticeboard's sheet show: its rules in words and its
standings as rows, each player named as the reader may read them."""

from django.utils import timezone

from ...domain import competitions as rules
from ...domain.spreadsheet import csv_text
from ...models import (
    Competition,
)
from ...print_data import CompetitionSheet, PrintEvent
from .competitions import CompetitionTable, published_rows

# --- What the pages, the CSV and the noticeboard show ----------------------------------------------

COUNTING_WORDS = {
    Competition.Counting.ALL: "every evening counts",
    Competition.Counting.BEST: "the best {n} count",
    Competition.Counting.DROP: "the lowest {n} are dropped",
}


def describe(competition: Competition) -> str:
    """The rules in a line: "Average percentage · duplicate events tagged Tuesday · the best 5 count
    · qualify by playing 5 · handicap fixed at the season's start"."""
    c = competition
    measure = c.get_measure_display()
    if c.measure == Competition.Measure.PLACING:
        measure = (
            "Reverse placings" if c.placing == Competition.Placing.REVERSE else f"Placing points {c.points}"
        )
    parts = [measure, c.get_kinds_display().lower() + (f" tagged {c.tag}" if c.tag else "")]
    if c.by_hand:
        parts.append("evenings picked by hand")
    if c.min_field:
        parts.append(f"at least {c.min_field} {c.field_unit}")
    parts.append("fixed pairs" if c.who == Competition.Who.PAIRS else "individuals")
    if c.lists == Competition.Lists.ROLES:
        parts.append("a list for each role")
    parts.append(COUNTING_WORDS[c.counting].format(n=c.count))
    if c.qualify:
        parts.append(f"qualify by playing {c.qualify}")
    if c.handicap != Competition.Handicap.NONE:
        parts.append(f"handicap {c.get_handicap_display().lower()}")
    if c.ties == Competition.Ties.BROKEN:
        parts.append("ties broken by evenings counted, then the best score")
    parts.append("members only" if c.members_only else "guests too")
    return " · ".join(parts)


def standing_rows(table: CompetitionTable, rows) -> list[dict]:
    """The rows as the page, the CSV and the noticeboard show them, each with the raw figure its
    columns sort by."""
    rows = published_rows(rows)
    percentage = table.competition.measure == Competition.Measure.PERCENTAGE
    handicap = table.competition.handicap != Competition.Handicap.NONE
    return [
        {
            "list": table.role_label(row.list),
            "place": row.place,
            "position": index,
            "name": row.name,
            "member": row.members[0] if len(row.members) == 1 and row.key == f"m{row.members[0]}" else None,
            "played": row.played,
            "counted": row.counted,
            "total": row.total,
            "total_text": row.total_text,
            "best": rules.format_figure(row.best, percentage=percentage),
            "handicap": f"{row.handicap:+d}" if handicap and row.handicap else ("0" if handicap else ""),
            "status": row.status or "qualified",
            "needs": row.needs,
        }
        for index, row in enumerate(rows)
    ]


def competition_csv(table: CompetitionTable) -> str:
    """Every row, qualified or not, with each evening's score ("" where not played, * where it did
    not count)."""
    evenings = table.standings.evenings
    rows = [
        [
            "list",
            "place",
            "name",
            "played",
            "counted",
            "total",
            "status",
            *(table.names[e.id] for e in evenings),
        ]
    ]
    percentage = table.competition.measure == Competition.Measure.PERCENTAGE
    for row, shown in zip(table.standings.rows, standing_rows(table, table.standings.rows), strict=True):
        by_evening = {s.evening: s for s in row.scores}
        cells = []
        for evening in evenings:
            score = by_evening.get(evening.id)
            cells.append(
                ""
                if score is None
                else rules.format_figure(score.value, percentage=percentage) + ("" if score.counted else "*")
            )
        rows.append(
            [
                shown["list"],
                shown["place"],
                shown["name"],
                row.played,
                row.counted,
                row.total_text,
                shown["status"],
                *cells,
            ]
        )
    return csv_text(rows)


def updated_text(table: CompetitionTable) -> str:
    if table.updated is None:
        return "No evening published in the season yet."
    at = timezone.localtime(table.updated.at)
    return f"Updated {at:%-d %b %Y at %H:%M}, {table.updated.text}."


def competition_sheet(table: CompetitionTable) -> CompetitionSheet:
    """The standings for the noticeboard, as plain data (``pdf/competitions.py`` prints it)."""
    c = table.competition
    lists = []
    for listed in table.standings.lists:
        rows = standing_rows(table, table.standings.qualified(listed))
        if rows:
            lists.append((table.role_label(listed) or "Standings", _sheet_rows(rows)))
    apart = standing_rows(table, table.standings.apart())
    return CompetitionSheet(
        event=PrintEvent(
            name=c.name,
            club=c.club.name,
            date=f"{c.start:%-d %b %Y} – {c.end:%-d %b %Y}",
            paper=c.club.paper_size,
            scoring=c.get_measure_display(),
        ),
        rules=describe(c),
        updated=updated_text(table),
        headings=("Place", "Name", "Played", "Counted", "Total"),
        lists=tuple(lists),
        apart=tuple(
            (r["name"], str(r["played"]), str(r["counted"]), r["total_text"], r["status"]) for r in apart
        ),
        evenings=len(table.standings.evenings),
    )


def _sheet_rows(rows: list[dict]) -> tuple[tuple[str, ...], ...]:
    return tuple((r["place"], r["name"], str(r["played"]), str(r["counted"]), r["total_text"]) for r in rows)
