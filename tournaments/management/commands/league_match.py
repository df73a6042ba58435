"""Print a league's matches, or one match: its two cards side by side and how it stands."""

import json

from django.core.management import BaseCommand, CommandError

from tournaments.domain import leagues as rules
from tournaments.models import CardDeal, League
from tournaments.services.leagues import match_figures, match_state

from ._league_match import find_fixture, match_line


class Command(BaseCommand):
    help = "Print one match of a league (its id) with both cards, or every match of --league ID."

    def add_arguments(self, parser):
        parser.add_argument("fixture", type=int, nargs="?", help="the match's id")
        parser.add_argument("--league", type=int, help="list the league's matches with their ids")
        parser.add_argument("--format", choices=["text", "json"], default="text")

    def handle(self, *args, **options):
        if options["league"] is not None:
            league = League.objects.filter(pk=options["league"]).first()
            if league is None:
                raise CommandError(f"There is no league {options['league']}.")
            for fixture in league.fixtures.select_related("home", "away"):
                self.stdout.write(f"{fixture.pk:>6}  {match_line(fixture, match_state(fixture))}")
            return
        if options["fixture"] is None:
            raise CommandError("Give a match's id, or --league ID to list its matches.")
        fixture = find_fixture(options["fixture"])
        if fixture is None:
            raise CommandError(f"There is no league match {options['fixture']}.")
        cards, honours = figures = match_figures(fixture)
        state = match_state(fixture, figures)
        if options["format"] == "json":
            data = {
                "match": fixture.pk,
                "round": fixture.round,
                "home": fixture.home.name,
                "away": fixture.away.name,
                "state": state.state,
                "reason": "" if state.state == rules.AGREED else state.reason,
                "home_tricks": state.home_tricks,
                "away_tricks": state.away_tricks,
                "home_points": state.home_points,
                "away_points": state.away_points,
                "cards": {
                    side: {
                        str(table): [card.get((table, deal)) for deal in rules.DEALS]
                        for table in rules.TABLES
                    }
                    for side, card in cards.items()
                },
            }
            if state.game:  # games and rubbers: the rubber points decide, and each card's honours
                data |= {
                    "game": state.game,
                    "home_rubber_points": state.home_rubber_points,
                    "away_rubber_points": state.away_rubber_points,
                    "honours": {
                        side: {
                            str(table): [claimed.get((table, deal), 0) for deal in rules.DEALS]
                            for table in rules.TABLES
                        }
                        for side, claimed in honours.items()
                    },
                }
            self.stdout.write(json.dumps(data, indent=1, ensure_ascii=False))
            return
        self.stdout.write(match_line(fixture, state))
        names = {CardDeal.Side.HOME: fixture.home.name, CardDeal.Side.AWAY: fixture.away.name}
        width = max(len(name) for name in names.values())
        for table in rules.TABLES:
            self.stdout.write(
                f"Table {table}   {'deal':<{width}} " + " ".join(f"{d:>2}" for d in rules.DEALS)
            )
            for side, name in names.items():
                figures = (cards[side].get((table, deal)) for deal in rules.DEALS)
                self.stdout.write(
                    f"          {name:<{width}} "
                    + " ".join(" ." if f is None else f"{f:>2}" for f in figures)
                )
