"""The organiser acting while tablets submit: no deadlock, no 500, nothing lost or doubled.

Each race is staged: one side is paused inside its transaction, holding its locks, until the other
has taken (or is waiting for) its own. Run on PostgreSQL in CI, where the deadlocks were found.
"""

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.domain.errors import DomainError
from tournaments.models import Event, Result
from tournaments.services.tablets import entry as table_service

PAUSE = 5.0  # the longest a paused side waits for its cue
CUE = 0.5  # seconds after the other side has started that a paused side goes on


@pytest.fixture
def running(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    services.event_deal_boards(event=event, seed="race", analyse=False)
    services.event_start(event=event)
    return event


def _run(*jobs):
    """Run the jobs in threads; return what each raised (None when it did not)."""
    errors = [None] * len(jobs)

    def wrap(index, job):
        try:
            job()
        except Exception as error:  # every outcome is inspected by the test
            errors[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=wrap, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a side never finished"
    return errors


def _paused_result_lookup(monkeypatch, locked: threading.Event, go_on: threading.Event):
    """Make the tablet stop inside its transaction, after locking its seating and its result, until
    ``go_on`` (or PAUSE)."""
    original = table_service._result_at

    def paused(*args):
        result = original(*args)
        locked.set()
        go_on.wait(PAUSE)
        return result

    monkeypatch.setattr(table_service, "_result_at", paused)


@pytest.mark.django_db(transaction=True)
def test_closing_while_a_tablet_confirms_neither_deadlocks_nor_fails(running, monkeypatch):
    access = running.table_accesses.get(table=1)
    services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    locked, go_on = threading.Event(), threading.Event()
    _paused_result_lookup(monkeypatch, locked, go_on)

    def tablet():
        services.table_result_confirm(access=access, board_number=1, ns_tricks=8)

    def close():
        locked.wait(PAUSE)
        threading.Timer(CUE, go_on.set).start()  # the tablet goes on once the close is under way
        services.event_close(event=running, adjust_missing=True)

    errors = _run(tablet, close)
    assert errors == [None, None], errors
    running.refresh_from_db()
    assert running.status == Event.Status.FINISHED
    result = Result.objects.get(event=running, board__number=1, round=1, table=1)
    assert result.ns_tricks == 8 and result.confirmed_at is not None
    assert result.history.filter(action="confirmed").count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_tablet_entering_while_the_event_closes_gets_an_answer_not_an_error_page(running, monkeypatch):
    access = running.table_accesses.get(table=2)
    locked, go_on = threading.Event(), threading.Event()
    _paused_result_lookup(monkeypatch, locked, go_on)
    statuses = []

    def tablet():
        response = Client(raise_request_exception=False).post(
            reverse("tournaments:table-enter", args=[access.token]), {"board": 3, "ns_tricks": 7}
        )
        statuses.append(response.status_code)

    def close():
        locked.wait(PAUSE)
        threading.Timer(CUE, go_on.set).start()
        services.event_close(event=running, adjust_missing=True)

    errors = _run(tablet, close)
    assert errors == [None, None] and statuses == [302], (errors, statuses)
    results = Result.objects.filter(event=running, board__number=3, round=1, table=2)
    assert results.count() == 1  # the tablet's 7 (accepted by the close), or the close's Average


@pytest.mark.django_db(transaction=True)
def test_a_correction_racing_a_send_back_is_never_an_error_page(running, monkeypatch, organiser):
    access = running.table_accesses.get(table=1)
    services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    seating = running.seatings.get(round=1, table=1)
    locked, go_on = threading.Event(), threading.Event()
    _paused_result_lookup(monkeypatch, locked, go_on)

    def send_back():
        services.table_result_reject(access=access, board_number=1)

    def correct():
        locked.wait(PAUSE)
        threading.Timer(CUE, go_on.set).start()  # the send-back finishes while the correction runs
        services.result_set_by_director(
            event=running, seating=seating, board_number=1, ns_tricks=9, reason="recount", user=organiser
        )

    errors = _run(send_back, correct)
    assert all(error is None or isinstance(error, DomainError) for error in errors), errors
    # Whichever went first, the organiser's 9 is what stands, confirmed, once.
    result = Result.objects.get(event=running, board__number=1, round=1, table=1)
    assert (result.ns_tricks, result.confirmed_at is not None) == (9, True)


def test_a_second_confirm_of_a_rounds_last_board_is_answered_as_the_first(running):
    access = running.table_accesses.get(table=1)
    for board in (1, 2):
        services.table_result_enter(access=access, board_number=board, ns_tricks=7)
        services.table_result_confirm(access=access, board_number=board, ns_tricks=7)
    # The round is in and the table has moved on; the same tap (or a retried request) again:
    again = services.table_result_confirm(access=access, board_number=2, ns_tricks=7)
    assert again.confirmed_at is not None and Result.objects.filter(event=running).count() == 2
    assert services.table_result_enter(access=access, board_number=2, ns_tricks=7).pk == again.pk
    with pytest.raises(services.TableError, match="only the organiser can change it"):
        services.table_result_enter(access=access, board_number=2, ns_tricks=8)
    with pytest.raises(services.TableError, match="only the organiser can change it"):
        services.table_result_reject(access=access, board_number=2)


@pytest.mark.django_db(transaction=True)
def test_sixty_guesses_at_once_are_counted_one_by_one(running):
    from tournaments.services.core.codes import LIMITS, Tablet

    guesser = Tablet("guesser", "10.0.0.66")
    answers = []
    barrier = threading.Barrier(20)

    def guess():
        barrier.wait()
        for _ in range(3):
            try:
                services.table_code_lookup(code="ZZZZZ", tablet=guesser)
            except services.TableError as error:
                answers.append("locked" if "Too many" in str(error) else "wrong")

    errors = _run(*[guess] * 20)
    assert errors == [None] * 20, errors
    assert len(answers) == 60 and answers.count("wrong") == LIMITS["browser"]
