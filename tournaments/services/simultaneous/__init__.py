"""Simultaneous evenings: the county sets one evening's boards and the clubs taking part
(``setup``), each club plays its own event on them, and the county ranks the field across the
clubs (``ranking``)."""

from .mail import simultaneous_results_queue, simultaneous_results_send
from .ranking import (
    DriveFieldRow,
    FieldRow,
    SimultaneousDriveRanking,
    SimultaneousRanking,
    simultaneous_drive_ranking,
    simultaneous_drives,
    simultaneous_events,
    simultaneous_for_event,
    simultaneous_ranking,
    simultaneous_to_join,
)
from .setup import (
    simultaneous_create,
    simultaneous_deals,
    simultaneous_join,
    simultaneous_join_drive,
    simultaneous_publish,
)

__all__ = [
    "DriveFieldRow",
    "FieldRow",
    "SimultaneousDriveRanking",
    "SimultaneousRanking",
    "simultaneous_drive_ranking",
    "simultaneous_drives",
    "simultaneous_join_drive",
    "simultaneous_create",
    "simultaneous_deals",
    "simultaneous_events",
    "simultaneous_for_event",
    "simultaneous_join",
    "simultaneous_publish",
    "simultaneous_ranking",
    "simultaneous_results_queue",
    "simultaneous_results_send",
    "simultaneous_to_join",
]
