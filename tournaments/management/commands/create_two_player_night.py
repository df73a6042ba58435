"""Create a two-player night (German or humbug whist) with its players, and start it if asked; the
last line printed is its id (for two_player_deal and two_player_state)."""

from datetime import date

from django.core.management import BaseCommand, CommandError

from tournaments import services
from tournaments.domain.duels import GERMAN_SCORINGS
from tournaments.domain.errors import DomainError
from tournaments.models import DuelNight
from tournaments.services import duels


class Command(BaseCommand):
    help = (
        "Create a two-player night: --player NAME for each player (a member's name, or a guest's), or "
        "--players N for N guests named Player 1, Player 2, …; --start pairs round 1."
    )

    def add_arguments(self, parser):
        parser.add_argument("--club", required=True, help="the club's name (created if new)")
        parser.add_argument("--name", required=True, help="the night's name")
        parser.add_argument(
            "--date", type=date.fromisoformat, default=None, help="YYYY-MM-DD (default today)"
        )
        parser.add_argument("--game", choices=DuelNight.Game.values, default="german")
        parser.add_argument(
            "--scoring", choices=list(GERMAN_SCORINGS), default="last-13", help="German whist's scoring"
        )
        parser.add_argument("--pairing", choices=DuelNight.Pairing.values, default=DuelNight.Pairing.SWISS)
        parser.add_argument("--rounds", type=int, default=0, help="a Swiss's rounds")
        parser.add_argument("--deals", type=int, default=4, help="deals a match (default 4)")
        parser.add_argument("--target", type=int, default=0, help="or a game to this many points")
        parser.add_argument("--win", type=int, default=2, help="game points a win (default 2)")
        parser.add_argument("--tie", type=int, default=1, help="game points a tie (default 1)")
        parser.add_argument("--knockout", type=int, default=0, help="players who go through to a knock-out")
        parser.add_argument("--player", action="append", default=[], help="a player's name (repeat)")
        parser.add_argument("--players", type=int, default=0, help="or how many numbered guests")
        parser.add_argument("--start", action="store_true", help="start the night: pair round 1")

    def handle(self, *args, **options):
        names = options["player"] or [f"Player {n}" for n in range(1, options["players"] + 1)]
        if options["player"] and options["players"]:
            raise CommandError("Give --player for each player or --players N, not both.")
        try:
            club = services.club_get_or_create(name=options["club"])
            night = duels.duel_night_create(
                club=club,
                name=options["name"],
                date=options["date"] or date.today(),
                game=options["game"],
                german_scoring=options["scoring"],
                pairing=options["pairing"],
                rounds=options["rounds"],
                deals=0 if options["target"] else options["deals"],
                target=options["target"],
                win_points=options["win"],
                tie_points=options["tie"],
                knockout=options["knockout"],
                players=names,
            )
            if options["start"]:
                duels.duel_night_start(night=night)
        except DomainError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"{night.name}: {len(names)} players, {night.evening_format.scoring}")
        self.stdout.write(str(night.pk))
