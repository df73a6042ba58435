"""Import the deals of an event's boards from a PBN file: all boards or none."""

from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.models import Event
from tournaments.services import (
    AnalysisNotInstalled,
    PbnImportError,
    ServiceError,
    event_analyse_boards,
    event_import_pbn,
)


class Command(BaseCommand):
    help = "Import deals from a PBN file (a dealing machine's or another program's) into an event."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("file", type=Path)
        parser.add_argument("--no-analysis", action="store_true", help="skip the double-dummy analysis")

    def handle(self, *args, **options):
        event = Event.objects.filter(pk=options["event_id"]).first()
        if event is None:
            raise CommandError(f"There is no event {options['event_id']}.")
        try:
            text = options["file"].read_text(encoding="utf-8-sig", errors="replace")
        except OSError as error:
            raise CommandError(f"Cannot read {options['file']}: {error}") from None
        try:
            count = event_import_pbn(event=event, text=text, analyse=False)
        except PbnImportError as error:
            for problem in error.problems:
                self.stderr.write(problem)
            raise CommandError(
                f"Nothing was imported: {len(error.problems)} problem(s) in {options['file']}."
            ) from None
        except ServiceError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Imported {count} deals into {event.name}.")
        if not options["no_analysis"]:
            try:
                self.stdout.write(f"Analysed {event_analyse_boards(event=event)} boards double dummy.")
            except AnalysisNotInstalled as error:  # the deals are in: only their analysis waits
                self.stdout.write(str(error))
