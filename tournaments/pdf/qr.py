"""QR codes on paper: a table's address, to open its tablet page by pointing a phone or tablet at it.

The symbol is reportlab's encoder's, module for module (error correction M, the mask its rules
choose), made several times faster: a pack prints one for every table, and reportlab's own
drawing widget and mask scoring made the table cards the slowest document to print.
"""

import re
from functools import lru_cache
from itertools import cycle, zip_longest

from reportlab.graphics.barcode import qrencoder
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

QR_SIZE = 38 * mm

QUIET_ZONE = 4  # modules of white round the code, as the standard asks


RUNS = re.compile(r"0{5,}|1{5,}")
FINDER_LIKE = "10111010000"


def mask_penalty(modules) -> int:
    """The QR standard's penalty of a masked symbol, as reportlab's encoder scores it: its rows of
    dark (True) and light modules."""
    return _penalty(_bits(modules))


def _bits(modules) -> list[int]:
    """Rows of dark (True) and light modules as bits, the leftmost module the highest."""
    return [int("".join("1" if module else "0" for module in row), 2) for row in modules]


def _penalty(rows: list[int]) -> int:
    """The penalty of a symbol whose rows are bits (the leftmost module the highest): runs of five
    or more, 2x2 blocks of one colour, finder-like patterns and the dark share, scored as reportlab
    scores them. Rows and columns as text, so that runs and patterns are found by C code."""
    size = len(rows)
    texts = [format(row, f"0{size}b") for row in rows]
    columns = ["".join(column) for column in zip(*texts, strict=True)]
    runs = [run for line in (*texts, *columns) for run in RUNS.findall(line)]
    score = sum(map(len, runs)) - 2 * len(runs)
    for line in texts:  # reportlab looks for finder-like patterns along the rows only
        last, start = size - len(FINDER_LIKE), 0
        while (found := line.find(FINDER_LIKE, start)) != -1 and found < last:
            score += 40
            start = found + len(FINDER_LIKE)
    # A 2x2 block of one colour: a module equal to the one below it and to its right-hand
    # neighbour, which is equal to the one below it too.
    inside = (1 << (size - 1)) - 1  # every column but the last starts a block
    for upper, lower in zip(rows, rows[1:], strict=False):
        same = ~(upper ^ lower)
        score += 3 * (same & (same >> 1) & ~(upper ^ (upper >> 1)) & inside).bit_count()
    dark = sum(text.count("1") for text in texts)
    return score + 10 * (abs(100 * dark // size**2 - 50) // 5)


_MASKS: dict[tuple[int, int], list[int]] = {}


def _mask_rows(code: qrencoder.QRCode, mask: int) -> list[int]:
    """Where a mask turns the data modules of a symbol of the code's version over, as rows of bits
    (the same for every code of that version)."""
    key = (code.version, mask)
    if key not in _MASKS:
        size, flips = code.moduleCount, qrencoder.QRUtil.getMask(mask)
        rows = [0] * size
        for col, row in code.dataPosIterator():
            if flips(row, col):
                rows[row] |= 1 << (size - 1 - col)
        _MASKS[key] = rows
    return _MASKS[key]


@lru_cache(maxsize=64)
def _generator(count: int) -> tuple[int, ...]:
    """The Reed-Solomon generator polynomial of ``count`` error correction codewords, highest
    power first, its coefficients as logarithms in GF(256)."""
    polynomial = [1]
    for i in range(count):  # times (x - a^i)
        factor = qrencoder.EXP_TABLE[i]
        polynomial = [
            high ^ (_multiply(low, factor) if low else 0)
            for high, low in zip([*polynomial, 0], [0, *polynomial], strict=True)
        ]
    return tuple(qrencoder.LOG_TABLE[c] for c in polynomial)


def _multiply(a: int, b: int) -> int:
    return qrencoder.EXP_TABLE[(qrencoder.LOG_TABLE[a] + qrencoder.LOG_TABLE[b]) % 255] if a and b else 0


def _error_correction(data: list[int], count: int) -> list[int]:
    """The block's error correction codewords: the remainder of data x^count by the generator."""
    exp, log = qrencoder.EXP_TABLE, qrencoder.LOG_TABLE
    generator = _generator(count)[1:]
    remainder = [*data, *([0] * count)]
    for i in range(len(data)):
        if coefficient := remainder[i]:
            shift = log[coefficient]
            for j, g in enumerate(generator, start=i + 1):
                remainder[j] ^= exp[(shift + g) % 255]
    return remainder[len(data) :]


class _QrCode(qrencoder.QRCode):
    """reportlab's encoder, the same symbol made several times faster: the codewords' error
    correction computed with a generator made once, and the eight masks tried on the data modules
    alone (the function patterns are the same under every mask while it chooses)."""

    _positions: dict[int, list[tuple[int, int]]] = {}

    def dataPosIterator(self):  # noqa: N802 (reportlab's name)
        """The data modules' places, in order: the same for every code of a version."""
        if self.version not in self._positions:
            self._positions[self.version] = list(self._dataPosIterator())
        return self._positions[self.version]

    def make(self):
        self.makeImpl(False, self.getBestMaskPattern())

    def _codewords(self) -> list[int]:
        """The data and error correction codewords, interleaved by block, as reportlab's createData
        makes them."""
        blocks = qrencoder.QRRSBlock.getRSBlocks(self.version, self.errorCorrectLevel)
        capacity = 8 * sum(block.dataCount for block in blocks)
        buffer = qrencoder.QRBitBuffer()
        for data in self.dataList:
            data.write(buffer, self.version)
        if buffer.getLengthInBits() > capacity:
            raise ValueError(f"code length overflow ({buffer.getLengthInBits()} > {capacity})")
        if buffer.getLengthInBits() + 4 <= capacity:
            buffer.put(0, 4)  # the end code
        while buffer.getLengthInBits() % 8:
            buffer.putBit(False)
        for pad in cycle((self.PAD0, self.PAD1)):  # then the pad codewords, in turn
            if buffer.getLengthInBits() >= capacity:
                break
            buffer.put(pad, 8)
        data_blocks, correction_blocks, offset = [], [], 0
        for block in blocks:
            data_blocks.append(buffer.buffer[offset : offset + block.dataCount])
            offset += block.dataCount
            correction_blocks.append(_error_correction(data_blocks[-1], block.totalCount - block.dataCount))
        return [
            codeword
            for group in (*zip_longest(*data_blocks), *zip_longest(*correction_blocks))
            for codeword in group
            if codeword is not None
        ]

    def getBestMaskPattern(self):  # noqa: N802 (reportlab's name)
        """The mask with the least penalty, as reportlab chooses it."""
        penalties = self.mask_penalties()
        return penalties.index(min(penalties))

    def mask_penalties(self) -> list[int]:
        """Each mask's penalty, the data modules masked in turn round the same function patterns."""
        if self.dataCache is None:  # made here, before reportlab's makeImpl would make it its way
            self.version = self.version or self.calculate_version()
            self.dataCache = self._codewords()
        self.makeImpl(True, 0)
        unmasked = [row ^ flip for row, flip in zip(_bits(self.modules), _mask_rows(self, 0), strict=True)]
        return [
            _penalty([row ^ flip for row, flip in zip(unmasked, _mask_rows(self, mask), strict=True)])
            for mask in range(8)
        ]


@lru_cache(maxsize=256)
def qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The dark and light modules of the QR code of ``text`` (error correction M, best mask):
    kept per text, as a table's address stays the same all evening."""
    code = _QrCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    return tuple(tuple(row) for row in code.modules)


class QrCode(Flowable):
    """A QR code drawn as one filled path of runs of dark modules: reportlab's drawing widget makes
    a shape (with its attribute checks) for every module, which made table cards slow to print."""

    def __init__(self, value: str, size: float = QR_SIZE):
        super().__init__()
        self.value = value
        self.size = size
        self.width = self.height = size

    def draw(self):
        modules = qr_modules(self.value)
        count = len(modules) + 2 * QUIET_ZONE
        unit = self.size / count
        path = self.canv.beginPath()
        for row, line in enumerate(modules):
            y = self.size - (row + QUIET_ZONE + 1) * unit
            col = 0
            while col < len(line):
                if not line[col]:
                    col += 1
                    continue
                start = col
                while col < len(line) and line[col]:
                    col += 1
                path.rect((start + QUIET_ZONE) * unit, y, (col - start) * unit, unit)
        self.canv.setFillColorRGB(0, 0, 0)
        self.canv.drawPath(path, stroke=0, fill=1)


def qr_drawing(url: str, size: float = QR_SIZE) -> QrCode:
    return QrCode(url, size)
