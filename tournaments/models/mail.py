"""The club's outbox: results e-mails, one row a member an evening (an event, a drive or a
two-player night), and the club's own e-mails to a member (a renewal reminder, a receipt for a
subscription: no evening), each kept until it is sent."""

from django.db import models
from django.db.models import Q

from .clubs import Member
from .drives import Drive
from .duels import DuelNight
from .events import Event
from .simultaneous import Simultaneous


class ResultMail(models.Model):
    """One member's results of one evening or drive, to be e-mailed. The database keeps one row a
    member an evening, so pressing "Send results" again sends nobody a second e-mail; a row is
    marked "sending" before the mail server is spoken to and "sent" once it took it, each in a short
    transaction of its own, so no lock is held while the server takes its time. One the mail server
    refused, or that may have gone when the server stopped answering (or the sending stopped with
    it still "sending"), is held with the reason in words, and goes again only when the organiser
    sends it again from the outbox."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting to be sent"
        SENT = "sent", "Sent"
        HELD = "held", "Held: not sent again until you say"
        SENDING = "sending", "Being sent"

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="result_mails")
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.CASCADE, related_name="mails")
    drive = models.ForeignKey(Drive, null=True, blank=True, on_delete=models.CASCADE, related_name="mails")
    night = models.ForeignKey(
        DuelNight, null=True, blank=True, on_delete=models.CASCADE, related_name="mails"
    )
    # The member's places across the clubs of a simultaneous evening their club took part in.
    simultaneous = models.ForeignKey(
        Simultaneous, null=True, blank=True, on_delete=models.CASCADE, related_name="mails"
    )
    to = models.EmailField(help_text="The address the member had when the results were sent.")
    message_id = models.CharField(
        max_length=200,
        blank=True,
        help_text="The e-mail's Message-ID, the same every time it is sent, so a member's mail "
        "program shows one e-mail if it ever arrives twice.",
    )
    subject = models.CharField(max_length=200)
    body = models.TextField()
    card = models.CharField(
        max_length=20, blank=True, help_text="The member's pair on the score cards (N/S 3), for the PDF."
    )
    status = models.CharField(max_length=7, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField("why not sent", max_length=300, blank=True)
    tried_at = models.DateTimeField(
        "last tried", null=True, blank=True, help_text="When it was last handed to the mail server."
    )
    created_at = models.DateTimeField()
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(drive__isnull=True, night__isnull=True, simultaneous__isnull=True)
                | Q(event__isnull=True, night__isnull=True, simultaneous__isnull=True)
                | Q(event__isnull=True, drive__isnull=True, simultaneous__isnull=True)
                | Q(event__isnull=True, drive__isnull=True, night__isnull=True),
                name="result_mail_one_evening_at_most",
            ),
            models.UniqueConstraint(fields=["member", "event"], name="result_mail_once_a_member_event"),
            models.UniqueConstraint(fields=["member", "drive"], name="result_mail_once_a_member_drive"),
            models.UniqueConstraint(fields=["member", "night"], name="result_mail_once_a_member_night"),
            models.UniqueConstraint(
                fields=["member", "simultaneous"], name="result_mail_once_a_member_simultaneous"
            ),
            models.CheckConstraint(
                condition=Q(status__in=["pending", "held", "sending"], sent_at__isnull=True)
                | Q(status="sent", sent_at__isnull=False),
                name="result_mail_sent_when_sent",
            ),
        ]
        indexes = [models.Index(fields=["status", "created_at"], name="result_mail_pending")]

    def __str__(self):
        return f"{self.subject} to {self.to} ({self.get_status_display().lower()})"

    @property
    def evening(self):
        """The event, the drive or the two-player night whose results the e-mail gives (None for
        the club's own e-mails: a renewal reminder, a receipt; and for a simultaneous evening's,
        which keep their text)."""
        return self.event or self.drive or self.night
