"""A league match: its movement, the two sides' score cards, and its result.

**A match** is six a side: three pairs a club at three tables, 24 deals. The home pairs sit N/S
and stay; the visiting pairs move one table on after every 8 deals, so each home pair meets each
visiting pair over one stanza of 8 deals (``match_movement``).

**Score cards.** Each side keeps its own card at each table and writes down the tricks *it* took
on each deal, as a whist card does; a side may change its card at the table until both cards of
that table are in (``both_cards_in``), and no further: it has seen the other side's by then. The
two cards of a table agree on a deal when their figures
add up to 13. Until every deal of every table agrees, the match's result counts for nothing: it
is *waiting* while a card is to come, and *held* as soon as a deal of a table whose two cards are
in differs (whatever other tables are still to send); the caller shows which deals differ, and
the cards are corrected.

**The result** (our reading of the league's rules, which do not say it): the side with more tricks
over all three tables wins the match; the same number of tricks is a tie. A win scores 3 points,
a tie 1, a loss 0.

**Games and rubbers** (a league's choice, ``game`` 5, 7 or 10; ``domain/rubbers``): each card also
gives, deal by deal, the honours claimed, from its side's view (4 or 2 for its own side, −4 or −2
for the other's, 0 for none), and the two cards agree on a deal when their tricks make 13 and
their honours are the same claim seen from both sides (4 on one, −4 on the other). Each stanza of
8 deals at a table is that table's games (new pairs, new games): the home pair N/S. A table's
result is its rubber points over its three stanzas, an unfinished game scoring nothing and an
unfinished rubber its finished games without the 2; the club with more rubber points over its
tables wins the match (3 points, 1 a tie).

A match where the cards agree on every deal: the home side took 7 tricks of each deal at
table 1 and 6 at tables 2 and 3.

>>> home = {(t, d): 7 if t == 1 else 6 for t in TABLES for d in DEALS}
>>> away = {key: 13 - tricks for key, tricks in home.items()}
>>> result = match_result(home, away)
>>> result.state, result.home_tricks, result.away_tricks, result.home_points, result.away_points
('agreed', 456, 480, 0, 3)

The visitors' card at table 2 says they took 8 on deals 5 and 9, where the home card says 6:

>>> away[(2, 5)] = away[(2, 9)] = 8
>>> held = match_result(home, away)
>>> held.state, held.reason
('held', 'table 2 deals 5 and 9 differ')

The same agreed cards in games to 5, honours claimed by nobody: at table 1 the home pairs take a
point a deal, so each stanza of 8 deals is a game won at the fifth deal as a treble (the visitors
have nothing) and a game unfinished, +3 a stanza, +9 at the table; the visitors the same at tables
2 and 3, −18: −9 to the home club, which loses.

>>> rubbers = match_result(home, {k: 13 - t for k, t in home.items()}, game=5)
>>> rubbers.state, rubbers.home_rubber_points, rubbers.home_points, rubbers.away_points
('agreed', -9, 0, 3)
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import LeagueError
from ..rubbers import Score, play_deal, table_result, void_claim

TABLES = (1, 2, 3)  # six a side: three pairs a club
DEALS = range(1, 25)  # 24 deals a match
STANZA = 8  # deals before the visiting pairs move one table on
TRICKS = 13
WIN, TIE, LOSS = 3, 1, 0

AGREED, HELD, WAITING = "agreed", "held", "waiting"
CARD_NAMES = {"home": "home side's", "away": "visitors'"}

Card = Mapping[tuple[int, int], int]  # (table, deal) -> the tricks the card's side took
# (table, deal) -> the honours claimed, from the card's side: 4 or 2 its own, -4 or -2 the other's.
Honours = Mapping[tuple[int, int], int]
HONOURS = (-4, -2, 0, 2, 4)


@dataclass(frozen=True)
class Meeting:
    """Who plays whom at a table over one stanza of a match."""

    table: int
    home_pair: int
    away_pair: int
    deals: range


def match_movement() -> list[Meeting]:
    """The match's movement: home pair k sits N/S at table k all match; visiting pair k starts at
    table k and moves one table on (3 to 1) after every 8 deals.

    >>> [(m.table, m.home_pair, m.away_pair, m.deals[0]) for m in match_movement() if m.table == 1]
    [(1, 1, 1, 1), (1, 1, 3, 9), (1, 1, 2, 17)]
    """
    return [
        Meeting(
            table=table,
            home_pair=table,
            away_pair=(table - 1 - stanza) % len(TABLES) + 1,
            deals=range(stanza * STANZA + 1, (stanza + 1) * STANZA + 1),
        )
        for stanza in range(len(DEALS) // STANZA)
        for table in TABLES
    ]


def check_card(tricks: Mapping[int, int], *, table: int, honours: Mapping[int, int] | None = None) -> None:
    """A table's card as entered: a figure of 0 to 13 tricks for each of the 24 deals (and, in
    games and rubbers, the honours claimed: 4 or 2 for the card's side, -4 or -2 for the other)."""
    for deal, claimed in (honours or {}).items():
        if claimed not in HONOURS:
            raise LeagueError(
                f"Table {table}, deal {deal}: honours are 4 or 2 to your side, -4 or -2 to the other "
                f"side, or none; not {claimed}."
            )
    missing = [deal for deal in DEALS if tricks.get(deal) is None]
    if missing:
        raise LeagueError(f"Table {table}: the tricks of {_deals(missing)} are missing.")
    for deal in DEALS:
        if not 0 <= tricks[deal] <= TRICKS:
            raise LeagueError(
                f"Table {table}, deal {deal}: {tricks[deal]} tricks is not possible; "
                f"a side takes 0 to {TRICKS} tricks of a deal."
            )
    if set(tricks) - set(DEALS):
        raise LeagueError(f"A match has deals 1 to {len(DEALS)} only.")


@dataclass(frozen=True)
class Difference:
    table: int
    deal: int
    home_says: int  # the home card's figure: the tricks the home side took
    away_says: int  # the visitors' card's figure: the tricks the visitors took
    home_honours: int = 0  # in games and rubbers: the honours each card gives, from its side
    away_honours: int = 0


@dataclass(frozen=True)
class MatchResult:
    state: str  # AGREED, HELD (a deal differs) or WAITING (a card is still to come, none differs)
    differences: tuple[Difference, ...] = ()
    missing: tuple[tuple[str, int], ...] = ()  # (side, table) of the cards still to come
    home_tricks: int = 0
    away_tricks: int = 0
    game: int = 0  # games and rubbers to this many points (0: the tricks decide)
    home_rubber_points: int = 0  # the home tables' rubber points (the visitors': as many less)

    @property
    def away_rubber_points(self) -> int:
        return -self.home_rubber_points

    @property
    def home_points(self) -> int:
        return _points(*self._measure) if self.state == AGREED else 0

    @property
    def away_points(self) -> int:
        return _points(*reversed(self._measure)) if self.state == AGREED else 0

    @property
    def _measure(self) -> tuple[int, int]:
        """What decides the match: the tricks, or in games and rubbers the rubber points."""
        if self.game:
            return self.home_rubber_points, self.away_rubber_points
        return self.home_tricks, self.away_tricks

    @property
    def reason(self) -> str:
        """Why the result is not agreed, in the words the pages show: "table 2 deals 5 and 9 differ"."""
        if self.state == WAITING:
            cards = [f"the {CARD_NAMES[side]} card of table {table}" for side, table in self.missing]
            return "waiting for " + _and(cards)
        by_table: dict[int, list[int]] = {}
        for difference in self.differences:
            by_table.setdefault(difference.table, []).append(difference.deal)
        return "; ".join(
            f"table {table} {_deals(deals)} {'differs' if len(deals) == 1 else 'differ'}"
            for table, deals in by_table.items()
        )


def both_cards_in(result: MatchResult, table: int) -> bool:
    """Are both sides' cards of ``table`` in? From then on a side's tablet may no longer change its
    card (it has seen the other's): the organiser corrects one from the paper cards.

    >>> both_cards_in(MatchResult(state=WAITING, missing=(("away", 2),)), 1)
    True
    >>> both_cards_in(MatchResult(state=WAITING, missing=(("away", 2),)), 2)
    False
    """
    return all(missing != table for _, missing in result.missing)


def _points(tricks: int, against: int) -> int:
    return WIN if tricks > against else TIE if tricks == against else LOSS


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _deals(deals: Sequence[int]) -> str:
    return ("deal " if len(deals) == 1 else "deals ") + _and([str(deal) for deal in deals])


def match_result(
    home_card: Card,
    away_card: Card,
    *,
    game: int = 0,
    home_honours: Honours | None = None,
    away_honours: Honours | None = None,
) -> MatchResult:
    """The match's result from the two sides' cards, each mapping (table, deal) to the tricks that
    side took. Every table of both cards complete and every deal adding up to 13: agreed. A table
    whose two cards are in is compared at once, so a deal that differs holds the result while
    other tables' cards are still to come (its players hear of it while they are at the table).
    In games and rubbers to ``game``, the honours of the two cards must agree too, and the tables'
    rubber points decide."""
    home_honours, away_honours = home_honours or {}, away_honours or {}
    missing = tuple(
        (side, table)
        for side, card in (("home", home_card), ("away", away_card))
        for table in TABLES
        if any((table, deal) not in card for deal in DEALS)
    )
    differences = tuple(
        Difference(table, deal, home_card[table, deal], away_card[table, deal], *claims)
        for table in TABLES
        if ("home", table) not in missing and ("away", table) not in missing
        for deal in DEALS
        for claims in [(home_honours.get((table, deal), 0), away_honours.get((table, deal), 0))]
        if home_card[table, deal] + away_card[table, deal] != TRICKS or (game and claims[0] != -claims[1])
    )
    if differences:
        return MatchResult(state=HELD, differences=differences, missing=missing, game=game)
    if missing:
        return MatchResult(state=WAITING, missing=missing, game=game)
    home = sum(home_card[table, deal] for table in TABLES for deal in DEALS)
    rubber_points = (
        sum(stanza_result(game, home_card, home_honours, meeting)[0] for meeting in match_movement())
        if game
        else 0
    )
    return MatchResult(
        state=AGREED,
        home_tricks=home,
        away_tricks=len(TABLES) * len(DEALS) * TRICKS - home,
        game=game,
        home_rubber_points=rubber_points,
    )


def stanza_deals(home_card: Card, home_honours: Honours, meeting: Meeting) -> list[tuple[int, str]]:
    """A stanza's deals at a table as games and rubbers score them: N/S (the home pair) tricks and
    the honours claimed, "NS4" or "EW2", from the home card's figures (those in so far). Given the
    visitors' card, the visitors are N/S."""
    deals = []
    for deal in meeting.deals:
        if (meeting.table, deal) not in home_card:
            break
        claimed = home_honours.get((meeting.table, deal), 0)
        claim = f"NS{claimed}" if claimed > 0 else f"EW{-claimed}" if claimed < 0 else ""
        deals.append((home_card[meeting.table, deal], claim))
    return deals


def void_claims(game: int, card: Card, honours: Honours, sides: Sequence[str] = ("we", "they")) -> dict:
    """The honours claimed on one side's card that score nothing, by (table, deal), each with
    why in words: each stanza played from the card's own figures, its side first.

    >>> card = {(1, 1): 10, (1, 2): 6}
    >>> void_claims(5, card, {(1, 2): 4})
    {(1, 2): 'not counted: we were at 4, one point short of the game'}
    """
    void = {}
    for meeting in match_movement():
        score = Score(game)
        for (tricks, claim), deal in zip(stanza_deals(card, honours, meeting), meeting.deals, strict=False):
            if words := void_claim(score, tricks, claim, sides):
                void[(meeting.table, deal)] = words
            score = play_deal(score, tricks, claim)
    return void


def stanza_result(game: int, home_card: Card, home_honours: Honours, meeting: Meeting) -> tuple[int, int]:
    """A stanza's rubber points at its table, the home pair's and the visitors'."""
    return table_result(game, stanza_deals(home_card, home_honours, meeting))
