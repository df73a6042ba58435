"""How a tablet reaches its table (a link or a code), and the count of wrong codes that slows
down guessing."""

from django.db import models
from django.db.models import Q

from .events import Event


class TableLink(models.Model):
    """How a tablet reaches one table of an event or of a drive: a secret link (the QR code) or a
    short code typed on the start page. One start page opens both, so a code is unique among
    events and drives alike."""

    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.CASCADE, related_name="table_accesses"
    )
    drive = models.ForeignKey(
        "tournaments.Drive", null=True, blank=True, on_delete=models.CASCADE, related_name="table_accesses"
    )
    table = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True)
    code = models.CharField(max_length=12, unique=True)

    class Meta:
        ordering = ["event_id", "drive_id", "table"]
        constraints = [
            models.CheckConstraint(
                condition=Q(event__isnull=False, drive__isnull=True)
                | Q(event__isnull=True, drive__isnull=False),
                name="table_link_event_or_drive",
            ),
            models.UniqueConstraint(fields=["event", "table"], name="table_link_once_an_event_table"),
            models.UniqueConstraint(fields=["drive", "table"], name="table_link_once_a_drive_table"),
        ]

    def __str__(self):
        return f"{(self.event or self.drive).name}, table {self.table}"


class EventLinks(models.Manager):
    def get_queryset(self):
        return super().get_queryset().filter(event__isnull=False)


class TableAccess(TableLink):
    """The link and code of a table of an event."""

    objects = EventLinks()

    class Meta:
        proxy = True


class CodeGuard(models.Model):
    """Wrong table codes counted for one tablet (``browser:…``) or one network address
    (``address:…``) over a short window, to slow down guessing. Counted atomically in the database.

    A tablet or a network belongs to the club whose table it last opened with a right code; a
    tablet new to us, to the club of its network. That club's organisers may lift its lockout; one
    that belongs to no club (it never typed a right code) only a superuser may, or it runs out."""

    key = models.CharField(max_length=80, unique=True)
    failures = models.PositiveIntegerField(default=0)
    since = models.DateTimeField(help_text="When this window of counting began.")
    club = models.ForeignKey(
        "tournaments.Club",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The club whose table this tablet or network last opened: its organisers lift its lockout.",
    )

    def __str__(self):
        return f"{self.key}: {self.failures} since {self.since:%H:%M:%S}"
