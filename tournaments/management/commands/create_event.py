"""Create an event with its pairs, boards and movement; the last line printed is its id."""

from datetime import date

from django.core.management import BaseCommand, CommandError
from django.db import transaction

from tournaments import services
from tournaments.domain.boards import PRESET_SCHEDULES
from tournaments.domain.errors import DomainError
from tournaments.models import Event

from ._movement_options import add_movement_arguments, movement_options


class Command(BaseCommand):
    help = "Create an event (and its club if new) with pairs, boards and the movement."

    def add_arguments(self, parser):
        parser.add_argument("--club", required=True, help="the club's name (created if new)")
        parser.add_argument("--name", required=True, help="the event's name")
        add_movement_arguments(parser)
        parser.add_argument("--schedule", default="HDSC", help=f"{'|'.join(PRESET_SCHEDULES)} or e.g. SHDCN")
        parser.add_argument("--scoring", choices=Event.Scoring.values, default=Event.Scoring.MATCHPOINTS)
        parser.add_argument("--scale", choices=Event.Scale.values, default=Event.Scale.EBU)
        parser.add_argument(
            "--date", type=date.fromisoformat, default=None, help="YYYY-MM-DD (default today)"
        )

    def handle(self, *args, **options):
        settings = movement_options(options)
        settings["arrow_switch_rounds"] = ",".join(str(r) for r in settings["arrow_switch_rounds"])
        try:
            with transaction.atomic():
                club = services.club_get_or_create(name=options["club"])
                event = services.event_create(
                    club=club,
                    name=options["name"],
                    date=options["date"] or date.today(),
                    tables=options["tables"],
                    trump_schedule=options["schedule"],
                    scoring=options["scoring"],
                    scale=options["scale"],
                    **settings,
                )
                movement = services.event_build_movement(event=event)
        except DomainError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            f"{event.name} for {club.name}: {movement.tables} tables, {movement.rounds} rounds, "
            f"{movement.boards} boards, {event.pairs.count()} pairs."
        )
        self.stdout.write(str(event.pk))
