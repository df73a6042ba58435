"""Every kind of evening, declared once.

A format says who is entered, how many sit at a table, what a table enters for a deal, how a deal
is scored, who is ranked and in which lists, what a deal is called and how people are named.
Pages, tablets, check-in, PDFs, CSV, JSON, e-mail, the room display, player pages and
competitions ask an evening's format instead of testing which kind it is, so a
new kind of evening is a new entry here and its own scoring, not an ``if`` in every output.

``declarations`` declares each kind (``EveningFormat``, ``FORMATS``); ``variants`` gives an
evening's format as it is played: its game (Minnesota whist), its games and rubbers, a two-player
night's game, and the format a stored row names.

>>> pairs = event_format("standard")
>>> str(pairs.ranked), str(pairs.lists), pairs.deal.title(3)
('pairs', 'direction', 'Board 3')
>>> individual = event_format("individual")
>>> str(individual.ranked), str(individual.lists), individual.entrant.title(7)
('players', 'one', 'Player 7')
>>> str(drive_format("teams").measure), drive_format("progressive").card_codes
('team points', True)
"""

from .declarations import (
    BLACK,
    BOARD,
    DEAL,
    DUPLICATE,
    FORMATS,
    GRANDED,
    GRANDED_HAND,
    HAND,
    HONOURS,
    INDIVIDUAL_DRIVE,
    INDIVIDUAL_EVENT,
    LEAGUE_MATCH,
    NS_TRICKS,
    PAIRS_EVENT,
    PARTNER,
    PLAYER,
    PLAYER_TRICKS,
    PROGRESSIVE,
    SEMI_PARTNER,
    TEAM_NIGHT,
    TRICKS_A,
    TRICKS_B,
    TWO_PLAYER_NIGHT,
    WIDOW,
    WIDOW_TAKER,
    WINNERS_MOVE,
    Entrants,
    EveningFormat,
    Figure,
    Lists,
    Measure,
    Word,
)
from .variants import (
    MINNESOTA_RUBBERS,
    MINNESOTA_SCORINGS,
    drive_format,
    event_format,
    rubbers_refusal,
    stored_format,
    two_player_format,
    with_game,
)

__all__ = [
    "BLACK",
    "BOARD",
    "DEAL",
    "DUPLICATE",
    "FORMATS",
    "GRANDED",
    "GRANDED_HAND",
    "HAND",
    "HONOURS",
    "INDIVIDUAL_DRIVE",
    "INDIVIDUAL_EVENT",
    "LEAGUE_MATCH",
    "NS_TRICKS",
    "PAIRS_EVENT",
    "PARTNER",
    "PLAYER",
    "PLAYER_TRICKS",
    "PROGRESSIVE",
    "SEMI_PARTNER",
    "TEAM_NIGHT",
    "TRICKS_A",
    "TRICKS_B",
    "TWO_PLAYER_NIGHT",
    "WIDOW",
    "WIDOW_TAKER",
    "WINNERS_MOVE",
    "Entrants",
    "EveningFormat",
    "Figure",
    "Lists",
    "Measure",
    "Word",
    "MINNESOTA_RUBBERS",
    "MINNESOTA_SCORINGS",
    "drive_format",
    "event_format",
    "rubbers_refusal",
    "stored_format",
    "two_player_format",
    "with_game",
]
