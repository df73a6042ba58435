"""Background work kept in the database: Django's tasks framework (the ``django-tasks`` backport)
with its database backend (``django-tasks-db``). The boards' double-dummy analysis and the
outbox's sending are tasks; a request asks for one once its transaction has committed
(``enqueue_after_commit``), so a rolled-back request asks for nothing, and the task is a row that
outlives the process that asked.

Who runs them: on a club's server, ``manage.py worker`` (deploy/systemd/whistdrive-worker.service);
in hall mode and ``whistdrive run``, a thread of the server's own process
(``worker_thread_start``, from whistdrive/wsgi.py), nothing to install or start; in the tests the
immediate backend runs each one where it is asked.

A worker killed mid-task leaves its row RUNNING, and the library never takes such a row again. So
every pass of a worker first sets back to READY each task RUNNING for longer than
``TASKS_RUNNING_LIMIT`` seconds (``tasks_requeue_stale``); a worker starting in hall mode, the
only one of its database, sets back every RUNNING task at once. This is safe because each task
claims what it does and does only what is left: run twice, even at once, the second finds it done.
"""

from __future__ import annotations

import logging
import threading
from datetime import timedelta

from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone
from django.utils.crypto import get_random_string
from django_tasks.base import TaskResultStatus
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

logger = logging.getLogger(__name__)


def enqueue_after_commit(task, *args) -> list:
    """Ask for ``task(*args)`` once the current transaction commits (at once outside one). The list
    returned holds the task's result once it is asked for: at once outside a transaction (finished
    already under the immediate backend), empty if the transaction rolls back."""
    enqueued: list = []
    transaction.on_commit(lambda: enqueued.append(task.enqueue(*args)), robust=True)
    return enqueued


def tasks_requeue_stale(*, older_than: timedelta) -> int:
    """Set back to READY the tasks RUNNING for longer than ``older_than`` (a worker stopped under
    them); return how many."""
    stale = DBTaskResult.objects.running().filter(started_at__lt=timezone.now() - older_than)
    count = stale.update(status=TaskResultStatus.READY, started_at=None)
    if count:
        logger.warning("%s background tasks left running by a stopped worker are queued again", count)
    return count


def _database_worker() -> Worker:
    return Worker(
        queue_names=["*"],
        interval=0,
        batch=True,  # run what is ready, then come back here
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id=get_random_string(32),
        excluded_queue_names=[],
    )


def tasks_work(
    *,
    interval: float = 1.0,
    batch: bool = False,
    running_limit: timedelta | None = None,
    stop: threading.Event | None = None,
    signals: bool = False,
    requeue: bool = True,
) -> None:
    """Run the queued tasks: each pass sets back the stale ones (unless not ``requeue``), runs every
    ready one, then waits ``interval`` seconds (returns after one pass when ``batch``, or once
    ``stop`` is set)."""
    limit = timedelta(seconds=settings.TASKS_RUNNING_LIMIT) if running_limit is None else running_limit
    stop = stop or threading.Event()
    worker = _database_worker()
    if signals:  # Ctrl+C or systemd's stop: the task at work finishes, then the worker stops
        worker.configure_signals()
    while worker.running and not stop.is_set():
        if requeue:
            tasks_requeue_stale(older_than=limit)
        # A plain read first: the library takes each task in a write transaction, on SQLite the
        # database's one write lock, which an idle hall's tablets need more than the worker does.
        if DBTaskResult.objects.ready().filter(backend_name=worker.backend_name).exists():
            worker.run()
        if batch:
            return
        stop.wait(interval)


def worker_thread_start(*, interval: float = 1.0) -> threading.Thread:
    """Run the tasks in a thread of this process (hall mode: the only worker of its database, so
    a task left RUNNING was left by this server's last run and is queued again at once)."""

    def work():
        try:
            tasks_requeue_stale(older_than=timedelta(0))
            # Nothing else runs this database's tasks, so none is left running while this thread
            # lives: no looking again (on SQLite each look would take the write lock a moment).
            tasks_work(interval=interval, requeue=False)
        except Exception:
            logger.exception("The background tasks' worker stopped")
        finally:
            connections.close_all()

    thread = threading.Thread(target=work, name="tasks-worker", daemon=True)
    thread.start()
    return thread
