"""``movement --seats 3``: a widow whist series' first tables, players numbered 1 to V."""

import json

from django.core.management import CommandError

from tournaments.domain.widow import WidowError, deals_at, split


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
