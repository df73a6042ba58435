"""Leagues for the tests: a league of clubs with its fixtures, and score cards to enter."""

from datetime import date

from tournaments.domain.leagues import DEALS, TABLES
from tournaments.services.leagues import league_create

CLUBS = ["Dee Whist Club", "Don Whist Club", "Ythan Whist Club", "Ury Whist Club"]


def make_league(club, clubs=CLUBS, **options):
    return league_create(
        club=club,
        name=options.pop("name", "Aberdeen Whist League"),
        season=options.pop("season", "2026–27"),
        clubs=clubs,
        start=options.pop("start", date(2026, 10, 5)),
        **options,
    )


def home_cards(home_tricks=lambda table, deal: 6 + (table == 1)):
    """The home side's card at each table: deal -> the tricks it took (7 at table 1, 6 elsewhere)."""
    return {table: {deal: home_tricks(table, deal) for deal in DEALS} for table in TABLES}


def away_cards(home):
    """The visitors' cards that agree with ``home``: 13 less on every deal."""
    return {table: {deal: 13 - tricks for deal, tricks in deals.items()} for table, deals in home.items()}
