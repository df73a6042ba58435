"""A match read from its two sides' score cards: each side's figures, the state they give (agreed,
held or waiting, by ``domain/leagues.py``), and whether the match's tables are open.

A match's tables (their codes and links) open the day before its date and close once its result
is agreed (``may_play_match``): a tablet may enter or correct its table's cards only then; the
organiser corrects a card at any time (from the paper cards)."""

from datetime import date as Date
from datetime import timedelta

from django.utils import timezone

from ...domain import leagues as rules
from ...models import CardDeal, Fixture, League, MatchResult
from ..core.verdicts import ALLOWED, Verdict, refused

SIDES = {CardDeal.Side.HOME: "the home side's card", CardDeal.Side.AWAY: "the visitors' card"}
BOTH_IN = (
    "Both cards of table {table} are in: a side can no longer change its card at the table. "
    "If a figure is wrong, the organiser corrects it from the paper card."
)


Cards = dict[str, dict[tuple[int, int], int]]  # by side: (table, deal) -> a figure of that side's card


def match_figures(fixture: Fixture) -> tuple[Cards, Cards]:
    """Each side's card: (table, deal) -> the tricks it says it took; and the honours it gives, in
    games and rubbers (4 or 2 to its own side, -4 or -2 to the other's, none left out)."""
    cards: Cards = {side: {} for side in CardDeal.Side.values}
    honours: Cards = {side: {} for side in CardDeal.Side.values}
    figures = fixture.card_deals.values_list("side", "table", "deal", "tricks", "honours")
    for side, table, deal, tricks, claimed in figures:
        cards[side][table, deal] = tricks
        if claimed:
            honours[side][table, deal] = claimed
    return cards, honours


def match_cards(fixture: Fixture) -> Cards:
    """Each side's card: (table, deal) -> the tricks it says it took."""
    return match_figures(fixture)[0]


def _result(game: int, cards: Cards, honours: Cards) -> rules.MatchResult:
    home, away = CardDeal.Side.HOME, CardDeal.Side.AWAY
    return rules.match_result(
        cards[home], cards[away], game=game, home_honours=honours[home], away_honours=honours[away]
    )


def unagreed_states(league: League) -> dict[int, rules.MatchResult]:
    """How far each match with a card in but no agreed result has come (held or waiting), by the
    fixture's id: its cards read in one query, the rules asked as for one match."""
    figures: dict[int, tuple[Cards, Cards]] = {}
    deals = CardDeal.objects.filter(fixture__league=league, fixture__result__isnull=True)
    for fixture, side, table, deal, tricks, claimed in deals.values_list(
        "fixture", "side", "table", "deal", "tricks", "honours"
    ):
        cards, honours = figures.setdefault(
            fixture, tuple({s: {} for s in CardDeal.Side.values} for _ in "ch")
        )
        cards[side][table, deal] = tricks
        if claimed:
            honours[side][table, deal] = claimed
    return {fixture: _result(league.game, *sides) for fixture, sides in figures.items()}


def match_state(fixture: Fixture, figures: tuple[Cards, Cards] | None = None) -> rules.MatchResult:
    """The match's state from its cards (read now, or ``figures`` as ``match_figures`` gives them)."""
    return _result(fixture.league.game, *(figures if figures is not None else match_figures(fixture)))


def may_play_match(fixture: Fixture, *, today: Date | None = None, agreed: bool | None = None) -> Verdict:
    """May the match's tables be used now (its codes open, its tablets take cards)? From the day
    before its date (a match with no date: from the start) until its result is agreed. A code
    live all season is one more to guess: a 20-club league has some 4,560. ``agreed`` is whether
    its result is agreed, from a caller that has read it already; None asks the database.

    A match on Tue 3 Mar 2026 opens on Mon 2 Mar, and stays open, however late, until its cards
    agree."""
    today = today or timezone.localdate()
    if fixture.date is not None and today < fixture.date - timedelta(days=1):
        on = f"{fixture.date:%a} {fixture.date.day} {fixture.date:%b}"
        return refused(f"This match is on {on}; its tables open the day before.")
    if agreed is None:
        agreed = MatchResult.objects.filter(fixture=fixture).exists()
    if agreed:
        return refused(
            "This match is over: its result is agreed. Ask the organiser if a card needs correcting."
        )
    return ALLOWED


def may_enter_card(fixture: Fixture, *, at_table: bool, agreed: bool | None = None) -> str:
    """Why a card of this match cannot be entered now ("" when it can): a tablet's only while the
    match may be played; the organiser may always enter or correct one. ``agreed`` as for
    ``may_play_match``."""
    return may_play_match(fixture, agreed=agreed).reason if at_table else ""
