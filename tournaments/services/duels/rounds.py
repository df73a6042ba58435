"""A two-player night's next round, paired after the request that ended the round before.

Pairing a large Swiss takes seconds, which a tablet must not wait for: the confirmation of a
round's last deal records it and asks for the next round (``duel_round_pair_later``); once it has
committed, a thread of the server's process pairs it (``core.later``: every page that finds the
night waiting for its next round asks again). The pairing locks the night and pairs only what is
due (``nights.pair_when_ready``), so two asked at once pair the round once.
"""

from __future__ import annotations

from django.db import transaction

from ...models import DuelNight
from ..core.later import AfterRequest, after_request_threads_join
from .nights import _locked, pair_when_ready


@transaction.atomic
def duel_round_pair(*, night: DuelNight, user=None) -> bool:
    """Pair the night's next round, here and now, if every round paired is over and the night has
    another to play; True if paired. Nothing when it is not due, so it may be asked any number of
    times (the trail keeps the pairing, as ``nights.duel_night_start`` keeps round 1's)."""
    return pair_when_ready(_locked(night), user=user)


# The pairing of a night's next round (looked up when it runs, so a test may stand in for it).
PAIRING = AfterRequest(
    "pairing of a two-player night's next round", lambda pk: duel_round_pair(night=DuelNight(pk=pk))
)


def duel_round_pair_later(*, night: DuelNight) -> None:
    """Once the current transaction commits: pair the night's next round in a thread of this
    process, unless one is at it already."""
    PAIRING.ask(night.pk)


def duel_pairing_threads_join(timeout: float) -> bool:
    """Wait for this process's pairing threads to finish; False if one still runs after ``timeout``."""
    return after_request_threads_join(timeout)
