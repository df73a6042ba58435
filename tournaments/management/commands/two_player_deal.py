"""Record a deal at a table of a two-player night, as the table would: entered and confirmed."""

from django.core.management import BaseCommand, CommandError

from tournaments.domain.errors import DomainError
from tournaments.models import DuelNight
from tournaments.services import duels


class Command(BaseCommand):
    help = (
        "Record the next deal of the match at a table of a two-player night: each player's tricks, "
        "the first-named player's first. The round's last match over pairs the next round."
    )

    def add_arguments(self, parser):
        parser.add_argument("night", type=int, help="the night's id")
        parser.add_argument("--table", type=int, required=True)
        parser.add_argument("--tricks", type=int, nargs=2, required=True, metavar=("A", "B"))
        parser.add_argument("--black", action="store_true", help="high/low: the 27th card was black")

    def handle(self, *args, **options):
        night = DuelNight.objects.filter(pk=options["night"]).first()
        if night is None:
            raise CommandError(f"There is no two-player night {options['night']}.")
        table = night.tables.filter(number=options["table"]).first()
        if table is None:
            raise CommandError(f"{night.name} has no table {options['table']}.")
        a, b = options["tricks"]
        figures = {"tricks_a": a, "tricks_b": b, "black": options["black"]}
        line = duels.table_view(night, table.number).line
        if line is None:
            raise CommandError(f"No match at table {table.number} this round.")
        named = {"round": line.match.round, "match_id": line.match.pk, "deal": line.in_play}
        try:  # as the table would: the deal it is on, entered, then confirmed as entered
            deal = duels.duel_deal_enter(token=table.token, **named, **figures)
            duels.duel_deal_confirm(token=table.token, **named, **figures)
            duels.duel_round_pair(night=night)  # the round over, the next paired before the command ends
        except DomainError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Round {deal.match.round}, table {table.number}, {deal}")
