"""QR codes: every code whistdrive prints or shows (a table's address on its table card, a pair's or
a player's own page on their card and on the tablet, the hall's start page in the terminal), made
by one encoder, zxing-cpp (its writer is Zint), error correction M, the mask chosen by the QR
standard's penalty rules.

A 30-table pack prints 60 codes: zxing-cpp makes one in well under a millisecond, where a pure-Python
encoder (segno) takes 5 to 10 ms to weigh the eight masks (README, `bench/print_pack.py`). The encoder is
imported with the first code, not at start-up.

    >>> modules("http://192.168.1.20:8000/t/")[0][:8]  # a finder pattern's top edge, then light
    (True, True, True, True, True, True, True, False)
"""

QUIET_ZONE = 4  # modules of light round a code, as the QR standard asks


def _symbol(text: str):
    import zxingcpp

    return zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode, ec_level="M")


def modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The code's modules row by row, dark True, without its quiet zone."""
    image = memoryview(_symbol(text).to_image(scale=1, add_quiet_zones=False))
    height, width = image.shape
    return tuple(tuple(image[row, col] < 128 for col in range(width)) for row in range(height))


def svg_data_uri(text: str, scale: int = 3) -> str:
    """The code as an SVG image for a page's ``<img src>``, ``scale`` pixels a module, with its
    quiet zone."""
    from base64 import b64encode

    svg = _symbol(text).to_svg(scale=scale, add_quiet_zones=True)
    return "data:image/svg+xml;base64," + b64encode(svg.encode()).decode("ascii")


def terminal(text: str, border: int = 2) -> str:
    """The code in half-block characters, two rows of modules a line, light on the terminal's dark
    (a terminal's text is light), with a quiet zone of ``border`` modules."""
    rows = [(False,) * border + row + (False,) * border for row in modules(text)]
    light = (False,) * len(rows[0])
    rows = [light] * border + rows + [light] * border
    if len(rows) % 2:
        rows.append(light)
    # Each character is two modules, upper and lower; a dark module is the terminal's own dark.
    halves = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}
    return "\n".join(
        "".join(halves[upper, lower] for upper, lower in zip(rows[i], rows[i + 1], strict=True))
        for i in range(0, len(rows), 2)
    )
