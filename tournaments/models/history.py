"""A line of a history, never edited: what an event's and a drive's result histories and the
audit trail have in common."""

from django.conf import settings
from django.db import models


class HistoryLine(models.Model):
    """A line of a history: who, and when (newest first). Never edited."""

    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    changed_at = models.DateTimeField()

    class Meta:
        abstract = True
        ordering = ["-changed_at", "-id"]


class ResultLine(HistoryLine):
    """A line of a result's history, an event's board or a drive's hand: what happened to the
    score, from what to what, why, and where the change came from. Never edited."""

    class Action(models.TextChoices):
        CREATED = "created", "Entered"
        CONFIRMED = "confirmed", "Confirmed"
        REJECTED = "rejected", "Rejected at the table"
        CORRECTED = "corrected", "Corrected"
        DELETED = "deleted", "Deleted"

    action = models.CharField(max_length=10, choices=Action.choices)
    # The longest is an adjusted, unconfirmed score: "A+/A- (unconfirmed)".
    before = models.CharField(max_length=40, blank=True)
    after = models.CharField(max_length=40, blank=True)
    reason = models.CharField(max_length=200, blank=True)
    source = models.CharField(
        max_length=40, blank=True, help_text="Where the change came from, e.g. 'table 3'."
    )

    class Meta(HistoryLine.Meta):
        abstract = True
