"""A ruled grid of plain text, laid out and drawn by whistdrive itself: the documents' tables.

reportlab's ``Table`` makes a text object for every cell and a ``Paragraph`` (parsed as markup)
for every cell that wraps; a 30-table evening's pack has some forty thousand cells, and printing
it took seconds. Here every cell is plain text (never markup, so a name prints as typed), wrapped
to its column at spaces and after a hyphen between letters, each character in a font that has it
(``base.font_runs``), and the whole grid is one text object and one path, drawn through
reportlab's public canvas and text object calls only (a test holds every module here to that).
A cell may be a run of coloured pieces, for the red hearts and diamonds:
``[("1 ", None), ("♥", RED)]``.

    >>> from reportlab.lib.units import mm
    >>> grid = Grid(["Round", "Table"], [["1", "3"], ["2", "sit out"]], [20 * mm, 30 * mm])
    >>> width, height = grid.wrap(200 * mm, 100 * mm)
    >>> round(width / mm), len(grid.heights)
    (50, 3)
"""

import re
from collections.abc import Sequence
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from .base import BODY_SIZE, FALLBACK, FONT, FONT_BOLD, INK, RED, RULE, SHADE, font_runs

PAD_X = 4  # points either side of a cell's text
PAD_Y = 3  # points above and below
HYPHEN_BREAK = re.compile(r"(?<=[^\W\d_]-)(?=[^\W\d_])")  # "Smith-|Jones", never "-|3" nor "1-|4"


def column_width(*words: str, size: float = BODY_SIZE, bold: bool = True) -> float:
    """A column just wide enough for the widest of ``words`` on one line, with its padding and a
    little air: "Round" in the bold header, "12.5" in the rows."""
    font = FONT_BOLD if bold else FONT
    return max(_width(word, font, size) for word in words) + 2 * PAD_X + 3


def unbroken_parts(text: str) -> list[str]:
    """The parts of a text that a line never breaks inside: its words, each cut after a hyphen
    between letters ("Montgomery-", "Featherstonehaugh")."""
    return [part for word in text.split() for part in HYPHEN_BREAK.split(word)]


def suit(symbol: str) -> list[tuple[str, object]]:
    """A trump symbol as a cell: hearts and diamonds in red."""
    return [(symbol, RED if symbol in ("♥", "♦") else None)]


def _pieces(value) -> tuple[tuple[str, object], ...]:
    """A cell as (text, colour) pieces; a plain string is one piece in the ink colour."""
    if isinstance(value, str):
        return ((value, None),)
    return tuple((str(text), colour) for text, colour in value)


def wrap_words(pieces, font: str, size: float, width: float) -> list[list[tuple[str, object]]]:
    """The cell's pieces cut into lines no wider than ``width``, at spaces and after a hyphen
    between letters (a part longer than the line is cut where it must be). Each line is a list of
    (text, colour) pieces."""
    if sum(_width(text, font, size) for text, _ in pieces) <= width:
        return [[piece for piece in pieces if piece[0]]]  # most cells: one line as it is
    words: list[list[tuple[str, object]]] = [[]]  # words, each a list of pieces, spaces kept on the left
    for text, colour in pieces:
        for index, part in enumerate(text.split(" ")):
            if index:
                words.append([(" ", colour)] if words[-1] else [])
            for after_hyphen, piece in enumerate(HYPHEN_BREAK.split(part)):
                if after_hyphen:
                    words.append([])  # a line may break here, with nothing between
                if piece:
                    words[-1].append((piece, colour))
    lines: list[list[tuple[str, object]]] = [[]]
    used = 0.0
    for word in words:
        word_width = sum(_width(t, font, size) for t, _ in word)
        if lines[-1] and used + word_width > width:
            word = [(t.lstrip(), c) for t, c in word if t.strip()] or word
            word_width = sum(_width(t, font, size) for t, _ in word)
            lines.append([])
            used = 0.0
        if word_width > width:  # a single word wider than the column: cut it letter by letter
            for text, colour in word:
                for char in text:
                    step = _width(char, font, size)
                    if lines[-1] and used + step > width:
                        lines.append([])
                        used = 0.0
                    lines[-1].append((char, colour))
                    used += step
            continue
        lines[-1].extend(word)
        used += word_width
    return [line for line in lines if line] or [[]]


Line = tuple[tuple[tuple[str, str, object], ...], float]  # (text, font, colour) runs, and their width
_LINES: dict[tuple, tuple[Line, ...]] = {}


def _cell_lines(value, font: str, size: float, width: float) -> tuple[Line, ...]:
    """A cell wrapped into lines, each its runs in the fonts that print them and its width. A cell
    is laid out once for all grids: a pack repeats the same figures, names and boards."""
    # A plain string is its own key; a cell of coloured pieces is keyed by its pieces.
    pieces = _pieces(value)
    key = (value if isinstance(value, str) else pieces, font, size, width)
    lines = _LINES.get(key)
    if lines is not None:
        return lines
    lines = []
    for line in wrap_words(pieces, font, size, width):
        runs: list[tuple[str, str, object]] = []
        for piece, colour in line:
            for run, other in font_runs(piece):
                name = FALLBACK if other else font
                if runs and runs[-1][1] == name and runs[-1][2] is colour:
                    # Joined: each run is a call to reportlab when the line is drawn.
                    runs[-1] = (runs[-1][0] + run, name, colour)
                else:
                    runs.append((run, name, colour))
        lines.append((tuple(runs), sum(_width(text, name, size) for text, name, _ in runs)))
    lines = tuple(lines)
    if len(_LINES) > 50_000:
        _LINES.clear()
    _LINES[key] = lines
    return lines


@lru_cache(maxsize=4096)
def _width(text: str, font: str, size: float) -> float:
    return sum(stringWidth(run, FALLBACK if other else font, size) for run, other in font_runs(text))


class TextWriter:
    """Writes lines of text, each a list of (text, font, colour) runs, into one text object
    (``canvas.beginText``) through its public calls, setting the font and the colour only when
    they change: a line that keeps them is two calls, its origin and its text. Each run is
    ``textOut``, never ``textLine``: its line break (T*) makes a program that reads the PDF's
    text (pypdf, in the tests) run the next cell's text on into this one."""

    def __init__(self, text):
        self.text = text
        self.font = None  # the (font, size) in force
        self.colour = None

    def __call__(self, x: float, y: float, runs, size: float) -> None:
        text = self.text
        text.setTextOrigin(x, y)
        for run in runs:
            self._use(run, size)
            text.textOut(run[0])

    def _use(self, run, size: float) -> None:
        """Set the run's font and colour, unless they are set already."""
        _, font, colour = run
        colour = INK if colour is None else colour
        if colour is not self.colour:
            self.text.setFillColor(colour)
            self.colour = colour
        if self.font != (font, size):
            self.text.setFont(font, size)
            self.font = (font, size)


class Grid(Flowable):
    """A table with a shaded header row (repeated when the grid runs onto another page).

    ``bold`` names columns set in bold; ``align`` maps a column to "LEFT", "CENTER" or "RIGHT";
    ``min_height`` gives body rows room to write in by hand; ``bold_last`` sets the last row (a
    total) in bold under a heavier rule.
    """

    def __init__(
        self,
        header: Sequence,
        rows: Sequence[Sequence],
        widths: Sequence[float],
        *,
        size: float = BODY_SIZE,
        header_size: float | None = None,
        bold: Sequence[int] = (),
        align: dict | None = None,
        min_height: float = 0,
        bold_last: bool = False,
        valign_middle: bool = False,
        laid_out: tuple | None = None,
    ):
        super().__init__()
        self.header, self.rows, self.widths = list(header), [list(r) for r in rows], list(widths)
        self.size, self.header_size = size, header_size or size
        self.bold, self.align = set(bold), align or {}
        self.min_height, self.bold_last, self.valign_middle = min_height, bold_last, valign_middle
        self._laid_out = laid_out  # (cells, heights): given by ``split`` to its halves

    def _font(self, row: int, col: int) -> str:
        if row == 0 or col in self.bold or (self.bold_last and row == len(self.rows)):
            return FONT_BOLD
        return FONT

    def _layout(self):
        if self._laid_out is None:
            cells, heights = [], []
            for r, row in enumerate([self.header, *self.rows]):
                size = self.header_size if r == 0 else self.size
                line_cells = [
                    _cell_lines(value, self._font(r, c), size, self.widths[c] - 2 * PAD_X)
                    for c, value in enumerate(row)
                ]
                lines = max(len(lines) for lines in line_cells)
                height = lines * size * 1.22 + 2 * PAD_Y
                heights.append(max(height, self.min_height) if r else height)
                cells.append(line_cells)
            self._laid_out = (cells, heights)
        return self._laid_out

    @property
    def heights(self) -> list[float]:
        return self._layout()[1]

    def wrap(self, available_width, available_height):
        self.width = sum(self.widths)
        self.height = sum(self.heights)
        return self.width, self.height

    def split(self, available_width, available_height):
        """Rows up to the page's end, then the rest under the header again."""
        heights = self.heights
        used, fits = heights[0], 0
        for height in heights[1:]:
            if used + height > available_height:
                break
            used += height
            fits += 1
        if fits == 0 or fits == len(self.rows):
            return []
        options = dict(
            size=self.size,
            header_size=self.header_size,
            bold=self.bold,
            align=self.align,
            min_height=self.min_height,
            valign_middle=self.valign_middle,
        )
        cells, heights = self._layout()  # already laid out: the halves keep it
        first = Grid(
            self.header,
            self.rows[:fits],
            self.widths,
            laid_out=(cells[: fits + 1], heights[: fits + 1]),
            **options,
        )
        rest = Grid(
            self.header,
            self.rows[fits:],
            self.widths,
            bold_last=self.bold_last,
            laid_out=(cells[:1] + cells[fits + 1 :], heights[:1] + heights[fits + 1 :]),
            **options,
        )
        return [first, rest]

    def draw(self):
        cells, heights = self._layout()
        canvas = self.canv
        total_height = sum(heights)
        xs = [0.0]
        for width in self.widths:
            xs.append(xs[-1] + width)
        ys = [total_height]
        for height in heights:
            ys.append(ys[-1] - height)

        canvas.saveState()
        canvas.setFillColor(SHADE)
        canvas.rect(0, ys[1], xs[-1], heights[0], stroke=0, fill=1)
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        canvas.grid(xs, ys)
        if self.bold_last and len(heights) > 2:
            canvas.setLineWidth(1)
            canvas.line(0, ys[-2], xs[-1], ys[-2])

        text = canvas.beginText()
        write = TextWriter(text)
        for r, row in enumerate(cells):
            size = self.header_size if r == 0 else self.size
            leading = size * 1.22
            top = ys[r]
            for c, lines in enumerate(row):
                block = len(lines) * leading
                offset = (heights[r] - block) / 2 if (self.valign_middle and r) else PAD_Y
                align = self.align.get(c, "LEFT") if r else "LEFT"
                for number, (runs, width) in enumerate(lines):
                    if not runs:
                        continue
                    x = xs[c] + PAD_X
                    if align != "LEFT":
                        room = self.widths[c] - 2 * PAD_X - width
                        x += room / 2 if align == "CENTER" else room
                    write(x, top - offset - number * leading - size, runs, size)
        canvas.drawText(text)
        canvas.restoreState()
