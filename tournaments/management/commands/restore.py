"""Restore a backup written by manage.py backup into an empty database: a new laptop's empty data
folder too, whose database is made first. A data folder without its register of erasures (a new
laptop's) is refused before anything is written, until the register is given (--erasures) or the
organiser chooses to go on without it (--without-erasures)."""

import sys
from pathlib import Path

from django.core.management import BaseCommand, CommandError, call_command

from tournaments.services.backups.club_restore import (
    ErasuresNotFound,
    club_backup_restore,
    club_restore_register_check,
)
from tournaments.services.backups.club_versions import ClubBackupError, club_backup_read
from tournaments.services.core.errors import ServiceError
from tournaments.services.core.members import erasures_read

GIVE_THE_REGISTER = (
    "Copy erasures.json from the old computer's data folder (whistdrive where shows it) and give it "
    "with --erasures PATH. If that folder has no erasures.json, no member was forgotten there: "
    "restore with --without-erasures, and know that any member forgotten since the backup was "
    "written will come back."
)


def _read(name: str) -> bytes:
    try:
        return sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    except OSError as error:
        raise CommandError(f"Cannot read {name}: {error.strerror}.") from None


class Command(BaseCommand):
    help = "Restore a backup (written by manage.py backup) into an empty database (- reads standard input)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup (plain or gzipped JSON; - for standard input)")
        register = parser.add_mutually_exclusive_group()
        register.add_argument(
            "--erasures",
            metavar="PATH",
            help="the register of erasures (erasures.json) of the computer the backup was written on, "
            "when this data folder has none",
        )
        register.add_argument(
            "--without-erasures",
            action="store_true",
            help="restore without a register of erasures: any member forgotten since the backup was "
            "written comes back",
        )

    def handle(self, *args, **options):
        raw = _read(options["file"])
        given = None
        if options["erasures"]:
            try:
                given = erasures_read(_read(options["erasures"]), name=options["erasures"])
            except ServiceError as error:
                raise CommandError(str(error)) from None
        without = options["without_erasures"]
        try:
            # Before the database is made: a refused restore writes nothing.
            club_restore_register_check(given=given is not None, without_erasures=without)
        except ErasuresNotFound as error:
            raise CommandError(f"{error} {GIVE_THE_REGISTER}") from None
        call_command("migrate", interactive=False, verbosity=0)  # a new data folder's database has no tables
        try:
            clubs = club_backup_restore(club_backup_read(raw), erasures=given, without_erasures=without)
        except ErasuresNotFound as error:
            raise CommandError(f"{error} {GIVE_THE_REGISTER}") from None
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
        if any(club.without_erasures for club in clubs):
            self.stdout.write(
                "Restored without a register of erasures, as you chose: any member forgotten since the "
                "backup was written is back under their own name (forget them again in the organiser site)."
            )
        self.stdout.write(
            "The organisers were restored without their passwords: give each one with "
            "manage.py changepassword USERNAME."
        )
