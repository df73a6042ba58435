"""Printed documents: plain data in (``PrintPack``), PDF bytes out. Fonts embedded, A4 or Letter."""

from reportlab.platypus import PageBreak

from .base import build_pdf
from .cards import guide_cards_story, score_cards_story
from .data import PrintPack
from .hand_records import hand_records_story
from .qr import qr_drawing
from .results import results_story
from .table_cards import table_cards_story
from .travellers import travellers_story

DOCUMENTS = {
    "table-cards": ("Table cards", table_cards_story),
    "guide-cards": ("Guide cards", guide_cards_story),
    "travellers": ("Travellers", travellers_story),
    "score-cards": ("Score cards", score_cards_story),
    "hand-records": ("Hand records", hand_records_story),
    "results": ("Results", results_story),
}
PACK = ("table-cards", "guide-cards", "travellers", "score-cards", "hand-records")


def render(pack: PrintPack, document: str) -> bytes:
    """One document, or 'pack': everything for the evening in one file (results too, once there are some)."""
    if document == "pack":
        names = PACK + (("results",) if pack.results else ())
        story = []
        for name in names:
            if story:
                story.append(PageBreak())
            story += DOCUMENTS[name][1](pack)
        return build_pdf(pack.event, "Print pack", story)
    title, make_story = DOCUMENTS[document]
    return build_pdf(pack.event, title, make_story(pack))


__all__ = ["DOCUMENTS", "PACK", "PrintPack", "qr_drawing", "render"]
