"""Simultaneous evenings: the county sets one evening's boards and the clubs taking part
(``setup``), each club plays its own event on them, and the county ranks the field across the
clubs (``ranking``)."""

from .ranking import (
    FieldRow,
    SimultaneousRanking,
    simultaneous_events,
    simultaneous_for_event,
    simultaneous_ranking,
)
from .setup import simultaneous_create, simultaneous_deals, simultaneous_join, simultaneous_publish

__all__ = [
    "FieldRow",
    "SimultaneousRanking",
    "simultaneous_create",
    "simultaneous_deals",
    "simultaneous_events",
    "simultaneous_for_event",
    "simultaneous_join",
    "simultaneous_publish",
    "simultaneous_ranking",
]
