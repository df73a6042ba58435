"""Make an inter-club league's fixture list: a new league from its clubs' names, or an existing
league's list made afresh before any card is in."""

from datetime import date

from django.core.management import BaseCommand, CommandError
from django.db import transaction

from tournaments.domain.errors import DomainError
from tournaments.models import League
from tournaments.services import club_get_or_create
from tournaments.services.leagues import league_create, league_fixtures_make, league_holiday_warnings

from ._movement_options import add_rubbers_argument


class Command(BaseCommand):
    help = (
        "Make a league's fixtures (each club meets every other four times, twice at home) and print "
        "them by round. Either --league ID, or --club, --name, --season and the clubs' names."
    )

    def add_arguments(self, parser):
        parser.add_argument("clubs", nargs="*", help="The clubs of a new league, by name.")
        parser.add_argument("--league", type=int, help="An existing league's id: its list made afresh.")
        parser.add_argument("--club", help="The name of the club that runs a new league (created if new).")
        parser.add_argument("--name")
        parser.add_argument("--season")
        parser.add_argument("--start", type=date.fromisoformat, help="The first round's date, YYYY-MM-DD.")
        parser.add_argument("--days", type=int, default=7, help="Days from one round to the next.")
        add_rubbers_argument(
            parser, where="a new league's stanzas, honours on the cards, the matches won by rubber points,"
        )

    def handle(self, *args, **options):
        try:
            if options["league"]:
                league = League.objects.filter(pk=options["league"]).first()
                if league is None:
                    raise CommandError(f"There is no league {options['league']}.")
                league_fixtures_make(league=league, start=options["start"], days_between=options["days"])
            else:
                if not (options["club"] or "").strip():
                    raise CommandError("Name the club that runs the league with --club.")
                with transaction.atomic():
                    league = league_create(
                        club=club_get_or_create(name=options["club"]),
                        name=options["name"] or "",
                        season=options["season"] or "",
                        clubs=options["clubs"],
                        start=options["start"],
                        days_between=options["days"],
                        game=options["rubbers"],
                    )
        except DomainError as error:
            raise CommandError(str(error)) from None
        scoring = f": {league.fixtures.first().evening_format.scoring}" if league.game else ""
        self.stdout.write(f"{league} (league {league.pk}){scoring}")
        for fixture in league.fixtures.select_related("home", "away"):
            when = f" {fixture.date:%a %-d %b %Y}" if fixture.date else ""
            self.stdout.write(f"Round {fixture.round:2}{when}: {fixture.home} v {fixture.away}")
        for warning in league_holiday_warnings(league):
            self.stdout.write(f"Note: {warning}")
