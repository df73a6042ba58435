"""The arrow switch: on a switched round the pair sitting N/S plays the E/W cards, and the other way.

Results are kept by the cards, so that a board compares like with like: ``ns_pair`` is the pair
that held the N/S hands and ``ns_tricks`` the tricks those hands took. The players, the tablets,
the organiser's corrections and the printed travellers speak of the pairs as they sat. These two
functions (and ``sides``, for any two figures of a result) turn one view into the other; nothing
else in the product does the conversion.

On an unswitched round both views are the same. On a switched round the pairs change places, the
tricks become 13 minus themselves, and each side keeps its own adjusted score:

    >>> seated = Score(ns_pair="N/S 1", ew_pair="E/W 3", ns_tricks=8)
    >>> by_cards = to_cards(seated, switched=True)
    >>> by_cards.ns_pair, by_cards.ew_pair, by_cards.ns_tricks
    ('E/W 3', 'N/S 1', 5)
    >>> to_seats(by_cards, switched=True) == seated
    True
    >>> to_cards(Score("N/S 1", "E/W 3", ns_adjusted="A+", ew_adjusted="A-"), switched=True).ns_adjusted
    'A-'
    >>> to_cards(Score("N/S 1", "E/W 3", 8, granded="NS"), switched=True).granded
    'EW'
    >>> cards_held("N/S", switched=True)
    'E/W'
"""

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Score:
    """Two pairs and what happened between them: N/S tricks, or an adjusted score for each side.

    The pairs may be anything that names a pair (a model row, a key, a number).
    """

    ns_pair: Any
    ew_pair: Any
    ns_tricks: int | None = None
    ns_adjusted: str = ""
    ew_adjusted: str = ""
    granded: str = ""  # Minnesota whist: who went grand, "NS", "EW" or "" (by the same view)

    @property
    def ew_tricks(self) -> int | None:
        return None if self.ns_tricks is None else 13 - self.ns_tricks


def sides(ns_cards, ew_cards, *, switched: bool) -> tuple:
    """Two figures of a result, the N/S cards' first, in the order the pairs sat (the pair sitting
    N/S first); and the other way, the switch being its own inverse. Scores, tricks, anything.

    >>> sides(60.0, 40.0, switched=True)
    (40.0, 60.0)
    """
    return (ew_cards, ns_cards) if switched else (ns_cards, ew_cards)


def _swap(score: Score) -> Score:
    ns_pair, ew_pair = sides(score.ns_pair, score.ew_pair, switched=True)
    ns_adjusted, ew_adjusted = sides(score.ns_adjusted, score.ew_adjusted, switched=True)
    granded = {"NS": "EW", "EW": "NS"}.get(score.granded, score.granded)
    return Score(ns_pair, ew_pair, score.ew_tricks, ns_adjusted, ew_adjusted, granded)


def to_cards(seated: Score, *, switched: bool) -> Score:
    """A score as the pairs sat (N/S pair's tricks) turned into the score by the cards they held."""
    return _swap(seated) if switched else seated


def to_seats(by_cards: Score, *, switched: bool) -> Score:
    """A score kept by the cards turned into the score as the pairs sat (N/S pair's tricks)."""
    return _swap(by_cards) if switched else by_cards


def cards_held(side: str, *, switched: bool) -> str:
    """The cards ("N/S" or "E/W") held by the pair sitting on ``side``."""
    return {"N/S": "E/W", "E/W": "N/S"}[side] if switched else side
