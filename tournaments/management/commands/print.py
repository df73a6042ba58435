"""Write an event's printed documents (table cards, travellers, ...) as a PDF file."""

from pathlib import Path

from django.conf import settings
from django.core.management import BaseCommand, CommandError

from tournaments import pdf
from tournaments.models import Event
from tournaments.services.printing import event_print_pack


class Command(BaseCommand):
    help = (
        "Write a PDF: table cards, guide cards, travellers, score cards, hand records, results, or the "
        "pack; an individual event's players carry itinerary cards instead of guide and score cards."
    )
    # It only reads and writes a file: the project's checks (models, URLs, admin) belong to start-up
    # and deployment, and importing every page for them took a tenth of a printing's time.
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        everything = pdf.DOCUMENTS | pdf.INDIVIDUAL_DOCUMENTS
        parser.add_argument("--document", required=True, choices=[*everything, "pack"])
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
        documents, document = pdf.event_documents(event.evening_format), options["document"]
        if document not in documents and document != "pack":
            everything = pdf.DOCUMENTS | pdf.INDIVIDUAL_DOCUMENTS
            raise CommandError(
                f"{event.evening_format.title}s print no {everything[document].lower()}; print "
                f"{', '.join(name.lower() for name in documents.values())} or the pack."
            )
        data = pdf.render(event_print_pack(event, base_url=options["base_url"]), document)
        options["output"].write_bytes(data)
        self.stdout.write(f"Wrote {options['output']} ({len(data) // 1024} KB).")
