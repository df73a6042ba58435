"""The county's new simultaneous evening: its name and date, its boards (a PBN file of the deals,
dealt here, or none for a drive evening) and the clubs taking part."""

from django import forms
from django.utils import timezone

from ..domain.limits import MAX_PBN_BYTES
from ..models import Club, Simultaneous, validate_one_line
from .common import text_errors


class SimultaneousForm(forms.Form):
    BOARDS = [
        ("pbn", "The county's deals, from a PBN file"),
        ("deal", "Dealt here"),
        ("drive", "A drive evening: each club plays a progressive drive, no boards shared"),
    ]

    name = forms.CharField(
        max_length=Simultaneous._meta.get_field("name").max_length,
        validators=[validate_one_line],
        error_messages=text_errors("A name"),
    )
    date = forms.DateField(
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"), initial=timezone.localdate
    )
    boards_from = forms.ChoiceField(label="Boards", choices=BOARDS, initial="deal", widget=forms.RadioSelect)
    pbn = forms.FileField(label="PBN file", required=False, help_text="Boards numbered 1 to N.")
    deal = forms.IntegerField(label="Boards to deal", min_value=1, max_value=200, required=False, initial=24)
    clubs = forms.ModelMultipleChoiceField(
        queryset=Club.objects.order_by("name"),
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": "Tick the clubs taking part."},
    )

    def clean_pbn(self):
        upload = self.cleaned_data["pbn"]
        if upload is None:
            return ""
        if upload.size > MAX_PBN_BYTES:
            raise forms.ValidationError(
                f"The file is larger than {MAX_PBN_BYTES // 1_000_000} MB: is it a PBN file?"
            )
        raw = upload.read()
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return raw.decode("latin-1")  # older programs write PBN in Latin-1

    def clean(self):
        data = super().clean()
        source = data.get("boards_from")
        if source == "pbn" and not data.get("pbn"):
            self.add_error("pbn", "Choose the PBN file of the county's deals.")
        if source == "deal" and not data.get("deal"):
            self.add_error("deal", "Say how many boards to deal.")
        return data

    def service_arguments(self) -> dict:
        """What ``simultaneous_create`` takes from the form."""
        data, source = self.cleaned_data, self.cleaned_data["boards_from"]
        return {
            "name": data["name"],
            "date": data["date"],
            "pbn": data["pbn"] if source == "pbn" else "",
            "deal": data["deal"] if source == "deal" else 0,
            "drive": source == "drive",
            "clubs": list(data["clubs"]),
        }
