"""Print a Mitchell or Howell movement, without touching the database."""

import json

from django.core.management import BaseCommand, CommandError

from tournaments.domain.errors import DomainError
from tournaments.domain.movements import build_movement
from tournaments.domain.movements.render import movement_as_dict, movement_as_text

from ._movement_options import add_movement_arguments, movement_options


class Command(BaseCommand):
    help = "Print a Mitchell or Howell movement as a text grid or as JSON."
    requires_system_checks = []

    def add_arguments(self, parser):
        add_movement_arguments(parser)
        parser.add_argument("--format", choices=["text", "json"], default="text")

    def handle(self, *args, **options):
        try:
            movement = build_movement(options["tables"], **movement_options(options))
        except DomainError as error:
            raise CommandError(str(error)) from None
        if options["format"] == "json":
            self.stdout.write(json.dumps(movement_as_dict(movement), indent=1))
        else:
            self.stdout.write(movement_as_text(movement), ending="")
