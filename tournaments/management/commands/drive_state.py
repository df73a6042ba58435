"""A drive's state: the next hand, every seating so far, the players' places and scores, and the
prizes."""

import json

from django.core.management import BaseCommand, CommandError

from tournaments.models import Drive
from tournaments.services import drives


class Command(BaseCommand):
    help = "Show a drive's seatings, places and scores, and prizes (--format json for scripts)."

    def add_arguments(self, parser):
        parser.add_argument("drive", type=int, help="the drive's id")
        parser.add_argument("--format", choices=["json", "text"], default="text")

    def handle(self, *args, **options):
        drive = Drive.objects.filter(pk=options["drive"]).first()
        if drive is None:
            raise CommandError(f"There is no drive {options['drive']}.")
        state = drives.drive_report(drive=drive)
        if options["format"] == "json":
            self.stdout.write(json.dumps(state, indent=1))
            return
        self.stdout.write(f"{drive.name}: next hand {state['hand'] or '(all in)'}")
        if state["rules"]:  # a Minnesota drive's: its scores are points
            self.stdout.write(f"  Minnesota whist, {state['rules']['name']}: {state['rules']['summary']}")
        for team in state["teams"]:
            self.stdout.write(
                f"  {team['place']:>4} {team['name']:<30} {team['points']:>4} {state['measure']} "
                f"(home {team['home']}, away {team['away']}; {team['tricks']} tricks)"
            )
        for player in state["players"]:
            self.stdout.write(
                f"  {player['place']:>4} {player['player']:>4} {player['name']:<30} {player['score']:>6} "
                f"(first half {player['first_half']}, sat out {player['sat_out']})"
            )
        for prize in state["prizes"]:
            who = prize["player"] or ("tie: " + ", ".join(prize["tied"]) if prize["tie"] else "—")
            self.stdout.write(
                f"  {prize['label']}: {who} {prize['score'] if prize['score'] is not None else ''}"
            )
