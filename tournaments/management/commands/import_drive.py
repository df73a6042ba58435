"""Restore a drive exported by export_drive into this database; the new drive's id is printed last."""

from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.domain.limits import MAX_DRIVE_EXPORT_BYTES
from tournaments.services.backups.drive import DriveBackupError, drive_import

from ._exports import read_export


class Command(BaseCommand):
    help = "Import a whist drive from a JSON export (its club and members found by name, or added)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, **options):
        data = read_export(options["file"], max_bytes=MAX_DRIVE_EXPORT_BYTES, kind="a drive export")
        try:
            drive = drive_import(data)
        except DriveBackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Imported {drive.name} ({drive.date}) into {drive.club.name}.")
        self.stdout.write(str(drive.pk))
