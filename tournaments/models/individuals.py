"""The players of an individual event: each sits alone, partnering someone new each round."""

from django.db import models
from django.db.models import Q

from .clubs import person_name


class IndividualPlayer(models.Model):
    """One seat of an individual event, by its number in the schedule: a member or a guest, or two
    people who take the seat in turn (a shared seat, "Ann Smith + Bob Jones"), scored together."""

    event = models.ForeignKey("Event", on_delete=models.CASCADE, related_name="individuals")
    number = models.PositiveSmallIntegerField()
    player1 = models.ForeignKey("Member", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    guest1 = models.CharField(max_length=120, blank=True, help_text="A guest's name, when not a member.")
    player2 = models.ForeignKey(
        "Member",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="Who shares the seat, taking it in turn.",
    )
    guest2 = models.CharField(max_length=120, blank=True)

    class Meta:
        ordering = ["event_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="individual_number_unique_per_event"),
            models.CheckConstraint(condition=Q(number__gte=1), name="individual_number_positive"),
            models.CheckConstraint(
                condition=Q(player1__isnull=True) | Q(guest1=""), name="individual_member_or_guest"
            ),
            models.CheckConstraint(
                condition=Q(player2__isnull=True) | Q(guest2=""), name="individual_sharer_member_or_guest"
            ),
        ]

    def __str__(self):
        return f"Player {self.number}"

    @property
    def people(self) -> tuple[str, ...]:
        """The one or two people who hold the seat, by name (members by name, else the guests)."""
        first = person_name(self.player1 if self.player1_id else None, self.guest1)
        second = person_name(self.player2 if self.player2_id else None, self.guest2)
        return tuple(name for name in (first, second) if name)

    @property
    def names(self) -> str:
        return " + ".join(self.people) or str(self)
