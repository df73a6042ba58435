"""An evening's format as it is played: the game at its tables, its games and rubbers, a two-player
night's game, and the format a stored row names (``declarations`` declares each kind once).

A drive's game changes what its tables enter, how a hand is scored and its measure: a Minnesota
drive (no trumps) enters who went grand with N/S's tricks and ranks its players by points, never
added to a classic drive's tricks.

>>> minnesota = drive_format("progressive", game="minnesota")
>>> [f.name for f in minnesota.entry], minnesota.measure.amount("31"), minnesota.trumps
(['granded', 'ns_tricks'], '31 points', False)
>>> drive_format("teams", game="minnesota").measure.amount("1")
'1 team point'

A game other than classic whist is the format's scoring and entry, not a format of its own: a pairs
event of Minnesota whist enters who went grand with N/S's tricks, plays without trumps, and ranks by
matchpoints on net points (a percentage) or by total net points.

>>> minnesota = event_format("standard", "minnesota_total")
>>> [figure.name for figure in minnesota.entry], minnesota.trumps, str(minnesota.measure)
(['granded', 'ns_tricks'], False, 'points')

A team night or a league match played in games and rubbers (``with_game``'s ``rubbers``) enters
the honours claimed beside the tricks, and is measured in rubber points:

>>> rubbers = drive_format("teams", rubbers=5)
>>> [figure.name for figure in rubbers.entry], str(rubbers.measure), rubbers.scoring
(['ns_tricks', 'honours'], 'rubber points', 'Games to 5 and rubbers by the Laws of Whist')

The rubbers are classic whist's scoring of tricks and honours: a Minnesota evening (no trumps, so no
honours) is never played in them.

>>> drive_format("teams", game="minnesota", rubbers=5)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: Games and rubbers are scored from classic whist's tricks and honours ...
"""

from __future__ import annotations

from dataclasses import replace

from ..rubbers import game_words
from .declarations import (
    BLACK,
    FORMATS,
    GRANDED,
    GRANDED_HAND,
    HONOURS,
    INDIVIDUAL_EVENT,
    NS_TRICKS,
    PAIRS_EVENT,
    PROGRESSIVE,
    TRICKS_A,
    TRICKS_B,
    TWO_PLAYER_NIGHT,
    EveningFormat,
    Measure,
    Word,
)

# A drive's stored format ("individual") and an event's stored variant name the format they play.
_DRIVE_KEYS = {"individual": "individual-drive"}


# An event's scoring that plays Minnesota whist: what it ranks by, in words, and its measure.
MINNESOTA_SCORINGS = {
    "minnesota": (
        "Minnesota whist: matchpoints on each board's N/S net points, compared across the tables",
        Measure.PERCENTAGE,
    ),
    "minnesota_total": ("Minnesota whist: each pair's total net points over the boards", Measure.POINTS),
}


def event_format(variant: str, scoring: str = "") -> EveningFormat:
    """The format of an event of this movement variant (an individual's, else a pairs event's),
    played as its scoring says: a Minnesota event enters who went grand and plays no trumps."""
    base = INDIVIDUAL_EVENT if variant == "individual" else PAIRS_EVENT
    if scoring not in MINNESOTA_SCORINGS:
        return base
    words, measure = MINNESOTA_SCORINGS[scoring]
    return replace(
        base,
        entry=(GRANDED, NS_TRICKS),
        scoring=words,
        measure=measure,
        trumps=False,
        game="minnesota",
        across_clubs=False,  # compared on net points, not tricks
    )


# What a Minnesota drive's scoring says, by the measure of its classic format.
_MINNESOTA_SCORING = {
    Measure.TRICKS: "Minnesota whist, no trumps: each player's score card adds up the points their "
    "couple scored, hand by hand, under the drive's rules",
    Measure.TEAM_POINTS: "Minnesota whist, no trumps: each hand's points to the team, from the "
    "points its pairs scored under the drive's rules",
}


# Why a Minnesota evening is never played in games and rubbers, in a player's words.
MINNESOTA_RUBBERS = (
    "Games and rubbers are scored from classic whist's tricks and honours (of trumps); Minnesota whist "
    "has no trumps, so it cannot be played in rubbers."
)


def rubbers_refusal(game: str, rubbers: int) -> str:
    """Why ``game`` cannot be played in games to ``rubbers`` and rubbers ("": it can, or none are
    played)."""
    return MINNESOTA_RUBBERS if game == "minnesota" and rubbers else ""


def with_game(evening: EveningFormat, game: str = "whist", rubbers: int = 0) -> EveningFormat:
    """An evening's format for the game its tables play and how it is scored: classic whist as
    declared; Minnesota whist enters who went grand before the tricks, plays no trumps, measures a
    drive in points (a team night still in team points) and is called a Minnesota drive (team
    night). A team night or a league match in games to ``rubbers`` (5, 7 or 10; 0: none) and
    rubbers by the Laws of Whist (``domain/rubbers``) enters the honours beside the tricks and is
    measured in its tables' rubber points; classic whist only (``MINNESOTA_RUBBERS``)."""
    refusal = rubbers_refusal(game, rubbers)
    if refusal:
        raise ValueError(refusal)
    if rubbers:
        return replace(
            evening,
            entry=(*evening.entry, HONOURS),
            scoring=game_words(rubbers),
            measure=Measure.RUBBER_POINTS,
            rubbers=rubbers,
        )
    if game != "minnesota":
        return evening
    return replace(
        evening,
        entry=(GRANDED_HAND, *evening.entry),
        scoring=_MINNESOTA_SCORING[evening.measure],
        measure=Measure.POINTS if evening.measure is Measure.TRICKS else evening.measure,
        # A player's season keeps them apart: "Best Minnesota drive", never averaged with tricks.
        evening=Word(f"Minnesota {evening.evening.singular}", f"Minnesota {evening.evening.plural}"),
        game=game,
        trumps=False,
    )


def drive_format(format: str, game: str = "whist", rubbers: int = 0) -> EveningFormat:
    """The format of a drive stored with this format name, playing this game (in games to
    ``rubbers`` and rubbers, for a team night of classic whist)."""
    return with_game(FORMATS[_DRIVE_KEYS.get(format, format)], game, rubbers)


def stored_format(kind: str, stored: str = "") -> EveningFormat:
    """The format of an evening as a row names it, without its game: which models keep it
    (``kind``, a format's: "event", "drive" or "night") and its stored format (an event's movement
    variant, a drive's format).

    >>> stored_format("drive", "widow").key, stored_format("event", "individual").key
    ('widow', 'individual')
    >>> stored_format("night").evening.singular
    'two-player night'
    """
    if kind == "event":
        return event_format(stored)
    if kind == "night":
        return TWO_PLAYER_NIGHT
    return drive_format(stored or PROGRESSIVE.key)


def two_player_format(scoring, rules) -> EveningFormat:
    """A two-player night of this game and scoring (``domain/duels``' ``Scoring`` and
    ``MatchRules``): a high/low German night enters the 27th card's colour too.

    >>> from tournaments.domain.duels import MatchRules, Scoring
    >>> night = two_player_format(Scoring("german", "high-low"), MatchRules(deals=4))
    >>> night.seats, [f.name for f in night.entry], night.measure.amount("6")
    ((2,), ['tricks_a', 'tricks_b', 'black'], '6 game points')
    >>> night.scoring  # doctest: +ELLIPSIS
    'German whist: the last 13 tricks count; a black 27th card ...; a match is 4 deals; 2 game points ...'
    """
    entry = (TRICKS_A, TRICKS_B, BLACK) if scoring.asks_colour else (TRICKS_A, TRICKS_B)
    game = "humbug" if scoring.game == "humbug" else "german"
    return replace(TWO_PLAYER_NIGHT, entry=entry, scoring=f"{scoring.words}; {rules.words}", game=game)
