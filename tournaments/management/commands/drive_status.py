"""Close a drive once every hand is in, and publish its results (or take them back)."""

from django.core.management import BaseCommand, CommandError

from tournaments.domain.errors import DomainError
from tournaments.models import Drive
from tournaments.services import drives


class Command(BaseCommand):
    help = "Close, publish or unpublish a drive (a team night too), each refused in words until its turn."

    def add_arguments(self, parser):
        parser.add_argument("drive", type=int, help="the drive's id")
        parser.add_argument("step", choices=["close", "publish", "unpublish"])

    def handle(self, *args, **options):
        drive = Drive.objects.filter(pk=options["drive"]).first()
        if drive is None:
            raise CommandError(f"There is no drive {options['drive']}.")
        try:
            if options["step"] == "close":
                drive = drives.drive_close(drive=drive)
            else:
                drive = drives.drive_publish(drive=drive, published=options["step"] == "publish")
        except DomainError as error:
            raise CommandError(str(error)) from None
        published = "published" if drive.published else "not published"
        self.stdout.write(f"{drive.name}: {drive.get_status_display().lower()}, {published}.")
