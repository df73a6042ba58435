"""Run the background tasks (the boards' analysis, the outbox's sending) on a club's server."""

from datetime import timedelta

from django.conf import settings
from django.core.management import BaseCommand

from tournaments.services.core.tasks import tasks_work


class Command(BaseCommand):
    help = (
        "Run the background tasks kept in the database (the boards' double-dummy analysis, the "
        "results e-mails), first queueing again those a stopped worker left running."
    )

    def add_arguments(self, parser):
        parser.add_argument("--batch", action="store_true", help="run what is queued, then stop")
        parser.add_argument("--interval", type=float, default=1.0, help="seconds between looks at the queue")
        parser.add_argument(
            "--requeue-after",
            type=float,
            default=settings.TASKS_RUNNING_LIMIT,
            help="seconds after which a task still running is taken as left by a stopped worker "
            "(default TASKS_RUNNING_LIMIT, %(default)s)",
        )

    def handle(self, *args, **options):
        tasks_work(
            interval=options["interval"],
            batch=options["batch"],
            running_limit=timedelta(seconds=options["requeue_after"]),
            signals=not options["batch"],
        )
