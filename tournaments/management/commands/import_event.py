"""Restore an event exported by export_event into this database; the new event's id is printed last."""

import json
from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.services.backup import BackupError, event_import

MAX_BYTES = 50_000_000  # the largest event exports to a few MB


class Command(BaseCommand):
    help = "Import an event from a JSON export (its club and players found by name, or added)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, **options):
        path = options["file"]
        try:
            if path.stat().st_size > MAX_BYTES:
                raise CommandError(
                    f"{path} is larger than {MAX_BYTES // 1_000_000} MB: is it an event export?"
                )
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CommandError(f"Cannot read {path}: {error}") from None
        except RecursionError:
            raise CommandError(
                f"Cannot read {path}: it is nested too deeply to be an event export."
            ) from None
        try:
            event = event_import(data)
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Imported {event.name} ({event.date}) into {event.club.name}.")
        self.stdout.write(str(event.pk))
