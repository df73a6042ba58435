"""The one audit trail of a club's events and drives."""

from django.db import models
from django.db.models import Q

from .clubs import Club
from .events import Event
from .history import HistoryLine


class AuditLine(HistoryLine):
    """One line of the audit trail: who did what, when and why, to an event, a drive or (for the
    organiser site's changes to members and clubs) the club itself. Never edited.

    Results keep their own history as well (``ResultChange``, ``DriveResultChange``); a correction
    also has its line here, so the trail tells the whole evening.
    """

    class Action(models.TextChoices):
        CREATED = "created", "Created"
        STATUS = "status", "Status changed"
        STARTED = "started", "Started"
        CLOSED = "closed", "Closed"
        PUBLISHED = "published", "Results published"
        UNPUBLISHED = "unpublished", "Results made private"
        MOVEMENT = "movement", "Movement built"
        DEALT = "dealt", "Boards dealt"
        IMPORTED = "imported", "Boards imported"
        PAIRS = "pairs", "Pairs changed"
        PLAYERS = "players", "Players changed"
        CORRECTED = "corrected", "Result corrected"
        TOTALS = "totals", "Totals typed"
        CUT = "cut", "Cut for a prize"
        UNLOCKED = "unlocked", "Lockouts lifted"
        RESTORED = "restored", "Restored from a backup"
        CHANGED = "changed", "Changed in the organiser site"
        DELETED = "deleted", "Deleted in the organiser site"
        MAILED = "mailed", "Results sent"
        BACKUP = "backup", "Backup downloaded"
        CHECKED_IN = "checked_in", "Checked in at a table"
        RESEATED = "reseated", "Pairs re-seated"
        DIRECTED = "directed", "Table told where to go"
        CARD = "card", "Score card entered"
        MOVED = "moved", "Move called"
        HELD = "held", "Match result held"
        AGREED = "agreed", "Match result agreed"
        FORGOTTEN = "forgotten", "Member forgotten"
        MONEY = "money", "Money recorded"
        PAIRED = "paired", "Round paired"
        ROOM = "room", "Room display"
        RENEWALS = "renewals", "Renewal reminders"
        SIMULTANEOUS = "simultaneous", "Played in a simultaneous evening"
        UPLOADED = "uploaded", "Sent from the hall to the county"
        UPLOAD_REFUSED = "refused", "Upload from a hall refused"
        COUNTY_KEY = "county_key", "County key made or withdrawn"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="changes")
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.CASCADE, related_name="changes")
    drive = models.ForeignKey(
        "Drive", null=True, blank=True, on_delete=models.CASCADE, related_name="changes"
    )
    night = models.ForeignKey(
        "DuelNight", null=True, blank=True, on_delete=models.CASCADE, related_name="changes"
    )
    action = models.CharField(max_length=12, choices=Action.choices)
    detail = models.CharField(max_length=500, blank=True)

    class Meta(HistoryLine.Meta):
        constraints = [
            models.CheckConstraint(
                condition=Q(event__isnull=True) | Q(drive__isnull=True), name="audit_line_one_evening"
            ),
            models.CheckConstraint(
                condition=Q(night__isnull=True) | (Q(event__isnull=True) & Q(drive__isnull=True)),
                name="audit_line_one_night",
            ),
        ]

    def __str__(self):
        return f"{self.get_action_display()}: {self.detail}" if self.detail else self.get_action_display()
