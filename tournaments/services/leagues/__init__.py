"""An inter-club league's writes and reads: the league and its clubs, its fixture list with each
match's table links (``league``), a match read from its two sides' score cards and whether its
tables are open (``match``), the cards entered and the agreed result kept in step (``cards``), the
league table (``table``), and whose a pair's own page on their phone is (``phone``). The rules
are ``domain/leagues.py``."""

from .cards import match_card_enter, match_card_enter_at_table
from .league import (
    league_club_names,
    league_create,
    league_delete,
    league_fixtures_make,
    league_holiday_warnings,
    league_round_move,
)
from .match import (
    BOTH_IN,
    SIDES,
    Cards,
    match_cards,
    match_figures,
    match_state,
    may_enter_card,
    may_play_match,
    unagreed_states,
)
from .table import league_standings, league_table_data, league_table_text

__all__ = [
    "BOTH_IN",
    "SIDES",
    "Cards",
    "league_club_names",
    "league_create",
    "league_delete",
    "league_fixtures_make",
    "league_holiday_warnings",
    "league_round_move",
    "league_standings",
    "league_table_data",
    "league_table_text",
    "match_card_enter",
    "match_card_enter_at_table",
    "match_cards",
    "match_figures",
    "match_state",
    "may_enter_card",
    "may_play_match",
    "unagreed_states",
]
