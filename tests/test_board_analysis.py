"""The boards' double-dummy analysis follows the deal: the deal is stored at once, the analysis
after the request, by one worker at a time, never stale."""

import json
import os
import subprocess
import sys
from datetime import timedelta
from io import BytesIO, StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from pypdf import PdfReader

from tournaments import analysis, pdf, services
from tournaments.domain.deals import parse_deal
from tournaments.models import Board, Event
from tournaments.services.core.tasks import tasks_work

BIG_DEAL = Path(__file__).resolve().parent / "data" / "bigdeal-16-boards.pbn"


@pytest.fixture
def event(club, make_event):
    return make_event(club, tables=8, boards_per_round=2, variant="relay")  # 16 boards


def _fake_table(deal: str) -> dict:
    return analysis.dd_tables([parse_deal(deal)])[0]  # the fake_dds fixture's, when it is in use


def _analysed_as_dealt(event) -> bool:
    return all(b.dd_table == _fake_table(b.deal) for b in event.boards.all())


def _worker_runs_the_analysis(event) -> services.AnalysisProgress:
    """The task the page queued, run by a worker (the tasks_in_database fixture): the progress after."""
    assert DBTaskResult.objects.ready().count() == 1
    tasks_work(batch=True)
    assert DBTaskResult.objects.successful().count() == 1
    return services.event_analysis_progress(Event.objects.get(pk=event.pk))


# --- the service ---------------------------------------------------------------------------------


def test_dealing_stores_the_deals_and_leaves_the_analysis_for_later(event, fake_dds):
    services.event_deal_boards(event=event, seed="later")
    assert fake_dds == []
    assert all(b.deal and b.dd_table is None and b.dd_ns_tricks is None for b in event.boards.all())
    assert services.event_analysis_progress(event) == services.AnalysisProgress(16, 0, stalled=True)

    assert services.event_analyse_boards(event=event) == 16
    assert _analysed_as_dealt(event)
    board = event.boards.get(number=2)  # East deals, hearts
    assert board.dd_ns_tricks == analysis.ns_tricks(board.dd_table, "D", "E")
    event.refresh_from_db()
    assert services.event_analysis_progress(event) == services.AnalysisProgress(16, 16, stalled=False)
    assert event.analysis_worker == "" and event.analysis_beat is None


def test_an_analysed_board_is_not_analysed_again(event, fake_dds):
    services.event_deal_boards(event=event, seed="once", analyse=False)
    services.event_analyse_boards(event=event)
    calls = len(fake_dds)
    assert services.event_analyse_boards(event=event) == 0
    assert len(fake_dds) == calls


def test_a_board_dealt_again_during_its_analysis_gets_the_new_deals_tricks(event, monkeypatch):
    services.event_deal_boards(event=event, seed="first", analyse=False)
    first = {b.number: b.deal for b in event.boards.all()}
    real = analysis.dd_tables
    redealt = []

    def dd_tables_while_the_organiser_deals_again(deals):
        if not redealt:
            redealt.append(services.event_deal_boards(event=event, seed="second", analyse=False))
        strains = ("S", "H", "D", "C", "NT")
        return [{s: {p: len(d.hand(p)[0]) for p in "NESW"} for s in strains} for d in deals]

    monkeypatch.setattr(analysis, "dd_tables", dd_tables_while_the_organiser_deals_again)
    services.event_analyse_boards(event=event)
    monkeypatch.setattr(analysis, "dd_tables", real)

    for board in event.boards.all():
        assert board.deal != first[board.number]
        spades = {seat: len(parse_deal(board.deal).hand(seat)[0]) for seat in "NESW"}
        assert board.dd_table["H"] == spades  # the second deal's, not the first's


def test_a_board_whose_trumps_change_during_its_analysis_gets_tricks_for_the_new_trumps(event, fake_dds):
    services.event_deal_boards(event=event, seed="trumps", analyse=False)
    stale = event.boards.get(number=1)
    assert stale.trumps == "H"
    Board.objects.filter(pk=stale.pk).update(trumps="NT")  # the schedule changed meanwhile
    from tournaments.services.events import analysing

    assert not analysing._save(stale, _fake_table(stale.deal))
    services.event_analyse_boards(event=event)
    board = event.boards.get(number=1)
    assert board.dd_ns_tricks == analysis.ns_tricks(board.dd_table, "NT", "N")


def test_a_second_worker_leaves_the_boards_to_the_first(event, monkeypatch):
    services.event_deal_boards(event=event, seed="two", analyse=False)
    second = []
    fake = [{s: {p: 6 for p in "NESW"} for s in ("S", "H", "D", "C", "NT")}]

    def dd_tables_while_a_second_worker_starts(deals):
        if not second:
            second.append(services.event_analyse_boards(event=event))
        return fake * len(deals)

    monkeypatch.setattr(analysis, "dd_tables", dd_tables_while_a_second_worker_starts)
    assert services.event_analyse_boards(event=event) == 16
    assert second == [0]


def test_a_worker_that_stopped_is_taken_over_after_a_minute(event, fake_dds):
    services.event_deal_boards(event=event, seed="stopped", analyse=False)
    Event.objects.filter(pk=event.pk).update(analysis_worker="gone", analysis_beat=timezone.now())
    event.refresh_from_db()
    assert not services.event_analysis_progress(event).stalled
    assert services.event_analyse_boards(event=event) == 0

    Event.objects.filter(pk=event.pk).update(analysis_beat=timezone.now() - timedelta(minutes=2))
    event.refresh_from_db()
    assert services.event_analysis_progress(event).stalled
    assert services.event_analyse_boards(event=event) == 16


def test_boards_dealt_again_after_their_analysis_wait_for_the_new_deals(event, fake_dds):
    services.event_deal_boards(event=event, seed="monday", analyse=False)
    services.event_analyse_boards(event=event)
    services.event_deal_boards(event=event, seed="tuesday", analyse=False)
    assert event.boards.awaiting_analysis().count() == 16  # SQL NULL, not a JSON null
    assert services.event_analyse_boards(event=event) == 16
    assert _analysed_as_dealt(event)


def test_a_board_dealt_the_same_keeps_its_analysis(event, fake_dds):
    services.event_import_pbn(event=event, text=BIG_DEAL.read_text(), analyse=False)
    services.event_analyse_boards(event=event)
    services.event_import_pbn(event=event, text=BIG_DEAL.read_text(), analyse=False)
    assert services.event_analysis_progress(event).waiting == 0


def test_the_command_finishes_what_the_server_left(club, make_event, event, fake_dds):
    other = make_event(club, name="Other", tables=3, boards_per_round=1)
    services.event_deal_boards(event=event, seed="left", analyse=False)
    services.event_deal_boards(event=other, seed="left", analyse=False)
    out = StringIO()
    call_command("analyse_boards", stdout=out)
    assert "16 boards analysed, 16 of 16 in all" in out.getvalue()
    assert "3 boards analysed, 3 of 3 in all" in out.getvalue()
    assert _analysed_as_dealt(event) and _analysed_as_dealt(other)
    out = StringIO()
    call_command("analyse_boards", stdout=out)
    assert out.getvalue() == "No boards wait for their analysis.\n"


def test_the_import_command_analyses_the_boards(event, fake_dds):
    out = StringIO()
    call_command("import_pbn", str(event.pk), str(BIG_DEAL), stdout=out)
    assert "Analysed 16 boards double dummy." in out.getvalue()
    assert _analysed_as_dealt(event)


# --- through the pages ---------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_dealing_320_boards_through_the_page_answers_at_once_and_the_analysis_follows(
    client, club, organiser, make_event, fake_dds, tasks_in_database
):
    event = make_event(club, tables=40, boards_per_round=8, variant="skip")
    assert event.boards.count() == 320
    client.force_login(organiser)

    page = client.post(reverse("tournaments:boards-deal", args=[event.pk]), {"seed": "county"})

    assert page.status_code == 302
    assert fake_dds == []  # no analysis in the request: a task for the worker
    assert event.boards.dealt().count() == 320
    assert _worker_runs_the_analysis(event) == services.AnalysisProgress(320, 320, stalled=False)
    assert _analysed_as_dealt(event)


@pytest.mark.django_db(transaction=True)
def test_importing_a_pbn_through_the_page_answers_at_once_and_the_analysis_follows(
    client, event, organiser, fake_dds, tasks_in_database
):
    client.force_login(organiser)
    upload = SimpleUploadedFile("machine.pbn", BIG_DEAL.read_bytes())
    page = client.post(reverse("tournaments:boards-import", args=[event.pk]), {"pbn": upload})
    assert page.status_code == 302
    assert fake_dds == []
    assert _worker_runs_the_analysis(event) == services.AnalysisProgress(16, 16, stalled=False)
    assert _analysed_as_dealt(event)


@pytest.mark.django_db(transaction=True)
def test_resuming_a_stopped_analysis_from_the_run_page(client, event, organiser, fake_dds, tasks_in_database):
    services.event_deal_boards(event=event, seed="restart", analyse=False)  # as if the server stopped
    client.force_login(organiser)
    run = reverse("tournaments:event-run", args=[event.pk])
    html = client.get(run).content.decode()
    assert "0 of 16" in html and '<progress id="analysis-bar" max="16" value="0">' in html
    assert 'class="analysis-resume">' in html and "Resume the analysis" in html

    page = client.post(reverse("tournaments:boards-analyse", args=[event.pk]), {"next": run}, follow=True)
    assert "The analysis of the boards goes on." in page.content.decode()
    assert _worker_runs_the_analysis(event) == services.AnalysisProgress(16, 16, stalled=False)
    assert "Analysing the boards" not in client.get(run).content.decode()


def test_the_run_page_shows_an_analysis_at_work_without_offering_to_resume(client, event, organiser):
    services.event_deal_boards(event=event, seed="busy", analyse=False)
    Event.objects.filter(pk=event.pk).update(analysis_worker="busy", analysis_beat=timezone.now())
    Board.objects.filter(event=event, number__lte=5).update(dd_table={"S": {}})
    client.force_login(organiser)
    html = client.get(reverse("tournaments:event-run", args=[event.pk])).content.decode()
    assert "Analysing the boards (double dummy):" in html and "5 of 16" in html
    assert 'class="analysis-resume" hidden' in html


def test_the_progress_answers_its_organiser_only(client, event, organiser, other_club, make_organiser):
    services.event_deal_boards(event=event, seed="json", analyse=False)
    url = reverse("tournaments:boards-analysis", args=[event.pk])
    assert client.get(url).status_code == 302  # to the login
    client.force_login(make_organiser(username="rival2", clubs=[other_club]))
    assert client.get(url).status_code == 404
    client.force_login(organiser)
    assert client.get(url).json() == {"dealt": 16, "analysed": 0, "stalled": True}
    resume = reverse("tournaments:boards-analyse", args=[event.pk])
    assert client.get(resume).status_code == 405


def test_the_hand_record_says_the_analysis_is_in_progress(client, event, organiser):
    services.event_deal_boards(event=event, seed="wait", analyse=False)
    client.force_login(organiser)
    html = client.get(reverse("tournaments:board", args=[event.pk, 1])).content.decode()
    assert "Double dummy: analysis in progress" in html
    detail = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    assert detail.count("analysis in progress") == 16


def test_the_printed_hand_records_say_the_analysis_is_in_progress(event, fake_dds):
    services.event_deal_boards(event=event, seed="print", analyse=False)
    Board.objects.filter(event=event, number=1).update(dd_table=_fake_table(event.boards.get(number=1).deal))
    pack = services.event_print_pack(event, base_url="http://hall")
    reader = PdfReader(BytesIO(pdf.render(pack, "hand-records")))
    text = " ".join(page.extract_text() for page in reader.pages)
    assert text.count("analysis in progress") == 15


def test_django_starts_without_endplay():
    """DDS (endplay, about a second to load) waits for the first board to analyse."""
    code = (
        "import json, sys, django; django.setup();"
        "from django.urls import get_resolver; get_resolver().url_patterns;"
        "import tournaments.services, tournaments.views;"
        "print(json.dumps(sorted(sys.modules)))"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "whistdrive.settings"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "tournaments.analysis" in json.loads(done.stdout)
    assert not [m for m in json.loads(done.stdout) if m.split(".")[0] == "endplay"]
