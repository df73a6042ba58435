"""Players confirming at the table that they are the ones expected there: the commonest evening
mistake is a pair at the wrong table or with the wrong number, caught before a score is entered."""

from django.db import models
from django.db.models import Q

from .tablets import TableLink


class CheckInState(models.TextChoices):
    CONFIRMED = "confirmed", "Confirmed"
    WAITING = "waiting", "Someone else is here: waiting for the organiser"
    RESOLVED = "resolved", "Resolved by the organiser"


class TableCheckIn(models.Model):
    """What the players at a table said of the names on its tablet, once a round (an event's) or a
    hand (a drive's): "That's us" (confirmed), or "Someone else is here", which holds the table's
    entry until the organiser resolves it (re-seats the pair that is there, or tells the table
    where to go)."""

    State = CheckInState

    link = models.ForeignKey(TableLink, on_delete=models.CASCADE, related_name="check_ins")
    round = models.PositiveSmallIntegerField(help_text="The round of an event, the hand of a drive.")
    state = models.CharField(max_length=9, choices=State.choices)
    message = models.CharField(
        max_length=200, blank=True, help_text="The organiser's word to the table, shown on its tablet."
    )
    checked_at = models.DateTimeField()

    class Meta:
        ordering = ["link_id", "round"]
        constraints = [
            models.UniqueConstraint(fields=["link", "round"], name="table_check_in_once_a_round"),
            models.CheckConstraint(
                condition=Q(state__in=CheckInState.values), name="table_check_in_state_known"
            ),
            models.CheckConstraint(condition=Q(round__gte=1), name="table_check_in_round_from_one"),
        ]

    def __str__(self):
        return f"{self.link}, round {self.round}: {self.get_state_display()}"
