"""Work that follows a request, off it: what a tablet's tap makes due but must not wait for (a
two-player night's next round, paired by a Swiss that takes seconds; a widow series' next tables,
drawn from the whole evening's totals).

The tap records what it did and asks for the work (``AfterRequest.ask``); once its transaction has
committed, a thread of the server's process does it. The work locks what it changes and does only
what is due, so asked twice at once, in one process or two, it is done once: the second finds it
done. Every page that finds the work due and not done asks again, so a server stopped mid-work
never leaves an evening waiting (what it had begun was never committed). A process does one piece
of a kind for one evening at a time, and after a piece that failed (logged, with nothing changed)
waits ``retry`` seconds before trying that evening again. With ``AFTER_REQUEST_IN_BACKGROUND`` off
(the tests), the work is done in the thread that asked, once its transaction has committed.

>>> done = []
>>> drawing = AfterRequest("draw", done.append)
>>> drawing.run(7), done
(None, [7])
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.db import connections, transaction

logger = logging.getLogger(__name__)

_threads: set[threading.Thread] = set()  # every kind's threads running now
_guard = threading.Lock()


class AfterRequest:
    """One kind of work done after a request, for one evening at a time (``work(evening id)``)."""

    def __init__(self, name: str, work: Callable[[int], object], retry: float = 60.0):
        self.name = name  # in the log and the threads' names: "pairing", "drawing"
        self.work = work
        self.retry = retry  # seconds between a failed piece for an evening and the next try
        self.running: set[int] = set()  # the evenings this process is at now
        self.failed: dict[int, float] = {}  # an evening whose work failed: when (time.monotonic)

    def ask(self, key: int) -> None:
        """Once the current transaction commits (at once outside one): do the work for evening
        ``key`` in a thread of this process, unless one is at it already."""
        transaction.on_commit(lambda: self.start(key), robust=True)

    def start(self, key: int) -> None:
        if not settings.AFTER_REQUEST_IN_BACKGROUND:
            self.work(key)
            return
        with _guard:
            failed = self.failed.get(key)
            if key in self.running or (failed is not None and time.monotonic() - failed < self.retry):
                return
            self.running.add(key)
            thread = threading.Thread(
                target=self._thread, args=(key,), name=f"{self.name}-{key}", daemon=True
            )
            _threads.add(thread)
        thread.start()

    def run(self, key: int) -> None:
        """Do the work for evening ``key`` here, logging a failure and remembering when it was."""
        failed = False
        try:
            self.work(key)
        except Exception:
            failed = True
            logger.exception("The %s for evening %s failed", self.name, key)
        with _guard:
            if failed:
                self.failed[key] = time.monotonic()
            else:
                self.failed.pop(key, None)

    def _thread(self, key: int) -> None:
        try:
            self.run(key)
        finally:
            connections.close_all()  # this thread's own connections
            with _guard:
                self.running.discard(key)
                _threads.discard(threading.current_thread())


def after_request_threads_join(timeout: float) -> bool:
    """Wait for this process's threads of work after a request; False if one still runs after
    ``timeout``."""
    for thread in list(_threads):
        thread.join(timeout)
    return not any(thread.is_alive() for thread in list(_threads))
