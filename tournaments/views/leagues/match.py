"""A match's page: its two sides' cards side by side, the deals that differ marked, each stanza's
score in games and rubbers, and for the organiser each side's table links."""

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse

from ...domain import leagues as rules
from ...domain.rubbers import running, signed
from ...models import CardDeal, Fixture, League, LeagueClub, MatchTable
from ...services import leagues
from ..common import login_when_needed, organises_club, tablet_base_url
from .league import _league

# The honours a card gives, from its side's view: 4 or 2 its own, -4 or -2 the other side's.
HONOURS_WORDS = {4: "we 4 honours", 2: "we 2 honours", -2: "they 2 honours", -4: "they 4 honours"}


def _fixture(league: League, fixture_id: int) -> Fixture:
    fixture = Fixture.objects.select_related("home", "away", "league__club").filter(
        pk=fixture_id, league=league
    )
    if not fixture:
        raise Http404("There is no such match.")
    return fixture[0]


def _sides(link: MatchTable) -> tuple[LeagueClub, LeagueClub]:
    """The link's own club and the other side's."""
    fixture = link.fixture
    return (fixture.home, fixture.away) if link.side == CardDeal.Side.HOME else (fixture.away, fixture.home)


def _meeting(table: int, deal: int) -> rules.Meeting:
    """Who plays this deal at this table."""
    return next(m for m in rules.match_movement() if m.table == table and deal in m.deals)


def _match_context(fixture: Fixture, *, organises: bool = False, own_side: str = "") -> dict:
    """A match's two cards side by side, each table's deals with the differing ones marked. The
    cards are compared only if each side writes its own, so a table's figures show once both its
    cards are in ("in" until then), but to the side whose card it is (``own_side``, its tablet);
    the organiser, who holds the paper cards, sees them all."""
    cards, honours = figures = leagues.match_figures(fixture)
    state = leagues.match_state(fixture, figures)
    differing = {(d.table, d.deal) for d in state.differences}
    waiting = set() if organises else {table for _, table in state.missing}

    void = {
        side: rules.void_claims(state.game, cards[side], honours[side]) if state.game else {}
        for side in cards
    }

    def shown(side: str, table: int, deal: int):
        figure = cards[side].get((table, deal))
        if figure is not None and table in waiting and side != own_side:
            return "in"
        claimed = honours[side].get((table, deal))
        if figure is None or not claimed:
            return figure
        words = ", ".join(filter(None, (HONOURS_WORDS[claimed], void[side].get((table, deal)))))
        return f"{figure} ({words})"

    tables = []
    for table in rules.TABLES:
        rows = [
            {
                "deal": deal,
                "home": shown(CardDeal.Side.HOME, table, deal),
                "away": shown(CardDeal.Side.AWAY, table, deal),
                "differs": (table, deal) in differing,
                "meeting": _meeting(table, deal),
            }
            for deal in rules.DEALS
        ]
        tables.append(
            {"table": table, "rows": rows, "stanzas": _stanzas(fixture, state, cards, honours, table)}
        )
    return {
        "fixture": fixture,
        "state": state,
        "tables": tables,
        "home_rubber_points": signed(state.home_rubber_points),
        "away_rubber_points": signed(state.away_rubber_points),
    }


def _stanzas(fixture: Fixture, state: rules.MatchResult, cards, honours, table: int) -> list[str]:
    """In games and rubbers, each stanza's score at the table from the home card, once the table's
    two cards are in and agree (whatever the other tables): "Deals 1–8: Dee 0 · Don 0, game to 5;
    rubber 2: 0–0; rubber points Dee +4 · Don −4"."""
    unsettled = {t for _, t in state.missing} | {d.table for d in state.differences}
    if not state.game or table in unsettled:
        return []
    home = CardDeal.Side.HOME
    lines = []
    for meeting in rules.match_movement():
        if meeting.table == table:
            played = rules.stanza_deals(cards[home], honours[home], meeting)
            score = running(state.game, played)[-1]
            sides = (fixture.home.name, fixture.away.name)
            deals = f"Deals {meeting.deals[0]}–{meeting.deals[-1]}"
            lines.append(f"{deals}: {score.line(sides)}; {score.points_line(sides)}")
    return lines


@login_when_needed
def league_match(request, slug: str, league_id: int, fixture_id: int):
    league = _league(request, slug, league_id)
    fixture = _fixture(league, fixture_id)
    organises = organises_club(request.user, league.club)
    context = {"league": league, "organises": organises, **_match_context(fixture, organises=organises)}
    if organises:
        base = tablet_base_url(request).rstrip("/")
        context["links"] = [  # the home side's three, then the visitors'
            {"link": link, "url": base + reverse("tournaments:league-tablet", args=[link.token])}
            for link in fixture.tables.order_by("-side", "table")
        ]
    return render(request, "tournaments/league_match.html", context)
