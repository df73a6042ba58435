"""Page geometry, fonts and styles shared by every document, and the one function that makes the PDF."""

from functools import cache, lru_cache
from io import BytesIO
from itertools import groupby
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph, SimpleDocTemplate

from ..print_data import PrintEvent

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
# For the characters DejaVu Sans lacks (Chinese, Japanese, Korean names): the first of these found,
# a TrueType font with wide coverage from the system's packages (Debian: fonts-droid-fallback, or
# fonts-wqy-zenhei). Without one such a name prints as empty boxes; everything else is unchanged.
FALLBACK = "WhistdriveFallback"
FALLBACK_FILES = (
    Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
    Path("/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf"),
    Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
)
PAGE_SIZES = {"A4": A4, "LETTER": LETTER}

MARGIN = 14 * mm
FOOTER_Y = 8 * mm
FRAME_PADDING = 6  # points: the padding reportlab's page frame keeps inside the margins
BODY_SIZE = 11  # points: the least a player reads at the table, at arm's length
LARGE_PRINT = 14  # points: the least on a club's cards in large print, and on their footers
FOOTER_SIZE = 7.5  # the organiser's footer (which document, which page), in the bottom margin
WRITING_ROW = 8 * mm  # a row of a form (a score card, a blank results sheet): room to write by hand
RULE = colors.HexColor("#9aa3b2")
SHADE = colors.HexColor("#eef1f6")
RED = colors.HexColor("#b3261e")
INK = colors.HexColor("#1d2433")
MUTED = colors.HexColor("#5a6478")


def register_fonts() -> None:
    """DejaVu Sans ships with whistdrive: it has the suit symbols and is embedded in every PDF."""
    _main_coverage()


@cache
def _main_coverage() -> frozenset:
    """Register DejaVu Sans once; return the characters it has."""
    regular = TTFont(FONT, str(FONT_DIR / "DejaVuSans.ttf"))
    pdfmetrics.registerFont(regular)
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD)
    return frozenset(regular.face.charToGlyph)


@cache
def _fallback_coverage() -> frozenset:
    """Register the fallback font, the first time a character needs it; return the characters it has
    (none when no fallback font is installed)."""
    found = next((path for path in FALLBACK_FILES if path.exists()), None)
    if found is None:
        return frozenset()
    font = (
        TTFont(FALLBACK, str(found), subfontIndex=0)
        if found.suffix == ".ttc"
        else TTFont(FALLBACK, str(found))
    )
    pdfmetrics.registerFont(font)
    pdfmetrics.registerFontFamily(
        FALLBACK, normal=FALLBACK, bold=FALLBACK, italic=FALLBACK, boldItalic=FALLBACK
    )
    return frozenset(font.face.charToGlyph)


def has_fallback_font() -> bool:
    """Whether the characters DejaVu Sans lacks can be printed (a fallback font is installed)."""
    return bool(_fallback_coverage())


@lru_cache(maxsize=8192)
def font_runs(value: str) -> tuple[tuple[str, bool], ...]:
    """The text cut into runs DejaVu Sans prints and runs only the fallback font has, in order
    (kept: a pack prints the same names and figures many times).

    >>> font_runs("Li Wei 李伟")
    (('Li Wei ', False), ('李伟', True))
    >>> font_runs("Łukasz & Ελένη")
    (('Łukasz & Ελένη', False),)
    """
    main = _main_coverage()
    if all(ord(c) in main for c in value):
        return ((value, False),)
    fallback = _fallback_coverage()
    needs = (ord(c) not in main and ord(c) in fallback for c in value)
    runs, start = [], 0
    for use_fallback, group in groupby(needs):
        length = len(list(group))
        runs.append((value[start : start + length], use_fallback))
        start += length
    return tuple(runs)


def escaped(value: str) -> str:
    """Plain text made safe for a paragraph, each character in a font that has it (per glyph)."""
    runs = font_runs(value)
    if len(runs) == 1 and not runs[0][1]:
        return escape(value)
    return "".join(
        f'<font name="{FALLBACK}">{escape(run)}</font>' if other else escape(run) for run, other in runs
    )


def draw_text(canvas, x: float, y: float, value: str, size: float, *, right: bool = False) -> None:
    """A line of plain text drawn on the canvas (footers), each character in a font that has it."""
    runs = [(run, FALLBACK if other else FONT) for run, other in font_runs(value)]
    if right:
        x -= sum(pdfmetrics.stringWidth(run, font, size) for run, font in runs)
    for run, font in runs:
        canvas.setFont(font, size)
        canvas.drawString(x, y, run)
        x += pdfmetrics.stringWidth(run, font, size)


def _style(name, size, *, bold=False, leading=None, color=INK, **extra) -> ParagraphStyle:
    return ParagraphStyle(
        name,
        fontName=FONT_BOLD if bold else FONT,
        fontSize=size,
        leading=leading or size * 1.25,
        textColor=color,
        **extra,
    )


STYLES = {
    "title": _style("title", 20, bold=True, spaceAfter=2 * mm),
    "huge": _style("huge", 44, bold=True, leading=50),
    "heading": _style("heading", 13, bold=True, spaceBefore=3 * mm, spaceAfter=1.5 * mm),
    "body": _style("body", BODY_SIZE, leading=14),
    "lead": _style("lead", 13, bold=True, leading=17),
    "note": _style("note", BODY_SIZE, leading=14, spaceBefore=1 * mm),
    "small": _style("small", BODY_SIZE, leading=14, color=MUTED),  # a card's line under its heading
    # A table card's address in words, for the organiser who checks the QR code: players scan the
    # code, or type the table's code on the start page.
    "address": _style("address", 8, color=MUTED),
    "code": _style("code", 22, bold=True, leading=26),
}


# A card's styles in large print: every one at LARGE_PRINT or more.
LARGE_STYLES = {
    **STYLES,
    "heading": _style("heading-large", 17, bold=True, spaceBefore=3 * mm, spaceAfter=1.5 * mm),
    "body": _style("body-large", LARGE_PRINT, leading=18),
    "note": _style("note-large", LARGE_PRINT, leading=18, spaceBefore=1 * mm),
    "small": _style("small-large", LARGE_PRINT, leading=18, color=MUTED),
}


def card_size(event: PrintEvent) -> float:
    """The type of the cards players hold (guide, score and itinerary cards), in points: the
    club's large print, or the body size."""
    return LARGE_PRINT if event.large_print else BODY_SIZE


def card_styles(event: PrintEvent) -> dict[str, ParagraphStyle]:
    """The styles of the cards players hold, in large print when the club prints so."""
    return LARGE_STYLES if event.large_print else STYLES


class Safe(str):
    """Markup of our own (a red suit symbol), put into a paragraph as it is."""


def suit_markup(symbol: str) -> Safe:
    """Red hearts and diamonds, in Paragraph markup."""
    if symbol in ("♥", "♦"):
        return Safe(f'<font color="{RED.hexval()}">{escape(symbol)}</font>')
    return Safe(escape(symbol))


# Every paragraph of every document is made by one of these two, so a name is always text: a
# guest called "<img src=x>" or "Jim <visitor> & Doreen" prints as typed, and no tag of theirs
# reaches reportlab's markup parser.
def text(value: object, style: ParagraphStyle) -> Paragraph:
    """A paragraph of plain text, printed exactly as given."""
    return Paragraph(escaped(str(value)), style)


def markup(template: str, style: ParagraphStyle, *values: object) -> Paragraph:
    """A paragraph of our own markup; each ``{}`` in it is filled with a value as plain text
    (a ``Safe`` value, our own markup, as it is)."""
    return Paragraph(template.format(*(v if isinstance(v, Safe) else escaped(str(v)) for v in values)), style)


def build_pdf(event: PrintEvent, title: str, story: list) -> bytes:
    """Lay the flowables out on pages of the club's paper size (they flow onto as many as needed)."""
    register_fonts()
    buffer = BytesIO()
    page_size = PAGE_SIZES.get(event.paper, A4)
    doc = SimpleDocTemplate(
        buffer,
        pagesize=page_size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=f"{title}: {event.name}",
        author=event.club,
        creator="whistdrive",
    )

    # In large print the footer says which document alone, in type as large as the cards'.
    size = LARGE_PRINT if event.large_print else FOOTER_SIZE
    parts = (title,) if event.large_print else (event.club, event.name, event.date, title)

    def footer(canvas, document):
        canvas.saveState()
        canvas.setFillColor(MUTED)
        draw_text(canvas, MARGIN, FOOTER_Y, " · ".join(part for part in parts if part), size)
        draw_text(canvas, page_size[0] - MARGIN, FOOTER_Y, f"page {document.page}", size, right=True)
        canvas.restoreState()

    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue()


def usable_width(event: PrintEvent) -> float:
    return PAGE_SIZES.get(event.paper, A4)[0] - 2 * MARGIN


def usable_height(event: PrintEvent) -> float:
    """The height a page's frame gives its flowables."""
    return PAGE_SIZES.get(event.paper, A4)[1] - 2 * MARGIN - 2 * FRAME_PADDING


# This module is imported when the first document is built: the fonts are read then, before any
# Paragraph is made with these styles.
register_fonts()
