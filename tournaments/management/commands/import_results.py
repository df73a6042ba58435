"""Import results typed from paper travellers (CSV): all rows or none."""

from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.models import Event
from tournaments.services import ResultsImportError, results_import_csv


class Command(BaseCommand):
    help = (
        "Import results from a CSV file with header board,ns_pair,ew_pair,ns_tricks[,round,table] "
        "(a Minnesota event's with granded too: NS, EW, or empty for a low hand)."
    )

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("file", type=Path)

    def handle(self, *args, **options):
        event = Event.objects.filter(pk=options["event_id"]).first()
        if event is None:
            raise CommandError(f"There is no event {options['event_id']}.")
        try:
            text = options["file"].read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"Cannot read {options['file']}: {error}") from None
        try:
            count = results_import_csv(event=event, text=text)
        except ResultsImportError as error:
            for problem in error.problems:
                self.stderr.write(problem)
            raise CommandError(
                f"Nothing was imported: {len(error.problems)} problem(s) in {options['file']}."
            ) from None
        self.stdout.write(f"Imported {count} results into {event.name}.")
