"""A club's membership: its categories and their yearly subscriptions, the rounds of renewal
reminders, and the subscriptions paid, each with its receipt. The club's subscription year starts
on ``Club.year_start_month``/``year_start_day``; a member's category and the day they are paid up
to are on ``Member``."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from .clubs import Club, Member
from .mail import ResultMail


class MembershipCategory(models.Model):
    """A kind of membership (Full, Social, Junior, Life) and what it costs a year. A life member
    never lapses: no reminder, and no list of lapsed members names them."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="membership_categories")
    name = models.CharField(max_length=40)
    subscription = models.PositiveIntegerField(help_text="The yearly subscription, in pence.")
    life = models.BooleanField("life membership", default=False, help_text="Never lapses; nothing to pay.")

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="membership_category_name_once_a_club"),
            models.CheckConstraint(
                condition=Q(subscription__gte=0), name="membership_subscription_not_negative"
            ),
            models.CheckConstraint(condition=~Q(name=""), name="membership_category_has_name"),
        ]

    def __str__(self):
        return self.name


class RenewalRound(models.Model):
    """The organiser's reminders for one subscription year, started once: starting it again adds
    only the members who came due since."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="renewal_rounds")
    year_start = models.DateField(help_text="The first day of the subscription year it is for.")
    started_at = models.DateTimeField()
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        ordering = ["-year_start"]
        constraints = [
            models.UniqueConstraint(fields=["club", "year_start"], name="renewal_round_once_a_year")
        ]

    def __str__(self):
        return f"Renewals for the year from {self.year_start:%-d %B %Y}"


class RenewalReminder(models.Model):
    """One member's reminder in one round: an e-mail through the club's outbox, or a printed
    letter for a member with no address. The database keeps one a member a round."""

    class Way(models.TextChoices):
        EMAIL = "email", "E-mail"
        LETTER = "letter", "Letter to print"

    round = models.ForeignKey(RenewalRound, on_delete=models.CASCADE, related_name="reminders")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="renewal_reminders")
    way = models.CharField(max_length=6, choices=Way.choices)
    amount = models.PositiveIntegerField(help_text="The subscription asked for, in pence.")
    mail = models.OneToOneField(
        ResultMail, null=True, blank=True, on_delete=models.SET_NULL, related_name="renewal_reminder"
    )

    class Meta:
        ordering = ["member__last_name", "member__first_name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "member"], name="renewal_reminder_once_a_member"),
            models.CheckConstraint(
                condition=Q(way__in=["email", "letter"]), name="renewal_reminder_way_known"
            ),
        ]

    def __str__(self):
        return f"{self.get_way_display()} to {self.member}"


class SubscriptionPayment(models.Model):
    """A subscription paid, with its receipt: the receipt's number is the club's own, one a payment.
    Kept when the member is forgotten (the club's accounts), their name then the pseudonym."""

    class Method(models.TextChoices):
        CASH = "cash", "Cash"
        CARD = "card", "Card"
        TRANSFER = "transfer", "Bank transfer"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="subscription_payments")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="subscription_payments")
    receipt = models.PositiveIntegerField("receipt number")
    amount = models.PositiveIntegerField(help_text="In pence.")
    method = models.CharField(max_length=8, choices=Method.choices)
    reference = models.CharField(
        max_length=60, blank=True, help_text="The bank transfer's reference, as the bank statement shows it."
    )
    paid_on = models.DateField()
    paid_until = models.DateField(help_text="The last day the payment pays for.")
    recorded_at = models.DateTimeField()
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    mail = models.OneToOneField(
        ResultMail, null=True, blank=True, on_delete=models.SET_NULL, related_name="subscription_receipt"
    )

    class Meta:
        ordering = ["-receipt"]
        constraints = [
            models.UniqueConstraint(fields=["club", "receipt"], name="subscription_receipt_once_a_club"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="subscription_payment_not_nothing"),
            models.CheckConstraint(condition=Q(receipt__gt=0), name="subscription_receipt_from_1"),
            models.CheckConstraint(
                condition=Q(method__in=["cash", "card", "transfer"]), name="subscription_payment_method_known"
            ),
            models.CheckConstraint(
                condition=~Q(method="transfer") | ~Q(reference=""), name="subscription_transfer_has_reference"
            ),
            models.CheckConstraint(
                condition=Q(paid_until__gte=models.F("paid_on")), name="subscription_pays_ahead"
            ),
        ]

    def __str__(self):
        return f"Receipt {self.receipt}"
