"""A drive's money as the treasurer types it."""

from django import forms

from ..domain.drives.money import SPLITS
from ..domain.errors import DomainError
from ..models import DriveMoney
from ..services.core.money import POUNDS, ClubCurrency, currency_of, figures_text, parse_money


class EveningFeesForm(forms.Form):
    """The money of an evening without prizes (an event, a two-player night, a league home match):
    its fees, table money and raffle, typed in the club's currency and number format."""

    member_fee = forms.CharField(label="Member's fee", required=False, max_length=12, initial="0")
    guest_fee = forms.CharField(label="Guest's fee", required=False, max_length=12, initial="0")
    table_money = forms.CharField(label="Table money", required=False, max_length=12, initial="0")
    raffle = forms.CharField(label="Raffle takings", required=False, max_length=12, initial="0")

    LABELS = {
        "member_fee": "A member's fee",
        "guest_fee": "A guest's fee",
        "table_money": "The table money",
        "raffle": "The raffle",
    }

    def __init__(self, *args, currency: ClubCurrency = POUNDS, **kwargs):
        super().__init__(*args, **kwargs)
        self.currency = currency

    def clean(self):
        data = super().clean()
        for name, what in self.LABELS.items():
            try:
                data[name] = parse_money(data.get(name) or "", self.currency, what)
            except DomainError as error:
                self.add_error(name, str(error))
        return data

    def settings(self) -> dict:
        return {name: self.cleaned_data[name] for name in DriveMoney.FIGURES}

    @classmethod
    def of(cls, money, currency: ClubCurrency) -> "EveningFeesForm":
        """The form filled with the evening's money as it stands."""
        figures = {name: figures_text(getattr(money, name), currency) for name in DriveMoney.FIGURES}
        return cls(currency=currency, initial=figures)


class DriveMoneyForm(EveningFeesForm):
    """A drive's money, as the treasurer types it: fees and figures in the club's currency and
    number format (``currency``), the prize fund a fixed sum or a share of the takings, split by a
    usual split or per cents typed."""

    FUND = (("none", "No prize money"), ("fixed", "A fixed sum"), ("share", "A share of the takings"))

    fund = forms.ChoiceField(label="Prize fund", choices=FUND, initial="none")
    fund_fixed = forms.CharField(label="Fixed sum", required=False, max_length=12)
    fund_share = forms.IntegerField(label="Share of the takings, per cent", required=False, initial=100)
    split = forms.ChoiceField(
        label="Split across the prizes",
        choices=[*SPLITS.items(), ("other", "Other, typed:")],
        initial="equal",
    )
    split_other = forms.CharField(
        label="Per cents",
        required=False,
        max_length=60,
        widget=forms.TextInput(
            attrs={"aria-label": "The split typed as per cents", "placeholder": "40/30/20/10"}
        ),
    )
    ties = forms.ChoiceField(
        label="Players level", choices=DriveMoney.Ties.choices, initial="cut", required=False
    )

    FIGURES = DriveMoney.FIGURES
    LABELS = EveningFeesForm.LABELS | {"fund_fixed": "The prize fund"}

    def clean(self):
        data = super().clean()  # the sums, read in the club's currency
        fund = data.get("fund")
        data["fund_fixed"] = data.get("fund_fixed") if fund == "fixed" else None
        if fund == "share" and data.get("fund_share") is None:
            self.add_error(
                "fund_share", "Give the prize fund's share of the takings, per cent (100: all of it)."
            )
        data["fund_share"] = data.get("fund_share") if fund == "share" else None
        data["ties"] = data.get("ties") or DriveMoney.Ties.CUT
        if data.get("split") == "other":
            data["split"] = data.get("split_other") or ""
        return data

    def settings(self) -> dict:
        """The cleaned figures as ``drive_money_set`` takes them."""
        return {name: self.cleaned_data[name] for name in DriveMoney.SETTINGS}

    @classmethod
    def of(cls, money: DriveMoney) -> "DriveMoneyForm":
        """The form filled with a drive's money as it stands, written as its club writes sums."""
        currency = currency_of(money.drive.club)
        figures = {
            name: figures_text(getattr(money, name), currency)
            for name in ("member_fee", "guest_fee", "table_money", "raffle")
        }
        usual = money.split in SPLITS
        return cls(
            currency=currency,
            initial=figures
            | {
                "fund": "fixed" if money.fund_fixed is not None else "share" if money.fund_share else "none",
                "fund_fixed": "" if money.fund_fixed is None else figures_text(money.fund_fixed, currency),
                "fund_share": money.fund_share or 100,
                "split": money.split if usual else "other",
                "split_other": "" if usual else money.split,
                "ties": money.ties,
            },
        )
