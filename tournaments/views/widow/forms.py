"""What an organiser types for a widow whist series: the new series, and a deal's correction."""

from django import forms
from django.utils import timezone

from ...domain.digits import figures
from ...domain.widow import DEALS_EACH, REDRAWS
from ...models import Drive, validate_one_line


class NewWidowForm(forms.Form):
    club = forms.ModelChoiceField(queryset=None, empty_label=None)
    name = forms.CharField(
        max_length=Drive._meta.get_field("name").max_length,
        initial="Widow whist",
        validators=[validate_one_line],
    )
    date = forms.DateField(
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"), initial=timezone.localdate
    )
    series = forms.IntegerField(
        min_value=1, max_value=12, initial=3, help_text="The tables are drawn afresh for each series."
    )
    deals_each = forms.IntegerField(
        label="Deals each player plays a series",
        min_value=3,
        max_value=60,
        initial=DEALS_EACH,
        help_text="12: a table of three plays 12 deals, a table of four 16 (its dealer sits out each deal). "
        "A multiple of 3.",
    )
    redraw = forms.ChoiceField(label="Tables drawn", choices=list(REDRAWS.items()))

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs
        self.fields["club"].initial = clubs.first()


class WidowCorrectionForm(forms.Form):
    """A deal set by the organiser: the series, table and deal, who took the widow (a player's id,
    empty: nobody), the tricks of each of the three who played (``tricks_<player id>``) and why."""

    series = forms.IntegerField(min_value=1, max_value=99)
    table = forms.IntegerField(min_value=1, max_value=999)
    deal = forms.IntegerField(min_value=1, max_value=999)
    reason = forms.CharField(max_length=200)


def read_deal(data) -> tuple[int | None, dict[int, int]]:
    """Who took the widow and each player's tricks, as a tablet's or the organiser's form sends
    them ("widow": a player's id or empty; "tricks_<id>": 0 to 13, or empty for a player who did
    not play the deal, as the dealer at a table of four); ValueError in words if not."""
    tricks = {}
    for key, value in data.items():
        if key.startswith("tricks_") and figures(key[7:]):
            text = str(value).strip()
            if not text:
                continue  # the service says who played the deal, and asks for theirs if one is missing
            if not figures(text) or int(text) > 13:
                raise ValueError("Give each player's tricks, a number from 0 to 13.")
            tricks[int(key[7:])] = int(text)
    widow = str(data.get("widow", "")).strip()
    if widow and not figures(widow):
        raise ValueError("Choose who took the widow, or nobody.")
    return (int(widow) if widow else None), tricks
