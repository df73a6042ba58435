"""A drive's money as the treasurer types it."""

from django import forms

from ..domain.drives.money import SPLITS, parse_money
from ..domain.errors import DomainError
from ..models import DriveMoney


class DriveMoneyForm(forms.Form):
    """A drive's money, as the treasurer types it: fees and figures in pounds, the prize fund a
    fixed sum or a share of the takings, split by a usual split or per cents typed."""

    FUND = (("none", "No prize money"), ("fixed", "A fixed sum"), ("share", "A share of the takings"))

    member_fee = forms.CharField(label="Member's fee", required=False, max_length=12, initial="0.00")
    guest_fee = forms.CharField(label="Guest's fee", required=False, max_length=12, initial="0.00")
    table_money = forms.CharField(label="Table money", required=False, max_length=12, initial="0.00")
    raffle = forms.CharField(label="Raffle takings", required=False, max_length=12, initial="0.00")
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
    LABELS = {
        "member_fee": "A member's fee",
        "guest_fee": "A guest's fee",
        "table_money": "The table money",
        "raffle": "The raffle",
        "fund_fixed": "The prize fund",
    }

    def clean(self):
        data = super().clean()
        for name, what in self.LABELS.items():
            try:
                data[name] = parse_money(data.get(name) or "", what)
            except DomainError as error:
                self.add_error(name, str(error))
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
        """The form filled with a drive's money as it stands."""
        pounds = {
            name: f"{getattr(money, name) / 100:.2f}"
            for name in ("member_fee", "guest_fee", "table_money", "raffle")
        }
        usual = money.split in SPLITS
        return cls(
            initial=pounds
            | {
                "fund": "fixed" if money.fund_fixed is not None else "share" if money.fund_share else "none",
                "fund_fixed": "" if money.fund_fixed is None else f"{money.fund_fixed / 100:.2f}",
                "fund_share": money.fund_share or 100,
                "split": money.split if usual else "other",
                "split_other": "" if usual else money.split,
                "ties": money.ties,
            }
        )
