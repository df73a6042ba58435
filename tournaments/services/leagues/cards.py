"""A match's score cards entered and corrected, and its agreed result kept in step with them.

Each side enters its own card of a table (the tricks it took on each of the 24 deals): on the
table's tablet, or the organiser from the paper cards. After each card the match is looked at
again: every card in and every deal adding up to 13, the result is agreed (``MatchResult``) and
counts in the league table; a deal that differs holds it, and the pages say which deals, until a
card is corrected. Each side's card at each table has its own link and code (``MatchTable``): a
tablet enters or corrects its own side's card of its own table, until both cards of that table
are in (it has seen the other's then); after that only the organiser corrects a card. Every card,
correction, hold and agreement has its line in the trail of the club that runs the league."""

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone

from ...domain import leagues as rules
from ...domain.rubbers import signed
from ...models import AuditLine, CardDeal, Fixture, MatchResult, MatchTable
from ..core.errors import ServiceError
from .league import _line
from .match import BOTH_IN, SIDES, match_figures, match_state, may_enter_card


def _match_name(fixture: Fixture) -> str:
    return f"round {fixture.round}, {fixture.home.name} v {fixture.away.name}"


def _changed_deals(before: Mapping[int, int], after: Mapping[int, int], word: str = "") -> str:
    return ", ".join(
        f"deal {deal} {word}{before[deal]} → {after[deal]}"
        for deal in rules.DEALS
        if before[deal] != after[deal]
    )


@transaction.atomic(durable=True)
def match_card_enter(
    *,
    fixture: Fixture,
    side: str,
    tables: Mapping[int, Mapping[int, int]],
    honours: Mapping[int, Mapping[int, int]] | None = None,
    at_table: bool = False,
    user=None,
) -> rules.MatchResult:
    """Enter one side's card of each table given (deal -> tricks that side took; in games and
    rubbers, ``honours`` deal -> the honours it gives, 4 or 2 to its side, -4 or -2 to the other's,
    none left out), or correct it, and look at the match again: agreed, held (which deals differ)
    or waiting for a card."""
    honours = honours or {}
    fixture = (
        Fixture.objects.select_for_update(of=("self",))
        .select_related("league__club", "home", "away")
        .get(pk=fixture.pk)
    )
    if side not in CardDeal.Side.values:
        raise ServiceError("A card is the home side's or the visitors'.")
    if not tables or set(tables) - set(rules.TABLES):
        raise ServiceError(f"A match is played at tables {rules.TABLES[0]} to {rules.TABLES[-1]}.")
    if any(honours.values()) and not fixture.league.game:
        raise ServiceError(f"{fixture.league} does not play games and rubbers: its cards give no honours.")
    for table, tricks in tables.items():
        rules.check_card(tricks, table=table, honours=honours.get(table))
    refused = may_enter_card(fixture, at_table=at_table)
    if refused:
        raise ServiceError(refused)
    cards, claims = match_figures(fixture)
    before = match_state(fixture, (cards, claims))
    if at_table:
        for table in sorted(tables):
            if rules.both_cards_in(before, table):
                raise ServiceError(BOTH_IN.format(table=table))
    league, where = fixture.league, "at the table" if at_table else "from the paper card"
    for table, tricks in sorted(tables.items()):
        old = {deal: cards[side].get((table, deal)) for deal in rules.DEALS}
        old_honours = {deal: claims[side].get((table, deal), 0) for deal in rules.DEALS}
        new_honours = {deal: honours.get(table, {}).get(deal) or 0 for deal in rules.DEALS}
        if old == dict(tricks) and old_honours == new_honours:
            continue
        CardDeal.objects.filter(fixture=fixture, side=side, table=table).delete()
        CardDeal.objects.bulk_create(
            CardDeal(
                fixture=fixture,
                side=side,
                table=table,
                deal=deal,
                tricks=tricks[deal],
                honours=new_honours[deal],
            )
            for deal in rules.DEALS
        )
        cards[side].update({(table, deal): tricks[deal] for deal in rules.DEALS})
        for deal, claimed in new_honours.items():
            if claimed:
                claims[side][table, deal] = claimed
            else:
                claims[side].pop((table, deal), None)
        what = f"{_match_name(fixture)}, table {table}: {SIDES[side]}"
        if None in old.values():
            _line(league, AuditLine.Action.CARD, f"{what} entered {where}", user)
        else:
            changes = ", ".join(
                change
                for change in (
                    _changed_deals(old, tricks),
                    _changed_deals(old_honours, new_honours, "honours "),
                )
                if change
            )
            _line(league, AuditLine.Action.CORRECTED, f"{what} corrected {where}: {changes}", user)
    after = match_state(fixture, (cards, claims))
    _settle(fixture, before, after, user)
    return after


def match_card_enter_at_table(
    *,
    link: MatchTable,
    tricks: Mapping[int, int],
    honours: Mapping[int, int] | None = None,
    user=None,
) -> rules.MatchResult:
    """Enter or correct the card of the side and table whose link (or code) the tablet opened:
    that side's card at that table, and no other; refused once both cards of the table are in."""
    return match_card_enter(
        fixture=link.fixture,
        side=link.side,
        tables={link.table: tricks},
        honours={link.table: honours} if honours is not None else None,
        at_table=True,
        user=user,
    )


def _settle(fixture: Fixture, before: rules.MatchResult, after: rules.MatchResult, user) -> None:
    """Keep the agreed result in step with the cards, with a line when the match's state changes."""
    name = _match_name(fixture)
    if after.state == rules.AGREED:
        if before == after:
            return
        MatchResult.objects.update_or_create(
            fixture=fixture,
            defaults={
                "home_tricks": after.home_tricks,
                "away_tricks": after.away_tricks,
                "home_rubber_points": after.home_rubber_points if after.game else None,
                "agreed_at": timezone.now(),
            },
        )
        detail = (
            f"{name}: {fixture.home.name} {after.home_tricks} tricks, {fixture.away.name} {after.away_tricks}"
        )
        if after.game:
            detail += (
                f"; rubber points {signed(after.home_rubber_points)} to {signed(after.away_rubber_points)}"
            )
        _line(fixture.league, AuditLine.Action.AGREED, detail, user)
        return
    MatchResult.objects.filter(fixture=fixture).delete()
    if after.state == rules.HELD and before.differences != after.differences:
        _line(fixture.league, AuditLine.Action.HELD, f"{name}: held, {after.reason}", user)
