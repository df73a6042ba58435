"""Write a whole drive (settings, players, seatings, tricks, history, totals, cuts) as one JSON document."""

from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.models import Drive
from tournaments.services.backups.drive import drive_export

from ._exports import write_export


class Command(BaseCommand):
    help = "Export a whist drive as JSON (to a file, or to standard output), to keep or to move elsewhere."

    def add_arguments(self, parser):
        parser.add_argument("drive_id", type=int)
        parser.add_argument("--output", type=Path)

    def handle(self, *args, **options):
        drive = Drive.objects.select_related("club").filter(pk=options["drive_id"]).first()
        if drive is None:
            raise CommandError(f"There is no drive {options['drive_id']}.")
        write_export(self, drive_export(drive), options["output"])
