"""Enter (or correct) one side's paper card of a league match: a table's 24 figures, or the whole
card from a CSV file; then say how the match stands (agreed, held and why, or waiting).

A bad card is refused whole, every problem said at once (each line of a file and what is wrong
with it), as a results file is (services/events/imports.py); nothing is entered."""

import csv
import io
from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.domain import leagues as rules
from tournaments.domain.errors import DomainError
from tournaments.models import CardDeal
from tournaments.services.events.imports import rows_read, whole
from tournaments.services.leagues import match_card_enter

from ._league_match import find_fixture, match_line

MATCH = f"a match has tables {rules.TABLES[0]} to {rules.TABLES[-1]}, deals 1 to {len(rules.DEALS)}"


class CardProblems(Exception):
    """The card was refused; ``problems`` says each in words a player understands."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(" ".join(problems))


def _figure(value: str, what: str) -> int:
    """A card's figure of tricks: 0 to 13, or ValueError in words."""
    tricks = whole(value, what)
    if tricks > rules.TRICKS:
        raise ValueError(
            f"{tricks} tricks is not possible; a side takes 0 to {rules.TRICKS} tricks of a deal"
        )
    return tricks


def _missing(tables: dict[int, dict[int, int]]) -> list[str]:
    """Each table given whose card lacks a deal, in the league's words."""
    problems = []
    for table, tricks in sorted(tables.items()):
        try:
            rules.check_card(tricks, table=table)
        except DomainError as error:
            problems.append(str(error))
    return problems


def tricks_from_text(text: str, *, table: int) -> dict[int, int]:
    """ "7,8,6,…": the side's tricks on deals 1 to 24 of one table, in order."""
    figures = text.split(",")
    if len(figures) != len(rules.DEALS):
        raise CardProblems(
            [f"Table {table}: give the tricks of all {len(rules.DEALS)} deals, not {len(figures)}."]
        )
    tricks, problems = {}, []
    for deal, figure in zip(rules.DEALS, figures, strict=True):
        try:
            tricks[deal] = _figure(figure, "tricks")
        except ValueError as error:
            problems.append(f"Table {table}, deal {deal}: {error}.")
    if problems:
        raise CardProblems(problems)
    return tricks


def honours_from_text(text: str, *, table: int) -> dict[int, int]:
    """ "0,4,0,-2,…": in games and rubbers, the honours a side's card gives on deals 1 to 24 of one
    table, from its own side (4 or 2 its own, -4 or -2 the other side's, 0 none)."""
    figures = text.split(",")
    if len(figures) != len(rules.DEALS):
        raise CardProblems(
            [f"Table {table}: give the honours of all {len(rules.DEALS)} deals, not {len(figures)}."]
        )
    honours, problems = {}, []
    for deal, figure in zip(rules.DEALS, figures, strict=True):
        try:
            honours[deal] = _honours(figure)
        except ValueError as error:
            problems.append(f"Table {table}, deal {deal}: {error}.")
    if problems:
        raise CardProblems(problems)
    return honours


def _honours(value: str) -> int:
    try:
        claimed = int(value.strip() or 0)
    except ValueError:
        raise ValueError(f"'{value.strip()}' is not honours: write 4, 2, -2, -4 or 0") from None
    if claimed not in rules.HONOURS:
        raise ValueError(f"honours are 4 or 2 to your side, -4 or -2 to the other side, or 0; not {claimed}")
    return claimed


def tricks_from_csv(text: str) -> dict[int, dict[int, int]]:
    """A card typed as CSV with the header table,deal,tricks: one row a deal of a table. Every line
    is checked; CardProblems lists each bad one."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")), strict=True)
    try:
        return _card_rows(reader)
    except csv.Error as error:
        # The record that failed starts on the line after the last one read whole.
        raise CardProblems([f"Line {reader.line_num + 1}: this is not readable as CSV ({error})."]) from None


def _card_rows(reader: csv.DictReader) -> dict[int, dict[int, int]]:
    header = [name.strip().lower() for name in reader.fieldnames or []]
    if header != ["table", "deal", "tricks"]:
        raise CardProblems(["Line 1: the header should read table,deal,tricks."])
    reader.fieldnames = header
    tables: dict[int, dict[int, int]] = {}
    problems, seen = [], {}
    for line, row in rows_read(reader, problems):
        if None in row.values():
            problems.append(f"Line {line}: a row gives a table, a deal and the tricks.")
            continue
        try:
            table, deal = whole(row["table"], "table"), whole(row["deal"], "deal")
            tricks = _figure(row["tricks"], "tricks")
        except ValueError as error:
            problems.append(f"Line {line}: {error}.")
            continue
        if table not in rules.TABLES or deal not in rules.DEALS:
            problems.append(f"Line {line}: there is no table {table}, deal {deal}: {MATCH}.")
            continue
        if (table, deal) in seen:
            problems.append(
                f"Line {line}: table {table}, deal {deal} is given twice (also line {seen[table, deal]})."
            )
            continue
        seen[table, deal] = line
        tables.setdefault(table, {})[deal] = tricks
    if not problems and not tables:
        problems.append("The file has no tricks in it.")
    problems.extend(_missing(tables))
    if problems:
        raise CardProblems(problems)
    return tables


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"Cannot read {path}: {error}") from None


def _joined_values(argv: list[str], options: tuple[str, ...]) -> list[str]:
    """The command line with each of ``options`` joined to the value after it: a card's figures
    may begin with a minus sign.

    >>> _joined_values(["league_card", "1", "--honours", "-2,0", "--side", "home"], ("--honours",))
    ['league_card', '1', '--honours=-2,0', '--side', 'home']
    """
    joined, words = [], iter(argv)
    for word in words:
        value = next(words, None) if word in options else None
        joined.append(f"{word}={value}" if value is not None else word)
    return joined


class Command(BaseCommand):
    help = (
        "Enter one side's card of a league match: --table T --tricks 7,8,… (24 figures, deals 1 to 24), "
        "or --file card.csv (header table,deal,tricks). Prints how the match stands."
    )

    def run_from_argv(self, argv):
        # argparse takes a word beginning with "-" for an option unless it is one negative number,
        # so "--honours -2,0,4,…" would lack its value: the figures are joined to their option
        # ("--honours=-2,0,4,…") before the command line is read.
        super().run_from_argv(_joined_values(argv, ("--honours", "--tricks")))

    def add_arguments(self, parser):
        parser.add_argument("fixture", type=int, help="the match's id (league_match lists them)")
        parser.add_argument("--side", choices=CardDeal.Side.values, required=True)
        parser.add_argument("--table", type=int, help="the table whose figures --tricks gives")
        parser.add_argument("--tricks", help="the side's tricks on deals 1 to 24, comma-separated")
        parser.add_argument("--file", type=Path, help="the whole card: CSV with header table,deal,tricks")
        parser.add_argument(
            "--honours",
            help="in games and rubbers, with --table: the honours on deals 1 to 24, comma-separated, from "
            "the side's own view (4 or 2 its own, -4 or -2 the other side's, 0 none)",
        )

    def handle(self, *args, **options):
        fixture = find_fixture(options["fixture"])
        if fixture is None:
            raise CommandError(f"There is no league match {options['fixture']}.")
        if options["file"] is not None and (options["tricks"] or options["table"]):
            raise CommandError("Give the card either as --file or as --table and --tricks, not both.")
        honours = None
        try:
            if options["file"] is not None:
                tables = tricks_from_csv(_read(options["file"]))
            elif options["table"] is not None and options["tricks"]:
                tables = {options["table"]: tricks_from_text(options["tricks"], table=options["table"])}
                if options["honours"]:
                    honours = {
                        options["table"]: honours_from_text(options["honours"], table=options["table"])
                    }
            else:
                raise CommandError(
                    "Give a table's figures (--table T --tricks 7,8,…) or the card's file (--file)."
                )
        except CardProblems as error:
            for problem in error.problems:
                self.stderr.write(problem)
            given = options["file"] or f"the figures of table {options['table']}"
            raise CommandError(f"Nothing was entered: {len(error.problems)} problem(s) in {given}.") from None
        try:
            state = match_card_enter(fixture=fixture, side=options["side"], tables=tables, honours=honours)
        except DomainError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(match_line(fixture, state))
