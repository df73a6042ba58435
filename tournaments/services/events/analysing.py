"""The double-dummy analysis of an event's boards, made after their deals are stored.

Dealing stores the deals at once, without their analysis: DDS takes about a tenth of a second a
board, and the 320 boards of a 40-table evening would outlast the request. The analysis follows,
in a background task queued once the deal has committed (``event_analyse_boards_later``, run by
the worker: services/core/tasks.py), or from
``manage.py analyse_boards`` (``event_analyse_boards``): a few boards at a time, written in a short
transaction of their own, each board only while its deal and trumps are still those that were
analysed, so a board dealt again meanwhile never gets the old deal's tricks: it waits for its new
deal's analysis.

One worker at a time for an event, in any process: the worker holds the event under its name
(``Event.analysis_worker``) and renews ``analysis_beat`` at every batch. Another finds it held and
leaves the boards to it (the worker asks for the boards still waiting before every batch, and once
more after letting go, so boards dealt meanwhile are not left behind). A worker that has not
renewed for ``STALE`` has stopped (its server was restarted): anyone may then take the event over,
and the run page offers to resume.

Where the solver is not installed (``analysis.dd_installed``: the wheel without its extra), no
worker starts: the boards are dealt and played without their analysis, and every page, document
and command that would show or make it says so in ``NOT_INSTALLED``'s words.
"""

import logging
import uuid
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django_tasks import task

from ... import analysis
from ...domain.deals import parse_deal
from ...models import Board, Event
from ..core.errors import ServiceError

logger = logging.getLogger(__name__)

BATCH = 16  # boards a DDS call: a few seconds of work, then the progress moves
STALE = timedelta(seconds=60)

NOT_INSTALLED = (
    "Double-dummy analysis is not installed on this computer (pip install 'whistdrive[analysis]'): "
    "the hand records show the deals without it."
)


class AnalysisNotInstalled(ServiceError):
    def __init__(self):
        super().__init__(NOT_INSTALLED)


def analysis_unavailable() -> str:
    """Why this computer cannot analyse the boards, in words for the organiser; "" when it can."""
    return "" if analysis.dd_installed() else NOT_INSTALLED


@dataclass(frozen=True)
class AnalysisProgress:
    dealt: int
    analysed: int
    stalled: bool  # boards wait, and no worker has said it is alive for a while

    @property
    def waiting(self) -> int:
        return self.dealt - self.analysed


def event_analysis_progress(event: Event) -> AnalysisProgress:
    """How many of the dealt boards are analysed (``event`` as just read, for its worker's beat)."""
    counts = (
        Board.objects.filter(event=event)
        .dealt()
        .aggregate(dealt=Count("pk"), analysed=Count("pk", filter=Q(dd_table__isnull=False)))
    )
    beat = event.analysis_beat
    alive = bool(event.analysis_worker) and beat is not None and beat > timezone.now() - STALE
    dealt, analysed = counts["dealt"], counts["analysed"]
    return AnalysisProgress(dealt, analysed, stalled=dealt > analysed and not alive)


def event_analyse_boards(*, event: Event) -> int:
    """Analyse the event's dealt boards that wait for it, here and now; return how many were stored.
    Returns at once (0) when another worker is analysing them; raises ``AnalysisNotInstalled``
    where the solver is not installed."""
    if analysis_unavailable():
        raise AnalysisNotInstalled()
    return _analyse(event.pk, _new_worker())


def event_analyse_boards_later(*, event: Event) -> None:
    """Once the current transaction commits (at once outside one), hold the event for a new worker
    and queue the task that analyses its waiting boards (``analyse_boards``), unless another worker
    is at it already. Nothing where the solver is not installed: the boards wait, and the pages
    say why."""
    if analysis_unavailable():
        return
    transaction.on_commit(lambda: _start(event.pk), robust=True)


def _new_worker() -> str:
    return uuid.uuid4().hex


def _start(event_id: int) -> None:
    worker = _new_worker()
    # Held here, before the answer goes back, so the page it leads to finds the worker at work (and,
    # should no worker take the task within STALE, offers to resume).
    waiting = Board.objects.filter(event_id=event_id).awaiting_analysis()
    if waiting.exists() and _claim(event_id, worker):
        analyse_boards.enqueue(event_id, worker)


@task()
def analyse_boards(event_id: int, worker: str) -> int:
    """The task: analyse the event's waiting boards under the name ``worker`` it was queued with.
    Run again after its worker was killed, it takes the event back at once (the name is its own),
    and stores only the boards still waiting; run twice at once, each board is stored once (``_save``)."""
    try:
        return _analyse(event_id, worker)
    finally:
        analysis.dd_solver_stop()  # the solver's memory back between two tasks


def _analyse(event_id: int, worker: str, *, claimed: bool = False) -> int:
    stored = 0
    waiting = Board.objects.filter(event_id=event_id).awaiting_analysis()
    while claimed or (waiting.exists() and _claim(event_id, worker)):
        claimed = False
        try:
            while batch := list(waiting.order_by("number")[:BATCH]):
                tables = analysis.dd_tables([parse_deal(board.deal) for board in batch])
                with transaction.atomic():  # a few milliseconds: one commit a batch, not a board
                    if not _renew(event_id, worker):
                        return stored  # taken over by another worker, who goes on
                    stored += sum(_save(board, table) for board, table in zip(batch, tables, strict=True))
        finally:
            _release(event_id, worker)
    return stored


def _save(board: Board, table: dict) -> bool:
    """Store the analysis of the board's deal as it was read: one conditional statement, that
    changes nothing if the board was dealt again (or its trumps changed, or it was analysed)
    meanwhile."""
    ns = analysis.ns_tricks(table, board.trumps, board.dealer) if board.trumps else None
    unchanged = Board.objects.filter(pk=board.pk, deal=board.deal, trumps=board.trumps, dd_table__isnull=True)
    return unchanged.update(dd_table=table, dd_ns_tricks=ns) == 1


def _claim(event_id: int, worker: str) -> bool:
    now = timezone.now()
    free = Q(analysis_worker="") | Q(analysis_beat__isnull=True) | Q(analysis_beat__lt=now - STALE)
    free |= Q(analysis_worker=worker)  # its own task run again, after its worker was killed
    return Event.objects.filter(free, pk=event_id).update(analysis_worker=worker, analysis_beat=now) == 1


def _renew(event_id: int, worker: str) -> bool:
    held = Event.objects.filter(pk=event_id, analysis_worker=worker)
    return held.update(analysis_beat=timezone.now()) == 1


def _release(event_id: int, worker: str) -> None:
    Event.objects.filter(pk=event_id, analysis_worker=worker).update(analysis_worker="", analysis_beat=None)
