"""Every kind of evening, declared once.

A format says who is entered (pairs, players, teams, clubs), how many sit at a table, what a table
enters for a deal, how a deal is scored, who is ranked and in which lists, what a deal is called
and how people are named. A deal is a "board" where it travels from table to table (a
duplicate event), a "hand" at a drive and a "deal" at a league match, as whist players say.
Pages, tablets, check-in, PDFs, CSV, JSON, e-mail, the room display, player pages and
competitions ask an evening's format instead of testing which kind it is, so a
new kind of evening is a new entry here and its own scoring, not an ``if`` in every output.

Nothing here assumes four seats or one number a deal: ``seats`` lists the table sizes a format
plays at, and ``entry`` lists the figures a table enters for a deal (N/S's tricks; a Minnesota
board who went grand too; a widow deal will add who took the widow and each player's tricks).

>>> pairs = event_format("standard")
>>> str(pairs.ranked), str(pairs.lists), pairs.deal.title(3)
('pairs', 'direction', 'Board 3')
>>> individual = event_format("individual")
>>> str(individual.ranked), str(individual.lists), individual.entrant.title(7)
('players', 'one', 'Player 7')
>>> str(drive_format("teams").measure), drive_format("progressive").card_codes
('team points', True)

A drive's game changes what its tables enter, how a hand is scored and its measure: a Minnesota
drive (no trumps) enters who went grand with N/S's tricks and ranks its players by points, never
added to a classic drive's tricks.

>>> minnesota = drive_format("progressive", game="minnesota")
>>> [f.name for f in minnesota.entry], minnesota.measure.amount("31"), minnesota.trumps
(['granded', 'ns_tricks'], '31 points', False)
>>> drive_format("teams", game="minnesota").measure.amount("1")
'1 team point'

A widow whist series seats three and four at a table and enters who took the widow and each
player's tricks; its players are ranked in one list by points, never added to tricks:

>>> widow = drive_format("widow")
>>> widow.seats, [f.name for f in widow.entry], str(widow.measure), widow.cards_in_tricks
((3, 4), ['widow', 'tricks'], 'points', False)

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

from dataclasses import dataclass, replace
from enum import StrEnum

from .rubbers import game_words


class Entrants(StrEnum):
    """Who an organiser enters for the evening."""

    PAIRS = "pairs"
    PLAYERS = "players"
    TEAMS = "teams"
    CLUBS = "clubs"


class Lists(StrEnum):
    """Which lists the ranked are placed in."""

    DIRECTION = "direction"  # N/S and E/W apart (one field for a Howell or an arrow-switched evening)
    ROLE = "role"  # ladies and gents apart (a progressive drive's two score-card colours)
    ONE = "one"  # everyone in one list


class Measure(StrEnum):
    """What a person's figure for the evening means: figures of two measures are never added."""

    PERCENTAGE = "percentage"  # a duplicate evening: share of the matchpoints (or its total)
    TRICKS = "tricks"  # a drive's score card: the tricks a player's couples took
    POINTS = "points"  # Minnesota whist: a drive's couples' points, or an event's total net points
    TEAM_POINTS = "team points"  # a team night: the points the team won
    MATCH_POINTS = "match points"  # a league match: 3 a win and 1 a tie to each club
    RUBBER_POINTS = "rubber points"  # games and rubbers by the Laws of Whist: never added to tricks
    GAME_POINTS = "game points"  # a two-player night: 2 a match won, 1 a tie, the spread beside

    def amount(self, figure: str) -> str:
        """A figure in this measure, in words: "84 tricks", "1 team point". A duplicate evening's
        figure already says what it is ("56.25%", "+3.5")."""
        if self is Measure.PERCENTAGE:
            return figure
        unit = self.value.removesuffix("s") if figure == "1" else self.value
        return f"{figure} {unit}"


@dataclass(frozen=True)
class Word:
    """A thing's name in one format: "board" or "hand", "pair" or "player"."""

    singular: str
    plural: str

    def title(self, number: int | str) -> str:
        """ "Board 3", "Player 7"."""
        return f"{self.singular.capitalize()} {number}"

    def count(self, n: int) -> str:
        """ "1 board", "24 hands"."""
        return f"{n} {self.singular if n == 1 else self.plural}"


@dataclass(frozen=True)
class Figure:
    """One figure a table enters for a deal, with the range a tablet and an import accept."""

    name: str
    label: str
    low: int
    high: int
    choices: tuple[tuple[str, str], ...] = ()  # a figure chosen among words, not counted


NS_TRICKS = Figure("ns_tricks", "N/S tricks", 0, 13)
# A Minnesota board: who went grand (N/S, E/W, or nobody: played low, stored empty), before N/S's tricks.
GRANDED = Figure(
    "granded", "Who went grand", 0, 2, choices=(("NS", "N/S grand"), ("EW", "E/W grand"), ("", "Low"))
)
# A Minnesota drive's hand: the same, a low hand stored as "low" (a classic hand's is empty).
GRANDED_HAND = Figure(
    "granded", "Who went grand", 0, 0, (("NS", "N/S grand"), ("EW", "E/W grand"), ("low", "Low"))
)
# A widow whist deal: who took the widow (a player's number, or nobody: stored empty), and the
# tricks of each of the three who played it (they add to 13).
WIDOW_TAKER = Figure("widow", "Who took the widow", 0, 0, choices=(("", "Nobody"),))
PLAYER_TRICKS = Figure("tricks", "Each player's tricks", 0, 13)
# Honours claimed at the table, in games and rubbers: 2 or 4 to one side (stored "NS4", "EW2", "").
HONOURS = Figure("honours", "Honours", 0, 4)


@dataclass(frozen=True)
class EveningFormat:
    key: str
    title: str
    kind: str  # "event", "drive" or "match": which models hold it
    entrants: Entrants  # who is entered
    ranked: Entrants  # who is ranked
    lists: Lists
    seats: tuple[int, ...]  # the number of players at a table (a few formats will mix 3 and 4)
    entry: tuple[Figure, ...]  # what a table enters for a deal
    scoring: str  # how a deal is scored, in words for the organiser
    measure: Measure
    deal: Word
    entrant: Word  # how an entrant is numbered on cards and pages: "Pair 3", "Team 2"
    evening: Word = Word("evening", "evenings")  # one of them in a player's season: "Best drive"
    # What a table checks in for and what its players wait for the organiser in: an event's round,
    # a drive's hand, a widow whist series.
    round: Word = Word("round", "rounds")
    card_codes: bool = False  # players are known at the tables by a score card ("L1", "G3")
    # Players are entered in two roles, lady and gent (a drive's two score-card colours; a team
    # night's two seats of a pair), not one by one as players.
    roles: bool = False
    seats_named: bool = False  # a tablet tells each player their seat (North): they move one by one
    seated_by: str = "movement"  # "movement", "schedule" or "who won"
    partnerships_internal: bool = False  # pairs exist only to seat a round (an individual event)
    card: Word = Word("score card", "score cards")  # what each entrant carries and the pack prints
    # The documents it prints, in the pack's order (the names print_data gives titles to).
    documents: tuple[str, ...] = ()
    # What an organiser might tell a table whose players are lost: who moves is what the format moves.
    move_example: str = "Ann Smith: go to table 2, sit East"
    game: str = "whist"  # the game played at the tables: "whist" or "minnesota"
    rubbers: int = 0  # the points a game is played to, in games and rubbers (0: no games)
    trumps: bool = True  # deals are played with trumps from the schedule (Minnesota whist: none)

    def tables_for(self, players: int) -> int:
        """The tables ``players`` fill, at the most a table seats (a part-filled table counts).

        >>> PAIRS_EVENT.tables_for(26), WIDOW.tables_for(10), TWO_PLAYER_NIGHT.tables_for(9)
        (7, 3, 5)
        """
        return -(-players // max(self.seats))

    def enters(self, name: str) -> bool:
        """A table enters this figure for a deal ("granded": who went grand)."""
        return any(figure.name == name for figure in self.entry)

    @property
    def duplicate(self) -> bool:
        """Each deal is played at several tables and compared (an event): a drive's and a league
        match's tables each play their own deals."""
        return self.kind == "event"

    @property
    def cards_in_tricks(self) -> bool:
        """A player's score card adds up tricks (classic whist), not a Minnesota drive's points:
        only such scores are ever added to one another across evenings."""
        return self.game == "whist"

    @property
    def ranks_by_role(self) -> bool:
        return self.lists is Lists.ROLE

    @property
    def ranks_players(self) -> bool:
        return self.ranked is Entrants.PLAYERS

    @property
    def ranks_teams(self) -> bool:
        return self.ranked is Entrants.TEAMS

    @property
    def joiner(self) -> str:
        """Between the names of one entrant: a pair's two players ("Ann & Bob"); for players one by
        one, the two people of a shared seat ("Ann + Bob")."""
        return " + " if self.entrants is Entrants.PLAYERS else " & "

    def person_label(self, card: str, name: str) -> str:
        """A player at a table: by card and name where players carry score cards, else by name."""
        return f"{name} ({card})" if self.card_codes and card else name

    def player_number(self, card: str, number: int) -> str:
        """A player's number on papers, lists and messages: their score card ("L3") where players
        carry one, else their number in the schedule ("Player 3")."""
        return card if self.card_codes else PLAYER.title(number)

    @property
    def number_heading(self) -> str:
        """The heading of a list's column of players' numbers: their cards, or their numbers."""
        return "Card" if self.card_codes else "No."

    def listed_number(self, card: str, number: int) -> str:
        """A player's number in that column: "L3", or "3" under "No."."""
        return card if self.card_codes else str(number)


BOARD = Word("board", "boards")
HAND = Word("hand", "hands")
DEAL = Word("deal", "deals")
PLAYER = Word("player", "players")
DUPLICATE = "Matchpoints or total points, each board compared across the tables that played it"

PAIRS_EVENT = EveningFormat(
    key="pairs",
    title="Pairs event",
    kind="event",
    entrants=Entrants.PAIRS,
    ranked=Entrants.PAIRS,
    lists=Lists.DIRECTION,
    seats=(4,),
    entry=(NS_TRICKS,),
    scoring=DUPLICATE,
    measure=Measure.PERCENTAGE,
    deal=BOARD,
    entrant=Word("pair", "pairs"),
    move_example="Pair 9: go to table 5, sit E/W",
    documents=("table-cards", "guide-cards", "travellers", "score-cards", "hand-records", "results"),
)
INDIVIDUAL_EVENT = EveningFormat(
    key="individual",
    title="Individual event",
    kind="event",
    entrants=Entrants.PLAYERS,
    ranked=Entrants.PLAYERS,
    lists=Lists.ONE,
    seats=(4,),
    entry=(NS_TRICKS,),
    scoring=DUPLICATE,
    measure=Measure.PERCENTAGE,
    deal=BOARD,
    entrant=PLAYER,
    seated_by="schedule",
    partnerships_internal=True,
    # Each player carries an itinerary card: no pair of theirs has a guide card or a score card.
    documents=("table-cards", "itinerary-cards", "travellers", "hand-records", "results"),
)


def _drive(key: str, title: str, **kwargs) -> EveningFormat:
    fields = {
        "kind": "drive",
        "entrants": Entrants.PLAYERS,
        "ranked": Entrants.PLAYERS,
        "lists": Lists.ROLE,
        "seats": (4,),
        "entry": (NS_TRICKS,),
        "scoring": "Each player's score card adds up the tricks their couple took",
        "measure": Measure.TRICKS,
        "deal": HAND,
        "round": HAND,
        "entrant": PLAYER,
        "evening": Word("drive", "drives"),
        "card_codes": True,
        "roles": True,
        "seated_by": "who won",
        "move_example": "Ann Smith (L3): go to table 5",
        "documents": ("score-cards", "table-cards", "results"),
    }
    return EveningFormat(key=key, title=title, **(fields | kwargs))


PROGRESSIVE = _drive("progressive", "Progressive drive")
SEMI_PARTNER = _drive("semi-partner", "Semi-partner drive")
WINNERS_MOVE = _drive("winners-move", "Winners-move drive")
PARTNER = _drive("partner", "Partner drive")
INDIVIDUAL_DRIVE = _drive(
    "individual-drive",
    "Individual drive",
    lists=Lists.ONE,
    card_codes=False,
    roles=False,
    seats_named=True,
    seated_by="schedule",
    move_example="Ann Smith: go to table 2, sit East",
    documents=("score-cards", "table-cards", "results", "itinerary-cards"),
)
TEAM_NIGHT = _drive(
    "teams",
    "Team night",
    entrants=Entrants.TEAMS,
    ranked=Entrants.TEAMS,
    lists=Lists.ONE,
    scoring="Each hand's points to the team, from the tricks its pairs took",
    measure=Measure.TEAM_POINTS,
    entrant=Word("team", "teams"),
    evening=Word("team night", "team nights"),
    card=Word("team card", "team cards"),
    card_codes=False,
    seated_by="schedule",
    move_example="Team 7's away pair: go to table 9",
)
# Widow whist: three play each deal for themselves, at tables of three and four (the dealer sits
# out at four), redrawn each series (``domain/widow``); one list of players, by name, in points.
WIDOW = _drive(
    "widow",
    "Widow whist series",
    lists=Lists.ONE,
    seats=(3, 4),
    entry=(WIDOW_TAKER, PLAYER_TRICKS),
    scoring="Each player's points: the widow's taker 1 a trick over 4, the others 1 a trick over 3",
    measure=Measure.POINTS,
    deal=DEAL,
    evening=Word("widow whist series", "widow whist series"),
    round=Word("series", "series"),
    card_codes=False,
    roles=False,
    seated_by="series draw",
    move_example="Ann Smith: go to table 2",
    documents=("table-lists", "score-cards", "results"),
    game="widow",
)
LEAGUE_MATCH = EveningFormat(
    key="league-match",
    title="League match",
    kind="match",
    entrants=Entrants.CLUBS,
    ranked=Entrants.CLUBS,
    lists=Lists.ONE,
    seats=(4,),
    entry=(NS_TRICKS,),
    scoring="The tricks each side took over its three tables: 3 points a win, 1 a tie",
    measure=Measure.MATCH_POINTS,
    deal=DEAL,
    entrant=Word("club", "clubs"),
    evening=Word("match", "matches"),
)

# A two-player night (German or humbug whist, ``domain/duels``): each player's tricks a deal.
TRICKS_A = Figure("tricks_a", "First player's tricks", 0, 26)
TRICKS_B = Figure("tricks_b", "Second player's tricks", 0, 26)
BLACK = Figure("black", "The 27th card", 0, 0, (("red", "Red: high"), ("black", "Black: low")))
TWO_PLAYER_NIGHT = EveningFormat(
    key="two-player",
    title="Two-player night",
    kind="night",
    entrants=Entrants.PLAYERS,
    ranked=Entrants.PLAYERS,
    lists=Lists.ONE,
    seats=(2,),
    entry=(TRICKS_A, TRICKS_B),
    scoring="German whist: the last 13 tricks count, a point a trick from the 7th",
    measure=Measure.GAME_POINTS,
    deal=DEAL,
    entrant=PLAYER,
    evening=Word("two-player night", "two-player nights"),
    seated_by="pairing",
    documents=("pairings", "score-cards", "results"),
    move_example="Ann Smith: go to table 2",
    trumps=False,  # the trumps are the 27th card's suit, turned at the table
)


FORMATS = {
    f.key: f
    for f in (
        PAIRS_EVENT,
        INDIVIDUAL_EVENT,
        PROGRESSIVE,
        SEMI_PARTNER,
        WINNERS_MOVE,
        PARTNER,
        INDIVIDUAL_DRIVE,
        TEAM_NIGHT,
        WIDOW,
        LEAGUE_MATCH,
        TWO_PLAYER_NIGHT,
    )
}
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
        base, entry=(GRANDED, NS_TRICKS), scoring=words, measure=measure, trumps=False, game="minnesota"
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


def with_game(evening: EveningFormat, game: str = "whist", rubbers: int = 0) -> EveningFormat:
    """An evening's format for the game its tables play and how it is scored: classic whist as
    declared; Minnesota whist enters who went grand before the tricks, plays no trumps, measures a
    drive in points (a team night still in team points) and is called a Minnesota drive (team
    night). A team night or a league match in games to ``rubbers`` (5, 7 or 10; 0: none) and
    rubbers by the Laws of Whist (``domain/rubbers``) enters the honours beside the tricks and is
    measured in its tables' rubber points; classic whist only (``MINNESOTA_RUBBERS``)."""
    if game == "minnesota" and rubbers:
        raise ValueError(MINNESOTA_RUBBERS)
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
