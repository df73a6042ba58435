"""Every kind of evening, declared once: ``EveningFormat`` and one declaration a kind (``FORMATS``).

A format says who is entered (pairs, players, teams, clubs), how many sit at a table, what a table
enters for a deal, how a deal is scored, who is ranked and in which lists, what a deal is called
and how people are named. A deal is a "board" where it travels from table to table (a
duplicate event), a "hand" at a drive and a "deal" at a league match, as whist players say.

Nothing here assumes four seats or one number a deal: ``seats`` lists the table sizes a format
plays at, and ``entry`` lists the figures a table enters for a deal (N/S's tricks; a Minnesota
board who went grand too; a widow deal will add who took the widow and each player's tricks).

>>> str(PAIRS_EVENT.ranked), str(PAIRS_EVENT.lists), PAIRS_EVENT.deal.title(3)
('pairs', 'direction', 'Board 3')
>>> str(FORMATS["teams"].measure), FORMATS["progressive"].card_codes
('team points', True)

A widow whist series seats three and four at a table and enters who took the widow and each
player's tricks; its players are ranked in one list by points, never added to tricks:

>>> WIDOW.seats, [f.name for f in WIDOW.entry], str(WIDOW.measure), WIDOW.cards_in_tricks
((3, 4), ['widow', 'tricks'], 'points', False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


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
    # Its hands are set at the start from its schedule's rounds, not split into halves beforehand
    # (an individual drive).
    hands_from_schedule: bool = False
    # It gives the prizes of its prize list, which a new one starts as ``prizes`` (a preset of
    # ``domain.drives.scores``); a team night gives none, its prize is its ranking of the teams.
    has_prizes: bool = False
    prizes: str = "classic"
    card: Word = Word("score card", "score cards")  # what each entrant carries and the pack prints
    # The documents it prints, in the pack's order (the names print_data gives titles to).
    documents: tuple[str, ...] = ()
    # What an organiser might tell a table whose players are lost: who moves is what the format moves.
    move_example: str = "Ann Smith: go to table 2, sit East"
    game: str = "whist"  # the game played at the tables: "whist" or "minnesota"
    rubbers: int = 0  # the points a game is played to, in games and rubbers (0: no games)
    trumps: bool = True  # deals are played with trumps from the schedule (Minnesota whist: none)
    # Its pairs' N/S tricks on a board can be compared with other clubs' tables on the same deals:
    # it can be a club's part of a simultaneous evening (``domain.simultaneous``).
    across_clubs: bool = False

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
    def enters_teams(self) -> bool:
        """Its players are entered four at a time with their team, never one by one."""
        return self.entrants is Entrants.TEAMS

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
    across_clubs=True,
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
        "has_prizes": True,
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
    hands_from_schedule=True,
    prizes="individual",
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
    has_prizes=False,
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
