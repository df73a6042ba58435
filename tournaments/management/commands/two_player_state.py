"""A two-player night's round in play and standings, as text or JSON."""

import json

from django.core.management import BaseCommand, CommandError

from tournaments.models import DuelNight
from tournaments.services import duels


class Command(BaseCommand):
    help = "Print a two-player night's round in play and its standings (--format json: the whole night)."

    def add_arguments(self, parser):
        parser.add_argument("night", type=int, help="the night's id")
        parser.add_argument("--format", choices=["text", "json"], default="text")

    def handle(self, *args, **options):
        night = DuelNight.objects.select_related("club").filter(pk=options["night"]).first()
        if night is None:
            raise CommandError(f"There is no two-player night {options['night']}.")
        if options["format"] == "json":
            self.stdout.write(json.dumps(duels.night_as_dict(night), indent=1))
            return
        state = duels.night_state(night)
        self.stdout.write(f"{night.name}: {night.get_status_display()}; {night.evening_format.scoring}")
        if state.last_round:
            self.stdout.write(f"{state.playing_name.capitalize()}:")
            for line in state.rounds[state.round_in_play]:
                where = "bye" if line.bye else f"table {line.match.table}"
                done = " (over)" if line.finished else ""
                self.stdout.write(f"  {where}: {line.text}{done}")
        self.stdout.write("Standings:")
        for s in state.standings:
            spread = f"{s.standing.spread:+d}"
            self.stdout.write(
                f"  {s.standing.place:>3} {s.player.name}: {s.standing.game_points} game points, "
                f"{s.standing.won} won, spread {spread}"
            )
        if state.champion:
            self.stdout.write(f"Knock-out winner: {state.champion.name}")
