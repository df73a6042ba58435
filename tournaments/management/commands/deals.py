"""Deal boards from a seed and print them as PBN or JSON, without touching the database."""

import json

from django.core.management import BaseCommand, CommandError

from tournaments.domain import boards as board_rules
from tournaments.domain.dealing import new_seed
from tournaments.domain.errors import DomainError
from tournaments.domain.pbn import dealt_boards, write_pbn


class Command(BaseCommand):
    help = "Deal N boards from a seed (a fresh one if none is given) as PBN or JSON."
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--boards", type=int, required=True, help="how many boards (1 to 200)")
        parser.add_argument("--seed", default="", help="the same seed always gives the same deals")
        parser.add_argument(
            "--schedule", default="HDSC", help="trumps: HDSC, HDSCN, NSHDC, turned or e.g. SHDCN"
        )
        parser.add_argument("--format", choices=["pbn", "json"], default="pbn")

    def handle(self, *args, **options):
        count = options["boards"]
        if not 1 <= count <= 200:
            raise CommandError("Deal between 1 and 200 boards.")
        seed = options["seed"].strip() or new_seed()
        try:
            schedule = board_rules.validate_schedule(options["schedule"])
            strains = None if schedule == board_rules.TURNED else board_rules.parse_schedule(schedule)
        except DomainError as error:
            raise CommandError(str(error)) from None
        boards = dealt_boards(seed, count, strains)
        if options["format"] == "json":
            data = {
                "seed": seed,
                "schedule": schedule,
                "boards": [
                    {
                        "board": b.board,
                        "dealer": b.dealer,
                        "vulnerable": b.vulnerable,
                        "trumps": b.trumps,
                        "deal": b.deal.pbn(b.dealer),
                    }
                    for b in boards
                ],
            }
            self.stdout.write(json.dumps(data, indent=1))
        else:
            self.stdout.write(write_pbn(boards, event=f"Seed {seed}"), ending="")
