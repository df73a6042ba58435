"""The background tasks kept in the database: asked for once the request's transaction commits,
never when it rolls back; a worker killed (SIGKILL) during the boards' analysis or during the
results e-mails leaves the work neither undone nor done twice once a new worker has run."""

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
from datetime import timedelta
from email import message_from_bytes
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from django.db import connection, transaction
from django.urls import reverse
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from tests.test_results_mail_smtp import EVERYONE, _members, smtp_settings  # noqa: F401 (its fixture)
from tournaments import analysis, services
from tournaments.models import Board, Event, ResultMail
from tournaments.services.core.tasks import enqueue_after_commit, tasks_requeue_stale, tasks_work
from tournaments.services.events.analysing import analyse_boards
from tournaments.services.season.mail import UNCERTAIN, UNFINISHED, results_send, send_outbox

ROOT = Path(__file__).resolve().parent.parent
TABLE = {strain: dict.fromkeys("NESW", 6) for strain in ("S", "H", "D", "C", "NT")}

# A worker in a process of its own, on the test's database: it runs what is queued, then stops.
# ``WORKER_HOOK`` (Python) runs first: what the test needs the worker to wait on.
WORKER = """
import json, os
os.environ["DJANGO_SETTINGS_MODULE"] = "whistdrive.settings"
from django.conf import settings
overrides = json.loads(os.environ["WORKER_SETTINGS"])
settings.DATABASES["default"]["NAME"] = overrides.pop("DATABASE_NAME")
for name, value in overrides.items():
    setattr(settings, name, value)
import django
django.setup()
exec(os.environ.get("WORKER_HOOK", ""))
from tournaments.services.core.tasks import tasks_work
tasks_work(batch=True)
"""

# The analysis stores its first batch of boards, then says so and waits to be killed.
ANALYSIS_WAITS = f"""
import sys, time
from tournaments import analysis
calls = []
def dd_tables(deals):
    calls.append(len(deals))
    if len(calls) > 1:
        print("analysing", flush=True)
        time.sleep(600)
    return [{TABLE!r} for _ in deals]
analysis.dd_tables = dd_tables
"""


def _worker(settings_overrides: dict, hook: str = "") -> subprocess.Popen:
    env = {
        **os.environ,
        "WORKER_SETTINGS": json.dumps(
            {"DATABASE_NAME": connection.settings_dict["NAME"], **settings_overrides}
        ),
        "WORKER_HOOK": hook,
        "TASKS_BACKEND": "django_tasks_db.DatabaseBackend",
    }
    return subprocess.Popen(
        [sys.executable, "-c", WORKER], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )


def _killed_once_it_says(worker: subprocess.Popen, word: str) -> None:
    for line in worker.stdout:  # what it logs, then the word
        if line.strip() == word:
            break
    else:
        pytest.fail("the worker stopped before the point to kill it at")
    worker.send_signal(signal.SIGKILL)
    assert worker.wait(60) == -signal.SIGKILL
    worker.stdout.close()


# --- asked for after the commit --------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_task_is_queued_once_the_deal_commits_and_not_when_it_rolls_back(event_16, tasks_in_database):
    with pytest.raises(RuntimeError), transaction.atomic():
        services.event_deal_boards(event=event_16, seed="undone")
        raise RuntimeError("the request failed after dealing")
    assert not DBTaskResult.objects.exists() and not event_16.boards.dealt().exists()

    with transaction.atomic():
        services.event_deal_boards(event=event_16, seed="kept")
        assert not DBTaskResult.objects.exists()  # not before the commit
    (queued,) = DBTaskResult.objects.all()
    assert queued.status == TaskResultStatus.READY and queued.task_path.endswith("analyse_boards")


@pytest.mark.django_db(transaction=True)
def test_a_task_asked_for_in_a_transaction_that_rolls_back_is_never_queued(club, tasks_in_database):
    with pytest.raises(RuntimeError), transaction.atomic():
        asked = enqueue_after_commit(send_outbox, club.pk)
        raise RuntimeError("rolled back")
    assert asked == [] and not DBTaskResult.objects.exists()
    with transaction.atomic():
        asked = enqueue_after_commit(send_outbox, club.pk)
        assert asked == []
    assert [result.id for result in asked] == [str(DBTaskResult.objects.get().id)]


@pytest.mark.django_db
def test_a_task_running_longer_than_the_limit_is_queued_again_and_a_younger_one_is_not(
    club, tasks_in_database
):
    old, young = (send_outbox.enqueue(club.pk) for _ in range(2))
    DBTaskResult.objects.update(status=TaskResultStatus.RUNNING, started_at=timezone.now())
    DBTaskResult.objects.filter(pk=old.id).update(started_at=timezone.now() - timedelta(minutes=6))
    assert tasks_requeue_stale(older_than=timedelta(minutes=5)) == 1
    assert DBTaskResult.objects.get(pk=old.id).status == TaskResultStatus.READY
    assert DBTaskResult.objects.get(pk=young.id).status == TaskResultStatus.RUNNING


# --- a worker killed during the analysis ---------------------------------------------------------


@pytest.fixture
def event_16(club, make_event):
    return make_event(club, tables=8, boards_per_round=2, variant="relay")  # 16 boards


@pytest.fixture
def event_32(club, make_event):
    return make_event(club, tables=8, boards_per_round=4, variant="relay")  # 32 boards, 2 batches of 16


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_during_the_analysis_leaves_it_to_the_next_which_analyses_each_board_once(
    event_32, tasks_in_database, monkeypatch
):
    services.event_deal_boards(event=event_32, seed="killed")
    (task,) = DBTaskResult.objects.all()

    _killed_once_it_says(_worker({}, ANALYSIS_WAITS), "analysing")

    task.refresh_from_db()
    assert task.status == TaskResultStatus.RUNNING  # as the killed worker left it
    assert event_32.boards.filter(dd_table__isnull=False).count() == 16  # its first batch is kept
    analysed = []

    def dd_tables(deals):
        analysed.extend(deals)
        return [TABLE for _ in deals]

    monkeypatch.setattr(analysis, "dd_tables", dd_tables)
    tasks_work(batch=True, running_limit=timedelta(0))  # the next worker, started after the kill

    task.refresh_from_db()
    assert task.status == TaskResultStatus.SUCCESSFUL and task.return_value == 16
    assert len(analysed) == 16  # only the boards the killed worker had not stored
    assert not event_32.boards.filter(dd_table__isnull=True).exists()
    event = Event.objects.get(pk=event_32.pk)
    assert event.analysis_worker == "" and services.event_analysis_progress(event).waiting == 0


@pytest.mark.django_db(transaction=True)
def test_the_analysis_task_run_twice_finds_the_boards_done(event_16, tasks_in_database, fake_dds):
    services.event_deal_boards(event=event_16, seed="twice")
    tasks_work(batch=True)
    assert len(fake_dds) == 1 and not Board.objects.filter(dd_table__isnull=True).exists()
    assert analyse_boards.call(event_16.pk, "another run") == 0 and len(fake_dds) == 1


# --- a worker killed during the e-mails ----------------------------------------------------------


class HangsOnTheSecond:
    """A mail server that keeps every e-mail and, taking the second, tells the test and never
    answers (the worker is killed meanwhile)."""

    def __init__(self):
        self.taken, self.second, self.done = [], threading.Event(), threading.Event()

    async def handle_DATA(self, server, session, envelope):
        self.taken.append(message_from_bytes(envelope.original_content)["To"])
        if len(self.taken) == 2:
            self.second.set()
            while not self.done.is_set():  # until the test ends
                await asyncio.sleep(0.05)
        return "250 OK: queued"


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("smtp_settings", "tasks_in_database")
def test_a_worker_killed_during_the_emails_leaves_none_unsent_and_none_sent_twice(
    club, make_played_event, settings
):
    evening = make_played_event(club, members=_members(club, "Joan", "Harold", "Irene", "Frank"))
    server = HangsOnTheSecond()
    controller = Controller(server, hostname="127.0.0.1", port=settings.EMAIL_PORT)
    controller.start()
    try:
        queued, sending = results_send(evening=evening)
        assert (queued, sending) == (4, None)  # queued for the worker
        smtp = {
            "EMAIL_BACKEND": settings.EMAIL_BACKEND,
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": settings.EMAIL_PORT,
            "EMAIL_TIMEOUT": 60,
        }
        worker = _worker(smtp)
        assert server.second.wait(60), "the worker never handed over a second e-mail"
        worker.send_signal(signal.SIGKILL)
        assert worker.wait(60) == -signal.SIGKILL
        worker.stdout.close()

        mails = {mail.to: mail for mail in ResultMail.objects.all()}
        first, second = server.taken
        assert mails[first].status == "sent" and mails[second].status == "sending"

        tasks_work(batch=True, running_limit=timedelta(0))  # the next worker
        assert sorted(server.taken) == EVERYONE  # the other two went; none went twice
        statuses = dict(ResultMail.objects.values_list("to", "status"))
        assert statuses == {**dict.fromkeys(EVERYONE, "sent"), second: "sending"}
        results = DBTaskResult.objects.order_by("enqueued_at")
        assert [r.status for r in results] == ["SUCCESSFUL", "READY"]  # and one to hold the second
        later = results[1]
        assert later.run_after >= ResultMail.objects.get(to=second).tried_at + UNFINISHED

        # UNFINISHED later: the e-mail the killed worker was handing over is held, never sent again.
        gone_by = timezone.now() - UNFINISHED - timedelta(minutes=1)
        ResultMail.objects.filter(to=second).update(tried_at=gone_by)
        DBTaskResult.objects.filter(pk=later.pk).update(run_after=gone_by)
        tasks_work(batch=True)
        held = ResultMail.objects.get(to=second)
        assert held.status == "held" and held.last_error == UNCERTAIN
        assert sorted(server.taken) == EVERYONE
        assert not DBTaskResult.objects.exclude(status="SUCCESSFUL").exists()
    finally:
        server.done.set()
        controller.stop()


# --- "Send results" with a worker ----------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_send_results_queues_the_sending_for_the_worker_and_says_so(
    client, organiser, club, make_played_event, tasks_in_database, mailoutbox
):
    evening = make_played_event(club, members=_members(club, "Joan", "Harold", "Irene", "Frank"))
    client.force_login(organiser)
    page = client.post(reverse("tournaments:results-send", args=[evening.pk]), follow=True).content.decode()
    assert "4 e-mails added to the outbox; they are being sent" in page
    assert mailoutbox == [] and DBTaskResult.objects.ready().count() == 1

    tasks_work(batch=True)
    assert sorted(m.to[0] for m in mailoutbox) == EVERYONE
    assert set(ResultMail.objects.values_list("status", flat=True)) == {"sent"}
    tasks_work(batch=True)
    send_outbox.call(club.pk)  # the task again: nothing is left to send
    assert len(mailoutbox) == 4


def test_send_results_refuses_get(client, organiser, club):
    client.force_login(organiser)
    assert client.get(reverse("tournaments:results-send", args=[1])).status_code == 405
