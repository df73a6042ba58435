"""A side's score card as a form (the organiser's boxes, a tablet's buttons), what is said once it
is in, and the organiser's page to enter one side's paper card of all three tables."""

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render

from ...domain import leagues as rules
from ...domain.errors import DomainError
from ...domain.rubbers import signed
from ...models import CardDeal
from ...services import leagues
from .league import _organised_league
from .match import HONOURS_WORDS, _fixture, _meeting

SIDES = {"home": CardDeal.Side.HOME, "away": CardDeal.Side.AWAY}


def _side(side: str) -> str:
    if side not in SIDES:
        raise Http404("A card is the home side's or the visitors'.")
    return SIDES[side]


class CardForm(forms.Form):
    """One side's card of the tables given: the tricks it took on each deal, 0 to 13; in games and
    rubbers, with the honours claimed on each deal."""

    def __init__(self, *args, tables, cards, side, honours=None, buttons=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.tables, self.with_honours, self.buttons = tables, honours is not None, buttons
        honours_choices = [("0", "No honours"), *((str(h), w) for h, w in HONOURS_WORDS.items())]
        for table in tables:
            for deal in rules.DEALS:
                where = f"Table {table}, deal {deal}"
                if self.with_honours:
                    self.fields[self.name(table, deal) + "h"] = forms.TypedChoiceField(
                        label=f"Deal {deal} honours",
                        choices=honours_choices,
                        coerce=int,
                        required=False,
                        empty_value=0,
                        initial=str(honours[side].get((table, deal), 0)),
                        widget=forms.RadioSelect
                        if buttons
                        else forms.Select(attrs={"aria-label": f"{where}: honours"}),
                    )
                self.fields[self.name(table, deal)] = forms.IntegerField(
                    label=f"Deal {deal}",
                    min_value=0,
                    max_value=rules.TRICKS,
                    initial=cards[side].get((table, deal)),
                    # At the table: a big button for each count, as the evenings' tablets have;
                    # the organiser types the paper card's figures into boxes.
                    widget=forms.RadioSelect(choices=[(n, str(n)) for n in range(rules.TRICKS + 1)])
                    if buttons
                    else forms.NumberInput(attrs={"inputmode": "numeric", "class": "tricks"}),
                    error_messages={
                        "required": f"{where}: the tricks are missing.",
                        "invalid": f"{where}: write the tricks as a number from 0 to 13.",
                        "min_value": f"{where}: a side takes 0 to 13 tricks of a deal.",
                        "max_value": f"{where}: a side takes 0 to 13 tricks of a deal.",
                    },
                )

    @staticmethod
    def name(table: int, deal: int) -> str:
        return f"t{table}d{deal}"

    def cards(self) -> dict[int, dict[int, int]]:
        return {t: {d: self.cleaned_data[self.name(t, d)] for d in rules.DEALS} for t in self.tables}

    def honours(self) -> dict[int, dict[int, int]] | None:
        if not self.with_honours:
            return None
        return {t: {d: self.cleaned_data[self.name(t, d) + "h"] for d in rules.DEALS} for t in self.tables}

    def grid(self) -> list[dict]:
        """Each table's rows: the deal and its box, a stanza of 8 deals at a time."""
        return [
            {
                "table": table,
                "rows": [
                    {
                        "deal": deal,
                        "field": self[self.name(table, deal)],
                        "honours": self[self.name(table, deal) + "h"] if self.with_honours else None,
                        "meeting": _meeting(table, deal),
                    }
                    for deal in rules.DEALS
                ],
            }
            for table in self.tables
        ]


def _result_message(state: rules.MatchResult) -> str:
    if state.state == rules.AGREED and state.game:
        return (
            f"The cards agree: the result is in, rubber points {signed(state.home_rubber_points)} to "
            f"{signed(state.away_rubber_points)} ({state.home_tricks} tricks to {state.away_tricks})."
        )
    if state.state == rules.AGREED:
        return f"The cards agree: the result is in, {state.home_tricks} tricks to {state.away_tricks}."
    if state.state == rules.HELD:
        return f"The card is in. Held: {state.reason}."
    return f"Thank you: the card is in. The result is {state.reason}."


TableFigures = dict[int, dict[int, int]]  # table -> deal -> a figure, as a card form gives them


def _enter(
    request, form: CardForm, enter: Callable[[TableFigures, TableFigures | None], rules.MatchResult]
) -> bool:
    """The card from the form through ``enter`` (the service, given the tables' figures and their
    honours); True when it is in."""
    if not form.is_valid():
        return False
    try:
        state = enter(form.cards(), form.honours())
    except DomainError as error:
        messages.error(request, str(error))
        return False
    (messages.success if state.state == rules.AGREED else messages.info)(request, _result_message(state))
    return True


@login_required
def league_card(request, slug: str, league_id: int, fixture_id: int, side: str):
    """The organiser enters one side's paper card of all three tables."""
    league = _organised_league(request, slug, league_id)
    fixture = _fixture(league, fixture_id)
    side = _side(side)
    cards, honours = leagues.match_figures(fixture)
    form = CardForm(
        request.POST or None,
        tables=rules.TABLES,
        cards=cards,
        side=side,
        honours=honours if league.game else None,
    )

    def enter(tables, honours):
        return leagues.match_card_enter(
            fixture=fixture, side=side, tables=tables, honours=honours, user=request.user
        )

    if request.method == "POST" and _enter(request, form, enter):
        return redirect("tournaments:league-match", slug=slug, league_id=league.pk, fixture_id=fixture.pk)
    context = {
        "league": league,
        "fixture": fixture,
        "side": side,
        "side_name": leagues.SIDES[side],
        "form": form,
        "grid": form.grid(),
    }
    return render(request, "tournaments/league_card.html", context)
