"""Print a Mitchell or Howell movement, or an individual event's whist tournament, without touching
the database."""

import json

from django.core.management import BaseCommand, CommandError

from tournaments.domain.errors import DomainError
from tournaments.domain.movements import build_movement, whist_schedule
from tournaments.domain.movements.render import movement_as_dict, movement_as_text, whist_as_text
from tournaments.domain.movements.whist import MAX_PLAYERS, MIN_PLAYERS

from ._duel_movement import print_two_player_round_robin
from ._movement_options import add_movement_arguments, movement_options
from ._widow import print_widow_tables

# Options that only a pairs movement has, and what an individual event says to them.
PAIRS_ONLY = ("variant", "phantom", "arrow_switch", "card_set")


class Command(BaseCommand):
    help = (
        "Print a Mitchell or Howell movement (--tables) or an individual event's whist tournament "
        "(--players) as a text grid or as JSON."
    )
    requires_system_checks = []

    def add_arguments(self, parser):
        add_movement_arguments(parser, tables_required=False)
        parser.add_argument(
            "--players",
            type=int,
            help=f"an individual event, every two players partners once ({MIN_PLAYERS} to {MAX_PLAYERS})",
        )
        parser.add_argument(
            "--seats",
            type=int,
            choices=[2, 3],
            help="2: a two-player night's round robin (Berger tables); "
            "3: a widow whist series' first tables, of three and four",
        )
        parser.add_argument("--format", choices=["text", "json"], default="text")

    def handle(self, *args, **options):
        if options["seats"] == 3:
            print_widow_tables(self.stdout, options)
            return
        if options["seats"] == 2:
            print_two_player_round_robin(self, options)
            return
        if options["players"] is not None:
            self._print_whist(options)
            return
        if options["tables"] is None:
            raise CommandError("Give --tables for a pairs movement or --players for an individual event.")
        try:
            movement = build_movement(options["tables"], **movement_options(options))
        except DomainError as error:
            raise CommandError(str(error)) from None
        if options["format"] == "json":
            self.stdout.write(json.dumps(movement_as_dict(movement), indent=1))
        else:
            self.stdout.write(movement_as_text(movement), ending="")

    def _print_whist(self, options):
        if options["tables"] is not None:
            raise CommandError(
                "Give --players for an individual event or --tables for a pairs movement, not both: "
                "the number of players decides the tables."
            )
        given = [name for name in PAIRS_ONLY if options[name]]
        if given:
            flag = "--" + given[0].replace("_", "-")
            raise CommandError(f"{flag} is for a pairs movement; an individual event has none.")
        try:
            schedule = whist_schedule(options["players"], options["rounds"])
        except DomainError as error:
            raise CommandError(str(error)) from None
        if options["format"] == "json":
            self.stdout.write(json.dumps(schedule.as_dict()))
        else:
            self.stdout.write(whist_as_text(schedule), ending="")
