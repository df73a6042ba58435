"""Send the hall's closed evenings waiting for the county server (``services.county.sending``)."""

import os
import time

from django.core.management import BaseCommand, CommandError
from django.db import close_old_connections

from tournaments.models import Club, HallUpload
from tournaments.services.county.sending import uploads_send


class Command(BaseCommand):
    help = (
        "Send every closed evening waiting for the county server, each once; what cannot go (no "
        "network) stays queued for the next try. --every N: go on trying every N seconds."
    )

    def add_arguments(self, parser):
        parser.add_argument("--club", help="only this club's evenings (its slug)")
        parser.add_argument(
            "--refused", action="store_true", help="send again those the county refused (a key mended)"
        )
        parser.add_argument("--every", type=int, metavar="SECONDS", help="keep trying, this often")
        parser.add_argument(
            "--while-parent",
            type=int,
            metavar="PID",
            help="--every: stop once the process PID, which started it, has gone",
        )

    def handle(self, *args, **options):
        club = None
        if options["club"]:
            club = Club.objects.filter(slug=options["club"]).first()
            if club is None:
                raise CommandError(f"There is no club {options['club']!r}.")
        if not options["every"]:
            self._send(club, refused=options["refused"])
            return
        if options["every"] < 1:
            raise CommandError("Give --every as a number of seconds, 1 or more.")
        try:
            self._loop(club, options)
        except KeyboardInterrupt:  # Ctrl+C in the hall's terminal reaches the sender too
            return

    def _loop(self, club, options) -> None:
        parent = options["while_parent"]
        while True:  # the hall's loop: stopped with the hall (Ctrl+C), or when it has gone
            try:
                self._send(club, refused=options["refused"])
            except Exception as error:  # the database busy or gone for a moment: try at the next turn
                self.stderr.write(f"Sending to the county failed this time: {error}")
            close_old_connections()
            for _ in range(options["every"]):
                if parent and os.getppid() != parent:
                    return
                time.sleep(1)

    def _send(self, club, *, refused: bool) -> None:
        tried = uploads_send(club=club, refused=refused)
        for upload in tried:
            self.stdout.write(f"{upload.evening}: {upload.get_state_display()}. {upload.answer}")
        waiting = HallUpload.objects.filter(state=HallUpload.State.QUEUED).count()
        if tried or waiting:
            self.stdout.write(
                f"{sum(u.state == HallUpload.State.SENT for u in tried)} sent; {waiting} waiting."
            )
