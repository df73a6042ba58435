"""The command line's widow whist: ``movement --seats 3`` prints a series' first tables, players
numbered 1 to V; ``create_drive --format widow`` creates a series of named players and starts it."""

import json
from datetime import date

from django.core.exceptions import ValidationError
from django.core.management import CommandError
from django.db import transaction

from tournaments import services
from tournaments.domain.errors import DomainError
from tournaments.domain.widow import DEALS_EACH, RANDOM, REDRAWS, WidowError, deals_at, split
from tournaments.services import drives, widow


def print_widow_tables(stdout, options) -> None:
    if options["players"] is None or options["tables"] is not None:
        raise CommandError(
            "Give --players for a widow whist series: the number of players decides the tables."
        )
    try:
        tables = split(list(range(1, options["players"] + 1)))
    except WidowError as error:
        raise CommandError(str(error)) from None
    if options["format"] == "json":
        stdout.write(json.dumps({"rounds": [[list(table) for table in tables]]}))
        return
    stdout.write(f"Widow whist, {options['players']} players: the first series' tables")
    for number, table in enumerate(tables, start=1):
        players = ", ".join(str(p) for p in table)
        note = f"{deals_at(len(table))} deals" + (", the dealer sits out" if len(table) == 4 else "")
        stdout.write(f"Table {number}: players {players} ({note})")


def add_widow_arguments(parser) -> None:
    parser.add_argument(
        "--series", type=int, default=3, help="a widow whist series: how many series (default 3)"
    )
    parser.add_argument(
        "--deals-each",
        type=int,
        default=DEALS_EACH,
        help="a widow whist series: deals each player plays a series (default 12: 16 at a table of four)",
    )
    parser.add_argument(
        "--redraw",
        choices=list(REDRAWS),
        default=RANDOM,
        help="a widow whist series: how each series is drawn",
    )


def create_widow(stdout, options) -> None:
    """A widow whist series of ``--players`` players named "Player 1", "Player 2"…, started: the
    first series drawn. The last line printed is its id."""
    count = options["players"]
    try:
        with transaction.atomic():  # nothing half-written: a field that cannot be seated leaves no series
            club = services.club_get_or_create(name=options["club"])
            drive = widow.widow_create(
                club=club,
                name=options["name"],
                date=options["date"] or date.today(),
                series=options["series"],
                deals_each=options["deals_each"],
                redraw=options["redraw"],
            )
            for k in range(1, count + 1):
                drives.drive_player_add(drive=drive, guest=f"Player {k}")
            drive = widow.widow_start(drive=drive)
    except DomainError as error:
        raise CommandError(str(error)) from None
    except ValidationError as error:
        raise CommandError("; ".join(error.messages)) from None
    state = widow.WidowState(drive)
    shape = " + ".join(str(len(seats)) for _, seats in sorted(state.tables[1].items()))
    stdout.write(
        f"{drive.name} for {club.name}: {count} players at {len(state.tables[1])} tables ({shape}), "
        f"{drive.halves} series of {drive.hands} deals each, widow whist."
    )
    stdout.write(str(drive.pk))
