"""The way between a club's hall laptop and the county server.

On the county: the keys its administrator gives the clubs (``CountyKey``, kept hashed) and one
row for each evening a hall has sent (``CountyUpload``), which makes a second sending of the same
evening change nothing. On the hall: one row for each closed evening waiting to be sent, or sent
(``HallUpload``).
"""

from django.db import models
from django.db.models import Q

from .clubs import Club
from .drives import Drive
from .duels import DuelNight
from .events import Event


class CountyKey(models.Model):
    """A key that lets a hall send its club's evenings to this county server. Only its SHA-256
    is kept; the key itself is shown once, when it is made. A withdrawn key opens nothing."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="county_keys")
    prefix = models.CharField(
        max_length=12, editable=False, help_text="The key's first letters, to tell keys apart."
    )
    digest = models.CharField(max_length=64, unique=True, editable=False)
    made_at = models.DateTimeField(editable=False)
    withdrawn_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["club__name", "-made_at"]
        verbose_name = "county key"

    def __str__(self):
        state = "withdrawn" if self.withdrawn_at else "in use"
        return f"{self.club}: {self.prefix}… ({state})"


class CountyUpload(models.Model):
    """An evening a hall has sent to this county server, under its identity (the ``uuid`` its
    export carries), with the SHA-256 of the document last taken: the same document again changes
    nothing, a changed one replaces the evening (a correction after the close)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="county_uploads")
    evening = models.UUIDField(help_text="The evening's identity, as its export gives it.")
    format = models.CharField(max_length=30)
    digest = models.CharField(max_length=64)
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    drive = models.ForeignKey(Drive, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    night = models.ForeignKey(DuelNight, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    received_at = models.DateTimeField()
    replaced_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-received_at"]
        constraints = [
            models.UniqueConstraint(fields=["club", "evening"], name="county_upload_once_an_evening"),
        ]

    def __str__(self):
        return f"{self.club}: {self.format} {self.evening}"


class HallUpload(models.Model):
    """A closed evening of this hall's club, queued for the county server until it lands there."""

    class State(models.TextChoices):
        QUEUED = "queued", "Waiting to be sent"
        SENT = "sent", "On the county server"
        REFUSED = "refused", "Refused by the county server"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="hall_uploads")
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    drive = models.ForeignKey(Drive, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    night = models.ForeignKey(DuelNight, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    state = models.CharField(max_length=8, choices=State.choices, default=State.QUEUED)
    queued_at = models.DateTimeField()
    tried_at = models.DateTimeField(null=True, blank=True)
    tries = models.PositiveIntegerField(default=0)
    sent_at = models.DateTimeField(null=True, blank=True)
    answer = models.CharField(
        max_length=500,
        blank=True,
        help_text="What the county server last said, or why it could not be reached.",
    )

    class Meta:
        ordering = ["-queued_at"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(event__isnull=False, drive__isnull=True, night__isnull=True)
                    | Q(event__isnull=True, drive__isnull=False, night__isnull=True)
                    | Q(event__isnull=True, drive__isnull=True, night__isnull=False)
                ),
                name="hall_upload_one_evening",
            ),
            models.UniqueConstraint(fields=["event"], name="hall_upload_event_once"),
            models.UniqueConstraint(fields=["drive"], name="hall_upload_drive_once"),
            models.UniqueConstraint(fields=["night"], name="hall_upload_night_once"),
            models.CheckConstraint(
                condition=Q(state__in=["queued", "sent", "refused"]), name="hall_upload_state_known"
            ),
        ]

    def __str__(self):
        return f"{self.evening}: {self.get_state_display()}"

    @property
    def evening(self):
        return self.event or self.drive or self.night
