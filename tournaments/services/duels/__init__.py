"""Two-player nights: set up, paired round by round, played at the tablets, corrected, closed.

``lifecycle`` says what may happen to a night now, and why not; ``nights`` creates a night, enters
its players, starts it and pairs its rounds (the pairings come from ``pairing``, the library's
adapter), ``rounds`` each round after the first once the one before is over, after the request that
ended it; ``play`` takes each deal at a table and the organiser's corrections; ``check_in`` the two
players' word that they are at their table, with the fees they paid there (imported from its
module: it reaches the registry of kinds, above this package); ``state`` reads a night whole: its
rounds, matches and standings; ``tablet`` reads what a table's tablet needs of it, and no more;
``evening`` what a player's own page on their phone shows.
"""

from .lifecycle import night_allows
from .nights import (
    DuelServiceError,
    duel_night_close,
    duel_night_create,
    duel_night_publish,
    duel_night_start,
    duel_player_add,
    duel_player_remove,
    duel_tables_open,
)
from .play import duel_deal_confirm, duel_deal_correct, duel_deal_enter, duel_deal_reject
from .rounds import duel_pairing_threads_join, duel_round_pair, duel_round_pair_later
from .state import MatchLine, NightState, night_as_dict, night_state
from .tablet import TableView, table_view

__all__ = [
    "DuelServiceError",
    "MatchLine",
    "NightState",
    "TableView",
    "duel_deal_confirm",
    "duel_deal_correct",
    "duel_deal_enter",
    "duel_deal_reject",
    "duel_night_close",
    "duel_night_create",
    "duel_night_publish",
    "duel_night_start",
    "duel_player_add",
    "duel_pairing_threads_join",
    "duel_player_remove",
    "duel_round_pair",
    "duel_round_pair_later",
    "duel_tables_open",
    "night_allows",
    "night_as_dict",
    "night_state",
    "table_view",
]
