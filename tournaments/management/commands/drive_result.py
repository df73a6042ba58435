"""Record the tricks of the couple sitting N/S at a table of a drive in one hand."""

from django.core.management import BaseCommand, CommandError

from tournaments.domain.errors import DomainError
from tournaments.models import Drive
from tournaments.services import drives


class Command(BaseCommand):
    help = "Record a hand's tricks at a table of a drive (the N/S couple's; E/W took the rest of 13)."

    def add_arguments(self, parser):
        parser.add_argument("drive", type=int, help="the drive's id")
        parser.add_argument("--hand", type=int, required=True)
        parser.add_argument("--table", type=int, required=True)
        parser.add_argument(
            "--tricks", type=int, required=True, help="tricks taken by the N/S couple, 0 to 13"
        )
        parser.add_argument(
            "--granded", choices=["NS", "EW", "low"], default=None, help="a Minnesota drive: who went grand"
        )
        parser.add_argument(
            "--honours",
            default="",
            help="in games and rubbers, the honours claimed: NS4, NS2, EW4, EW2 (none: leave it out)",
        )

    def handle(self, *args, **options):
        drive = Drive.objects.filter(pk=options["drive"]).first()
        if drive is None:
            raise CommandError(f"There is no drive {options['drive']}.")
        try:
            result = drives.drive_result_record(
                drive=drive,
                hand=options["hand"],
                table=options["table"],
                ns_tricks=options["tricks"],
                granded=options["granded"],
                honours=options["honours"],
            )
        except DomainError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(str(result))
