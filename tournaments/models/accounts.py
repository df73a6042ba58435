"""Members' accounts: each member's money held by the club, as a ledger that is only ever added
to. An entry is a top-up (cash, card or a bank transfer with its reference), a fee taken for an
evening (or given back when the fee is unticked), or a correction with its reason; a mistake is
put right by a new entry, never by editing one. A member's balance is the sum of their entries;
the club's lowest balance allowed is ``Club.account_floor``."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from .clubs import Club, Member
from .drives import Drive


class AccountEntry(models.Model):
    """One line of a member's account, in signed pence: a top-up adds, a fee takes (a fee given
    back adds), a correction either. Kept when the member is forgotten (the club's accounts),
    their member row then the pseudonym."""

    class Kind(models.TextChoices):
        TOP_UP = "top_up", "Top-up"
        FEE = "fee", "Fee"
        CORRECTION = "correction", "Correction"

    class Method(models.TextChoices):
        CASH = "cash", "Cash"
        CARD = "card", "Card"
        TRANSFER = "transfer", "Bank transfer"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="account_entries")
    member = models.ForeignKey(Member, on_delete=models.RESTRICT, related_name="account_entries")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    amount = models.IntegerField(help_text="In pence: more than 0 adds to the account, less takes from it.")
    on = models.DateField("date")
    method = models.CharField(max_length=8, choices=Method.choices, blank=True)
    reference = models.CharField(
        max_length=60, blank=True, help_text="The bank transfer's reference, as the bank statement shows it."
    )
    reason = models.CharField(max_length=200, blank=True)
    drive = models.ForeignKey(Drive, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    evening = models.CharField(
        max_length=160, blank=True, help_text="The evening a fee pays for, kept if the drive is deleted."
    )
    recorded_at = models.DateTimeField()
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        ordering = ["on", "pk"]
        indexes = [models.Index(fields=["member", "on"], name="account_entry_member_on")]
        constraints = [
            models.CheckConstraint(condition=~Q(amount=0), name="account_entry_not_nothing"),
            models.CheckConstraint(
                condition=Q(kind__in=["top_up", "fee", "correction"]), name="account_entry_kind_known"
            ),
            models.CheckConstraint(
                condition=~Q(kind="top_up") | (Q(amount__gt=0) & Q(method__in=["cash", "card", "transfer"])),
                name="account_top_up_adds_by_a_method",
            ),
            models.CheckConstraint(
                condition=~Q(method="transfer") | ~Q(reference=""), name="account_transfer_has_reference"
            ),
            models.CheckConstraint(
                condition=~Q(kind="correction") | ~Q(reason=""), name="account_correction_has_reason"
            ),
            models.CheckConstraint(
                condition=~Q(kind="fee") | ~Q(evening=""), name="account_fee_names_evening"
            ),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} of {self.member} on {self.on}"


class AccountStatement(models.Model):
    """A member's monthly statement of their account, made once a month: an e-mail through the
    club's outbox, or a letter to print for a member with no address. The database keeps one a
    member a month, so starting the month's statements again sends nobody a second. Its opening
    and closing balances are kept as they were told to the member."""

    class Way(models.TextChoices):
        EMAIL = "email", "E-mail"
        LETTER = "letter", "Letter to print"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="account_statements")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="account_statements")
    month = models.DateField(help_text="The first day of the month the statement is for.")
    way = models.CharField(max_length=6, choices=Way.choices)
    opening = models.IntegerField(help_text="The balance at the start of the month, in pence.")
    closing = models.IntegerField(help_text="The balance at the end of the month, in pence.")
    mail = models.OneToOneField(
        "ResultMail", null=True, blank=True, on_delete=models.SET_NULL, related_name="account_statement"
    )
    made_at = models.DateTimeField()
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        ordering = ["-month", "member__last_name", "member__first_name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["member", "month"], name="account_statement_once_a_month"),
            models.CheckConstraint(
                condition=Q(way__in=["email", "letter"]), name="account_statement_way_known"
            ),
        ]

    def __str__(self):
        return f"Statement for {self.month:%B %Y} to {self.member}"
