"""Restore a backup written by manage.py backup into an empty database: a new laptop's empty data
folder too, whose database is made first."""

import sys
from pathlib import Path

from django.core.management import BaseCommand, CommandError, call_command

from tournaments.services.backups.club_restore import club_backup_restore
from tournaments.services.backups.club_versions import ClubBackupError, club_backup_read


class Command(BaseCommand):
    help = "Restore a backup (written by manage.py backup) into an empty database (- reads standard input)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup (plain or gzipped JSON; - for standard input)")

    def handle(self, *args, **options):
        name = options["file"]
        try:
            raw = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {name}: {error.strerror}.") from None
        call_command("migrate", interactive=False, verbosity=0)  # a new data folder's database has no tables
        try:
            clubs = club_backup_restore(club_backup_read(raw))
        except ClubBackupError as error:
            raise CommandError(str(error)) from None
        for club in clubs:
            self.stdout.write(
                f"Restored {club.name}: {club.members.count()} members, {club.events.count()} events, "
                f"{club.drives.count()} drives, {club.competitions.count()} competitions."
            )
            if club.forgotten_again:
                self.stdout.write(
                    f"  Forgotten again, from the register of erasures: {club.forgotten_again} member(s)."
                )
        self.stdout.write(
            "The organisers were restored without their passwords: give each one with "
            "manage.py changepassword USERNAME."
        )
