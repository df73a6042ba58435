"""Double-dummy analysis through endplay (DDS): how many tricks each side takes with perfect play.

endplay is imported only here and only when a deal is analysed: it takes about a second to load.
Computed once a board's deal is stored, after the request that dealt it (services/events/analysing.py),
and stored with the board.
"""

import threading

from .domain.deals import SEATS, Deal

STRAIN_ORDER = ("S", "H", "D", "C", "NT")  # endplay's Denom order
CHUNK = 32  # DDS solves a limited number of tables in one call
# DDS runs its own threads over one working memory of the library's: one call at a time in a process
# (two events analysed at once by two threads of one server process take turns).
_DDS = threading.Lock()


def dd_tables(deals: list[Deal]) -> list[dict[str, dict[str, int]]]:
    """For each deal: tricks by strain and declarer, e.g. table["H"]["N"] = 9."""
    if not deals:
        return []
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EndplayDeal

    tables = []
    for start in range(0, len(deals), CHUNK):
        chunk = deals[start : start + CHUNK]
        with _DDS:
            tables += calc_all_tables([EndplayDeal(deal.pbn("N")) for deal in chunk])
    return [
        {
            strain: dict(zip(SEATS, row, strict=True))
            for strain, row in zip(STRAIN_ORDER, table.to_list(), strict=True)
        }
        for table in tables
    ]


def ns_tricks(table: dict[str, dict[str, int]], trumps: str, dealer: str) -> int:
    """N/S tricks in whist: these trumps, the dealer's left-hand opponent leading.

    With the dealer as DDS's declarer, DDS's opening leader is the dealer's left: the whist lead.
    """
    dealer_side = table[trumps][dealer]
    return dealer_side if dealer in "NS" else 13 - dealer_side
