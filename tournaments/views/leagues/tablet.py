"""Each table's tablet at a match, one for each side: who meets whom, its own card of the table
(the other side's figures once both cards are in), the match's state, and the card tapped in."""

from django.contrib import messages
from django.shortcuts import redirect, render

from ...domain import leagues as rules
from ...models import MatchTable
from ...services import leagues
from ..common import get_by_token
from .cards import CardForm, _enter
from .match import _match_context, _sides
from .phone import phone_links


def _match_table(token: str) -> MatchTable:
    """One side's link to its card at one table, with the match, the match's clubs and its agreed
    result (if any), in one query."""
    related = ("fixture__home", "fixture__away", "fixture__league__club", "fixture__result")
    return get_by_token(MatchTable.objects.select_related(*related), token)


def _tablet_closed(link: MatchTable, state: rules.MatchResult | None = None) -> str:
    """Why this side's tablet may not enter or correct its card now ("" when it may): the match is
    not open (or is over), or both cards of its table are in."""
    fixture = link.fixture
    closed = leagues.may_enter_card(fixture, at_table=True, agreed=hasattr(fixture, "result"))
    if closed or state is None:
        return closed
    return leagues.BOTH_IN.format(table=link.table) if rules.both_cards_in(state, link.table) else ""


def league_tablet(request, token: str):
    """One side's tablet at a match table: who meets whom, its own card of this table (the other
    side's figures once both cards of the table are in), and the match's state."""
    link = _match_table(token)
    fixture = link.fixture
    own, other = _sides(link)
    base = {"link": link, "fixture": fixture, "league": fixture.league, "own": own, "other": other}
    closed = _tablet_closed(link)
    if closed and not hasattr(fixture, "result"):  # not open yet: nothing to show but when it opens
        return render(
            request, "tournaments/league_tablet.html", base | {"closed": closed, "not_yet": True}, status=403
        )
    context = _match_context(fixture, own_side=link.side)
    state = context["state"]
    table = next(t for t in context["tables"] if t["table"] == link.table)
    missing = {side for side, missing_table in state.missing if missing_table == link.table}
    context.update(
        base
        | {
            "table": table,
            "differing_here": sum(row["differs"] for row in table["rows"]),
            "meetings": [m for m in rules.match_movement() if m.table == link.table],
            "own_in": link.side not in missing,
            "other_in": not missing - {link.side},
            "closed": _tablet_closed(link, state),
            # The link to the page of the side's pair that starts at this table.
            "phone_links": phone_links(request, link),
        }
    )
    return render(request, "tournaments/league_tablet.html", context)


def league_tablet_card(request, token: str):
    """This side's card of this table, tapped on its tablet: a big button for each deal's tricks."""
    link = _match_table(token)
    fixture, side = link.fixture, link.side
    cards, honours = figures = leagues.match_figures(fixture)
    closed = _tablet_closed(link, leagues.match_state(fixture, figures))
    if closed:
        if request.method == "POST":
            messages.error(request, closed)
        return redirect("tournaments:league-tablet", token=token)  # the table's page says why
    form = CardForm(
        request.POST or None,
        tables=[link.table],
        cards=cards,
        side=side,
        honours=honours if fixture.league.game else None,
        buttons=True,
    )

    def enter(tables, honours):
        return leagues.match_card_enter_at_table(
            link=link,
            tricks=tables[link.table],
            honours=honours[link.table] if honours is not None else None,
            user=request.user,
        )

    if request.method == "POST" and _enter(request, form, enter):
        return redirect("tournaments:league-tablet", token=token)
    own, other = _sides(link)
    context = {
        "link": link,
        "fixture": fixture,
        "league": fixture.league,
        "own": own,
        "side": side,
        "side_name": leagues.SIDES[side],
        "form": form,
        "grid": form.grid(),
        "meetings": [m for m in rules.match_movement() if m.table == link.table],
    }
    return render(request, "tournaments/league_tablet_card.html", context)
