"""Create a team night with its teams, seated from the schedule and started; the last line printed
is its id (for drive_result and drive_state)."""

from datetime import date

from django.core.management import BaseCommand, CommandError

from tournaments import services
from tournaments.domain.errors import DomainError
from tournaments.models import Drive
from tournaments.services import drives

from ._game_options import add_game_arguments, game_options
from ._movement_options import add_rubbers_argument


def _team(text: str) -> tuple[str, list[str]]:
    name, _, players = text.partition(":")
    return name.strip(), [p.strip() for p in players.split(",")]


class Command(BaseCommand):
    help = (
        "Create a team night of teams of four and start it. Give each team as "
        "--team 'Aces: Ann Lee, Bob Lee, Cy Day, Di Day' (the home pair first, then the away pair), "
        "or --teams N for N teams named Team 1, Team 2, … with numbered players."
    )

    def add_arguments(self, parser):
        parser.add_argument("--club", required=True, help="the club's name (created if new)")
        parser.add_argument("--name", required=True, help="the team night's name")
        parser.add_argument("--team", action="append", type=_team, default=[], help="'Name: four players'")
        parser.add_argument("--teams", type=int, default=0, help="or how many numbered teams")
        parser.add_argument("--points", choices=Drive.TeamPoints.values, default=Drive.TeamPoints.MAJORITY)
        parser.add_argument("--hands", type=int, default=24)
        parser.add_argument("--halves", type=int, default=2)
        parser.add_argument("--schedule", default="HDSC", help="trumps hand by hand, e.g. HDSC or HDSCN")
        add_game_arguments(parser)
        add_rubbers_argument(parser, where="each visit's hands at a table, the teams scoring rubber points,")
        parser.add_argument(
            "--hands-per-visit",
            type=int,
            default=1,
            help="hands the away pairs play at each table before moving on (default 1)",
        )
        parser.add_argument(
            "--date", type=date.fromisoformat, default=None, help="YYYY-MM-DD (default today)"
        )

    def handle(self, *args, **options):
        teams = options["team"] + [
            (f"Team {n}", [f"Team {n} {pair} {k}" for pair in ("home", "away") for k in (1, 2)])
            for n in range(len(options["team"]) + 1, len(options["team"]) + options["teams"] + 1)
        ]
        try:
            club = services.club_get_or_create(name=options["club"])
            drive = drives.team_night_create(
                club=club,
                name=options["name"],
                date=options["date"] or date.today(),
                teams=teams,
                hands=options["hands"],
                halves=options["halves"],
                team_points=options["points"],
                trump_schedule=options["schedule"],
                **game_options(options),
                rubbers=options["rubbers"],
                hands_per_visit=options["hands_per_visit"],
            )
            drives.drive_start(drive=drive)
        except DomainError as error:
            raise CommandError(str(error)) from None
        scoring = drive.evening_format.scoring if drive.rubbers else f"points by {drive.team_points}"
        each = f" ({drive.hands_per_round} a visit)" if drive.hands_per_round > 1 else ""
        self.stdout.write(
            f"{drive.name} for {club.name}: {len(teams)} teams at {len(teams)} tables, {drive.hands} hands"
            f"{each}, {scoring}."
        )
        self.stdout.write(str(drive.pk))
