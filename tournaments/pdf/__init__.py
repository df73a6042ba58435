"""Printed documents: plain data in (``tournaments.print_data``), PDF bytes out. Fonts embedded,
A4 or Letter.

reportlab is imported, and the fonts read, when the first document is built: the pages, the
services and the organiser site name the documents (their names are in ``print_data``) without
loading any PDF code, so that Django starts without it.
"""

from ..print_data import (
    DOCUMENTS,
    DRIVE_DOCUMENTS,
    INDIVIDUAL_DOCUMENTS,
    INDIVIDUAL_PACK,
    PACK,
    CompetitionSheet,
    DrivePrint,
    MembershipPrint,
    PrintPack,
    documents_of,
)


def event_documents(evening_format) -> dict[str, str]:
    """The documents an event of this format prints, as its format declares them: where players
    are entered, each carries an itinerary card; where pairs are, a pair has its guide card and
    score card."""
    return documents_of(evening_format)


def render(pack: PrintPack, document: str) -> bytes:
    """One of ``DOCUMENTS``, or 'pack': everything for the evening in one file (results too, once
    there are some; before play the results document alone is a blank form)."""
    from . import events

    return events.render(pack, document)


def render_drive(data: DrivePrint, document: str) -> bytes:
    """One of ``DRIVE_DOCUMENTS``; a KeyError for any other name."""
    from . import drives

    return drives.render(data, document)


def render_night(data, document: str) -> bytes:
    """One of a two-player night's documents (``print_data.NIGHT_DOCUMENTS``)."""
    from . import duels

    return duels.render(data, document)


def render_competition(sheet: CompetitionSheet) -> bytes:
    """A competition's standings for the noticeboard."""
    from . import competitions

    return competitions.render(sheet)


__all__ = [
    "DOCUMENTS",
    "INDIVIDUAL_DOCUMENTS",
    "INDIVIDUAL_PACK",
    "DRIVE_DOCUMENTS",
    "PACK",
    "event_documents",
    "render",
    "render_competition",
    "render_drive",
]


def render_membership(data: MembershipPrint) -> bytes:
    """A club's renewal letters (one a page) or a subscription's receipt."""
    from . import membership

    return membership.render(data)
