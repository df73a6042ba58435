"""The itinerary cards of an individual event: one card per player, a line a round (round, table,
seat, partner, opponents), the rounds sat out said plainly, in type read at arm's length."""

import io
import re

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A3, A4, LETTER

from tests.test_print_type_sizes import BODY, _read_at_the_table, _too_small, type_runs
from tournaments.domain.movements import whist_schedule
from tournaments.pdf.itinerary import itinerary_cards_pdf

NAMES = {
    1: "Doreen Ashworth",
    2: "Jim Brown",
    3: "Wilhelmina Montgomery-Featherstonehaugh",
    4: "Li Wei",
    5: "Ann <Lee> & Co",
    6: "Bob Smith",
    7: "Elsie Tattersall",
    8: "Frank Ogden",
    9: "Harold Pickup",
}


def cards(players, names=NAMES, **options):
    return itinerary_cards_pdf(
        title="Friday Individual",
        subtitle="Clitheroe Whist · 4 December 2026",
        schedule=whist_schedule(players, options.pop("rounds", None)),
        names=names,
        **options,
    )


def pages_text(data):
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages]


def test_each_player_has_a_card_with_a_line_a_round():
    schedule = whist_schedule(9)
    text = " ".join(pages_text(cards(9)))

    for player, name in NAMES.items():
        assert f"{name} · player {player}" in text
    seats = {"N": "North", "E": "East", "S": "South", "W": "West"}
    for player in (1, 9):
        for line in schedule.itinerary(player):
            if line.table is None:
                assert line.round == player  # player r sits out round r
                continue
            if 3 in (line.partner, *line.opponents):
                continue  # a long name wraps, and the text comes back line by line
            first, second = (NAMES[p] for p in line.opponents)
            row = f"{line.round} {line.table} {seats[line.seat]} {NAMES[line.partner]} {first}, {second}"
            assert row in text
    assert "1 sits out" in text


def test_two_cards_to_a_sheet_when_they_fit_half_of_it():
    pages = pages_text(cards(9))

    assert len(pages) == 5
    assert "Doreen Ashworth · player 1" in pages[0] and "Jim Brown · player 2" in pages[0]
    assert "Harold Pickup · player 9" in pages[4]


def test_a_long_evening_has_a_card_to_a_sheet_or_more():
    pages = pages_text(cards(24))

    assert len(pages) == 24
    assert "Player 24" in pages[23]
    assert all(f"{round} " in pages[0] for round in range(1, 24))


def test_players_at_a_table_with_an_empty_seat_sit_out():
    schedule = whist_schedule(7, rounds=3)
    text = " ".join(pages_text(cards(7, rounds=3)))

    out = [p for r in range(1, 4) for p in schedule.sitting_out(r)]
    assert text.count("sits out") == len(out)


def test_a_name_prints_as_typed_and_a_player_without_one_by_number():
    text = " ".join(pages_text(cards(5, names={5: "Ann <Lee> & Co"})))

    assert "Ann <Lee> & Co · player 5" in text
    assert "Player 1 " in text


@pytest.mark.parametrize("page_size", [A4, LETTER])
def test_the_cards_are_printed_in_type_a_player_reads_at_the_table(page_size):
    runs = _read_at_the_table(type_runs(cards(13, page_size=page_size)))

    assert len(runs) > 13 * 13
    assert not _too_small(runs, BODY)


def test_the_footer_names_the_evening_and_the_document():
    last_page = pages_text(cards(4))[-1]

    assert "Friday Individual · Clitheroe Whist · 4 December 2026 · Itinerary cards" in last_page


def test_other_paper_is_refused_in_words():
    with pytest.raises(ValueError, match="A4 or Letter"):
        cards(8, page_size=A3)


def test_a_card_carried_over_to_a_second_sheet_names_its_player_there_too():
    """39 rounds do not fit one sheet in type read at arm's length: the sheet the rest go on says
    whose card it is, as the first does, or 40 players' second sheets could not be handed out."""
    pages = pages_text(cards(40))
    bodies = [page.split(f" page {number} ", 1)[1] for number, page in enumerate(pages, 1)]

    assert len(bodies) == 80
    for player in (1, 2, 40):
        first, second = bodies[2 * player - 2 : 2 * player]
        name = f"{NAMES[player]} · player {player}" if player in NAMES else f"Player {player}"
        assert first.startswith(f"{name} Friday Individual")
        assert second.startswith(f"{name}, continued Round Table Seat Partner Opponents")
        assert " 39 " in second  # the last rounds, under their headings


LONG_NAMES = {
    1: "Featherstonehaugh-Winterbottom",
    3: "Wilhelmina Montgomery-Featherstonehaugh",
    5: "Cholmondeley-Marjoribanks Esq.",
    6: "Bartholomew Higginbottom-Shufflebotham",
    8: "Maximiliana Vandenberghe-Oppenheimer",
    9: "Harold Wolfeschlegelsteinhausen",  # wider than the partner column would be
}
PRINTED = (
    "Friday Individual · Clitheroe Whist · 4 December 2026 · your seats for the evening · Itinerary cards"
    " page Round Table Seat Partner Opponents sits out North East South West player continued"
)


def _words(text: str) -> list[str]:
    """The words of a text, a hyphenated one as its parts ("Montgomery-", "Featherstonehaugh")."""
    return [part for word in text.replace(",", " ").split() for part in re.split(r"(?<=-)(?=\w)", word)]


@pytest.mark.parametrize("page_size", [A4, LETTER])
def test_a_long_name_breaks_only_at_a_space_or_after_a_hyphen(page_size):
    """A word cut in two ("Featherst", "onehaugh") is hard to read at arm's length: every word on
    every line of the cards is one of the names' words (or the card's own), whole."""
    names = {**NAMES, **LONG_NAMES}
    data = cards(9, names=names, page_size=page_size)
    known = set(_words(" ".join([*names.values(), PRINTED])))

    lines = [line for page in PdfReader(io.BytesIO(data)).pages for line in page.extract_text().splitlines()]
    broken = {word for line in lines for word in _words(line) if word not in known and not word.isdigit()}
    assert not broken
    assert any(line.endswith("-") for line in lines)  # the long names did wrap, after a hyphen
    runs = _read_at_the_table(type_runs(data))
    assert not _too_small(runs, BODY)
