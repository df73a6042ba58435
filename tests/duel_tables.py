"""A two-player table's tablet as the tests drive it: each write names what the table's page shows
now (its round, its match and the deal it is on), as the page's form does; and the next round
paired, as the server pairs it after the request that ended the round before."""

import re

from tournaments.models import DuelTable
from tournaments.services import duels


def shown(token: str) -> dict:
    """What the table's page names now: its round, its match and the deal it is on."""
    table = DuelTable.objects.select_related("night").get(token=token)
    line = duels.table_view(table.night, table.number).line
    return {"round": line.match.round, "match_id": line.match.pk, "deal": line.in_play}


def enter(token: str, a: int, b: int, black: bool = False):
    return duels.duel_deal_enter(token=token, **shown(token), tricks_a=a, tricks_b=b, black=black)


def pending(token: str) -> dict:
    """The deal waiting for the other player's word, as the page shows it, figures and all."""
    named = shown(token)
    table = DuelTable.objects.get(token=token)
    deal = table.night.matches.get(pk=named["match_id"]).deals.get(number=named["deal"])
    return named | {"tricks_a": deal.tricks_a, "tricks_b": deal.tricks_b, "black": deal.black}


def confirm(token: str):
    return duels.duel_deal_confirm(token=token, **pending(token))


def reject(token: str):
    return duels.duel_deal_reject(token=token, **pending(token))


def pair_pending(night) -> bool:
    """The night's next round paired if it is due, as the server does once the confirmation that
    ended the round before has committed (a test's transaction never commits); True if paired."""
    return duels.duel_round_pair(night=night)


def form(page: str, action: str) -> dict:
    """The hidden fields of the page's form that posts to ``action`` ("enter/", "confirm/"): what
    the page names, as a tablet sends it."""
    start = page.index(f'{action}"')
    block = page[start : page.index("</form>", start)]
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', block))
