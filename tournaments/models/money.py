"""A drive's money, as the treasurer records it: whistdrive never takes a payment. Every sum is whole
pence, never negative; the rules are in ``domain/drives/money.py``.

``DriveMoney`` holds a drive's fees, its table money and raffle, its prize fund and how the fund is
split; a drive without a row takes no money. ``DrivePayment`` is one card's fee ticked as paid (a
shared seat's two players pay together), with how and how much.
"""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q

from ..domain.drives.money import METHODS, SPLITS
from .drives import Drive, DrivePlayer


class DriveMoney(models.Model):
    # What the treasurer sets: the form, the service and the backup all take these.
    FIGURES = ("member_fee", "guest_fee", "table_money", "raffle")
    SETTINGS = (*FIGURES, "fund_fixed", "fund_share", "split", "ties")

    class Ties(models.TextChoices):
        CUT = "cut", "Cut the cards for the prize"
        SHARE = "share", "Share the money of their places"

    drive = models.OneToOneField(Drive, on_delete=models.CASCADE, primary_key=True, related_name="money")
    member_fee = models.PositiveIntegerField(default=0, help_text="A member's entry fee, in pence.")
    guest_fee = models.PositiveIntegerField(default=0, help_text="A guest's entry fee, in pence.")
    table_money = models.PositiveIntegerField(default=0, help_text="Table money taken, in pence.")
    raffle = models.PositiveIntegerField(default=0, help_text="The raffle's takings, in pence.")
    fund_fixed = models.PositiveIntegerField(
        null=True, blank=True, help_text="A prize fund of a fixed sum, in pence."
    )
    fund_share = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text="Or a prize fund of this share of the takings, per cent.",
    )
    split = models.CharField(
        max_length=60,
        default="equal",
        help_text="How the fund is split across the prizes: " + ", ".join(SPLITS) + ", or per cents.",
    )
    ties = models.CharField(max_length=5, choices=Ties.choices, default=Ties.CUT)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(fund_fixed__isnull=True) | Q(fund_share__isnull=True), name="drive_money_one_fund"
            ),
            models.CheckConstraint(
                condition=Q(fund_share__isnull=True) | (Q(fund_share__gte=1) & Q(fund_share__lte=100)),
                name="drive_money_share_a_per_cent",
            ),
            models.CheckConstraint(condition=Q(ties__in=["cut", "share"]), name="drive_money_ties_known"),
        ]

    def __str__(self):
        return f"Money of {self.drive}"

    @classmethod
    def of(cls, drive: Drive) -> "DriveMoney":
        """The drive's money settings, read once per drive object: a drive that never set them
        takes nothing (an unsaved row, kept on the drive so it is not looked for again)."""
        try:
            return drive.money
        except cls.DoesNotExist:
            drive.money = cls(drive=drive)
            return drive.money

    @property
    def has_fund(self) -> bool:
        return self.fund_fixed is not None or self.fund_share is not None

    @property
    def charges_fees(self) -> bool:
        """Whether a card owes a fee at all: a drive that charges nothing has no fee unpaid."""
        return bool(self.member_fee or self.guest_fee)


class DrivePayment(models.Model):
    class Method(models.TextChoices):
        CASH = "cash", METHODS["cash"]
        CARD = "card", METHODS["card"]
        ACCOUNT = "account", METHODS["account"]

    player = models.OneToOneField(
        DrivePlayer,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="payment",
        error_messages={"unique": "A card's fee is ticked as paid once, and this card's is ticked already."},
    )
    method = models.CharField(max_length=7, choices=Method.choices)
    amount = models.PositiveIntegerField(help_text="What was paid, in pence: the fee when it was ticked.")

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(method__in=["cash", "card", "account"]), name="drive_payment_method_known"
            ),
        ]

    def __str__(self):
        return f"{self.player.key} paid by {self.get_method_display().lower()}"
