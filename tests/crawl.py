"""What the crawling tests read of an answer: its body, a PDF's text, and which printed documents
an evening's pack already holds."""

import hashlib
from io import BytesIO

from django.urls import Resolver404, resolve
from pypdf import PdfReader

from tournaments.models import Event
from tournaments.print_data import INDIVIDUAL_PACK, PACK

_PDF_TEXTS: dict[str, str] = {}


def body_of(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def pdf_text(body: bytes) -> str:
    """Every page's text, through pypdf; a file read before (the same bytes) is not read again."""
    key = hashlib.sha256(body).hexdigest()
    if key not in _PDF_TEXTS:
        _PDF_TEXTS[key] = "\n".join(page.extract_text() for page in PdfReader(BytesIO(body)).pages)
    return _PDF_TEXTS[key]


def in_the_pack(path: str) -> bool:
    """Whether an address is one of an event's printed documents that its pack prints too
    (``/events/<id>/print/pack.pdf``, with or without a query choosing some cards): the pack is
    every document but the results (an individual event's ``INDIVIDUAL_PACK``, a pairs event's
    ``PACK``), each written from the same data by the same story (``tournaments.pdf.events``), so
    reading the pack reads them. The results document is not in it before there are results, and
    is read alone."""
    try:
        match = resolve(path.split("?", 1)[0])
    except Resolver404:
        return False
    if match.url_name != "event-print":
        return False
    event = Event.objects.filter(pk=match.kwargs["event_id"]).first()
    if event is None:
        return False
    pack = INDIVIDUAL_PACK if event.evening_format.ranks_players else PACK
    return match.kwargs["document"] in pack
