"""A two-player night's next round, paired after the request that ended the round before.

Pairing a large Swiss takes seconds, which a tablet must not wait for: the confirmation of a
round's last deal records it and asks for the next round (``duel_round_pair_later``); once it has
committed, a thread of the server's process pairs it. Every page that finds the night waiting for
its next round (the organiser's, a table's, the room display) asks again, so a server stopped
mid-pairing never leaves a night waiting: the pairing it had begun was never committed.

The pairing locks the night and pairs only what is due (``nights.pair_when_ready``), so two asked
at once, in one process or two, pair the round once: the second finds it paired. A process runs
one pairing a night at a time, and after a pairing that failed (logged, with the night's state
unchanged) waits ``RETRY`` before trying that night again. With ``DUEL_PAIRING_IN_BACKGROUND`` off
(the tests), the round is paired in the thread that asked, once its transaction has committed.
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import connections, transaction

from ...models import DuelNight
from .nights import _locked, pair_when_ready

logger = logging.getLogger(__name__)

RETRY = 60.0  # seconds between a failed pairing of a night and the next try, in one process

_guard = threading.Lock()
_pairing: set[int] = set()  # the nights this process is pairing now
_failed: dict[int, float] = {}  # a night whose pairing failed: when (time.monotonic)
_threads: set[threading.Thread] = set()


@transaction.atomic
def duel_round_pair(*, night: DuelNight, user=None) -> bool:
    """Pair the night's next round, here and now, if every round paired is over and the night has
    another to play; True if paired. Nothing when it is not due, so it may be asked any number of
    times (the trail keeps the pairing, as ``nights.duel_night_start`` keeps round 1's)."""
    return pair_when_ready(_locked(night), user=user)


def duel_round_pair_later(*, night: DuelNight) -> None:
    """Once the current transaction commits (at once outside one): pair the night's next round in
    a thread of this process, unless one is at it already."""
    night_id = night.pk
    transaction.on_commit(lambda: _start(night_id), robust=True)


def duel_pairing_threads_join(timeout: float) -> bool:
    """Wait for this process's pairing threads to finish; False if one still runs after ``timeout``."""
    for thread in list(_threads):
        thread.join(timeout)
    return not any(thread.is_alive() for thread in list(_threads))


def _start(night_id: int) -> None:
    if not settings.DUEL_PAIRING_IN_BACKGROUND:
        duel_round_pair(night=DuelNight(pk=night_id))
        return
    with _guard:
        failed = _failed.get(night_id)
        if night_id in _pairing or (failed is not None and time.monotonic() - failed < RETRY):
            return
        _pairing.add(night_id)
        thread = threading.Thread(target=_work, args=(night_id,), name=f"pairing-{night_id}", daemon=True)
        _threads.add(thread)
    thread.start()


def _work(night_id: int) -> None:
    failed = False
    try:
        duel_round_pair(night=DuelNight(pk=night_id))
    except Exception:
        failed = True
        logger.exception("The next round of two-player night %s was not paired", night_id)
    finally:
        connections.close_all()  # this thread's own connections
        with _guard:
            _pairing.discard(night_id)
            _threads.discard(threading.current_thread())
            if failed:
                _failed[night_id] = time.monotonic()
            else:
                _failed.pop(night_id, None)
