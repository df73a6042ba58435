"""Write an event's printed documents (table cards, travellers, ...) as a PDF file."""

from pathlib import Path

from django.conf import settings
from django.core.management import BaseCommand, CommandError

from tournaments import pdf
from tournaments.models import Event
from tournaments.services.printing import event_print_pack


class Command(BaseCommand):
    help = (
        "Write a PDF: table cards, guide cards, travellers, score cards, hand records, results, or the pack."
    )
    # It only reads and writes a file: the project's checks (models, URLs, admin) belong to start-up
    # and deployment, and importing every page for them took a tenth of a printing's time.
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("--document", required=True, choices=[*pdf.DOCUMENTS, "pack"])
        parser.add_argument("--output", type=Path, required=True, help="the PDF file to write")
        parser.add_argument(
            "--base-url",
            default=settings.WHISTDRIVE_BASE_URL,
            help="the address tablets use, for the table cards' QR codes (default: %(default)s)",
        )

    def handle(self, *args, **options):
        event = Event.objects.select_related("club").filter(pk=options["event_id"]).first()
        if event is None:
            raise CommandError(f"There is no event {options['event_id']}.")
        data = pdf.render(event_print_pack(event, base_url=options["base_url"]), options["document"])
        options["output"].write_bytes(data)
        self.stdout.write(f"Wrote {options['output']} ({len(data) // 1024} KB).")
