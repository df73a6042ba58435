"""Print an inter-club league's table as text or JSON."""

import json

from django.core.management import BaseCommand, CommandError

from tournaments.models import League
from tournaments.services.leagues import league_table_data, league_table_text


class Command(BaseCommand):
    help = "Print a league's table: played, won, tied, lost, tricks for and against, points."

    def add_arguments(self, parser):
        parser.add_argument("league_id", type=int)
        parser.add_argument("--format", choices=["text", "json"], default="text")

    def handle(self, *args, **options):
        league = League.objects.filter(pk=options["league_id"]).first()
        if league is None:
            raise CommandError(f"There is no league {options['league_id']}.")
        if options["format"] == "json":
            self.stdout.write(json.dumps(league_table_data(league), indent=1, ensure_ascii=False))
        else:
            self.stdout.write(league_table_text(league))
