"""Restore a drive exported by export_drive into this database; the new drive's id is printed last."""

import json
from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.services.drives import DriveBackupError, drive_import

MAX_BYTES = 20_000_000  # a 40-table drive exports to well under a megabyte


class Command(BaseCommand):
    help = "Import a whist drive from a JSON export (its club and members found by name, or added)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, **options):
        path = options["file"]
        try:
            if path.stat().st_size > MAX_BYTES:
                raise CommandError(
                    f"{path} is larger than {MAX_BYTES // 1_000_000} MB: is it a drive export?"
                )
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
            raise CommandError(f"Cannot read {path}: {error}") from None
        try:
            drive = drive_import(data)
        except DriveBackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Imported {drive.name} ({drive.date}) into {drive.club.name}.")
        self.stdout.write(str(drive.pk))
