"""On the hall: set where a club's closed evenings are sent, and the key the county gave it."""

from django.core.management import BaseCommand, CommandError

from tournaments.models import Club
from tournaments.services.core.errors import ServiceError
from tournaments.services.county.sending import club_county_set


class Command(BaseCommand):
    help = (
        "Set the club's county server (--address https://county.example.org) and its key (--key); "
        "--address '' stops the sending."
    )

    def add_arguments(self, parser):
        parser.add_argument("--club", required=True, help="the club's slug")
        parser.add_argument("--address", required=True)
        parser.add_argument("--key", default="")
        parser.add_argument(
            "--county-club", default="", help="the club's slug on the county server, if not the same"
        )

    def handle(self, *args, **options):
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"There is no club {options['club']!r}.")
        try:
            club_county_set(
                club=club, address=options["address"], key=options["key"], county_club=options["county_club"]
            )
        except ServiceError as refusal:
            raise CommandError(str(refusal)) from None
        said = (
            f"sends its closed evenings to {club.county_address}" if club.county_address else "sends nothing"
        )
        self.stdout.write(f"{club} {said}.")
