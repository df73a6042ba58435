"""Restore an event exported by export_event into this database; the new event's id is printed last."""

import json
from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.services.backup import BackupError, event_import


class Command(BaseCommand):
    help = "Import an event from a JSON export (its club and players found by name, or added)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, **options):
        try:
            data = json.loads(options["file"].read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CommandError(f"Cannot read {options['file']}: {error}") from None
        try:
            event = event_import(data)
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Imported {event.name} ({event.date}) into {event.club.name}.")
        self.stdout.write(str(event.pk))
