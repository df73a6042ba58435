"""Enter (or correct) one side's paper card of a league match: a table's 24 figures, or the whole
card from a CSV file; then say how the match stands (agreed, held and why, or waiting)."""

import csv
import io
from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.domain import leagues as rules
from tournaments.domain.errors import DomainError
from tournaments.models import CardDeal
from tournaments.services.leagues import match_card_enter

from ._league_match import find_fixture, match_line


def _whole(text: str, where: str) -> int:
    text = text.strip()
    if not text.isdigit():
        raise CommandError(f"{where}: “{text}” is not a number of tricks.")
    return int(text)


def tricks_from_text(text: str, *, table: int) -> dict[int, int]:
    """ "7,8,6,…": the side's tricks on deals 1 to 24 of one table, in order."""
    figures = text.split(",")
    if len(figures) != len(rules.DEALS):
        raise CommandError(
            f"Table {table}: give the tricks of all {len(rules.DEALS)} deals, not {len(figures)}."
        )
    return {
        deal: _whole(figure, f"Table {table}, deal {deal}")
        for deal, figure in zip(rules.DEALS, figures, strict=True)
    }


def tricks_from_csv(text: str) -> dict[int, dict[int, int]]:
    """A card typed as CSV with the header table,deal,tricks: one row a deal of a table."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = [name.strip().lower() for name in reader.fieldnames or []]
    if header != ["table", "deal", "tricks"]:
        raise CommandError("Line 1: the header should read table,deal,tricks.")
    reader.fieldnames = header
    tables: dict[int, dict[int, int]] = {}
    for row in reader:
        if None in row or None in row.values():
            raise CommandError(f"Line {reader.line_num}: a row gives a table, a deal and the tricks.")
        where = f"Line {reader.line_num}"
        table, deal = _whole(row["table"], where), _whole(row["deal"], where)
        if deal in tables.setdefault(table, {}):
            raise CommandError(f"{where}: table {table}, deal {deal} is given twice.")
        tables[table][deal] = _whole(row["tricks"], where)
    return tables


class Command(BaseCommand):
    help = (
        "Enter one side's card of a league match: --table T --tricks 7,8,… (24 figures, deals 1 to 24), "
        "or --file card.csv (header table,deal,tricks). Prints how the match stands."
    )

    def add_arguments(self, parser):
        parser.add_argument("fixture", type=int, help="the match's id (league_match lists them)")
        parser.add_argument("--side", choices=CardDeal.Side.values, required=True)
        parser.add_argument("--table", type=int, help="the table whose figures --tricks gives")
        parser.add_argument("--tricks", help="the side's tricks on deals 1 to 24, comma-separated")
        parser.add_argument("--file", type=Path, help="the whole card: CSV with header table,deal,tricks")

    def handle(self, *args, **options):
        fixture = find_fixture(options["fixture"])
        if fixture is None:
            raise CommandError(f"There is no league match {options['fixture']}.")
        if options["file"] is not None:
            if options["tricks"] or options["table"]:
                raise CommandError("Give the card either as --file or as --table and --tricks, not both.")
            try:
                text = options["file"].read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                raise CommandError(f"Cannot read {options['file']}: {error}") from None
            tables = tricks_from_csv(text)
        elif options["table"] is not None and options["tricks"]:
            tables = {options["table"]: tricks_from_text(options["tricks"], table=options["table"])}
        else:
            raise CommandError(
                "Give a table's figures (--table T --tricks 7,8,…) or the card's file (--file)."
            )
        try:
            state = match_card_enter(fixture=fixture, side=options["side"], tables=tables)
        except DomainError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(match_line(fixture, state))
