"""An event's documents, each a story of flowables from the print pack, laid out by ``build_pdf``."""

from reportlab.platypus import PageBreak

from ..print_data import DOCUMENTS, INDIVIDUAL_DOCUMENTS, INDIVIDUAL_PACK, PACK, PrintPack
from .base import build_pdf
from .cards import guide_cards_story, score_cards_story
from .hand_records import hand_records_story
from .itinerary import itinerary_cards_story
from .results import results_story
from .table_cards import table_cards_story
from .travellers import travellers_story

STORIES = {
    "table-cards": table_cards_story,
    "guide-cards": guide_cards_story,
    "travellers": travellers_story,
    "score-cards": score_cards_story,
    "hand-records": hand_records_story,
    "results": results_story,
    "itinerary-cards": lambda pack: itinerary_cards_story(
        pack.event, schedule=pack.itinerary.schedule, names=pack.itinerary.names, links=pack.itinerary.links
    ),
}


def render(pack: PrintPack, document: str) -> bytes:
    individual = pack.itinerary is not None
    if document == "pack":
        names = (INDIVIDUAL_PACK if individual else PACK) + (
            ("results",) if pack.results and not pack.results.blank else ()
        )
        story = []
        for name in names:
            if story:
                story.append(PageBreak())
            story += STORIES[name](pack)
        return build_pdf(pack.event, "Print pack", story)
    return build_pdf(
        pack.event, (INDIVIDUAL_DOCUMENTS if individual else DOCUMENTS)[document], STORIES[document](pack)
    )
