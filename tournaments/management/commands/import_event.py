"""Restore an event exported by export_event into this database; the new event's id is printed last."""

from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.domain.limits import MAX_EVENT_EXPORT_BYTES
from tournaments.services.backups.event import BackupError, event_import

from ._exports import read_export


class Command(BaseCommand):
    help = "Import an event from a JSON export (its club and players found by name, or added)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, **options):
        data = read_export(options["file"], max_bytes=MAX_EVENT_EXPORT_BYTES, kind="an event export")
        try:
            event = event_import(data)
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Imported {event.name} ({event.date}) into {event.club.name}.")
        self.stdout.write(str(event.pk))
