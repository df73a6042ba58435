"""What the organiser types for a two-player night: its settings and players, and a correction."""

from django import forms
from django.utils import timezone

from ...domain.duels import MAX_PLAYERS, swiss_round_limit
from ...models import DuelNight


class NewNightForm(forms.Form):
    club = forms.ModelChoiceField(queryset=None, empty_label=None)
    name = forms.CharField(max_length=100, initial="German whist night")
    date = forms.DateField(
        initial=timezone.localdate, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    game = forms.ChoiceField(choices=DuelNight.Game.choices, initial="german")
    german_scoring = forms.ChoiceField(
        choices=DuelNight.GermanScoring.choices, initial="last-13", label="German whist's scoring"
    )
    pairing = forms.ChoiceField(choices=DuelNight.Pairing.choices, initial=DuelNight.Pairing.SWISS)
    rounds = forms.IntegerField(
        min_value=0,
        max_value=swiss_round_limit(MAX_PLAYERS),
        initial=4,
        required=False,
        help_text=f"A Swiss's rounds: fewer than the players, at most about log2(players) + 2 "
        f"(9 players: {swiss_round_limit(9)}).",
    )
    deals = forms.IntegerField(min_value=0, max_value=30, initial=4, help_text="Deals a match (0: a game).")
    target = forms.IntegerField(
        min_value=0, max_value=200, initial=0, help_text="A game to this many points instead (0: deals)."
    )
    win_points = forms.IntegerField(min_value=1, max_value=10, initial=2, label="Game points a win")
    tie_points = forms.IntegerField(min_value=0, max_value=10, initial=1, label="Game points a tie")
    knockout = forms.IntegerField(
        min_value=0,
        max_value=MAX_PLAYERS,
        initial=0,
        required=False,
        label="Knock-out of the leaders",
        help_text="How many of the standings go through to a knock-out after the rounds (0: none; one in "
        "four is the usual cut).",
    )
    players = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 8}),
        required=False,
        help_text="One a line: a member's name, or a guest's. More can be entered on the night's page.",
    )

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs

    def clean(self):
        data = super().clean()
        data["rounds"] = data.get("rounds") or 0
        data["knockout"] = data.get("knockout") or 0
        data["players"] = [line.strip() for line in data.get("players", "").splitlines() if line.strip()]
        return data


class CorrectionForm(forms.Form):
    match = forms.IntegerField(widget=forms.HiddenInput)
    number = forms.IntegerField(min_value=1, max_value=60, label="Deal")
    tricks_a = forms.IntegerField(min_value=0, max_value=26, label="First player's tricks")
    tricks_b = forms.IntegerField(min_value=0, max_value=26, label="Second player's tricks")
    black = forms.BooleanField(required=False, label="The 27th card was black (high/low)")
    reason = forms.CharField(max_length=150)
