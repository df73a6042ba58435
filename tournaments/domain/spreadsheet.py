"""Rows written as CSV for a spreadsheet, every export the same way and guarded.

A cell of text that a spreadsheet would read as a formula ("=HYPERLINK(…)", "@SUM(…)", "+1+2", or a
tab or carriage return in front) gets a quote in front, OWASP's advice against CSV injection, so it
stays the text a person typed. A plain number ("-2", "+3.5", "56.25%") is left as it is, as are
numbers and empty cells. A carriage return inside a cell (a name from a restored or imported file)
becomes a line feed, which the writer quotes: a bare one is no line end to the writer but one to a
spreadsheet, which would start a row there with whatever follows, a formula too.

    >>> print(csv_text([["name", "score"], ["=HYPERLINK(\\"http://x\\")", "-2"], ["@SUM(A1)", 7]]), end="")
    name,score
    "'=HYPERLINK(""http://x"")",-2
    '@SUM(A1),7
"""

import csv
import io
import re
from collections.abc import Iterable

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?[%*]?")  # a figure, with its per cent or "not counted" mark


def safe_cell(value):
    """The cell as a spreadsheet should show it: text that would start a formula, quoted.

    >>> safe_cell("+1+2"), safe_cell("+1"), safe_cell("Ann & Bob"), safe_cell(-3)
    ("'+1+2", '+1', 'Ann & Bob', -3)
    >>> print(csv_text([["Ann\\r=1+2", "x"]]), end="")
    "Ann
    =1+2",x
    """
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(value):
        value = "'" + value
    return value.replace("\r\n", "\n").replace("\r", "\n")


def csv_text(rows: Iterable[Iterable]) -> str:
    """The rows as CSV text, one line each, every cell through :func:`safe_cell`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()
