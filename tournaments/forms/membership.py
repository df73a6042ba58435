"""The membership pages' forms: a category, the subscription year's start, a member's category,
a subscription paid, a renewal round's year. Sums are typed in the club's currency and number
format (``parse_money``)."""

from datetime import date

from django import forms

from ..domain.errors import DomainError
from ..models import AccountEntry, Club, MembershipCategory, SubscriptionPayment
from ..services.core.money import POUNDS, ClubCurrency, parse_money

MONTHS = [(n, f"{date(2025, n, 1):%B}") for n in range(1, 13)]


class MoneyForm(forms.Form):
    """A form with a sum in it, typed in its club's currency (``currency``), which its label names."""

    def __init__(self, *args, currency: ClubCurrency = POUNDS, **kwargs):
        super().__init__(*args, **kwargs)
        self.currency = currency
        for field in self.fields.values():
            if "{sign}" in str(field.label):
                field.label = field.label.format(sign=currency.currency.symbol)

    def _minor(self, field: str, what: str) -> int:
        try:
            return parse_money(self.cleaned_data.get(field) or "", self.currency, what)
        except DomainError as error:
            raise forms.ValidationError({field: str(error)}) from None


class CategoryForm(MoneyForm):
    name = forms.CharField(max_length=40, help_text="Full, Social, Junior, Life…")
    subscription = forms.CharField(
        label="Yearly subscription ({sign})", max_length=12, required=False, initial="0"
    )
    life = forms.BooleanField(label="Life membership (never lapses, nothing to pay)", required=False)

    def clean(self):
        data = super().clean()
        data["subscription"] = self._minor("subscription", "The subscription")
        return data


class YearStartForm(forms.Form):
    month = forms.TypedChoiceField(label="Month", choices=MONTHS, coerce=int)
    day = forms.IntegerField(label="Day", min_value=1, max_value=31)


class MemberMembershipForm(forms.Form):
    category = forms.ModelChoiceField(queryset=MembershipCategory.objects.none(), required=False)
    joined = forms.DateField(
        label="Joined on", required=False, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["category"].queryset = club.membership_categories.all()


class PaymentForm(MoneyForm):
    amount = forms.CharField(label="Amount ({sign})", max_length=12)
    method = forms.ChoiceField(label="Paid by", choices=SubscriptionPayment.Method.choices)
    reference = forms.CharField(
        label="Bank transfer's reference",
        max_length=60,
        required=False,
        help_text="As the bank statement shows it (needed for a bank transfer).",
    )
    paid_on = forms.DateField(
        label="Paid on", widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )

    def clean(self):
        data = super().clean()
        data["amount"] = self._minor("amount", "The amount")
        if data["amount"] <= 0:
            self.add_error("amount", f"Type the amount paid, e.g. {self.currency.example}.")
        if (
            data.get("method") == SubscriptionPayment.Method.TRANSFER
            and not data.get("reference", "").strip()
        ):
            self.add_error(
                "reference", "A bank transfer needs its reference, as the bank statement shows it."
            )
        return data


class RenewalRoundForm(forms.Form):
    year_start = forms.DateField(
        label="For the subscription year starting",
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )


DAY_INPUT = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class TopUpForm(MoneyForm):
    """Money a member pays into their account."""

    amount = forms.CharField(label="Amount paid in ({sign})", max_length=12)
    method = forms.ChoiceField(label="Paid by", choices=AccountEntry.Method.choices)
    reference = forms.CharField(
        label="Bank transfer's reference",
        max_length=60,
        required=False,
        help_text="As the bank statement shows it (needed for a bank transfer).",
    )
    on = forms.DateField(label="Paid on", widget=DAY_INPUT)

    def clean(self):
        data = super().clean()
        data["amount"] = self._minor("amount", "The amount")
        if data["amount"] <= 0:
            self.add_error("amount", f"Type the amount paid in, e.g. {self.currency.example}.")
        if data.get("method") == AccountEntry.Method.TRANSFER and not data.get("reference", "").strip():
            self.add_error(
                "reference", "A bank transfer needs its reference, as the bank statement shows it."
            )
        return data


class CorrectionForm(MoneyForm):
    """A correction to a member's account: an amount added or taken, and why."""

    WAYS = [("add", "Add to the account"), ("take", "Take from the account")]

    way = forms.ChoiceField(label="Correction", choices=WAYS, widget=forms.RadioSelect, initial="add")
    amount = forms.CharField(label="Amount ({sign})", max_length=12)
    reason = forms.CharField(label="Why", max_length=200, help_text="It stays on the member's statement.")
    on = forms.DateField(label="Dated", widget=DAY_INPUT)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "id_correction_%s")  # beside the top-up form on one page
        super().__init__(*args, **kwargs)

    def clean(self):
        data = super().clean()
        amount = self._minor("amount", "The amount")
        if amount <= 0:
            self.add_error("amount", f"Type the amount of the correction, e.g. {self.currency.example}.")
        data["amount"] = -amount if data.get("way") == "take" else amount
        data.pop("way", None)
        return data


class AccountFloorForm(MoneyForm):
    """How much a member may owe the club on their account (0: never below nothing)."""

    owe = forms.CharField(label="A member may owe up to ({sign})", max_length=12, required=False)

    def clean(self):
        super().clean()
        return {"floor": -self._minor("owe", "What a member may owe")}


class StatementForm(forms.Form):
    start = forms.DateField(label="From", widget=DAY_INPUT)
    end = forms.DateField(label="To", widget=DAY_INPUT)


class StatementsMonthForm(forms.Form):
    """The month whose statements of account are sent ("2026-11")."""

    month = forms.DateField(
        label="Month",
        input_formats=["%Y-%m"],
        widget=forms.DateInput(format="%Y-%m", attrs={"type": "month"}),
        error_messages={"invalid": "Choose the month, e.g. November 2026 (2026-11)."},
    )
