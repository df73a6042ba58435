"""The type of every printed document is big enough to read at arm's length: the size of each run
of words, read back from the PDF (pypdf gives the font size through the text matrix), is at least
11 pt wherever a player reads at the table, and 14 pt in the table cards' grid of rounds.

Two things on a page may be smaller, because nobody reads them at the table:
- the page footer (club, event, date, document, page number), which tells the organiser which
  pile a sheet belongs to, in the bottom margin;
- a table card's "This table's address", the QR code's address in words for the organiser who
  checks a code: players scan the code, or type the table's code (22 pt) on the start page
  (11 pt).
"""

import io
from dataclasses import dataclass

import pytest
from pypdf import PdfReader

from tournaments import pdf, services
from tournaments.models import Club
from tournaments.pdf import base
from tournaments.pdf.table_cards import _notes
from tournaments.services import drives
from tournaments.services.drives.paper import drive_print

BASE = "http://192.168.1.20:8000"
BODY = 11  # points: the least a player reads at the table
TABLE_CARD_ROWS = 14  # points: the table card's rounds, read across the table


@dataclass(frozen=True)
class Run:
    page: int
    y: float
    size: float
    text: str


def type_runs(data: bytes) -> list[Run]:
    """Every run of words the PDF shows, in the order it draws them, with its size in points on
    the page (the font size scaled by the text matrix and the page's transformation)."""
    runs = []
    for number, page in enumerate(PdfReader(io.BytesIO(data)).pages):

        def visit(text, cm, tm, font, size, number=number):
            if text.strip():
                scale = abs(tm[2] * cm[1] + tm[3] * cm[3])
                y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
                runs.append(Run(number, y, round(size * scale, 2), " ".join(text.split())))

        page.extract_text(visitor_text=visit)
    return runs


def _read_at_the_table(runs: list[Run]) -> list[Run]:
    """The runs a player reads: all but the footer and the table card's address (see above)."""
    return [
        run for run in runs if run.y > base.MARGIN - 1 and not run.text.startswith("This table's address")
    ]


def _too_small(runs: list[Run], least: float) -> list[tuple[float, str]]:
    return [(run.size, run.text) for run in runs if run.size < least]


def _table_card_grid(runs: list[Run], pack) -> list[Run]:
    """The runs of each table card's grid: from its heading "Round" to its first note."""
    notes = [note[:20] for card in pack.table_cards for note in (*_notes(card), *card.notes)]
    grid, inside = [], False
    for run in runs:
        if run.text == "Round" or run.text.startswith("Round N/S E/W"):
            inside = True
        elif run.text.startswith("Table ") or any(run.text.startswith(note) for note in notes):
            inside = False
        if inside:
            grid.append(run)
    return grid


@pytest.fixture(params=["A4", "LETTER"])
def paper(request, club):
    Club.objects.filter(pk=club.pk).update(paper_size=request.param)
    return request.param


@pytest.fixture(params=["mitchell-7", "howell-8"])
def event(request, club, make_event, paper, fake_dds):
    """The hand records carry their double-dummy grids: the stand-in solver's figures, laid out and
    printed as the solver's would be (type size does not depend on which tricks they say)."""
    if request.param == "mitchell-7":
        event = make_event(club, tables=7, boards_per_round=3, arrow_switch_rounds="7")
    else:
        event = make_event(club, tables=4, boards_per_round=2, variant="howell")
    services.event_deal_boards(event=event, seed="type", analyse=False)
    services.event_analyse_boards(event=event)  # the hand records' double-dummy grids too
    assert event.boards.filter(dd_table__isnull=True).count() == 0
    pair = event.pairs.get(direction="NS", number=1) if request.param == "mitchell-7" else event.pairs.first()
    pair.guest1, pair.guest2 = "Wilhelmina Montgomery-Featherstonehaugh", "Bartholomew Fortescue-Smythe"
    pair.save()
    event.refresh_from_db()
    return event


def _play_two_boards(event):
    played = event.seatings.filter(round=1, ns_pair__isnull=False).select_related("ns_pair", "ew_pair")[:2]
    rows = [f"{s.first_board},{s.ns_pair.number},{s.ew_pair.number},{7 + s.table % 3}" for s in played]
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows))


@pytest.mark.parametrize("played", [False, True], ids=["before-play", "scored"])
def test_every_document_of_an_event_is_printed_in_type_a_player_reads_at_the_table(event, played):
    if played:
        _play_two_boards(event)
    pack = services.event_print_pack(event, base_url=BASE)
    for document in pdf.DOCUMENTS:
        runs = type_runs(pdf.render(pack, document))
        read = _read_at_the_table(runs)
        assert len(read) > 3, document
        assert not _too_small(read, BODY), document
        if document == "table-cards":
            grid = _table_card_grid(read, pack)
            assert len(grid) >= 2 * sum(len(card.rounds) for card in pack.table_cards), grid
            assert not _too_small(grid, TABLE_CARD_ROWS)


@pytest.fixture
def drive(club, paper):
    """A drive of 18 players, one hand played: a sit-out table, a partner on each card."""
    drive = drives.drive_create(club=club, name="Friday Progressive", date="2026-11-20", hands=8)
    for k in range(18):
        drives.drive_player_add(drive=drive, role="LG"[k % 2], guest=f"Player {k} Featherstonehaugh")
    drive = drives.drive_start(drive=drive)
    for table in range(1, 5):
        drives.drive_result_record(drive=drive, hand=1, table=table, ns_tricks=5 + table)
    return drive


@pytest.mark.parametrize("document", list(pdf.DRIVE_DOCUMENTS))
def test_every_document_of_a_drive_is_printed_in_type_a_player_reads_at_the_table(drive, document):
    runs = _read_at_the_table(type_runs(drive_print(drive=drive, document=document, base_url=BASE)))
    assert len(runs) > 3
    assert not _too_small(runs, BODY), document


@pytest.fixture
def team_night(club, paper):
    """A team night of five teams with long names, two hands played."""
    teams = [
        (f"Featherstonehaugh Wanderers {n}", [f"Player {n}{k} Bickerstaff" for k in "abcd"]) for n in range(5)
    ]
    night = drives.team_night_create(
        club=club, name="Winter Team Night", date="2026-11-20", teams=teams, hands=8
    )
    night = drives.drive_start(drive=night)
    for hand in (1, 2):
        for table in range(1, 6):
            drives.drive_result_record(drive=night, hand=hand, table=table, ns_tricks=4 + table)
    return night


@pytest.mark.parametrize("document", list(pdf.DRIVE_DOCUMENTS))
def test_every_document_of_a_team_night_is_printed_in_type_a_player_reads_at_the_table(team_night, document):
    runs = _read_at_the_table(type_runs(drive_print(drive=team_night, document=document, base_url=BASE)))
    assert len(runs) > 3
    assert not _too_small(runs, BODY), document
