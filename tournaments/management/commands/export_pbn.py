"""Write an event's deals as a PBN file for a dealing machine."""

from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.models import Event
from tournaments.services import ServiceError, event_export_pbn


class Command(BaseCommand):
    help = "Export an event's deals as PBN (to a file, or to standard output)."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("--output", type=Path, help="the file to write (default: standard output)")

    def handle(self, *args, **options):
        event = Event.objects.select_related("club").filter(pk=options["event_id"]).first()
        if event is None:
            raise CommandError(f"There is no event {options['event_id']}.")
        try:
            text = event_export_pbn(event)
        except ServiceError as error:
            raise CommandError(str(error)) from None
        if options["output"]:
            options["output"].write_text(text, encoding="utf-8")
            self.stdout.write(f"Wrote {options['output']}.")
        else:
            self.stdout.write(text, ending="")
