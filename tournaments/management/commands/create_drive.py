"""Create a whist drive with numbered players, seated and started; the last line printed is its
id."""

from datetime import date

from django.core.exceptions import ValidationError
from django.core.management import BaseCommand, CommandError
from django.db import transaction

from tournaments import services
from tournaments.domain.errors import DomainError
from tournaments.domain.formats import drive_format
from tournaments.models import Drive, DrivePlayer
from tournaments.services import drives

from ._game_options import add_game_arguments, game_options
from ._widow import add_widow_arguments, create_widow


class Command(BaseCommand):
    help = (
        "Create a whist drive for P players, numbered with their role (ladies L1.., gents G1..) and "
        "seated in card order (table 1: L1, G1 v L2, G2; …; the empty seats last), and start it. "
        "An individual drive numbers its players P1.. and seats every hand from its schedule."
    )

    def add_arguments(self, parser):
        parser.add_argument("--club", required=True, help="the club's name (created if new)")
        parser.add_argument("--name", required=True, help="the drive's name")
        parser.add_argument("--players", type=int, required=True, help="how many players")
        # A team night's players come with their team: create_team_night.
        formats = [f for f in Drive.Format.values if not drive_format(f).enters_teams]
        parser.add_argument("--format", choices=formats, default=Drive.Format.PROGRESSIVE)
        parser.add_argument("--hands", type=int, default=24, help="(an individual drive: from its schedule)")
        parser.add_argument(
            "--hands-per-round", type=int, default=1, help="an individual drive: hands played in each round"
        )
        parser.add_argument(
            "--rounds", type=int, default=None, help="an individual drive: play only the first rounds"
        )
        parser.add_argument("--halves", type=int, default=2)
        parser.add_argument("--schedule", default="HDSC", help="trumps hand by hand, e.g. HDSC or HDSCN")
        parser.add_argument("--sit-out-score", choices=Drive.SitOut.values, default=Drive.SitOut.SEVEN)
        add_game_arguments(parser)
        parser.add_argument(
            "--prizes",
            default=None,
            help="a preset or prize names joined by commas (default: classic; individual drives: individual)",
        )
        parser.add_argument(
            "--date", type=date.fromisoformat, default=None, help="YYYY-MM-DD (default today)"
        )
        add_widow_arguments(parser)

    def handle(self, *args, **options):
        if options["format"] == Drive.Format.WIDOW:
            create_widow(self.stdout, options)
            return
        count = options["players"]
        if count < 4:
            raise CommandError(f"A drive needs at least 4 players, not {count}.")
        tables = -(-count // 4)
        # Seats in card order, L1, G1, L2, G2, …: the first P are taken, the rest are empty; an
        # individual drive's players P1, P2, … in the schedule's order.
        if not drive_format(options["format"]).roles:
            seats = [(DrivePlayer.Role.PLAYER, k) for k in range(1, count + 1)]
        else:
            roles = (DrivePlayer.Role.LADY, DrivePlayer.Role.GENT)
            seats = [(role, k) for k in range(1, 2 * tables + 1) for role in roles][:count]
        try:
            with transaction.atomic():
                club = services.club_get_or_create(name=options["club"])
                drive = drives.drive_create(
                    club=club,
                    name=options["name"],
                    date=options["date"] or date.today(),
                    format=options["format"],
                    hands=options["hands"],
                    halves=options["halves"],
                    trump_schedule=options["schedule"],
                    sit_out=options["sit_out_score"],
                    prizes=options["prizes"],
                    hands_per_round=options["hands_per_round"],
                    rounds=options["rounds"],
                    **game_options(options),
                )
                for role, card in seats:
                    label = drive.role_label(role)
                    drives.drive_player_add(drive=drive, role=role, guest=f"{label} {card}")
                drive = drives.drive_start(drive=drive)
        except DomainError as error:
            raise CommandError(str(error)) from None
        except ValidationError as error:
            raise CommandError("; ".join(error.messages)) from None
        if drive.scheduled:
            state = drives.DriveState(drive)
            self.stdout.write(
                f"{drive.name} for {club.name}: {count} players at {state.tables} tables, "
                f"{drive.hands} hands, {drive.get_format_display().lower()}."
            )
            self.stdout.write(str(drive.pk))
            return
        ghosts = 4 * tables - count
        sit_out = f", {4 - ghosts} sitting out each hand at table {tables}" if ghosts else ""
        self.stdout.write(
            f"{drive.name} for {club.name}: {count} players at {tables} tables{sit_out}, "
            f"{drive.hands} hands, {drive.get_format_display().lower()}."
        )
        self.stdout.write(str(drive.pk))
