"""Seeded dealing: the same seed gives the same deals on any machine and any Python version.

The scheme depends on no library's random number generator, only on SHA-256:

1. A stream of bytes for board n is SHA-256("whistdrive-deal-v1|<seed>|<n>|<counter>") for
   counter = 0, 1, 2, ..., concatenated; it is read four bytes at a time as big-endian integers.
2. A whole number below m is drawn by rejection: values at or above the largest multiple of m
   below 2**32 are skipped, so every number below m is equally likely.
3. The deck (spades A..2, hearts, diamonds, clubs) is shuffled by Fisher-Yates: for i from 51
   down to 1, swap card i with card j, j drawn below i + 1. Every order of the 52 cards is
   equally likely, so every deal is.
4. The cards are dealt one at a time clockwise, starting with the dealer's left-hand opponent, so
   the dealer receives the last card; its suit is the trump of a "turned" schedule.

    >>> deal, turned = deal_board("club-night", 1)
    >>> deal.pbn("N")[:2], [len("".join(hand)) for hand in deal.hands]
    ('N:', [13, 13, 13, 13])
    >>> deal_board("club-night", 1) == (deal, turned)
    True
"""

import hashlib
import secrets

from .boards import dealer
from .deals import RANKS, SEATS, SUITS, Deal

DECK = tuple((suit, rank) for suit in SUITS for rank in RANKS)
SCHEME = "whistdrive-deal-v1"


class _Stream:
    def __init__(self, seed: str, board: int):
        self._prefix = f"{SCHEME}|{seed}|{board}|"
        self._counter = 0
        self._buffer = b""

    def _word(self) -> int:
        if len(self._buffer) < 4:
            block = hashlib.sha256(f"{self._prefix}{self._counter}".encode()).digest()
            self._counter += 1
            self._buffer += block
        word, self._buffer = self._buffer[:4], self._buffer[4:]
        return int.from_bytes(word, "big")

    def below(self, m: int) -> int:
        limit = (2**32 // m) * m
        while True:
            value = self._word()
            if value < limit:
                return value % m


def shuffled_deck(seed: str, board: int) -> list[tuple[str, str]]:
    deck = list(DECK)
    stream = _Stream(seed, board)
    for i in range(51, 0, -1):
        j = stream.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_board(seed: str, board: int) -> tuple[Deal, str]:
    """The deal of a board from a seed, and the suit of the dealer's last card."""
    deck = shuffled_deck(seed, board)
    first = (SEATS.index(dealer(board)) + 1) % 4
    cards: dict[str, dict[str, list[str]]] = {seat: {suit: [] for suit in SUITS} for seat in SEATS}
    for position, (suit, rank) in enumerate(deck):
        cards[SEATS[(first + position) % 4]][suit].append(rank)
    hands = tuple(
        tuple("".join(sorted(cards[seat][suit], key=RANKS.index)) for suit in SUITS) for seat in SEATS
    )
    return Deal(hands), deck[-1][0]


def new_seed() -> str:
    """A fresh seed for an organiser who gives none: 64 random bits from the system."""
    return secrets.token_hex(8)
