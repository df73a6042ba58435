"""A simultaneous evening: the county deals one set of boards, the clubs taking part each play it
in their own hall on the same evening, and the county ranks the whole field across the clubs
(``services.simultaneous``). Each club's event joins it once (``SimultaneousEvent``).

A drive evening (``drive``) has no boards: each club's drive deals its own cards at each table, and
the county ranks every player by their drive's total; each club's drive joins it once
(``SimultaneousDrive``)."""

from django.db import models
from django.db.models import Q

from .clubs import Club, validate_one_line
from .drives import Drive
from .events import Event


class Simultaneous(models.Model):
    name = models.CharField(max_length=100, validators=[validate_one_line])
    date = models.DateField()
    boards = models.PositiveSmallIntegerField(
        help_text="How many boards every club plays (0: a drive evening)."
    )
    # The deals as a PBN file written by whistdrive from the county's (deals only: no names); none
    # for a drive evening.
    deals = models.TextField(blank=True)
    drive = models.BooleanField(
        default=False,
        help_text="A drive evening: each club plays a progressive drive, ranked by the players' totals.",
    )
    clubs = models.ManyToManyField(Club, related_name="simultaneous_evenings", blank=True)
    published = models.BooleanField(
        default=False, help_text="The ranking across the clubs can be seen by anyone with the link."
    )

    class Meta:
        ordering = ["-date", "name"]
        verbose_name_plural = "simultaneous evenings"
        constraints = [
            models.CheckConstraint(
                condition=Q(drive=False, boards__gte=1) | Q(drive=True, boards=0),
                name="simultaneous_has_boards",
            ),
        ]

    def __str__(self):
        return f"{self.name} ({self.date:%d %b %Y})"


class SimultaneousEvent(models.Model):
    """A club's event played as its part of a simultaneous evening: one event a club."""

    simultaneous = models.ForeignKey(Simultaneous, on_delete=models.CASCADE, related_name="entries")
    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="simultaneous_entry")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["simultaneous", "club"], name="simultaneous_one_event_a_club"),
        ]

    def __str__(self):
        return f"{self.event} in {self.simultaneous}"


class SimultaneousDrive(models.Model):
    """A club's drive played as its part of a simultaneous drive evening: one drive a club."""

    simultaneous = models.ForeignKey(Simultaneous, on_delete=models.CASCADE, related_name="drive_entries")
    drive = models.OneToOneField(Drive, on_delete=models.CASCADE, related_name="simultaneous_entry")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["simultaneous", "club"], name="simultaneous_one_drive_a_club"),
        ]

    def __str__(self):
        return f"{self.drive} in {self.simultaneous}"
