"""Deals: four hands of thirteen cards, read and written in PBN's Deal form, and honours.

A PBN deal names the first hand's seat, then the hands clockwise, each as spades.hearts.diamonds.clubs
with ranks A K Q J T 9 .. 2 (a void is empty):

    >>> deal = parse_deal("N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ")
    >>> deal.hand("E")[1]
    'AKQJ'
    >>> honours(deal, "S")
    (4, 0)

Honours (seeds) are the A K Q J of trumps: all four held by one partnership score it 4, three of
them 2; there are none in no-trumps.
"""

from dataclasses import dataclass

from .errors import BoardError

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "AKQJT98765432"
HONOURS = "AKQJ"


Hand = tuple[str, str, str, str]  # ranks in spades, hearts, diamonds, clubs, highest first


@dataclass(frozen=True)
class Deal:
    """The four hands in seat order North, East, South, West."""

    hands: tuple[Hand, Hand, Hand, Hand]

    def hand(self, seat: str) -> Hand:
        return self.hands[SEATS.index(seat)]

    def pbn(self, first: str = "N") -> str:
        start = SEATS.index(first)
        order = [SEATS[(start + i) % 4] for i in range(4)]
        return f"{first}:" + " ".join(".".join(self.hand(seat)) for seat in order)


SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def turned_trumps_problem(deal: Deal, dealer: str, trumps: str) -> str | None:
    """Why ``trumps`` cannot be the turned trumps of this deal (the suit of the dealer's last card),
    or None when they can.

    >>> deal = parse_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    >>> turned_trumps_problem(deal, "N", "S") is None
    True
    >>> turned_trumps_problem(deal, "N", "H")
    'the dealer (N) holds no hearts, so hearts cannot be the turned trumps'
    """
    if trumps not in SUITS:
        return "turned trumps are the suit of the dealer's last card, so they cannot be no trumps"
    if not deal.hand(dealer)[SUITS.index(trumps)]:
        suit = SUIT_NAMES[trumps]
        return f"the dealer ({dealer}) holds no {suit}, so {suit} cannot be the turned trumps"
    return None


def parse_deal(text: str) -> Deal:
    """Read a PBN Deal value; every card must appear once and every hand hold thirteen."""
    text = text.strip()
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in SEATS:
        raise BoardError(f"'{text[:20]}' is not a deal: it should start with a seat, e.g. 'N:'.")
    start = SEATS.index(text[0].upper())
    parts = text[2:].split()
    if len(parts) != 4:
        raise BoardError(f"A deal has four hands; this one has {len(parts)}.")
    hands = {}
    seen = set()
    for offset, part in enumerate(parts):
        seat = SEATS[(start + offset) % 4]
        suits = part.upper().split(".")
        if len(suits) != 4:
            raise BoardError(f"{seat}'s hand '{part}' should have four suits separated by dots.")
        for suit, ranks in zip(SUITS, suits, strict=True):
            for rank in ranks:
                if rank not in RANKS:
                    raise BoardError(f"'{rank}' in {seat}'s hand is not a card rank (A K Q J T 9 ... 2).")
                if (suit, rank) in seen:
                    raise BoardError(f"The {rank} of {suit} appears twice.")
                seen.add((suit, rank))
        count = sum(len(s) for s in suits)
        if count != 13:
            raise BoardError(f"{seat} holds {count} cards, not 13.")
        hands[seat] = tuple("".join(sorted(s, key=RANKS.index)) for s in suits)
    return Deal(tuple(hands[seat] for seat in SEATS))


def honours(deal: Deal, trumps: str) -> tuple[int, int]:
    """Honour points (N/S, E/W) for a deal with these trumps."""
    if trumps not in SUITS:
        return (0, 0)
    suit = SUITS.index(trumps)
    ns = sum(1 for seat in "NS" for rank in deal.hand(seat)[suit] if rank in HONOURS)
    points = {4: 4, 3: 2}
    return (points.get(ns, 0), points.get(4 - ns, 0))
