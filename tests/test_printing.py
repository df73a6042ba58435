"""Printed documents, read back from the PDF: the right pairs and boards on the right card."""

import io
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from tests.qr_codes import read, read_image
from tournaments import pdf, qr, services
from tournaments.models import Club
from tournaments.pdf import base
from tournaments.services.tablets.pair_evening import pair_evening_path
from tournaments.services.tablets.player_evening import player_evening_path

BASE = "http://192.168.1.20:8000"


def _read(data: bytes) -> PdfReader:
    assert data.startswith(b"%PDF")
    return PdfReader(io.BytesIO(data))


def _pages(data: bytes) -> list[str]:
    """Each page's text, whitespace (table cells come out on lines of their own) made single spaces."""
    return [" ".join(page.extract_text().split()) + " " for page in _read(data).pages]


def _render(event, document):
    return pdf.render(services.event_print_pack(event, base_url=BASE), document)


@pytest.fixture
def event(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2, arrow_switch_rounds="3")
    services.event_deal_boards(event=event, seed="print", analyse=False)
    return event


def test_one_table_card_a_table_with_its_own_pairs_boards_and_moves(event):
    pages = _pages(_render(event, "table-cards"))
    assert len(pages) == 3
    for table, text in enumerate(pages, start=1):
        assert f"Table {table}" in text
        access = event.table_accesses.get(table=table)
        assert access.code in text and access.token in text.replace(" ", "")
    # Table 2, round 1: N/S 2 v E/W 2 on boards 3-4; E/W 2 go on to table 3, the boards to table 1.
    assert re.search(r"1 N/S 2 E/W 2 3 ., 4 . table 3 table 1 ", pages[1])
    assert "arrow switch" in pages[0]


def _symbol(url: str) -> list[list[bool]]:
    """The modules of the QR code of ``url``, dark True, once a phone's camera has read them as
    ``url``."""
    symbol = [list(row) for row in qr.modules(url)]
    assert read(symbol) == url
    return symbol


def _drawn_qr(page) -> list[list[bool]]:
    """The QR code as drawn on a PDF page, dark True: the filled path with the most rectangles
    (each a run of dark modules) put back on its grid of modules; the finder patterns mark its
    corners, so the rectangles' bounds are the symbol's."""
    construction = {b"m", b"l", b"c", b"v", b"y", b"h"}
    paths, rects = [], []
    for operands, operator in page.get_contents().operations:
        if operator == b"re":
            rects.append([float(v) for v in operands])
        elif operator not in construction and rects:
            paths.append(rects)
            rects = []
    rects = max(paths, key=len)
    unit = min(h for _, _, _, h in rects)
    left = min(x for x, _, _, _ in rects)
    top = max(y + h for _, y, _, h in rects)
    size = round((max(x + w for x, _, w, _ in rects) - left) / unit)
    modules = [[False] * size for _ in range(size)]
    for x, y, w, h in rects:
        assert h == pytest.approx(unit)
        row, start = round((top - y - h) / unit), round((x - left) / unit)
        for col in range(start, start + round(w / unit)):
            modules[row][col] = True
    return modules


def test_each_table_card_prints_the_qr_code_of_its_tables_address(event):
    reader = _read(_render(event, "table-cards"))
    for table, page in enumerate(reader.pages, start=1):
        url = f"{BASE}/t/{event.table_accesses.get(table=table).token}/"
        assert _drawn_qr(page) == _symbol(url), table


def test_each_guide_card_prints_the_qr_code_and_the_address_of_its_pairs_own_page(event):
    """The pair reaches their page of the evening from their guide card: its QR code, module for
    module, and its address in words (a pack cut down to one pair's card: one code on the page)."""
    pack = services.event_print_pack(event, base_url=BASE + "/")
    for pair in event.pairs.filter(direction="EW"):
        url = BASE + pair_evening_path(pair)
        data = pdf.render(services.print_pack_only(pack, pairs={str(pair)}, tables=set()), "guide-cards")
        assert _drawn_qr(_read(data).pages[0]) == _symbol(url), str(pair)
        assert url in _pages(data)[0].replace(" ", ""), str(pair)


def test_the_printed_guide_cards_take_the_sites_address_from_the_request(client, organiser, event):
    """No address configured but this machine's: the one the organiser's browser came in by."""
    client.force_login(organiser)
    response = client.get(reverse("tournaments:event-print", args=[event.pk, "guide-cards"]))
    pair = event.pairs.get(direction="EW", number=1)
    assert f"http://testserver{pair_evening_path(pair)}" in "".join("".join(_pages(response.content)).split())


def test_each_itinerary_card_prints_the_qr_code_and_the_address_of_its_players_own_page(club):
    """At an individual event the player's itinerary card does the same, for their own page."""
    from dataclasses import replace

    from tests.test_individual_events import make_individual

    event = make_individual(club)
    pack = services.event_print_pack(event, base_url=BASE)
    for player in event.individuals.filter(number__in=(1, 3)):
        url = BASE + player_evening_path(player)
        alone = replace(pack.itinerary, links={player.number: url})  # one code in the pages
        data = pdf.render(replace(pack, itinerary=alone), "itinerary-cards")
        page = next(
            p for p in _read(data).pages if url in " ".join(p.extract_text().split()).replace(" ", "")
        )
        assert _drawn_qr(page) == _symbol(url), player.number
        assert pack.itinerary.links[player.number] == url


def test_the_qr_code_is_drawn_module_for_module_inside_its_quiet_zone(tmp_path):
    """Rasterised, the printed code shows exactly the encoder's modules for the address, with four
    modules of white all round."""
    import shutil
    import subprocess

    from reportlab.pdfgen.canvas import Canvas

    from tournaments.pdf.table_cards import QrCode

    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm is not installed (apt-get install -y poppler-utils)")
    url = f"{BASE}/t/AbCdEfGhIjKlMnOpQrStUvWxYz012345/"
    symbol, quiet = _symbol(url), 4  # the quiet zone the QR standard asks for, in modules
    white = [False] * (len(symbol) + 2 * quiet)
    expected = [
        *[white] * quiet,
        *([False] * quiet + row + [False] * quiet for row in symbol),
        *[white] * quiet,
    ]
    size = 300
    canvas = Canvas(str(tmp_path / "qr.pdf"), pagesize=(size, size))
    flowable = QrCode(url, size)
    flowable.wrapOn(canvas, size, size)
    flowable.drawOn(canvas, 0, 0)
    canvas.save()
    subprocess.run(
        ["pdftoppm", "-gray", "-r", "144", str(tmp_path / "qr.pdf"), str(tmp_path / "qr")], check=True
    )
    image = next(tmp_path.glob("qr*.pgm")).read_bytes()
    header, pixels = image.split(b"\n", 3)[:3], image.split(b"\n", 3)[3]
    width, height = (int(v) for v in header[1].split())
    count = len(expected)
    for row, line in enumerate(expected):
        for col, dark in enumerate(line):
            x = int((col + 0.5) * width / count)
            y = int((row + 0.5) * height / count)
            assert (pixels[y * width + x] < 128) == dark, (row, col)
    # And the page, as printed, reads as the address.
    assert read_image(memoryview(pixels[: width * height]).cast("B", (height, width))) == url


def test_the_suit_symbols_are_printed_with_an_embedded_font(event):
    reader = _read(_render(event, "travellers"))
    text = "".join(page.extract_text() for page in reader.pages)
    assert "♥" in text and "♦" in text and "♠" in text and "♣" in text
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = (
                font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
                if "/DescendantFonts" in font
                else font.get("/FontDescriptor")
            )
            if descriptor is not None:
                descriptor = descriptor.get_object()
                fonts.add((str(font["/BaseFont"]), "/FontFile2" in descriptor))
    assert any("DejaVuSans" in name and embedded for name, embedded in fonts), fonts


def test_one_traveller_a_board_blank_until_scored(event):
    text = "".join(_pages(_render(event, "travellers")))
    for board in range(1, 7):
        assert f"Board {board}" in text
    assert re.search(r"1 1 N/S 1 E/W 1 2 ", text)  # round 1, table 1, nothing written; then round 2
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n1,1,1,9\n")
    text = "".join(_pages(_render(event, "travellers")))
    assert re.search(r"1 1 N/S 1 E/W 1 9 4 ", text)


def test_guide_cards_give_each_moving_pair_its_route(event):
    text = "".join(_pages(_render(event, "guide-cards")))
    for ew in (1, 2, 3):  # no names given: the pair's number alone heads its card
        assert f"E/W {ew} Thursday Drive" in text and f"E/W {ew}: E/W {ew}" not in text
    assert "N/S cards (arrow switch)" in text


def test_score_cards_list_each_pairs_boards(event):
    text = "".join(_pages(_render(event, "score-cards")))
    assert text.count("personal score card") == 6


def test_hand_records_show_every_dealt_board(event):
    text = "".join(_pages(_render(event, "hand-records")))
    for board in range(1, 7):
        assert f"Board {board}" in text
    assert "Dealer North" in text and "(dealer)" in text


def test_the_results_sheet(event):
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n1,1,1,9\n3,2,2,7\n")
    text = "".join(_pages(_render(event, "results")))
    assert "Provisional results" in text and "All pairs" in text and "Scores board by board" in text


def test_the_pack_holds_every_document(event):
    reader = _read(_render(event, "pack"))
    text = "".join(page.extract_text() for page in reader.pages)
    assert "Table 3" in text and "your route" in text and "traveller" in text and "Hand records" in text


def test_a_club_can_print_on_letter_paper(event):
    Club.objects.filter(pk=event.club_id).update(paper_size="LETTER")
    event.refresh_from_db()
    box = _read(_render(event, "table-cards")).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_a_thirty_table_event_flows_onto_further_pages(club, make_event):
    event = make_event(club, name="County Drive", tables=30, boards_per_round=2, variant="relay")
    services.event_deal_boards(event=event, seed="county", analyse=False)
    pack = services.event_print_pack(event, base_url=BASE)
    for document in ("table-cards", "travellers", "guide-cards", "score-cards", "hand-records"):
        data = pdf.render(pack, document)
        least = {"table-cards": 30, "travellers": 15}.get(document, 5)
        if document not in ("table-cards", "travellers"):  # their pages counted, their words not read
            assert len(_read(data).pages) >= least, document
            continue
        pages = _pages(data)
        text = "".join(pages)
        assert len(pages) >= least, document
        if document == "table-cards":
            # A card a table, its type the same however long the movement: thirty rounds take a
            # second page, headed with the table's number and the grid's headings again.
            starts = [
                n for n, page in enumerate(pages) if re.search(r"Table cards page \d+ Table \d+ County", page)
            ]
            assert len(starts) == 30 and len(pages) >= 60
            for t, start in enumerate(starts, start=1):
                assert f"Table {t} County" in pages[start]
                assert f"Table {t}, continued Round N/S E/W" in pages[start + 1]
            assert "30 N/S 1" in pages[1]  # table 1's last round is on its card's second page
            assert text.count("shares its boards with table 30") == 1  # said once, not each round
            assert "Every round: shares its boards with table 30." in pages[1]
        if document == "travellers":
            assert all(f"Board {b}" in text for b in (1, 30, 60))


def test_the_print_command_writes_a_pdf(event, tmp_path):
    target = tmp_path / "cards.pdf"
    out = StringIO()
    call_command(
        "print",
        str(event.pk),
        "--document",
        "table-cards",
        "--output",
        str(target),
        "--base-url",
        BASE,
        stdout=out,
    )
    assert len(_read(target.read_bytes()).pages) == 3 and "Wrote" in out.getvalue()


def test_the_organiser_downloads_a_document(client, organiser, event):
    client.force_login(organiser)
    response = client.get(reverse("tournaments:event-print", args=[event.pk, "pack"]))
    assert response["Content-Type"] == "application/pdf"
    assert len(_read(response.content).pages) > 5


def test_documents_of_another_club_and_unknown_documents_are_not_found(
    client, organiser, event, other_club, make_event
):
    theirs = make_event(other_club)
    client.force_login(organiser)
    assert client.get(reverse("tournaments:event-print", args=[theirs.pk, "pack"])).status_code == 404
    assert client.get(reverse("tournaments:event-print", args=[event.pk, "menu"])).status_code == 404
    client.logout()
    assert client.get(reverse("tournaments:event-print", args=[event.pk, "pack"])).status_code == 302


@pytest.mark.parametrize(
    "method, headings", [("total_tricks", "Tricks ± avg"), ("odd_tricks", "Score Tricks")]
)
def test_a_trick_scored_event_closed_with_averages_prints_its_results(club, make_event, method, headings):
    """Closing with results missing gives A/A; the trick methods score it (house rule) and print."""
    event = make_event(club, tables=3, boards_per_round=2, scoring=method)
    services.event_deal_boards(event=event, seed="tricks", analyse=False)
    services.event_start(event=event)
    access = event.table_accesses.get(table=1)
    services.table_result_enter(access=access, board_number=1, ns_tricks=8)
    services.table_result_confirm(access=access, board_number=1, ns_tricks=8)
    services.event_close(event=event, adjust_missing=True)
    event.refresh_from_db()
    text = " ".join(_pages(_render(event, "results")))
    assert "No results yet" not in text and f"Place Pair Players {headings} Boards" in text
    assert "Final results" in text and "%" not in text.split("Scores board by board")[0].split(headings)[1]


HOSTILE = [
    ("<script>alert(1)</script> & Doreen", "Jim <visitor>"),
    ('<img src="/etc/passwd"/>', "<img src=x>"),
    ('<a href="javascript:alert(1)">click</a>', "<b>bold</b> &amp; <br/>"),
]


def test_names_are_printed_as_typed_never_read_as_markup(club, make_event):
    event = make_event(club, tables=3, boards_per_round=2, arrow_switch_rounds="3")
    services.event_deal_boards(event=event, seed="hostile", analyse=False)
    for pair, (first, second) in zip(event.pairs.order_by("-direction", "number"), HOSTILE * 2, strict=False):
        pair.guest1, pair.guest2 = first, second
        pair.save()
    event.name = "<i>Friday</i> & <u>Drive</u>"
    event.save()
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n1,1,1,9\n3,2,2,7\n")
    for document in pdf.DOCUMENTS:
        data = _render(event, document)
        reader = _read(data)
        text = "".join(page.extract_text() for page in reader.pages)
        for page in reader.pages:
            assert "/Annots" not in page, f"{document}: a link was made from a name"
            xobjects = page["/Resources"].get("/XObject", {})
            assert not any(x.get_object()["/Subtype"] == "/Image" for x in xobjects.values()), document
        if document in ("guide-cards", "score-cards", "results", "pack"):
            flat = " ".join(text.split())
            assert "<script>alert(1)</script> & Doreen" in flat and "Jim <visitor>" in flat, document
            assert "<img src=x>" in flat, document
        if document in ("hand-records", "pack"):
            assert "<i>Friday</i> & <u>Drive</u>" in " ".join(text.split()), document


def test_every_paragraph_is_made_by_the_escaping_helpers():
    from pathlib import Path

    package = Path(pdf.__file__).resolve().parent
    makers = {p.name for p in package.glob("*.py") if "Paragraph(" in p.read_text()}
    assert makers == {"base.py"}


def test_traveller_headers_keep_their_words_and_switched_rows_are_marked(event):
    pages = _pages(_render(event, "travellers"))
    assert all("Round Table N/S pair E/W pair" in page for page in pages)
    # Round 3 is arrow-switched: its row on each traveller is starred and the star explained.
    switched = [page for page in pages if " * " in page]
    assert switched and all(
        "Arrow switch: the pair sitting N/S played the E/W cards" in page for page in switched
    )


def test_score_cards_name_the_opponents_and_add_up(event):
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n1,1,1,9\n2,1,1,6\n")
    pair = event.pairs.get(direction="EW", number=1)
    pair.guest1, pair.guest2 = "Ada Lovelace", "Charles Babbage"
    pair.save()
    page = _pages(_render(event, "score-cards"))[0]
    assert "Score cards page 1 N/S 1 Thursday Drive" in page  # a pair without names: its number alone
    assert "E/W 1 Ada Lovelace & Charles Babbage" in page
    total = re.search(r"Total (\d+) (\S+) (\S+) %", page)
    assert total, page
    assert total.group(1) == str(9 + 6)  # tricks of N/S 1 over its two scored boards


def test_the_double_dummy_grid_fits_its_corner_of_the_diagram(club, make_event, fake_dds):
    """Three columns of the diagram; the grid fits the bottom left corner, under West, beside South.
    The stand-in solver's figures (its layout is the solver's: a row a strain, a figure a seat)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from tournaments.pdf import hand_records as hr
    from tournaments.pdf.base import usable_width

    event = make_event(club, tables=3, boards_per_round=1)
    services.event_deal_boards(event=event, seed="dd-fit")
    services.event_analyse_boards(event=event)
    pack = services.event_print_pack(event, base_url=BASE)
    record = pack.hand_records[0]
    assert len(record.dd_rows) == 5 and all(
        strain == "NT" or len(strain) == 1 for strain, _ in record.dd_rows
    )
    west, middle, east = hr.columns(usable_width(pack.event) / hr.BOARDS_ACROSS - 2 * hr.mm)
    assert hr.dd_width() + 2 * hr.PAD <= west  # beside South
    assert (len(record.dd_rows) + 1) * hr.DD_ROW + 2 * hr.PAD <= hr.DIAGRAM_HEIGHT - 2 * hr.ROW_HEIGHT
    longest = stringWidth("North (dealer)", base.FONT, hr.BODY_SIZE)  # the widest seat, in South's column
    assert longest + hr.PAD <= min(middle, east)
    text = " ".join(_pages(_render(event, "hand-records")))
    assert re.search(r"NT( \d+){4}", text)  # the grid's rows as printed: NT and four figures


def test_table_cards_say_the_skip_and_the_sit_out_in_words(club, make_event):
    skip = make_event(club, name="Skip", tables=6, boards_per_round=2)
    text = " ".join(_pages(_render(skip, "table-cards")))
    assert "Round 3: after round 3, E/W move up two tables (the skip)" in text
    half = make_event(club, name="Half", tables=5, boards_per_round=2, phantom=True)
    last = _pages(_render(half, "table-cards"))[-1]
    assert "nobody plays at this table: E/W" in last and "sit out this round" in last


WORLD = [
    ("李伟", "王秀英"),
    ("Ελένη Παπαδοπούλου", "Γιώργος Νικολάου"),
    ("Łukasz Żółć", "Małgorzata Wiśniewska-Grzegorzewska"),
    ("Владимир Кузнецов", "山田 花子"),
    ("Bartholomew Fortescue-Smythe", "Wilhelmina Montgomery-Featherstonehaugh"),
]


def _words(reader):
    """Every piece of text the PDF shows, with where it starts and ends on its page:
    (page, x, y, end of the text's width in DejaVu Sans, or None for other fonts, text)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    found = []
    for number, page in enumerate(reader.pages):

        def visit(text, cm, tm, font, size, number=number):
            if not text.strip():
                return
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            name = str((font or {}).get("/BaseFont", "")).split("+")[-1]
            end = None
            if name.startswith("DejaVuSans"):
                end = x + stringWidth(text.strip(), name, size * tm[0] * cm[0])
            found.append((number, x, y, end, text))

        page.extract_text(visitor_text=visit)
    return found


@pytest.mark.skipif(
    not base.has_fallback_font(), reason="no CJK fallback font: apt-get install fonts-droid-fallback"
)
@pytest.mark.parametrize(
    "options",
    [
        {"tables": 7, "boards_per_round": 2, "phantom": True, "arrow_switch_rounds": "7"},
        {"tables": 8, "boards_per_round": 3, "variant": "relay", "phantom": True},
    ],
    ids=["phantom-and-arrow-switch", "relay"],
)
def test_names_in_any_script_print_in_a_font_that_has_them_inside_the_page(club, make_event, options):
    event = make_event(club, **options)
    services.event_deal_boards(event=event, seed="world", analyse=False)
    for pair, (first, second) in zip(event.pairs.order_by("-direction", "number"), WORLD * 3, strict=False):
        pair.guest1, pair.guest2 = first, second
        pair.save()
    played = event.seatings.filter(round=1, ns_pair__isnull=False).select_related("ns_pair", "ew_pair")[:2]
    rows = [f"{s.first_board},{s.ns_pair.number},{s.ew_pair.number},{7 + s.table % 3}" for s in played]
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows))
    for document in ("table-cards", "guide-cards", "travellers", "score-cards", "results"):
        reader = _read(_render(event, document))
        flat = " ".join("".join(page.extract_text() for page in reader.pages).split())
        for name in ("李伟", "王秀英", "Ελένη Παπαδοπούλου", "Łukasz Żółć", "Владимир Кузнецов"):
            if document in ("guide-cards", "score-cards", "results", "table-cards"):
                assert name in flat, (document, name)
        fonts = {
            str(font.get_object()["/BaseFont"]).split("+")[-1]
            for page in reader.pages
            for font in page["/Resources"]["/Font"].values()
        }
        if document != "travellers":  # travellers carry pair numbers only
            fallback = fonts - {"DejaVuSans", "DejaVuSans-Bold", "/Helvetica"}
            assert "DejaVuSans" in fonts and len(fallback) == 1, (document, fonts)
        width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
        margin = base.MARGIN - 1
        for page, x, y, end, piece in _words(reader):
            assert margin < x < width - margin and 0 < y < height, (document, page, x, y, piece)
            assert end is None or end <= width - margin, (
                document,
                page,
                x,
                end,
                piece,
            )  # nothing off the right


def test_the_grid_wraps_at_spaces_and_after_hyphens_and_cuts_only_a_word_too_long_for_its_column():
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from tournaments.pdf.grid import wrap_words

    def wrapped(text, width):
        lines = wrap_words([(text, None)], base.FONT, 8.5, width)
        return ["".join(t for t, _ in line).strip() for line in lines]

    names = "Wilhelmina Montgomery-Featherstonehaugh & Joan Bellamy"
    lines = wrapped(names, 150)
    assert lines[0] == "Wilhelmina Montgomery-"  # a break after the hyphen, not in a word
    assert " ".join(lines).replace("- ", "-").split() == names.split()  # every word whole
    assert all(stringWidth(line, base.FONT, 8.5) <= 150 for line in lines)
    assert wrapped("boards 1-4 score -30", 30) == ["boards", "1-4", "score", "-30"]  # no letters, no break
    assert wrap_words([("Round", None)], base.FONT_BOLD, 11, 20)[0][0][0] != "Round"  # cut: too narrow
    assert wrap_words([("Round", None)], base.FONT_BOLD, 11, 40) == [[("Round", None)]]


def test_the_scores_grid_shares_the_boards_out_in_even_blocks(club, make_event):
    event = make_event(club, tables=5, boards_per_round=6)  # 30 boards
    services.event_deal_boards(event=event, seed="blocks", analyse=False)
    rows = [
        f"{b},{s.ns_pair.number},{s.ew_pair.number},{(b + s.table) % 14}"
        for s in event.seatings.select_related("ns_pair", "ew_pair")
        for b in s.board_numbers
    ]
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows))
    text = "".join(_pages(_render(event, "results")))
    blocks = re.findall(r"Pair((?: \d+)+) N/S 1 ", text)
    assert [block.split() for block in blocks] == [
        [str(n) for n in range(1, 11)],
        [str(n) for n in range(11, 21)],
        [str(n) for n in range(21, 31)],
    ]


def test_guide_cards_print_two_to_a_sheet_with_a_cut_line_on_a4_and_letter(event):
    for paper in ("A4", "LETTER"):
        Club.objects.filter(pk=event.club_id).update(paper_size=paper)
        event.refresh_from_db()
        pages = _pages(_render(event, "guide-cards"))
        assert len(pages) == 2, paper  # three moving pairs: two cards, then one
        assert pages[0].count("your route") == 2 and pages[1].count("your route") == 1
        assert "✂" in pages[0] and "✂" not in pages[1]  # the cut line is drawn above a lower card


def test_a_score_card_gives_the_percentage_its_own_column_not_my_notes(event):
    from tournaments.pdf.cards import score_cards_story
    from tournaments.pdf.grid import Grid

    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n1,1,1,9\n2,1,1,6\n")
    pack = services.event_print_pack(event, base_url=BASE)
    card = pack.score_cards[0]
    assert card.percentage == "50.00 %"
    grids = [f for sheet in score_cards_story(pack) for f in getattr(sheet, "flowables", [sheet])]
    grid = next(f for f in grids if isinstance(f, Grid))
    total = dict(zip(grid.header, grid.rows[-1], strict=True))
    assert total["%"] == card.percentage and total["My notes"] == ""
    assert "Total 15 4 50.00 %" in _pages(_render(event, "score-cards"))[0]


def test_the_results_printed_before_play_are_a_form_to_fill_in(event):
    pair = event.pairs.get(direction="EW", number=2)
    pair.guest1, pair.guest2 = "Ada Lovelace", "Charles Babbage"
    pair.save()
    text = " ".join(_pages(_render(event, "results")))
    assert "No results yet" not in text
    assert "Thursday Drive: Results" in text and "Place Pair Players Score Top % Boards" in text
    assert "E/W 2 Ada Lovelace & Charles Babbage" in text  # each pair named, its boxes empty
    assert "Scores board by board" in text and re.search(r"Pair 1 2 3 4 5 6 N/S 1 N/S 2 N/S 3 E/W 1", text)
    assert "%" not in text.split("Scores board by board")[1]  # nothing filled in
