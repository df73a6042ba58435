"""Without endplay (the wheel installed without its extra "analysis") the boards are dealt, shown and
printed as ever, and wherever their analysis would be made or shown whistdrive says in words that it
is not installed: no error page, no traceback."""

import html
import sys
from io import BytesIO, StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from django_tasks_db.models import DBTaskResult
from pypdf import PdfReader

from tournaments import analysis, pdf, services
from tournaments.models import Board

BIG_DEAL = Path(__file__).resolve().parent / "data" / "bigdeal-16-boards.pbn"
SAYS = "Double-dummy analysis is not installed on this computer (pip install 'whistdrive[analysis]')"
DD_TABLE = {strain: dict.fromkeys("NESW", 6) for strain in ("S", "H", "D", "C", "NT")}


@pytest.fixture
def no_endplay(monkeypatch, fake_dds):
    """endplay made unimportable, as in a venv without the extra; the calls DDS would have had."""
    monkeypatch.setitem(sys.modules, "endplay", None)
    return fake_dds


@pytest.fixture
def event(club, make_event):
    return make_event(club, tables=8, boards_per_round=2, variant="relay")  # 16 boards


def _text(response) -> str:
    return html.unescape(response.content.decode())


def test_it_knows_whether_the_solver_is_installed(monkeypatch):
    assert analysis.dd_installed()  # the checkout installs the extra
    assert services.analysis_unavailable() == ""
    monkeypatch.setitem(sys.modules, "endplay", None)
    assert not analysis.dd_installed()
    assert services.analysis_unavailable().startswith(SAYS)


def test_dealing_deals_without_the_analysis(event, no_endplay, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.event_deal_boards(event=event, seed="no-dds", analyse=True)
    assert callbacks == []  # no analysis set to follow
    assert no_endplay == []
    assert event.boards.dealt().count() == 16
    assert event.boards.awaiting_analysis().count() == 16
    with pytest.raises(services.AnalysisNotInstalled, match="not installed on this computer"):
        services.event_analyse_boards(event=event)


def test_dealing_and_importing_through_the_pages_say_the_analysis_is_not_installed(
    client, event, organiser, no_endplay
):
    client.force_login(organiser)
    page = client.post(reverse("tournaments:boards-deal", args=[event.pk]), {"seed": "hall"}, follow=True)
    assert page.status_code == 200
    assert "Boards dealt from seed hall" in _text(page) and SAYS in _text(page)
    upload = SimpleUploadedFile("machine.pbn", BIG_DEAL.read_bytes())
    page = client.post(reverse("tournaments:boards-import", args=[event.pk]), {"pbn": upload}, follow=True)
    assert "Imported 16 deals." in _text(page) and SAYS in _text(page)
    assert no_endplay == [] and event.boards.awaiting_analysis().count() == 16


def test_the_hand_records_show_the_stored_analysis_and_say_the_rest_is_not_installed(
    client, event, organiser, no_endplay
):
    services.event_deal_boards(event=event, seed="records", analyse=False)
    Board.objects.filter(event=event, number=1).update(dd_table=DD_TABLE, dd_ns_tricks=6)
    client.force_login(organiser)
    analysed = _text(client.get(reverse("tournaments:board", args=[event.pk, 1])))
    assert "Double dummy: N/S 6, E/W 7" in analysed and SAYS not in analysed
    waiting = client.get(reverse("tournaments:board", args=[event.pk, 2]))
    assert waiting.status_code == 200
    assert "Double dummy: not installed" in _text(waiting) and SAYS in _text(waiting)
    assert "analysis in progress" not in _text(waiting)
    detail = _text(client.get(reverse("tournaments:event-detail", args=[event.pk])))
    assert detail.count("not installed") == 16  # fifteen boards, and the sentence under the forms
    assert SAYS in detail and "analysis follows in the background" not in detail


def test_the_printed_hand_records_say_the_analysis_is_not_installed(client, event, organiser, no_endplay):
    services.event_deal_boards(event=event, seed="print", analyse=False)
    Board.objects.filter(event=event, number=1).update(dd_table=DD_TABLE, dd_ns_tricks=6)
    pack = services.event_print_pack(event, base_url="http://hall")
    reader = PdfReader(BytesIO(pdf.render(pack, "hand-records")))
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert text.count("Double dummy: not installed") == 15
    assert "analysis in progress" not in text
    assert "Double-dummy analysis is not installed on this computer" in text
    client.force_login(organiser)
    whole = client.get(reverse("tournaments:event-print", args=[event.pk, "pack"]))
    assert whole.status_code == 200 and whole["Content-Type"] == "application/pdf"


def test_the_run_page_says_so_instead_of_a_progress_bar(
    client, event, organiser, no_endplay, tasks_in_database
):
    services.event_deal_boards(event=event, seed="run", analyse=False)
    client.force_login(organiser)
    run = reverse("tournaments:event-run", args=[event.pk])
    page = _text(client.get(run))
    assert SAYS in page and "analysis-bar" not in page and "Resume the analysis" not in page
    resumed = client.post(reverse("tournaments:boards-analyse", args=[event.pk]), {"next": run}, follow=True)
    assert SAYS in _text(resumed) and "goes on" not in _text(resumed)
    assert no_endplay == [] and not DBTaskResult.objects.exists()  # no task queued


def test_the_analysis_command_says_it_is_not_installed(event, no_endplay):
    services.event_deal_boards(event=event, seed="command", analyse=False)
    with pytest.raises(CommandError, match=r"not installed on this computer \(pip install"):
        call_command("analyse_boards")
    assert event.boards.awaiting_analysis().count() == 16


def test_the_import_command_imports_and_says_the_analysis_is_not_installed(event, no_endplay):
    out = StringIO()
    call_command("import_pbn", str(event.pk), str(BIG_DEAL), stdout=out)
    assert "Imported 16 deals" in out.getvalue() and SAYS in out.getvalue()
    assert event.boards.awaiting_analysis().count() == 16
