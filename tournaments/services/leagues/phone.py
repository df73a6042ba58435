"""A league match pair's own page of the match, on their phone: whose page a link opens, and which
stanzas are the pair's.

A match's pairs are known by their side and number only (home pair 2, visiting pair 3): each pair
starts at the table of its number (``domain.leagues.match_movement``), so its page is reached by
that side's link to that table (a ``MatchTable``), whose tablet gives it. The link carries the
table link's id and a key signed from the match and that id (``core.phones``), so one side's page
never opens the other's. What the page shows of the cards is what the side's tablet shows: the
other side's figures of a table once both its cards are in (``views.leagues.match``).

Example: visiting pair 1 starts at table 1; its page lists deals 1–8 at table 1 against home pair
1, deals 9–16 at table 2 against home pair 2, and deals 17–24 at table 3 against home pair 3.

>>> [(m.table, m.home_pair, m.deals[0]) for m in pair_meetings("away", 1)]
[(1, 1, 1), (2, 2, 9), (3, 3, 17)]
"""

from ...domain import leagues as rules
from ...models import CardDeal, MatchTable
from ..core.phones import phone_key, phone_key_fits

SCOPE = "league-evening"  # the page's URL name


def league_evening_key(link: MatchTable) -> str:
    """The key of the page of the pair that starts at this side's table: a signature of the match
    and the table link."""
    return phone_key(SCOPE, link.fixture_id, link.pk)


def league_evening_link(link_id: int, key: str) -> MatchTable | None:
    """The side's table link whose pair's page this key opens, with its match, the match's clubs,
    league and agreed result (if any), in one query (None: no such link, or the wrong key)."""
    related = ("fixture__home", "fixture__away", "fixture__league__club", "fixture__result")
    link = MatchTable.objects.select_related(*related).filter(pk=link_id).first()
    if link is None or not phone_key_fits(key, SCOPE, link.fixture_id, link.pk):
        return None
    return link


def pair_meetings(side: str, pair: int) -> list[rules.Meeting]:
    """The stanzas the side's pair of this number plays, in the order it plays them."""
    home = side == CardDeal.Side.HOME
    return [m for m in rules.match_movement() if (m.home_pair if home else m.away_pair) == pair]
