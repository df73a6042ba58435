"""A club's large print: the cards players hold (guide cards, score cards, itinerary cards and a
drive's players' cards) print in type of 14 points or more, nothing past the paper's edge and no
name cut inside a word. Read back from the PDFs with pypdf, every piece of text with its size and
place; and drawn with pdftoppm for people to look at (test-artifacts/large-print/)."""

import shutil
import subprocess
from io import BytesIO
from pathlib import Path

import pytest
from django.db import transaction
from django.urls import reverse
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.conftest import load_demo_with_long_names
from tournaments.models import Club, Drive, Event
from tournaments.pdf.base import LARGE_PRINT, register_fonts
from tournaments.pdf.grid import unbroken_parts
from tournaments.services import drives

SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "large-print"
CARDS = {"guide-cards", "score-cards", "itinerary-cards"}


def _pieces(pdf: bytes) -> list[dict]:
    """Every piece of text on every page: its text, size in points, place and the page's size."""
    pieces = []
    for page in PdfReader(BytesIO(pdf)).pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)

        def visit(text, cm, tm, font, size, page_size=(width, height)):
            if not text.strip():
                return
            # The text matrix in the page's space: scale (no rotation here) and origin.
            a = tm[0] * cm[0] + tm[1] * cm[2]
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            bold = "Bold" in str((font or {}).get("/BaseFont", ""))
            face = "DejaVuSans-Bold" if bold else "DejaVuSans"
            pieces.append({"text": text, "size": size * a, "x": x, "y": y, "page": page_size, "font": face})

        page.extract_text(visitor_text=visit)
    return pieces


def _checked(pdf: bytes, *, names: list[str]) -> str:
    """The document's checks: every text at least large print's size, inside the page, and each
    part of a name whole in one line; its text, to read."""
    register_fonts()
    pieces = _pieces(pdf)
    assert pieces
    small = [(p["text"], round(p["size"], 1)) for p in pieces if p["size"] < LARGE_PRINT - 0.01]
    assert small == []
    for p in pieces:
        width, height = p["page"]
        right = p["x"] + stringWidth(p["text"].rstrip(), p["font"], p["size"])
        assert 0 <= p["x"] and right <= width + 0.5, (p["text"], p["x"], right, width)
        assert 0 <= p["y"] <= height, p["text"]
    lines = [p["text"].strip() for p in pieces]
    parts = {part for name in names for part in unbroken_parts(name)}
    assert parts <= {part for line in lines for part in unbroken_parts(line)}  # each printed whole
    # A word cut inside (a name wider than its column) runs from the end of a line in a cell on to
    # the start of the next: no two lines join up into a part of a name.
    cut = {
        ends + starts
        for line, after in zip(lines, lines[1:], strict=False)
        if line and after
        for ends, starts in [(line.split()[-1], after.split()[0])]
        if ends + starts in parts and ends not in parts
    }
    assert cut == set()
    return " ".join(lines)


def _look(pdf: bytes, name: str) -> None:
    """The first pages as pictures, to look at."""
    if not shutil.which("pdftoppm"):
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"{name}.pdf").write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-l", "2", str(SHOTS / f"{name}.pdf"), str(SHOTS / name)], check=True
    )


@pytest.fixture(scope="module")
def demo_once(django_db_setup, django_db_blocker):
    """The demo club with long names, made once for the module in a transaction rolled back after
    its last test; each test runs in a savepoint inside it, so what one test writes the next never
    sees."""
    with django_db_blocker.unblock(), transaction.atomic():
        load_demo_with_long_names()
        yield
        transaction.set_rollback(True)


@pytest.fixture
def demo_with_long_names(demo_once, db):
    """The module's demo club (the conftest fixture makes it afresh for each test)."""


@pytest.fixture
def large(demo_with_long_names, client):
    from django.contrib.auth import get_user_model

    Club.objects.update(large_print=True)
    client.force_login(get_user_model().objects.get(username="organiser"))
    return client


def _pdf(client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return response.content


@pytest.mark.parametrize(
    ("evening", "document"),
    [
        ("Autumn Pairs", "guide-cards"),
        ("Autumn Pairs", "score-cards"),
        ("Tuesday Howell", "guide-cards"),
        ("Minnesota Whist Night", "score-cards"),
        ("Wednesday Individual", "itinerary-cards"),
    ],
)
def test_an_events_cards_print_large(large, evening, document):
    event = Event.objects.get(name=evening)
    pdf = _pdf(large, reverse("tournaments:event-print", args=[event.pk, document]))
    names = [name for pair in event.pairs.select_related("player1", "player2") for name in (pair.names,)]
    if event.is_individual:
        names = [i.names for i in event.individuals.select_related("player1", "player2")]
    text = _checked(pdf, names=[n for n in names if n])
    assert event.name in text
    _look(pdf, f"{event.pk}-{document}")


@pytest.mark.parametrize("drive", ["Saturday Village Drive", "Valley Team Night", "Minnesota Whist Drive"])
def test_a_drives_player_cards_print_large(large, drive):
    drive = Drive.objects.get(name=drive)
    pdf = _pdf(large, reverse("tournaments:drive-print", args=[drive.pk, "score-cards"]))
    names = [p.name for p in drive.players.select_related("member", "second_member")]
    if drive.format == Drive.Format.TEAMS:  # a team's card names the teams it meets
        names = list(drive.teams.values_list("name", flat=True))
    _checked(pdf, names=names)
    _look(pdf, f"drive-{drive.pk}-score-cards")


def test_an_individual_drives_itinerary_cards_print_large(large):
    club = Club.objects.get()
    drive = drives.drive_create(club=club, name="Family Drive", date="2026-11-20", format="individual")
    people = ["Mary-Elizabeth Cartwright-Visintin", "Bartholomew Featherstonehaugh-Smythe"] + [
        f"Player {k}" for k in range(3, 10)
    ]
    for person in people:
        drives.drive_player_add(drive=drive, name=person)
    pdf = _pdf(large, reverse("tournaments:drive-print", args=[drive.pk, "itinerary-cards"]))
    _checked(pdf, names=people)
    _look(pdf, "individual-drive-itinerary-cards")


def test_without_large_print_the_cards_keep_the_usual_type(demo_with_long_names, client):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.get(username="organiser"))
    event = Event.objects.get(name="Autumn Pairs")
    sizes = {
        round(p["size"], 1)
        for p in _pieces(_pdf(client, reverse("tournaments:event-print", args=[event.pk, "guide-cards"])))
    }
    assert min(sizes) < LARGE_PRINT and 11 in sizes


def test_the_organiser_sets_large_print_on_the_clubs_page(admin_client, make_club):
    club = make_club(name="Fylde Whist Club")  # not the demo's club, made once for this module
    page = admin_client.get(reverse("admin:tournaments_club_change", args=[club.pk])).content.decode()
    assert 'name="large_print"' in page and "14 points" in page
