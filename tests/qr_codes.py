"""What a phone's camera would read from a QR code drawn by whistdrive, by zxing-cpp's reader: from
a picture of it (a page rasterised, a screenshot), or from its modules put on a light quiet zone
and enlarged."""

import zxingcpp


def read(modules, scale: int = 4, quiet: int = 4) -> str | None:
    """The text of the code whose modules are ``modules`` (rows of booleans, dark True), or None
    when no code can be read from them."""
    width = (len(modules[0]) + 2 * quiet) * scale
    light = bytes([255]) * width
    rows = [light] * (quiet * scale)
    for row in modules:
        line = bytes([255]) * (quiet * scale)
        line += b"".join(bytes([0 if dark else 255]) * scale for dark in row)
        rows += [line + bytes([255]) * (quiet * scale)] * scale
    rows += [light] * (quiet * scale)
    return read_image(memoryview(b"".join(rows)).cast("B", (len(rows), width)))


def read_image(image) -> str | None:
    """The text of the QR code in ``image`` (a PIL image, or rows of grey bytes as a memoryview),
    or None when none can be read."""
    found = zxingcpp.read_barcode(image, formats=zxingcpp.BarcodeFormat.QRCode)
    return found.text if found else None
