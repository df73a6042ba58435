"""Write a backup of every club (members, events, drives, competitions, trails, table links) to one file."""

import sys
import time
from pathlib import Path

from django.core.management import BaseCommand

from tournaments.models import Club
from tournaments.services.backups.club import club_backup_chunks, club_backup_write


class Command(BaseCommand):
    help = "Back up every club into one file (FILE.gz is gzipped; - writes to standard output)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="where to write the backup (- for standard output)")

    def handle(self, *args, **options):
        if options["file"] == "-":
            for chunk in club_backup_chunks(Club.objects.all()):
                sys.stdout.write(chunk)
            return
        path = Path(options["file"])
        began = time.monotonic()
        size = club_backup_write(path)
        self.stderr.write(
            f"Wrote {path}: {Club.objects.count()} club(s), {size / 1_000_000:.1f} MB "
            f"in {time.monotonic() - began:.1f} s."
        )
