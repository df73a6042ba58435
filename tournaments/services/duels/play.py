"""A deal at a table of two: one player enters both players' tricks, the other confirms them (or
sends them back to be entered again); the organiser corrects a deal with a reason. Each keeps its
line in the deal's history and the night's trail; the round's last match over pairs the next."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from ...domain.duels import Deal, DuelError, score_match
from ...models import AuditLine, DuelDeal, DuelDealChange, DuelMatch, DuelNight, DuelTable
from ..core.audit import night_log
from ..core.verdicts import require
from .lifecycle import may_correct, may_play
from .nights import DuelServiceError, _locked, pair_when_ready
from .state import night_round_name, night_state

Action = AuditLine.Action
Change = DuelDealChange.Action


def _shown(deal: DuelDeal) -> str:
    colour = " (black 27th card)" if deal.black else ""
    return f"{deal.tricks_a} v {deal.tricks_b}{colour}"


def _history(
    match: DuelMatch, deal: DuelDeal, action: str, before: str, after: str, source: str, user=None, reason=""
):
    DuelDealChange.objects.create(
        match=match,
        deal=deal.number,
        action=action,
        before=before,
        after=after,
        reason=reason,
        source=source,
        changed_by=user if user is not None and user.is_authenticated else None,
        changed_at=timezone.now(),
    )


def _table_match(token: str) -> tuple[DuelNight, DuelTable, DuelMatch]:
    table = DuelTable.objects.select_related("night").filter(token=token).first()
    if table is None:
        raise DuelServiceError("This table's link is not in use: ask the organiser for the table's code.")
    night = _locked(table.night)
    require(may_play(night), DuelServiceError)
    playing = night_state(night).round_in_play
    match = night.matches.filter(round=playing, table=table.number, player_b__isnull=False).first()
    if match is None:
        raise DuelServiceError("No match at this table this round: wait for the next.")
    return night, table, match


def _check(night: DuelNight, match: DuelMatch, deal: Deal, pending_ok: bool) -> None:
    deals = list(match.deals.order_by("number"))
    if not pending_ok and any(not d.confirmed for d in deals):
        raise DuelServiceError("The last deal waits for the other player to confirm it.")
    confirmed = [Deal(d.tricks_a, d.tricks_b, d.black) for d in deals if d.confirmed]
    knockout = match.stage == DuelMatch.Stage.KNOCKOUT
    try:
        night.scoring.check(deal)
        if score_match(night.scoring, night.match_rules, confirmed, knockout).finished:
            raise DuelServiceError("This match is over: no more deals are entered.")
    except DuelError as error:
        raise DuelServiceError(str(error)) from None


@transaction.atomic
def duel_table_check_in(*, token: str) -> DuelMatch:
    """The two players of the table's match say they are there (the night's trail keeps it)."""
    night, table, match = _table_match(token)
    if match.checked_in_at is None:
        match.checked_in_at = timezone.now()
        match.save(update_fields=["checked_in_at"])
        names = f"{match.player_a.name} and {match.player_b.name}"
        night_log(
            night=night,
            action=Action.CHECKED_IN,
            detail=f"{night_round_name(night, match.round)}, table {table.number}: {names}",
        )
    return match


@transaction.atomic
def duel_deal_enter(*, token: str, tricks_a: int, tricks_b: int, black: bool = False) -> DuelDeal:
    """The next deal of the table's match, as one player enters it; it counts once the other
    confirms."""
    night, table, match = _table_match(token)
    _check(night, match, Deal(tricks_a, tricks_b, black), pending_ok=False)
    number = match.deals.count() + 1
    deal = DuelDeal.objects.create(
        match=match, number=number, tricks_a=tricks_a, tricks_b=tricks_b, black=black
    )
    _history(match, deal, Change.CREATED, "", _shown(deal), f"table {table.number}")
    return deal


def _pending(match: DuelMatch) -> DuelDeal:
    deal = match.deals.filter(confirmed=False).order_by("number").first()
    if deal is None:
        raise DuelServiceError("There is no deal waiting to be confirmed at this table.")
    return deal


@transaction.atomic
def duel_deal_confirm(*, token: str) -> DuelDeal:
    """The other player agrees: the deal counts, and when it ends the round's last match the next
    round is paired."""
    night, table, match = _table_match(token)
    deal = _pending(match)
    deal.confirmed = True
    deal.save(update_fields=["confirmed"])
    _history(match, deal, Change.CONFIRMED, "", _shown(deal), f"table {table.number}")
    pair_when_ready(night)
    return deal


@transaction.atomic
def duel_deal_reject(*, token: str) -> None:
    """The other player does not agree: the deal is entered again."""
    night, table, match = _table_match(token)
    deal = _pending(match)
    _history(match, deal, Change.REJECTED, _shown(deal), "", f"table {table.number}")
    deal.delete()


@transaction.atomic
def duel_deal_correct(
    *,
    night: DuelNight,
    match: DuelMatch,
    number: int,
    tricks_a: int,
    tricks_b: int,
    black: bool = False,
    reason: str,
    user=None,
) -> DuelDeal:
    """The organiser's correction of a deal played (or a deal entered for a table from its score
    card, when ``number`` is the next): the pairings already made stand."""
    night = _locked(night)
    if not reason.strip():
        raise DuelServiceError("Say why the deal is corrected: the reason is kept in the history.")
    require(may_correct(night), DuelServiceError)
    if match.night_id != night.pk or match.bye:
        raise DuelServiceError("That match is not one of this night's tables.")
    new = Deal(tricks_a, tricks_b, black)
    try:
        night.scoring.check(new)
    except DuelError as error:
        raise DuelServiceError(str(error)) from None
    deal = match.deals.filter(number=number).first()
    if deal is None:
        _check(night, match, new, pending_ok=True)
        if number != match.deals.count() + 1:
            raise DuelServiceError(
                f"Deal {number} cannot be added: the match has {match.deals.count()} deals."
            )
        deal = DuelDeal.objects.create(
            match=match, number=number, tricks_a=tricks_a, tricks_b=tricks_b, black=black, confirmed=True
        )
        before = ""
    else:
        before = _shown(deal) + ("" if deal.confirmed else " (unconfirmed)")
        deal.tricks_a, deal.tricks_b, deal.black, deal.confirmed = tricks_a, tricks_b, black, True
        deal.save(update_fields=["tricks_a", "tricks_b", "black", "confirmed"])
    # A correction that would make a finished match go on (or end sooner) is refused whole.
    confirmed = [Deal(d.tricks_a, d.tricks_b, d.black) for d in match.deals.order_by("number")]
    try:
        score_match(night.scoring, night.match_rules, confirmed, match.stage == DuelMatch.Stage.KNOCKOUT)
    except DuelError as error:
        raise DuelServiceError(f"{error} Correct the later deals first, or remove them.") from None
    _history(match, deal, Change.CORRECTED, before, _shown(deal), "organiser", user, reason.strip())
    night_log(
        night=night,
        action=Action.CORRECTED,
        detail=f"{night_round_name(night, match.round)}, table {match.table}, deal {number}: "
        f"{before or '—'} → {_shown(deal)} ({reason.strip()})",
        user=user,
    )
    pair_when_ready(night, user=user)  # a night no longer running is paired no more
    return deal
