"""A league match pair's own page of the match on their phone: opened without a login by the link
(and its QR code) the tablet of the table the pair starts at gives; the page looks again by itself
every little while until the match's cards agree.

It shows the match's state as the tablets do, and the pair's three stanzas with their side's
figures of each, the other side's as the side's tablet shows them (``_match_context``: once both
cards of that table are in). Nothing of a table's deals shows before the pair's side has put in
its card of that table. A match names clubs and numbered pairs, nobody's name.

Example: visiting pair 2 of Don Whist Club, the visitors' card of table 1 in and the home side's
not: its page shows deals 17–24 at table 1 with Don's figures beside blanks for the home side's
(still to come), and deals 1–8 at table 2 and 9–16 at table 3 as waiting for Don's cards."""

from django.urls import reverse
from django.views.decorators.cache import never_cache

from ...domain import leagues as rules
from ...models import CardDeal, MatchTable, names_for_public
from ...services.leagues.phone import league_evening_key, league_evening_link, pair_meetings
from ..tablets.phones import phone_holder, phone_link, phone_page
from .match import _match_context, _sides

PAIR_NAMES = {CardDeal.Side.HOME: "home pair", CardDeal.Side.AWAY: "visiting pair"}


def league_evening_url(link: MatchTable) -> str:
    return reverse("tournaments:league-evening", args=[link.pk, league_evening_key(link)])


def pair_name(side: str, pair: int) -> str:
    """ "home pair 2", "visiting pair 3"."""
    return f"{PAIR_NAMES[side]} {pair}"


def phone_links(request, link: MatchTable) -> list[dict]:
    """The link (and its QR code) to the page of the side's pair that starts at this table, for
    the side's tablet there."""
    return [phone_link(request, league_evening_url(link), pair_name(link.side, link.table).capitalize())]


def _stanzas(link: MatchTable, context: dict) -> list[dict]:
    """The pair's stanzas, each with its rows of the side's figures and the other side's as the
    side's tablet shows them (no rows while the side's card of that table is still to come)."""
    side = link.side
    other = CardDeal.Side.AWAY if side == CardDeal.Side.HOME else CardDeal.Side.HOME
    tables = {table["table"]: table for table in context["tables"]}
    stanzas = []
    for meeting in pair_meetings(side, link.table):
        table = tables[meeting.table]
        own_in = (side, meeting.table) not in context["state"].missing
        against = meeting.home_pair if other == CardDeal.Side.HOME else meeting.away_pair
        rows = [
            {"deal": row["deal"], "ours": row[side], "theirs": row[other], "differs": row["differs"]}
            for row in table["rows"]
            if own_in and row["deal"] in meeting.deals
        ]
        lines = table["stanzas"]  # in games and rubbers, once the table's cards agree: one a stanza
        stanzas.append(
            {
                "meeting": meeting,
                "against": pair_name(other, against),
                "own_in": own_in,
                "rows": rows,
                "waiting": any(row["theirs"] is None for row in rows),  # the other side's card of it
                "line": lines[(meeting.deals[0] - 1) // rules.STANZA] if lines else "",
            }
        )
    return stanzas


@never_cache
def league_evening_page(request, link_id: int, key: str):
    link = phone_holder(league_evening_link, link_id, key)
    fixture = link.fixture
    names_for_public(fixture.league.club)
    context = _match_context(fixture, own_side=link.side)
    own, other = _sides(link)
    context |= {
        "link": link,
        "league": fixture.league,
        "own": own,
        "other": other,
        "pair": pair_name(link.side, link.table),
        "stanzas": _stanzas(link, context),
        "finished": context["state"].state == rules.AGREED,
    }
    return phone_page(request, "tournaments/league_evening.html", "tournaments/_league_evening.html", context)
