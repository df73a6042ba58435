"""What the printed documents show, as plain data: built by the printing services, drawn by the
pdf package; and the documents' names. Plain data, so that the pages, the services and the
organiser site name them without loading any PDF code."""

from dataclasses import dataclass, field

from .domain.formats import INDIVIDUAL_EVENT, PAIRS_EVENT, PROGRESSIVE

# Every printed document's title; which an evening prints, and in what order, its format says
# (``domain.formats``: ``documents``).
TITLES = {
    "table-cards": "Table cards",
    "guide-cards": "Guide cards",
    "itinerary-cards": "Itinerary cards",
    "travellers": "Travellers",
    "score-cards": "Score cards",
    "hand-records": "Hand records",
    "results": "Results",
    "table-lists": "Table lists",  # a widow whist series: who sits at which table, each series
}


def documents_of(evening_format) -> dict[str, str]:
    """The documents an evening of this format prints, each with its title, in the pack's order."""
    return {name: TITLES[name] for name in evening_format.documents}


DOCUMENTS = documents_of(PAIRS_EVENT)
INDIVIDUAL_DOCUMENTS = documents_of(INDIVIDUAL_EVENT)
# The pack: every document but the results, which join it once there are some.
PACK = tuple(name for name in DOCUMENTS if name != "results")
INDIVIDUAL_PACK = tuple(name for name in INDIVIDUAL_DOCUMENTS if name != "results")
DRIVE_DOCUMENTS = documents_of(PROGRESSIVE)


@dataclass(frozen=True)
class PrintEvent:
    name: str
    club: str
    date: str
    paper: str  # "A4" or "LETTER"
    scoring: str
    rules: str = ""  # a Minnesota whist event's rules, named and summed up ("" for classic whist)
    large_print: bool = False  # the club prints the cards players hold in large print

    @classmethod
    def of(cls, evening, *, scoring: str, rules: str = "") -> "PrintEvent":
        """An event's or a drive's: its name and date, its club's name, paper and print."""
        club = evening.club
        return cls(
            name=evening.name,
            club=club.name,
            date=f"{evening.date:%A %-d %B %Y}",
            paper=club.paper_size,
            scoring=scoring,
            rules=rules,
            large_print=club.large_print,
        )


@dataclass(frozen=True)
class CardRound:
    round: int
    ns: str  # the pair's label: "N/S 3", "Pair 5", "—" where nobody sits
    ew: str
    boards: tuple[tuple[int, str], ...]  # (board, trumps symbol)
    ew_next: str
    boards_next: str
    notes: tuple[str, ...] = ()  # the skip, sharing, the arrow switch, a sit-out: this round's


@dataclass(frozen=True)
class TableCard:
    table: int
    url: str
    code: str
    start_url: str
    rounds: tuple[CardRound, ...]
    next_heading: str = "Then E/W go to"  # a Howell's column says where both pairs go
    resident: str = ""  # the pair at this table all evening, with its names (a Mitchell's N/S)
    notes: tuple[str, ...] = ()  # the card's own: where its next boards come from (a relay stand)


@dataclass(frozen=True)
class GuideStop:
    round: int
    table: str
    direction: str
    boards: str
    opponents: str


@dataclass(frozen=True)
class GuideCard:
    pair: str
    names: str
    stops: tuple[GuideStop, ...]
    notes: tuple[str, ...] = ()  # where the relay stands stand
    link: str = ""  # the address of the pair's own page of the evening on their phone


@dataclass(frozen=True)
class TravellerRow:
    round: int
    table: int
    ns: str
    ew: str
    ns_tricks: str = ""
    ew_tricks: str = ""
    ns_score: str = ""
    ew_score: str = ""
    arrow_switched: bool = False  # the pair sitting N/S held the E/W cards
    grand: str = ""  # Minnesota whist: "N/S grand", "E/W grand" or "Low", as the pairs sat
    ns_net: str = ""  # Minnesota whist: the net points of the pair sitting N/S, "+3"


@dataclass(frozen=True)
class Traveller:
    board: int
    dealer: str
    trumps: str
    rows: tuple[TravellerRow, ...]


@dataclass(frozen=True)
class ScoreCardRow:
    board: int
    round: int
    opponents: str
    trumps: str
    direction: str
    tricks: str = ""
    score: str = ""
    grand: str = ""  # Minnesota whist: "Us", "Them" or "Low", from the pair's side
    net: str = ""  # Minnesota whist: the pair's net points on the board, "-2"


@dataclass(frozen=True)
class ScoreCard:
    pair: str
    names: str
    rows: tuple[ScoreCardRow, ...]
    total: str = ""  # the pair's total score (± average in total tricks), once scored
    tricks: str = ""  # the pair's total tricks, once scored
    percentage: str = ""  # with matchpoints


@dataclass(frozen=True)
class HandRecord:
    board: int
    dealer: str
    trumps: str
    hands: tuple[tuple[str, tuple[str, str, str, str]], ...]  # (seat, ranks per suit) N, E, S, W
    dd_rows: tuple[tuple[str, tuple[int, int, int, int]], ...]  # (strain symbol, tricks N S E W)
    dd_ns: int | None


@dataclass(frozen=True)
class StandingRow:
    rank: str
    pair: str
    names: str
    figures: tuple[str, ...]  # under ResultsSheet.headings: score, top and %, or tricks and ± avg, ...
    boards: int


@dataclass(frozen=True)
class ResultsSheet:
    provisional: bool
    headings: tuple[str, ...]  # the figures of the scoring method
    fields: tuple[tuple[str, tuple[StandingRow, ...]], ...]
    boards: tuple[int, ...]
    grid: tuple[tuple[str, tuple[str, ...]], ...]  # (pair label, score on each board or "")
    note: str = ""  # how shown scores are rounded, when they are
    blank: bool = False  # before play: a form to fill in by hand, every figure empty
    label: str = "Pair"  # over the ranked's numbers ("N/S 3", or an individual event's player "3")
    names: str = "Players"  # over their names


@dataclass(frozen=True)
class PrintPack:
    event: PrintEvent
    table_cards: tuple[TableCard, ...] = ()
    guide_cards: tuple[GuideCard, ...] = ()
    travellers: tuple[Traveller, ...] = ()
    score_cards: tuple[ScoreCard, ...] = ()
    hand_records: tuple[HandRecord, ...] = ()
    results: ResultsSheet | None = None
    itinerary: "Itinerary | None" = None  # an individual event's: a card per player
    sides: tuple[str, str] = ("N/S pair", "E/W pair")  # what the travellers' two sides are headed
    # A table enters who went grand (Minnesota whist): the travellers and score cards say who did
    # and the net points a board is scored on, and the cards name the rules.
    grand: bool = False
    # Why the boards without their analysis will not get it here ("" where the solver is installed):
    # the hand records say so rather than "analysis in progress".
    analysis_unavailable: str = ""


@dataclass(frozen=True)
class Itinerary:
    """What an individual event's itinerary cards print: its schedule and its players' names."""

    schedule: object  # domain.movements.WhistSchedule
    names: dict
    links: dict = field(default_factory=dict)  # player -> the address of their own page on their phone


@dataclass(frozen=True)
class DriveCard:
    """One player's score card: a row per hand (hand, trumps symbol, table, partner, tricks, total),
    a subtotal row after each half but the last."""

    title: str  # "L3 · Lady · Mary Smith"
    rows: tuple[tuple[str, ...], ...]
    total: str


@dataclass(frozen=True)
class DriveTableCard:
    table: int
    lines: tuple[str, ...]  # the movement in words
    code: str
    link: str


SCORE_CARD_COLUMNS = ("Hand", "Trumps", "Table", "Partner", "Tricks", "Running")
# A team night's card, one a team: where its away pair plays, whom each of its pairs meets (the home
# pair v "Queens' away pair", the away pair v "Kings' home pair"), their points.
TEAM_CARD_COLUMNS = ("Hand", "Trumps", "Away at", "Home pair v", "Away pair v", "Points", "Running")
STANDING_COLUMNS = ("Place", "Card", "Name", "First half", "Total", "Sat out")


@dataclass(frozen=True)
class DriveResults:
    prizes: tuple[tuple[str, str, str], ...]  # (prize, who, score)
    standings: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]  # (role heading, rows)
    columns: tuple[str, ...] = STANDING_COLUMNS  # the third the wide one


@dataclass(frozen=True)
class DrivePrint:
    event: PrintEvent
    cards: tuple[DriveCard, ...]
    tables: tuple[DriveTableCard, ...]
    results: DriveResults
    card: str = "score card"  # what the format calls its cards: a team night's "team card"
    # Each document's title as the drive's format words it (a team night's "Team cards").
    titles: dict = field(default_factory=lambda: dict(DRIVE_DOCUMENTS))
    card_columns: tuple[str, ...] = (
        SCORE_CARD_COLUMNS  # the names' columns (wide) after the third, then two scores
    )
    rules: tuple[str, ...] = ()  # the game's rules, printed: a Minnesota drive's name and summary


@dataclass(frozen=True)
class CompetitionSheet:
    """A competition's standings for the club's noticeboard."""

    event: PrintEvent  # the competition's name, club, window (as the date) and paper
    rules: str
    updated: str
    headings: tuple[str, ...]
    lists: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]  # (title, rows) for each list
    apart: tuple[tuple[str, ...], ...]  # (name, played, counted, total, "needs 2 more")
    evenings: int


# A two-player night's papers (``pdf/duels.py``): the round's pairings, a score card for each
# table of the round, and the standings.
NIGHT_DOCUMENTS = {"pairings": "Pairings", "score-cards": "Score cards", "results": "Standings"}


@dataclass(frozen=True)
class NightCard:
    """A table's score card for one match: its two players and a row for each deal to write in."""

    title: str  # "Round 2 · table 3"
    first: str
    second: str
    rows: tuple[tuple[str, ...], ...]  # deal, first's tricks, second's tricks, first's points, second's


@dataclass(frozen=True)
class NightPrint:
    event: PrintEvent
    round_title: str  # "Round 2" or "Knock-out round 1"
    pairings: tuple[tuple[str, str, str], ...]  # table ("Bye" for a bye), first player, second player
    cards: tuple[NightCard, ...]
    standings: tuple[tuple[str, ...], ...]  # place, name, game points, won, tied, lost, spread


# A club's membership papers (``pdf/membership.py``): renewal letters and monthly statements for
# members with no e-mail address, one a page, and a subscription's receipt.
@dataclass(frozen=True)
class RenewalLetter:
    name: str
    category: str  # "" when the member has none
    amount: str  # "£25.00"
    year_start: str  # "1 September 2026"
    year_end: str


@dataclass(frozen=True)
class SubscriptionReceipt:
    number: int
    name: str
    amount: str
    method: str  # "Bank transfer"
    reference: str
    paid_on: str
    paid_until: str


@dataclass(frozen=True)
class StatementLetter:
    """A member's monthly statement of their account, for a member with no e-mail address."""

    name: str
    month: str  # "November 2026"
    start: str  # "1 November 2026"
    end: str
    opening: str  # "£10.00"
    lines: tuple[tuple[str, str, str, str], ...]  # date, what, amount, balance after it
    closing: str


@dataclass(frozen=True)
class MembershipPrint:
    club: str
    paper: str  # "A4" or "LETTER"
    letters: tuple[RenewalLetter, ...] = ()
    receipt: SubscriptionReceipt | None = None
    statements: tuple[StatementLetter, ...] = ()
