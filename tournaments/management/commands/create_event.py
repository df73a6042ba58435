"""Create an event with its pairs, boards and movement; the last line printed is its id."""

from datetime import date

from django.core.management import BaseCommand, CommandError
from django.db import transaction

from tournaments import services
from tournaments.domain.boards import PRESET_SCHEDULES
from tournaments.domain.errors import DomainError
from tournaments.domain.movements.individual import INDIVIDUAL
from tournaments.domain.recommend import opening_proposal
from tournaments.models import Event

from ._movement_options import add_movement_arguments, movement_options


class Command(BaseCommand):
    help = "Create an event (and its club if new) with pairs, boards and the movement."

    def add_arguments(self, parser):
        parser.add_argument("--club", required=True, help="the club's name (created if new)")
        parser.add_argument("--name", required=True, help="the event's name")
        add_movement_arguments(
            parser,
            tables_required=False,
            tables_help="an individual event takes none: it starts, as on the new-event page, from the "
            "movement recommended for the smallest field, and its tables follow from its --players",
        )
        parser.add_argument(
            "--players",
            type=int,
            help="an individual event's number of players (its tables follow from them)",
        )
        parser.add_argument(
            "--names",
            default="",
            help='an individual\'s players, by number, comma-separated ("Ann Smith,Bob Jones+Cath Hill,...")',
        )
        parser.add_argument("--schedule", default="HDSC", help=f"{'|'.join(PRESET_SCHEDULES)} or e.g. SHDCN")
        parser.add_argument("--scoring", choices=Event.Scoring.values, default=Event.Scoring.MATCHPOINTS)
        parser.add_argument(
            "--minnesota-rules",
            choices=Event.MinnesotaRules.values,
            default=Event.MinnesotaRules.SWEDISH,
            help="the rules of a Minnesota whist event (--scoring minnesota or minnesota_total)",
        )
        parser.add_argument("--scale", choices=Event.Scale.values, default=Event.Scale.EBU)
        parser.add_argument(
            "--date", type=date.fromisoformat, default=None, help="YYYY-MM-DD (default today)"
        )

    def handle(self, *args, **options):
        settings = movement_options(options)
        players = options["players"]
        if players is not None:
            if settings["variant"] not in (None, INDIVIDUAL):
                raise CommandError("--players is for an individual event: leave out --variant.")
            settings |= {"variant": INDIVIDUAL, "players": players}
        elif options["tables"] is None:
            raise CommandError("Give --tables (or an individual event's --players).")
        settings["arrow_switch_rounds"] = ",".join(str(r) for r in settings["arrow_switch_rounds"])
        try:
            with transaction.atomic():
                club = services.club_get_or_create(name=options["club"])
                event = services.event_create(
                    club=club,
                    name=options["name"],
                    date=options["date"] or date.today(),
                    tables=options["tables"] or opening_proposal().tables,
                    trump_schedule=options["schedule"],
                    scoring=options["scoring"],
                    minnesota_rules=options["minnesota_rules"],
                    scale=options["scale"],
                    **settings,
                )
                movement = services.event_build_movement(event=event)
            if options["names"]:
                names = [name.strip() for name in options["names"].split(",")]
                services.individuals_rename(event=event, names=dict(enumerate(names, 1)))
        except DomainError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            f"{event.name} for {club.name}: {movement.tables} tables, {movement.rounds} rounds, "
            f"{movement.boards} boards, "
            + event.evening_format.entrant.count(event.players or event.pairs.count())
            + "."
        )
        self.stdout.write(str(event.pk))
