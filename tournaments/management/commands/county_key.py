"""The county's administrator makes and withdraws the keys clubs' halls send their evenings with."""

from django.core.management import BaseCommand, CommandError

from tournaments.models import Club, CountyKey
from tournaments.services.core.errors import ServiceError
from tournaments.services.county.keys import county_key_make, county_key_withdraw


class Command(BaseCommand):
    help = (
        "make --club SLUG: a new key for the club's hall, printed once (only its hash is kept). "
        "withdraw PREFIX: the key starting so opens nothing from now on. list: every key."
    )

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["make", "withdraw", "list"])
        parser.add_argument("prefix", nargs="?", help="withdraw: the key's first letters, as list shows them")
        parser.add_argument("--club", help="make: the club's slug")

    def handle(self, *args, **options):
        if options["action"] == "make":
            club = Club.objects.filter(slug=options["club"] or "").first()
            if club is None:
                raise CommandError("Give the club by its slug: county_key make --club SLUG.")
            _, secret = county_key_make(club=club)
            self.stdout.write(
                f"The key for {club} (give it to the club's organiser; it is not shown again):\n{secret}"
            )
        elif options["action"] == "withdraw":
            keys = list(CountyKey.objects.filter(prefix__startswith=options["prefix"] or "-"))
            if len(keys) != 1:
                raise CommandError(
                    "Give the key's first letters as county_key list shows them: "
                    + ("no key starts so." if not keys else "more than one key starts so.")
                )
            try:
                key = county_key_withdraw(key=keys[0])
            except ServiceError as refusal:
                raise CommandError(str(refusal)) from None
            self.stdout.write(f"The key {key.prefix}… of {key.club} is withdrawn.")
        else:
            for key in CountyKey.objects.select_related("club"):
                self.stdout.write(str(key))
