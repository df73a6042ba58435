"""The membership pages' forms: a category, the subscription year's start, a member's category,
a subscription paid, a renewal round's year. Sums are typed in the club's currency and number
format (``parse_money``)."""

from datetime import date

from django import forms

from ..domain.errors import DomainError
from ..models import Club, MembershipCategory, SubscriptionPayment
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
