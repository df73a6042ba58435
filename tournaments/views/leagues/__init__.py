"""An inter-club league's pages: the club's leagues, a league's table, fixtures and results
(``league``), a match with its two sides' cards (``match``), the organiser's page to enter a match
from the paper cards (``cards``), each table's tablet, where each side enters its own card
(``tablet``), and a pair's own page of the match on their phone (``phone``)."""

from .cards import SIDES, CardForm, TableFigures, league_card
from .league import (
    LeagueForm,
    RoundMoveForm,
    league_detail,
    league_fixtures,
    league_list,
    league_new,
    league_results,
    league_round_move,
)
from .match import HONOURS_WORDS, league_match
from .phone import league_evening_page
from .tablet import league_tablet, league_tablet_card

__all__ = [
    "HONOURS_WORDS",
    "SIDES",
    "CardForm",
    "LeagueForm",
    "RoundMoveForm",
    "TableFigures",
    "league_card",
    "league_detail",
    "league_evening_page",
    "league_fixtures",
    "league_list",
    "league_match",
    "league_new",
    "league_results",
    "league_round_move",
    "league_tablet",
    "league_tablet_card",
]
