"""Print an event's rankings and board scores as text, JSON or CSV."""

import json

from django.core.management import BaseCommand, CommandError

from tournaments.domain.errors import DomainError
from tournaments.models import Event
from tournaments.reports import report_as_csv, report_as_dict, report_as_text
from tournaments.services import event_report, individual_report


class Command(BaseCommand):
    help = "Print an event's results: rankings (and, in JSON, every board's scores)."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("--format", choices=["text", "json", "csv"], default="text")

    def handle(self, *args, **options):
        event = Event.objects.select_related("club").filter(pk=options["event_id"]).first()
        if event is None:
            raise CommandError(f"There is no event {options['event_id']}.")
        try:
            report = event_report(event)
            individuals = individual_report(event, report) if event.evening_format.ranks_players else None
        except DomainError as error:
            raise CommandError(str(error)) from None
        if options["format"] == "json":
            data = report_as_dict(report, individuals)
            self.stdout.write(json.dumps(data, indent=1, ensure_ascii=False))
        elif options["format"] == "csv":
            self.stdout.write(report_as_csv(report, individuals), ending="")
        else:
            self.stdout.write(report_as_text(report, individuals), ending="")
