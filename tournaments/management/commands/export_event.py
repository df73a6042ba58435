"""Write a whole event (settings, pairs, deals, movement, results, history) as one JSON document."""

from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.models import Event
from tournaments.services.backups.event import event_export

from ._exports import write_export


class Command(BaseCommand):
    help = "Export an event as JSON (to a file, or to standard output), to keep or to move elsewhere."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("--output", type=Path)

    def handle(self, *args, **options):
        event = Event.objects.select_related("club").filter(pk=options["event_id"]).first()
        if event is None:
            raise CommandError(f"There is no event {options['event_id']}.")
        write_export(self, event_export(event), options["output"])
