"""Analyse double dummy the dealt boards still without it: one event's, or every event's.

The server analyses the boards after dealing them, in the background; this finishes what it left
(a server stopped halfway) and shows how far it has gone. Where the solver is not installed, it
says so and analyses nothing.
"""

from django.core.management import BaseCommand, CommandError

from tournaments.models import Board, Event
from tournaments.services import analysis_unavailable, event_analyse_boards, event_analysis_progress


class Command(BaseCommand):
    help = "Analyse double dummy the dealt boards that wait for it (one event's, or every event's)."

    def add_arguments(self, parser):
        parser.add_argument("--event", type=int, help="the event's number (default: every event)")

    def handle(self, *args, **options):
        if note := analysis_unavailable():
            raise CommandError(note)
        if options["event"] is not None:
            events = Event.objects.filter(pk=options["event"])
            if not events.exists():
                raise CommandError(f"There is no event {options['event']}.")
        else:
            waiting = Board.objects.awaiting_analysis().values("event_id")
            events = Event.objects.filter(pk__in=waiting)
        if not events.exists():
            self.stdout.write("No boards wait for their analysis.")
        for event in events.order_by("pk"):
            stored = event_analyse_boards(event=event)
            event.refresh_from_db()
            progress = event_analysis_progress(event)
            line = f"{event}: {stored} boards analysed, {progress.analysed} of {progress.dealt} in all"
            if progress.waiting:
                line += " (another worker is analysing the rest)"
            self.stdout.write(line + ".")
