"""Places down a ranking: pairs or players level on the figure they are ranked by share a place.

The rule (domain.md, "Ties in the final ranking are shared (shown as equal placing)"): the list is
in order, best first; each takes the place of the first of those level with it, written with "="
when it is shared, and the place after a tie skips as many as shared it. Events rank on their
figure (and the tricks per board played, when they break ties by them); drives on each player's total.

>>> shared_places([60.0, 55.0, 55.0, 50.0, 50.0])
['1', '2=', '2=', '4=', '4=']
>>> shared_places([])
[]

A list cut short (the leaders on the room's screen) shows everyone level with the last it shows:

>>> leaders_shown([9, 8, 7, 7, 6], 3), leaders_shown([9, 8, 7, 7, 6], 2), leaders_shown([9, 8], 10)
(4, 2, 2)
"""

from collections.abc import Hashable, Sequence
from itertools import groupby


def shared_places(figures: Sequence[Hashable]) -> list[str]:
    """The place of each entry of a ranking, given the figures it is ranked on, best first."""
    places: list[str] = []
    for _, level in groupby(figures):
        count = len(list(level))
        place = f"{len(places) + 1}{'=' if count > 1 else ''}"
        places.extend([place] * count)
    return places


def leaders_shown(figures: Sequence[Hashable], count: int) -> int:
    """How many of a ranking, best first, to show for its first ``count``: those level with the
    last of them too, so that no one sharing a place shown is left out."""
    shown = min(count, len(figures))
    while 0 < shown < len(figures) and figures[shown] == figures[shown - 1]:
        shown += 1
    return shown
