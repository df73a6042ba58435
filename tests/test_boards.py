"""Dealing an event's boards, PBN in and out, double-dummy analysis, and the hand record page."""

import json
import os
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournaments import analysis, services
from tournaments.domain.deals import parse_deal
from tournaments.domain.pbn import read_pbn
from tournaments.models import Board, Event

BIG_DEAL = Path(__file__).resolve().parent / "data" / "bigdeal-16-boards.pbn"
# macroxue/bridge-solver's README: a deal with its published double-dummy table.
PUBLISHED_DEAL = "N:KJT987.K5.7.AQJ8 Q64.QT8.KJ953.94 A52.A32.AT8.7653 3.J9764.Q642.KT2"
PUBLISHED_TABLE = {  # strain -> tricks for South, North, West, East declaring
    "NT": (13, 13, 0, 0),
    "S": (13, 13, 0, 0),
    "H": (7, 7, 6, 5),
    "D": (6, 6, 6, 6),
    "C": (13, 13, 0, 0),
}


@pytest.fixture
def event(club, make_event):
    return make_event(club, tables=8, boards_per_round=2, variant="relay")  # 16 boards


def _deals(event):
    return {b.number: b.deal for b in event.boards.all()}


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="process priorities are read on POSIX")
def test_dds_solves_in_a_process_of_its_own_below_the_servers_priority_and_ends_when_asked():
    analysis.dd_solver_stop()
    analysis.dd_tables([parse_deal(PUBLISHED_DEAL)])
    solver = analysis._solver
    assert solver is not None and solver.pid != os.getpid() and solver.poll() is None
    # Below this process's priority (19, the lowest, when this process is already there).
    assert os.getpriority(os.PRIO_PROCESS, solver.pid) >= min(os.getpriority(os.PRIO_PROCESS, 0) + 1, 19)
    assert "endplay" not in sys.modules  # the server never loads DDS itself
    analysis.dd_solver_stop()
    assert solver.poll() is not None and analysis._solver is None
    # Asked again, it starts again.
    assert analysis.dd_tables([parse_deal(PUBLISHED_DEAL)])[0]["NT"]["S"] == 13


def test_the_published_double_dummy_table_is_reproduced():
    table = analysis.dd_tables([parse_deal(PUBLISHED_DEAL)])[0]
    for strain, (south, north, west, east) in PUBLISHED_TABLE.items():
        assert (table[strain]["S"], table[strain]["N"], table[strain]["W"], table[strain]["E"]) == (
            south,
            north,
            west,
            east,
        )
    # Whist: board 2 (East deals, South leads) in hearts: E/W take 5, so N/S take 8.
    assert analysis.ns_tricks(table, "H", "E") == 8


def test_dealing_with_a_seed_is_reproducible_and_recorded(event):
    services.event_deal_boards(event=event, seed="thursday", analyse=False)
    first = _deals(event)
    assert all(first.values()) and len(first) == 16
    assert first[2].startswith("E:")  # stored from the dealer
    services.event_deal_boards(event=event, seed="thursday", analyse=False)
    assert _deals(event) == first
    event.refresh_from_db()
    assert event.deal_seed == "thursday"


def test_dealing_without_a_seed_draws_a_fresh_one(event):
    seed = services.event_deal_boards(event=event, analyse=False)
    other = services.event_deal_boards(event=event, analyse=False)
    assert seed != other and len(seed) == 16


def test_the_analysis_after_dealing_stores_each_boards_double_dummy_tricks(club, make_event):
    event = make_event(club, tables=3, boards_per_round=1)
    services.event_deal_boards(event=event, seed="tiny")
    assert services.event_analyse_boards(event=event) == 3
    for board in event.boards.all():
        assert set(board.dd_table) == {"S", "H", "D", "C", "NT"}
        assert board.dd_ns_tricks == analysis.ns_tricks(board.dd_table, board.trumps, board.dealer)


def test_a_turned_schedule_takes_the_dealers_last_card(club, make_event):
    event = make_event(club, trump_schedule="turned")
    assert set(event.boards.values_list("trumps", flat=True)) == {""}
    services.event_deal_boards(event=event, seed="turned", analyse=False)
    for board in event.boards.all():
        hand = parse_deal(board.deal).hand(board.dealer)
        assert board.trumps in "SHDC" and hand["SHDC".index(board.trumps)]


@pytest.mark.parametrize("status", ["running", "finished"])
def test_deals_cannot_change_once_play_starts(event, status):
    services.event_deal_boards(event=event, seed="a", analyse=False)
    Event.objects.filter(pk=event.pk).update(status=status)
    with pytest.raises(services.ServiceError, match="can no longer change"):
        services.event_deal_boards(event=event, seed="b", analyse=False)
    with pytest.raises(services.ServiceError, match="can no longer change"):
        services.event_import_pbn(event=event, text=BIG_DEAL.read_text(), analyse=False)
    assert event.boards.get(number=1).deal == parse_deal(_deals(event)[1]).pbn("N")


def test_a_dealing_machines_pbn_imports(event):
    assert services.event_import_pbn(event=event, text=BIG_DEAL.read_text(), analyse=False) == 16
    board = event.boards.get(number=1)
    assert board.deal == "N:AQ43.Q94.K9.AJ96 T8.732.AT863.874 7.A865.J752.KQ32 KJ9652.KJT.Q4.T5"
    assert board.trumps == "H"  # the event's schedule
    event.refresh_from_db()
    assert event.deal_seed == ""


def test_what_whistdrive_exports_reads_back_identically(event):
    services.event_deal_boards(event=event, seed="export", analyse=False)
    text = services.event_export_pbn(event)
    boards = read_pbn(text)
    assert {b.board: b.deal.pbn(b.dealer) for b in boards} == _deals(event)
    assert {b.board: b.trumps for b in boards} == dict(event.boards.values_list("number", "trumps"))
    event.boards.update(deal="")
    services.event_import_pbn(event=event, text=text, analyse=False)
    assert {b.board: b.deal.pbn(b.dealer) for b in boards} == _deals(event)


@pytest.mark.parametrize(
    "edit, problem",
    [
        (
            lambda t: t.replace('[Board "16"]', '[Board "17"]'),
            "Board 17: this event has boards 1 to 16 only.",
        ),
        (lambda t: t.replace("KJ9652.KJT.Q4.T5", "KJ9652.KJT.Q4.T"), "Board 1: W holds 12 cards, not 13."),
        (lambda t: t.replace('[Dealer "E"]', '[Dealer "N"]', 1), "Board 2: the file says N deals"),
    ],
)
def test_a_bad_pbn_imports_nothing_and_names_the_board(event, edit, problem):
    with pytest.raises(services.PbnImportError) as refused:
        services.event_import_pbn(event=event, text=edit(BIG_DEAL.read_text()), analyse=False)
    assert any(p.startswith(problem) for p in refused.value.problems), refused.value.problems
    assert not any(_deals(event).values())


def test_a_turned_event_needs_trumps_in_the_pbn(club, make_event):
    event = make_event(club, tables=8, boards_per_round=2, variant="relay", trump_schedule="turned")
    with pytest.raises(services.PbnImportError, match="Board 1: the event turns its trumps"):
        services.event_import_pbn(event=event, text=BIG_DEAL.read_text(), analyse=False)


def test_changing_the_schedule_keeps_the_double_dummy_tricks_true(club, make_event):
    event = make_event(club, tables=3, boards_per_round=1)
    services.event_deal_boards(event=event, seed="tiny")
    services.event_analyse_boards(event=event)
    Event.objects.filter(pk=event.pk).update(trump_schedule="NSHDC")
    event.refresh_from_db()
    services.event_build_movement(event=event)
    board = event.boards.get(number=1)
    assert board.trumps == "NT"
    assert board.dd_ns_tricks == analysis.ns_tricks(board.dd_table, "NT", "N")


# --- commands ------------------------------------------------------------------------------------


def _call(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_the_deals_command_is_reproducible_and_needs_no_database():
    first = json.loads(
        _call("deals", "--boards", "5", "--seed", "s", "--schedule", "HDSCN", "--format", "json")
    )
    second = json.loads(
        _call("deals", "--boards", "5", "--seed", "s", "--schedule", "HDSCN", "--format", "json")
    )
    assert first == second and first["seed"] == "s"
    assert [b["trumps"] for b in first["boards"]] == ["H", "D", "S", "C", "NT"]
    assert [b.board for b in read_pbn(_call("deals", "--boards", "5", "--seed", "s"))] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    "args, message",
    [(["--boards", "0"], "between 1 and 200"), (["--boards", "4", "--schedule", "HDX"], "not a suit")],
)
def test_the_deals_command_explains_bad_options(args, message):
    with pytest.raises(CommandError, match=message):
        _call("deals", *args)


def test_import_and_export_commands(event, tmp_path):
    assert "Imported 16 deals" in _call("import_pbn", str(event.pk), str(BIG_DEAL), "--no-analysis")
    target = tmp_path / "out.pbn"
    _call("export_pbn", str(event.pk), "--output", str(target))
    assert len(read_pbn(target.read_text())) == 16


def test_the_import_command_lists_problems(event, tmp_path):
    bad = tmp_path / "bad.pbn"
    bad.write_text(BIG_DEAL.read_text().replace('[Board "16"]', '[Board "40"]'))
    err = StringIO()
    with pytest.raises(CommandError, match="Nothing was imported"):
        call_command("import_pbn", str(event.pk), str(bad), "--no-analysis", stderr=err)
    assert "Board 40" in err.getvalue()


def test_export_without_deals_is_explained(event):
    with pytest.raises(CommandError, match="has no deals yet"):
        _call("export_pbn", str(event.pk))


# --- pages ---------------------------------------------------------------------------------------


def test_the_hand_record_shows_the_hands_and_double_dummy(client, organiser, event):
    services.event_import_pbn(event=event, text=BIG_DEAL.read_text(), analyse=False)
    board = Board.objects.get(event=event, number=1)
    board.dd_table = {s: {p: 7 for p in "NESW"} for s in ("S", "H", "D", "C", "NT")}
    board.dd_ns_tricks = 7
    board.save()
    client.force_login(organiser)
    html = client.get(reverse("tournaments:board", args=[event.pk, 1])).content.decode()
    assert "Dealer North" in html and "♥ Hearts" in html
    assert "A Q 4 3" in html and "K J 9 6 5 2" in html and "10 8" in html
    assert "Double dummy: N/S 7, E/W 6" in html


def test_the_hand_record_is_public_once_published(client, event):
    url = reverse("tournaments:board", args=[event.pk, 1])
    assert client.get(url).status_code == 302
    Event.objects.filter(pk=event.pk).update(published=True, status="finished")
    assert client.get(url).status_code == 200
    assert client.get(reverse("tournaments:board", args=[event.pk, 99])).status_code == 404


def test_dealing_from_the_event_page(client, organiser, event):
    client.force_login(organiser)
    page = client.post(reverse("tournaments:boards-deal", args=[event.pk]), {"seed": "page"}, follow=True)
    assert "Boards dealt from seed page" in page.content.decode()
    assert all(_deals(event).values())


def test_dealing_rejects_get_and_other_clubs(client, organiser, other_club, make_event):
    theirs = make_event(other_club)
    client.force_login(organiser)
    assert client.get(reverse("tournaments:boards-deal", args=[theirs.pk])).status_code == 405
    assert client.post(reverse("tournaments:boards-deal", args=[theirs.pk])).status_code == 404
    assert not any(_deals(theirs).values())


def test_uploading_and_downloading_pbn(client, organiser, event):
    client.force_login(organiser)
    upload = SimpleUploadedFile("qf1.pbn", BIG_DEAL.read_bytes())
    page = client.post(reverse("tournaments:boards-import", args=[event.pk]), {"pbn": upload}, follow=True)
    assert "Imported 16 deals." in page.content.decode()
    response = client.get(reverse("tournaments:boards-pbn", args=[event.pk]))
    assert response["Content-Disposition"].endswith('.pbn"')
    assert len(read_pbn(response.content.decode())) == 16


def test_a_bad_upload_lists_the_problems(client, organiser, event):
    client.force_login(organiser)
    upload = SimpleUploadedFile("bad.pbn", BIG_DEAL.read_bytes().replace(b'[Board "3"]', b'[Board "x"]'))
    page = client.post(reverse("tournaments:boards-import", args=[event.pk]), {"pbn": upload}, follow=True)
    assert "Board x: the board number" in page.content.decode()
    assert not any(_deals(event).values())


@pytest.mark.parametrize(
    "deal, trumps, problem",
    [
        (
            None,
            "NT",
            "Board 1: turned trumps are the suit of the dealer's last card, so they cannot be no trumps.",
        ),
        (
            "N:AKQJ943..K9.AJ96 T8.732.AT863.874 7.A865.J752.KQ32 652.KQJT94.Q4.T5",
            "H",
            "Board 1: the dealer (N) holds no hearts, so hearts cannot be the turned trumps.",
        ),
    ],
)
def test_a_turned_event_refuses_trumps_the_dealer_could_not_turn(club, make_event, deal, trumps, problem):
    event = make_event(club, tables=8, boards_per_round=2, variant="relay", trump_schedule="turned")
    text = BIG_DEAL.read_text()
    if deal:
        text = text.replace("N:AQ43.Q94.K9.AJ96 T8.732.AT863.874 7.A865.J752.KQ32 KJ9652.KJT.Q4.T5", deal, 1)
    tagged = text.replace('[Board "1"]', f'[Board "1"]\n[Trumps "{trumps}"]', 1)
    with pytest.raises(services.PbnImportError) as refused:
        services.event_import_pbn(event=event, text=tagged, analyse=False)
    assert problem in refused.value.problems, refused.value.problems
    assert not any(_deals(event).values())
