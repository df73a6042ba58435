"""An evening's money, as the treasurer records it: whistdrive never takes a payment. Every sum is
whole pence, never negative; the rules are in ``domain/drives/money.py``.

``MoneyRule`` is what the treasurer sets for any evening: its fees, table money and raffle, its
prize fund and how the fund is split; an evening without a row takes no money. A drive (a widow
series and a team night too) keeps it as ``DriveMoney``, each card's fee ticked as paid as a
``DrivePayment`` (a shared seat's two players pay together). Every other kind keeps it as
``EveningMoney`` (an event, a two-player night or a league home match, its club the one that
takes it), each entrant's fee ticked as an ``EveningFee`` by the key its kind gives the entrant
(``services.kinds``: ``payers``).
"""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q

from ..domain.drives.money import METHODS, SPLITS
from .clubs import Club, Member
from .drives import Drive, DrivePlayer
from .duels import DuelNight
from .events import Event
from .leagues import Fixture


class Ties(models.TextChoices):
    CUT = "cut", "Cut the cards for the prize"
    SHARE = "share", "Share the money of their places"


class MoneyRule(models.Model):
    """What the treasurer sets for an evening: the form, the service and the backup all take these."""

    FIGURES = ("member_fee", "guest_fee", "table_money", "raffle")
    SETTINGS = (*FIGURES, "fund_fixed", "fund_share", "split", "ties")
    Ties = Ties

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
        abstract = True

    @property
    def has_fund(self) -> bool:
        return self.fund_fixed is not None or self.fund_share is not None

    @property
    def charges_fees(self) -> bool:
        """Whether an entrant owes a fee at all: an evening that charges nothing has no fee unpaid."""
        return bool(self.member_fee or self.guest_fee)


def _rule_constraints(prefix: str) -> list:
    return [
        models.CheckConstraint(
            condition=Q(fund_fixed__isnull=True) | Q(fund_share__isnull=True), name=f"{prefix}_one_fund"
        ),
        models.CheckConstraint(
            condition=Q(fund_share__isnull=True) | (Q(fund_share__gte=1) & Q(fund_share__lte=100)),
            name=f"{prefix}_share_a_per_cent",
        ),
        models.CheckConstraint(condition=Q(ties__in=["cut", "share"]), name=f"{prefix}_ties_known"),
    ]


class DriveMoney(MoneyRule):
    drive = models.OneToOneField(Drive, on_delete=models.CASCADE, primary_key=True, related_name="money")

    class Meta:
        constraints = _rule_constraints("drive_money")

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


class EveningMoney(MoneyRule):
    """The money of an event, a two-player night or a league home match: one of the three."""

    EVENINGS = ("event", "night", "fixture")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="evening_money")
    event = models.OneToOneField(Event, null=True, blank=True, on_delete=models.CASCADE, related_name="money")
    night = models.OneToOneField(
        DuelNight, null=True, blank=True, on_delete=models.CASCADE, related_name="money"
    )
    fixture = models.OneToOneField(
        Fixture, null=True, blank=True, on_delete=models.CASCADE, related_name="money"
    )

    class Meta:
        constraints = [
            *_rule_constraints("evening_money"),
            models.CheckConstraint(
                condition=Q(event__isnull=False, night=None, fixture=None)
                | Q(event=None, night__isnull=False, fixture=None)
                | Q(event=None, night=None, fixture__isnull=False),
                name="evening_money_one_evening",
            ),
        ]

    def __str__(self):
        return f"Money of {self.evening}"

    @property
    def evening(self):
        return self.event or self.night or self.fixture

    @classmethod
    def field_of(cls, evening) -> str:
        """The field that holds this evening: "event", "night" or "fixture"."""
        return {Event: "event", DuelNight: "night", Fixture: "fixture"}[type(evening)]

    @classmethod
    def of(cls, evening, club: Club) -> "EveningMoney":
        """The evening's money settings: an evening that never set them takes nothing (unsaved)."""
        field = cls.field_of(evening)
        found = cls.objects.filter(**{field: evening}).first()
        return found or cls(club=club, **{field: evening})


class EveningFee(models.Model):
    """One entrant's fee at an event, a two-player night or a league home match, ticked as paid;
    the entrant by its kind's key ("NS3", "P7", "T2"), the members whose accounts paid kept so a
    fee unticked goes back to them."""

    Method = DrivePayment.Method

    money = models.ForeignKey(EveningMoney, on_delete=models.CASCADE, related_name="fees")
    entrant = models.CharField(max_length=12, help_text="The entrant's key in its evening: NS3, P7, T2.")
    method = models.CharField(max_length=7, choices=Method.choices)
    amount = models.PositiveIntegerField(help_text="What was paid, in pence: the fee when it was ticked.")
    # The accounts a fee "from account" was taken from, in the order it split them.
    account1 = models.ForeignKey(Member, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    account2 = models.ForeignKey(Member, null=True, blank=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["money_id", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["money", "entrant"],
                name="evening_fee_once",
                violation_error_message="An entrant's fee is ticked once, and this one's is ticked already.",
            ),
            models.CheckConstraint(
                condition=Q(method__in=["cash", "card", "account"]), name="evening_fee_method_known"
            ),
            models.CheckConstraint(
                condition=Q(method="account", account1__isnull=False) | Q(account1=None, account2=None),
                name="evening_fee_accounts_when_from_account",
            ),
        ]

    def __str__(self):
        return f"{self.entrant} paid by {self.get_method_display().lower()}"

    @property
    def paid_by(self) -> tuple[int, ...]:
        return tuple(pk for pk in (self.account1_id, self.account2_id) if pk)
