"""A deal at a table of two: one player enters both players' tricks, the other confirms them (or
sends them back to be entered again); the organiser corrects a deal with a reason. Each keeps its
line in the deal's history and the night's trail; the round's last match over, the next round is
paired after the request (``rounds.py``).

A tablet's write names the round, the match and the deal its page showed (and a confirmation the
figures): deal 3 of round 1 confirmed again once the table is on deal 4 is done already, and deal 3
entered otherwise then is refused ("This was deal 3 of round 1; the table is now on deal 4. ...")."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from ...domain.duels import Deal, DuelError, score_match
from ...domain.entry import OLD_PAGE, EntryError, entry_needed, out_of_date
from ...models import AuditLine, DuelDeal, DuelDealChange, DuelMatch, DuelNight, DuelTable
from ..core.audit import night_log
from ..core.verdicts import require
from .lifecycle import may_correct, may_play
from .nights import DuelServiceError, _locked
from .rounds import duel_round_pair_later
from .state import MatchLine, night_round_name
from .tablet import TableMatches, table_held, table_matches

Action = AuditLine.Action
Change = DuelDealChange.Action


def _text(tricks_a: int, tricks_b: int, black: bool) -> str:
    colour = " (black 27th card)" if black else ""
    return f"{tricks_a} v {tricks_b}{colour}"


def _shown(deal: DuelDeal) -> str:
    return _text(deal.tricks_a, deal.tricks_b, deal.black)


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


def held(token: str, round: int, match_id: int) -> tuple[DuelNight, DuelTable, TableMatches]:
    """The table with its night locked, the match its page named (by its round and id) and its
    match in play now: every write at a night's tables locks the night first, so what is read
    next is the table as it stands. A match of another table is never written to."""
    table = table_held(token)
    night = table.night
    require(may_play(night), DuelServiceError)
    lines = table_matches(night, table.number, table.entered, round=round, match_id=match_id)
    if lines.named is None or lines.named.bye:
        raise DuelServiceError(OLD_PAGE)
    return night, table, lines


def stale(
    named: MatchLine, now: MatchLine | None, deal: int | None = None, shows: str = ""
) -> DuelServiceError:
    """The refusal of a page the table has moved on from: what it named, and where the table is."""
    sent = f"deal {deal} of {named.round_name}" if deal else named.round_name
    if shows:
        where = shows
    elif now is None:
        where = "the table has no match now"
    elif now.finished:
        where = f"the table has finished its match of {now.round_name}"
    elif now is named:
        where = f"the table is now on deal {now.in_play}"
    else:
        where = f"the table is now on deal {now.in_play} of {now.round_name}"
    return DuelServiceError(out_of_date(sent=sent, now=where))


def _check(night: DuelNight, match: DuelMatch, deals: list[DuelDeal], deal: Deal, pending_ok: bool) -> None:
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


def _settled(night: DuelNight, match: DuelMatch, deals: list[DuelDeal]) -> bool:
    """Keep ``match.finished`` as its confirmed deals say (the tablets find the round in play by
    it); True when this made the match over."""
    confirmed = [Deal(d.tricks_a, d.tricks_b, d.black) for d in deals if d.confirmed]
    knockout = match.stage == DuelMatch.Stage.KNOCKOUT
    finished = score_match(night.scoring, night.match_rules, confirmed, knockout).finished
    if finished == match.finished:
        return False
    match.finished = finished
    match.save(update_fields=["finished"])
    return finished


# Each tablet write names what its page showed: the round and the match (``round``, ``match_id``)
# and the deal, with the figures a confirmation or a send-back was shown. The same write sent
# again (a lost reply retried, a double tap) finds it done and writes nothing; a page the table
# has moved on from (a second device, a page left open) is refused in words, never applied to
# whatever the table is on now.


@transaction.atomic
def duel_deal_enter(
    *, token: str, round: int, match_id: int, deal: int, tricks_a: int, tricks_b: int, black: bool = False
) -> DuelDeal:
    """Deal ``deal`` of the table's match, as one player enters it; it counts once the other
    confirms."""
    night, table, lines = held(token, round, match_id)
    named, now = lines.named, lines.now
    there = named.deal(deal)
    if there is not None and (there.tricks_a, there.tricks_b, there.black) == (tricks_a, tricks_b, black):
        return there  # entered already, and perhaps confirmed since: nothing to do
    if named is not now or deal != now.in_play:
        raise stale(named, now, deal)
    try:  # the deal in play already entered otherwise: sent back first, not typed over
        entry_needed(
            deal=night.evening_format.deal,
            number=deal,
            existing=None if there is None else _shown(there),
            confirmed=False,
            entered=_text(tricks_a, tricks_b, black),
            by="",
            checker=named.b.name,
        )
    except EntryError as error:
        raise DuelServiceError(str(error)) from None
    _check(night, named.match, named.deals, Deal(tricks_a, tricks_b, black), pending_ok=False)
    created = DuelDeal.objects.create(
        match=named.match, number=deal, tricks_a=tricks_a, tricks_b=tricks_b, black=black
    )
    _history(named.match, created, Change.CREATED, "", _shown(created), f"table {table.number}")
    return created


def _shown_deal(lines: TableMatches, deal: int, figures: tuple[int, int, bool]) -> DuelDeal | None:
    """The deal a confirmation or a send-back names, as the page showed it (None: sent back
    already, the table still on it); anything else is refused as out of date."""
    named, now = lines.named, lines.now
    there = named.deal(deal)
    if there is None:
        if named is now and deal == now.in_play:
            return None
        raise stale(named, now, deal)
    if (there.tricks_a, there.tricks_b, there.black) != figures:
        raise stale(named, now, deal, f"the table now shows it as {_shown(there)}")
    return there


@transaction.atomic
def duel_deal_confirm(
    *, token: str, round: int, match_id: int, deal: int, tricks_a: int, tricks_b: int, black: bool = False
) -> DuelDeal:
    """The other player agrees the deal they were shown: it counts, and when it ends the night's
    last match still to finish, the next round is paired once this has committed (``rounds.py``)."""
    night, table, lines = held(token, round, match_id)
    named = lines.named
    there = _shown_deal(lines, deal, (tricks_a, tricks_b, black))
    if there is None:
        raise DuelServiceError(
            out_of_date(
                sent=f"deal {deal} of {named.round_name}", now="it was sent back, to be entered again"
            )
        )
    if there.confirmed:
        return there  # the same confirmation again: nothing to do
    there.confirmed = True
    there.save(update_fields=["confirmed"])
    _history(named.match, there, Change.CONFIRMED, "", _shown(there), f"table {table.number}")
    if _settled(night, named.match, named.deals) and lines.open == 1:
        duel_round_pair_later(night=night)  # this was the last match to finish
    return there


@transaction.atomic
def duel_deal_reject(
    *, token: str, round: int, match_id: int, deal: int, tricks_a: int, tricks_b: int, black: bool = False
) -> None:
    """The other player does not agree the deal they were shown: it is entered again."""
    _, table, lines = held(token, round, match_id)
    named = lines.named
    there = _shown_deal(lines, deal, (tricks_a, tricks_b, black))
    if there is None:
        return  # sent back already
    if there.confirmed:
        raise DuelServiceError(f"Deal {deal} is confirmed: only the organiser can change it now.")
    _history(named.match, there, Change.REJECTED, _shown(there), "", f"table {table.number}")
    there.delete()


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
    match = night.matches.filter(pk=match.pk).first()  # read again under the lock, finished or not
    if match is None or match.bye:
        raise DuelServiceError("That match is not one of this night's tables.")
    new = Deal(tricks_a, tricks_b, black)
    try:
        night.scoring.check(new)
    except DuelError as error:
        raise DuelServiceError(str(error)) from None
    deals = list(match.deals.order_by("number"))
    deal = next((d for d in deals if d.number == number), None)
    if deal is None:
        _check(night, match, deals, new, pending_ok=True)
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
    after = list(match.deals.order_by("number"))
    try:
        played = [Deal(d.tricks_a, d.tricks_b, d.black) for d in after]
        score_match(night.scoring, night.match_rules, played, match.stage == DuelMatch.Stage.KNOCKOUT)
    except DuelError as error:
        raise DuelServiceError(f"{error} Correct the later deals first, or remove them.") from None
    _settled(night, match, after)  # over now, or no longer
    _history(match, deal, Change.CORRECTED, before, _shown(deal), "organiser", user, reason.strip())
    night_log(
        night=night,
        action=Action.CORRECTED,
        detail=f"{night_round_name(night, match.round)}, table {match.table}, deal {number}: "
        f"{before or '—'} → {_shown(deal)} ({reason.strip()})",
        user=user,
    )
    if may_play(night) and not night.matches.filter(finished=False).exists():
        duel_round_pair_later(night=night)  # the rounds already paired stand; the next is paired
    return deal
