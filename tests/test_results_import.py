"""Importing results typed from paper travellers: all rows or none, every problem named by line."""

from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import Result, ResultChange


def _csv(*rows, header="board,ns_pair,ew_pair,ns_tricks"):
    return "\n".join([header, *rows]) + "\n"


@pytest.fixture
def event(club, make_event):
    # 3 tables, 2 boards a round: round 1 has NS1vEW1 on 1-2, NS2vEW2 on 3-4, NS3vEW3 on 5-6.
    return make_event(club, tables=3, boards_per_round=2)


def test_a_good_file_imports_every_row_with_history(event, organiser):
    count = services.results_import_csv(
        event=event, text=_csv("1,1,1,8", "2,1,1,A+/A-", "3,2,2,6"), user=organiser
    )
    assert count == 3
    first = Result.objects.get(board__number=1)
    assert (first.ns_pair.number, first.ew_pair.number, first.ns_tricks, first.entered_by) == (
        1,
        1,
        8,
        organiser,
    )
    adjusted = Result.objects.get(board__number=2)
    assert (adjusted.ns_adjusted, adjusted.ew_adjusted, adjusted.ns_tricks) == ("A+", "A-", None)
    assert ResultChange.objects.filter(action="created").count() == 3


@pytest.mark.parametrize("rounds", [1, 3])
def test_a_file_is_written_in_the_same_statements_however_many_rows(event, organiser, rounds):
    rows = [
        f"{b},{s.ns_pair.number},{s.ew_pair.number},{(b + s.table) % 14}"
        for s in event.seatings.select_related("ns_pair", "ew_pair").filter(round__lte=rounds)
        for b in s.board_numbers
    ]
    with CaptureQueriesContext(connection) as captured:
        assert services.results_import_csv(event=event, text=_csv(*rows), user=organiser) == 6 * rounds
    # The event's boards, pairs, seatings and results read; the results and their first history
    # lines written, each in one statement, inside a transaction and a savepoint.
    assert len(captured.captured_queries) == 10
    assert ResultChange.objects.filter(action="created", result__isnull=False).count() == 6 * rounds
    assert {r.score_text for r in Result.objects.all()} == {line.after for line in ResultChange.objects.all()}


def test_round_and_table_columns_are_checked_when_given(event):
    text = _csv("1,1,1,8,1,1", "3,2,2,6,1,2", header="board,ns_pair,ew_pair,ns_tricks,round,table")
    assert services.results_import_csv(event=event, text=text) == 2


@pytest.mark.parametrize(
    "row, problem",
    [
        ("99,1,1,8", "Line 3: board 99 is not in this event"),
        ("1,7,1,8", "Line 3: there is no pair N/S 7"),
        ("1,1,9,8", "Line 3: there is no pair E/W 9"),
        ("1,2,2,8", "Line 3: N/S 2 and E/W 2 do not play board 1"),
        ("1,1,1,14", "Line 3: ns_tricks '14' should be tricks from 0 to 13"),
        ("1,1,1,-1", "Line 3: ns_tricks '-1' should be tricks"),
        ("1,1,1,A+/B", "Line 3: ns_tricks 'A+/B'"),
        ("one,1,1,8", "Line 3: board 'one' is not a number"),
        ("3,2,2,8", "Line 3: board 3, N/S 2 and E/W 2, is given twice (also line 2)"),
        ("1,1,1,8,extra", "Line 3: more values than the header has columns"),
        ('1,1,1,"8', "Line 3: this is not readable as CSV"),
    ],
)
def test_a_bad_row_imports_nothing_and_names_its_line(event, row, problem):
    with pytest.raises(services.ResultsImportError) as refused:
        services.results_import_csv(event=event, text=_csv("3,2,2,6", row))
    assert any(p.startswith(problem) for p in refused.value.problems), refused.value.problems
    assert not Result.objects.exists() and not ResultChange.objects.exists()


def test_a_row_disagreeing_with_the_movement_on_round_or_table_is_refused(event):
    text = _csv("1,1,1,8,2,1", header="board,ns_pair,ew_pair,ns_tricks,round,table")
    with pytest.raises(services.ResultsImportError, match="Line 2: N/S 1 and E/W 1 play board 1 in round 1"):
        services.results_import_csv(event=event, text=text)


def test_a_result_already_entered_is_refused(event):
    services.results_import_csv(event=event, text=_csv("1,1,1,8"))
    with pytest.raises(services.ResultsImportError, match="Line 2: board 1 already has a result"):
        services.results_import_csv(event=event, text=_csv("1,1,1,9", "3,2,2,6"))
    assert Result.objects.count() == 1


@pytest.mark.parametrize(
    "text, problem",
    [
        ("board,ns,ew,tricks\n1,1,1,8\n", "Line 1: the header lacks ns_pair, ew_pair, ns_tricks"),
        ("board,ns_pair,ew_pair,ns_tricks,notes\n1,1,1,8,x\n", "Line 1: unknown column notes"),
        ("board,ns_pair,ew_pair,ns_tricks\n", "The file has no results in it."),
        ("", "Line 1: the header lacks"),
    ],
)
def test_a_bad_header_or_empty_file_is_explained(event, text, problem):
    with pytest.raises(services.ResultsImportError) as refused:
        services.results_import_csv(event=event, text=text)
    assert refused.value.problems[0].startswith(problem)


def test_an_arrow_switched_round_is_stored_by_the_cards(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2, arrow_switch_rounds="3")
    seating = event.seatings.get(round=3, table=1)  # NS 1 v EW 2 on boards 5-6, switched
    services.results_import_csv(event=event, text=_csv(f"{seating.first_board},1,{seating.ew_pair.number},8"))
    result = Result.objects.get()
    # N/S 1 held the E/W cards and took 8: the N/S hands (held by E/W 2) took 5.
    assert (result.ns_pair.direction, result.ns_pair.number, result.ns_tricks) == ("EW", 2, 5)
    assert (result.ew_pair.direction, result.ew_pair.number) == ("NS", 1)


def test_the_command_imports_a_file(event, tmp_path):
    path = tmp_path / "travellers.csv"
    path.write_text("\ufeff" + _csv("1,1,1,8", "2,1,1,7"), encoding="utf-8")
    out = StringIO()
    call_command("import_results", str(event.pk), str(path), stdout=out)
    assert "Imported 2 results" in out.getvalue()


def test_the_command_names_the_bad_lines_and_imports_nothing(event, tmp_path):
    path = tmp_path / "travellers.csv"
    path.write_text(_csv("1,1,1,8", "1,1,1,15"))
    err = StringIO()
    with pytest.raises(CommandError, match="Nothing was imported: 1 problem"):
        call_command("import_results", str(event.pk), str(path), stderr=err)
    assert "Line 3: ns_tricks '15'" in err.getvalue()
    assert not Result.objects.exists()


def test_the_upload_form_imports_a_file(client, organiser, event):
    client.force_login(organiser)
    upload = StringIO(_csv("1,1,1,8"))
    upload.name = "travellers.csv"
    page = client.post(reverse("tournaments:results-import", args=[event.pk]), {"file": upload}, follow=True)
    assert "Imported 1 results." in page.content.decode()
    assert Result.objects.get().entered_by == organiser


def test_the_upload_form_lists_the_problems(client, organiser, event):
    client.force_login(organiser)
    upload = StringIO(_csv("1,1,1,8", "2,1,1,99"))
    upload.name = "travellers.csv"
    page = client.post(reverse("tournaments:results-import", args=[event.pk]), {"file": upload}, follow=True)
    assert "Line 3: ns_tricks &#x27;99&#x27;" in page.content.decode()
    assert not Result.objects.exists()


def test_the_upload_form_refuses_a_file_that_is_not_text(client, organiser, event):
    client.force_login(organiser)
    upload = SimpleUploadedFile("travellers.xlsx", b"PK\x03\x04\xff\xfe\x00binary")
    page = client.post(reverse("tournaments:results-import", args=[event.pk]), {"file": upload}, follow=True)
    assert "The file is not text (UTF-8)" in page.content.decode()
    assert not Result.objects.exists()


def test_the_upload_is_refused_for_another_clubs_event(client, organiser, other_club, make_event):
    theirs = make_event(other_club)
    client.force_login(organiser)
    upload = StringIO(_csv("1,1,1,8"))
    upload.name = "travellers.csv"
    assert (
        client.post(reverse("tournaments:results-import", args=[theirs.pk]), {"file": upload}).status_code
        == 404
    )
    assert not Result.objects.exists()


def test_the_upload_rejects_get(client, organiser, event):
    client.force_login(organiser)
    assert client.get(reverse("tournaments:results-import", args=[event.pk])).status_code == 405
