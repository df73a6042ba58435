"""Move an event on as its Run page does: start play, close it, publish its results (or take them
back)."""

from django.core.management import BaseCommand, CommandError

from tournaments.domain.errors import DomainError
from tournaments.models import Event
from tournaments.services import event_close, event_publish, event_start


class Command(BaseCommand):
    help = "Start, close, publish or unpublish an event (each refused in words until its turn)."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("step", choices=["start", "close", "publish", "unpublish"])
        parser.add_argument(
            "--average-missing",
            action="store_true",
            help="close with results missing: Average (A/A) for them, unconfirmed ones accepted as entered",
        )

    def handle(self, *args, **options):
        event = Event.objects.filter(pk=options["event_id"]).first()
        if event is None:
            raise CommandError(f"There is no event {options['event_id']}.")
        step = options["step"]
        try:
            if step == "start":
                event = event_start(event=event)
            elif step == "close":
                event = event_close(event=event, adjust_missing=options["average_missing"])
            else:
                event = event_publish(event=event, published=step == "publish")
        except DomainError as error:
            raise CommandError(str(error)) from None
        published = "published" if event.published else "not published"
        self.stdout.write(f"{event.name}: {event.get_status_display().lower()}, {published}.")
