"""Arbitrary input thrown at what players and organisers send: never a server error, never a partial write."""

import threading

import pytest
from django.db import InterfaceError, OperationalError, connection
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments import services
from tournaments.models import Board, DriveResult, DriveSeat, Result, ResultChange
from tournaments.services import drives
from tournaments.services.tablets.access import TableError

SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
junk = st.one_of(
    st.text(max_size=30),
    st.integers(-1000, 1000).map(str),
    st.integers(-(2**70), 2**70).map(str),  # past any database's integers
    st.sampled_from(["", "7", "13", "14", "1e3", str(2**63)]),
)


@pytest.fixture
def running(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    return event


@SETTINGS
@given(
    action=st.sampled_from(["enter", "confirm", "reject"]),
    board=junk,
    tricks=junk,
    extra=st.dictionaries(st.text(max_size=8), st.text(max_size=8), max_size=3),
)
def test_the_score_form_never_fails_and_never_writes_nonsense(running, action, board, tricks, extra):
    client = Client(raise_request_exception=False)
    token = running.table_accesses.get(table=1).token
    response = client.post(f"/t/{token}/{action}/", {**extra, "board": board, "ns_tricks": tricks})
    assert response.status_code in (302, 403, 404)
    for result in Result.objects.filter(event=running):
        assert result.table == 1 and result.board.number in (1, 2) and 0 <= result.ns_tricks <= 13
    assert ResultChange.objects.filter(event=running, result__isnull=False).count() >= Result.objects.count()


row = st.tuples(junk, junk, junk, st.one_of(junk, st.sampled_from(["A+/A-", "A/A", "A-/B", "7"])))


@SETTINGS
@given(
    rows=st.lists(row, max_size=6),
    header=st.sampled_from(
        ["board,ns_pair,ew_pair,ns_tricks", "board,ns_pair,ew_pair", "ns_tricks,board,ew_pair,ns_pair", "x"]
    ),
)
def test_the_results_import_is_all_or_nothing(club, make_event, rows, header):
    event = make_event(club, name="Import", tables=3, boards_per_round=2)
    before = Result.objects.filter(event=event).count()
    text = header + "\n" + "\n".join(",".join(r) for r in rows)
    try:
        count = services.results_import_csv(event=event, text=text)
    except services.ResultsImportError as error:
        assert error.problems and Result.objects.filter(event=event).count() == before
    else:
        assert Result.objects.filter(event=event).count() == before + count
    event.delete()


deal_text = st.one_of(
    st.text(alphabet="AKQJT98765432.NESW: -", max_size=70),
    st.sampled_from(["N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"]),
)


@SETTINGS
@given(
    games=st.lists(
        st.tuples(
            st.one_of(st.integers(-3, 20).map(str), st.text(max_size=4)),
            deal_text,
            st.sampled_from(["", "N", "E", "S", "W", "X", "?"]),
        ),
        max_size=4,
    ),
    noise=st.text(max_size=40),
)
def test_the_pbn_import_is_all_or_nothing(running, games, noise):
    Board.objects.filter(event=running).update(deal="")
    text = (
        noise + "\n" + "\n\n".join(f'[Board "{b}"]\n[Dealer "{d}"]\n[Deal "{deal}"]' for b, deal, d in games)
    )
    try:
        services.event_import_pbn(event=running, text=text, analyse=False)
    except services.ServiceError:
        assert not Board.objects.filter(event=running).exclude(deal="").exists()


@SETTINGS
@given(code=st.text(max_size=20))
def test_the_code_page_never_fails(running, code):
    response = Client(raise_request_exception=False).post("/t/", {"code": code})
    assert response.status_code == 302


@pytest.mark.parametrize("code", ["\x00", "AC\x00DE", "ACDE\x00", "\x00" * 5, "ÀÉÎÕÜ", "%00"])
def test_a_nul_byte_or_a_foreign_letter_in_a_code_is_just_a_wrong_code(running, code):
    response = Client(raise_request_exception=False).post("/t/", {"code": code}, follow=True)
    assert response.status_code == 200
    assert "is not the code of a table in play" in response.content.decode()


@pytest.mark.parametrize("token", ["abc%00def", "%00", "a" * 65, "tok%C3%A9n"])
def test_a_nul_byte_in_a_table_link_is_not_found(running, token):
    response = Client(raise_request_exception=False).get(f"/t/{token}/")
    assert response.status_code == 404
    response = Client(raise_request_exception=False).post(f"/t/{token}/enter/", {"board": 1, "ns_tricks": 7})
    assert response.status_code == 404


@pytest.mark.django_db(transaction=True)
def test_two_tablets_writing_one_board_at_once_get_one_result_and_a_clear_answer(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2)
    for status in ("ready", "running"):
        services.event_set_status(event=event, status=status)
    access = event.table_accesses.get(table=1)
    outcomes = []
    barrier = threading.Barrier(2)

    def tablet(tricks):
        try:
            barrier.wait()
            services.table_result_enter(access=access, board_number=1, ns_tricks=tricks)
            outcomes.append("saved")
        except TableError as error:
            outcomes.append(str(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=tablet, args=(t,)) for t in (8, 5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(o == "saved" for o in outcomes) == [False, True], outcomes
    assert "already has N/S" in next(o for o in outcomes if o != "saved")
    assert Result.objects.filter(event=event).count() == 1


@pytest.mark.parametrize(
    "text", ["{" * 300_000, '[a "' * 75_000, "{" + "x" * 300_000, ("[Board " * 300 + "\n") * 300]
)
def test_a_hostile_pbn_is_refused_in_words(club, make_event, text):
    """Inputs that once took a minute (quadratic commentary stripping) are read in one pass."""
    event = make_event(club)
    with pytest.raises(services.PbnImportError) as refused:
        services.event_import_pbn(event=event, text=text, analyse=False)
    assert refused.value.problems
    assert not Board.objects.filter(event=event).exclude(deal="").exists()


def test_an_over_large_pbn_is_refused_before_it_is_read(club, make_event):
    with pytest.raises(services.PbnImportError, match="larger than 2 MB"):
        services.event_import_pbn(event=make_event(club), text="%" * 2_000_001, analyse=False)


@pytest.mark.parametrize("failure", [OperationalError, InterfaceError])
def test_a_database_gone_for_a_moment_asks_the_tablet_to_send_again(running, monkeypatch, failure):
    from tournaments.services.tablets import entry as table_service

    access = running.table_accesses.get(table=1)

    def gone(**kwargs):
        raise failure("server closed the connection unexpectedly")

    monkeypatch.setattr(table_service, "table_result_enter", gone)
    monkeypatch.setattr(services, "table_result_enter", gone)
    response = Client(raise_request_exception=False).post(
        f"/t/{access.token}/enter/", {"board": 1, "ns_tricks": 9}
    )
    assert response.status_code == 503 and response["Retry-After"] == "2"
    page = response.content.decode()
    assert "Not saved yet" in page and 'name="ns_tricks" value="9"' in page and "data-retry" in page


@pytest.fixture
def drive_running(club):
    drive = drives.drive_create(club=club, name="Junk", date="2026-11-20", hands=2, halves=1)
    for k in range(8):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k}")
    return drives.drive_start(drive=drive)


@SETTINGS
@given(
    action=st.sampled_from(["enter", "confirm", "reject"]),
    hand=junk,
    tricks=junk,
    extra=st.dictionaries(st.text(max_size=8), st.text(max_size=8), max_size=3),
)
def test_a_drive_tablet_never_fails_and_never_writes_nonsense(drive_running, action, hand, tricks, extra):
    client = Client(raise_request_exception=False)
    token = drive_running.table_accesses.get(table=1).token
    response = client.post(f"/d/{token}/{action}/", {**extra, "hand": hand, "ns_tricks": tricks})
    assert response.status_code == 302
    for result in DriveResult.objects.filter(drive=drive_running):
        assert result.table == 1 and result.hand in (1, 2) and 0 <= result.ns_tricks <= 13
    assert DriveSeat.objects.filter(drive=drive_running, hand=2).values("table").distinct().count() in (0, 2)
