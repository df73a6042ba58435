"""A whist drive's input: its settings in the organiser site, a new drive, a player entered, the totals
typed from score cards and a hand's correction."""

import re
from decimal import Decimal, InvalidOperation

from django import forms
from django.utils import timezone

from ..domain.boards import PRESET_SCHEDULES, TURNED
from ..domain.drives import PRESETS, PRIZE_LABELS, Prize, halves_of, parse_prizes
from ..domain.errors import DomainError
from ..domain.formats import drive_format
from ..domain.limits import MAX_HANDS
from ..domain.rubbers import CLAIM_CHOICES
from ..models import Drive, DrivePlayer, DriveResult, validate_one_line
from ..services.drives import lifecycle as drive_lifecycle
from .common import FIXED_DEALS, refuse_what_the_lifecycle_forbids, text_errors


def _halves_refusal(data: dict) -> str | None:
    """Why the drive's hands cannot be split into its halves, if they cannot (an individual drive's
    hands come from its schedule at the start, and are checked there)."""
    if data.get("hands") is None or data.get("halves") is None:
        return None
    if data.get("format") in Drive.Format.values and drive_format(data["format"]).hands_from_schedule:
        return None
    try:
        halves_of(data["hands"], data["halves"])
    except DomainError as error:
        return str(error)
    return None


class DriveAdminForm(forms.ModelForm):
    """A drive's settings in the organiser site: what its lifecycle no longer allows is refused with
    the reason (what the seating follows once started, the prizes once published)."""

    class Meta:
        model = Drive
        fields = [
            "club",
            "name",
            "date",
            "tag",
            "format",
            "hands",
            "halves",
            "trump_schedule",
            "game",
            "minnesota_rules",
            "sit_out",
            "team_points",
            "lady_label",
            "gent_label",
            "prizes",
        ]

    def clean(self):
        data = super().clean()
        refuse_what_the_lifecycle_forbids(
            self,
            (
                (drive_lifecycle.SEATING_FIELDS, drive_lifecycle.may_change_settings),
                (("prizes",), drive_lifecycle.may_change_prizes),
            ),
        )
        if refusal := _halves_refusal(data):
            raise forms.ValidationError(refusal)
        return data


class DriveTotalsForm(forms.Form):
    """Totals typed from paper score cards. Each input is named ``total-<player id>-<part>`` and holds
    a whole or half number of tricks as people write it (84, 84.5, 84½, 84,5), or nothing to take a
    typed total away; inputs not sent are left as they are. ``cleaned_data["totals"]`` holds them by
    player id and part, for ``drive_totals_set``."""

    NAME = re.compile(r"total-([0-9]+)-([0-9]+)")

    def clean(self):
        totals: dict[int, dict[int, Decimal | None]] = {}
        for name, value in self.data.items():
            match = self.NAME.fullmatch(name)
            if match is None:
                continue
            text = value.strip().replace("½", ".5").replace(",", ".")
            try:
                score = Decimal(text) if text else None
            except InvalidOperation:
                score = Decimal("NaN")
            if score is not None and not score.is_finite():
                raise forms.ValidationError(
                    f"'{text}' is not a number of tricks: type it as on the card, e.g. 84 or 84.5."
                )
            player, part = (int(group) for group in match.groups())
            totals.setdefault(player, {})[part] = score
        return {"totals": totals}


class DrivePlayerForm(forms.Form):
    """A player entered on the drive's page: the name is looked up among the club's members."""

    NO_ROLE = "Choose the player's role."

    role = forms.ChoiceField(
        required=False,  # a drive without roles has none to choose
        choices=DrivePlayer.Role.choices,
        error_messages={"invalid_choice": NO_ROLE},
    )
    name = forms.CharField(
        required=False,
        max_length=DrivePlayer._meta.get_field("guest").max_length,
        error_messages=text_errors("A player's name"),
    )
    shared_with = forms.CharField(
        required=False,
        max_length=DrivePlayer._meta.get_field("second_guest").max_length,
        error_messages=text_errors("The second name of a shared seat"),
    )


class DriveCorrectionForm(forms.Form):
    """The organiser's tricks for a hand at a table (a Minnesota drive's: and who went grand), and
    why."""

    NOT_NUMBERS = {
        "required": "Give the hand, the table and the tricks N/S took, as numbers.",
        "invalid": "Give the hand, the table and the tricks N/S took, as numbers.",
    }

    hand = forms.IntegerField(error_messages=NOT_NUMBERS)
    table = forms.IntegerField(error_messages=NOT_NUMBERS)
    ns_tricks = forms.IntegerField(error_messages=NOT_NUMBERS)
    # Only a Minnesota drive asks it; its service refuses a Minnesota hand without it, in words.
    granded = forms.ChoiceField(choices=DriveResult.Granded.choices, required=False, label="Who went grand")
    honours = forms.ChoiceField(  # games and rubbers only: the service refuses honours elsewhere
        required=False, choices=CLAIM_CHOICES
    )
    reason = forms.CharField(
        max_length=200,
        error_messages=text_errors(
            "A reason", required="Say why the hand is corrected: the reason is kept in the history."
        ),
    )


class NewDriveForm(forms.Form):
    """A new whist drive, in words: the club preselected, today's date proposed, the trumps' order
    chosen from the usual ones and the prizes ticked (kept in the order of the prize list)."""

    club = forms.ModelChoiceField(queryset=None, empty_label=None)
    name = forms.CharField(
        max_length=Drive._meta.get_field("name").max_length,
        initial="Whist drive",
        validators=[validate_one_line],
        error_messages=text_errors("A name"),
    )
    date = forms.DateField(
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"), initial=timezone.localdate
    )
    format = forms.ChoiceField(  # a team night and a widow whist series have their own pages
        choices=[
            (value, label)
            for value, label in Drive.Format.choices
            if value not in (Drive.Format.TEAMS, Drive.Format.WIDOW)
        ],
        initial=Drive.Format.PROGRESSIVE,
    )
    hands = forms.IntegerField(
        min_value=1,
        max_value=MAX_HANDS,
        initial=24,
        help_text="An individual drive plays its schedule's rounds instead: see the next two.",
    )
    hands_per_round = forms.IntegerField(
        label="Individual drive: hands a round",
        required=False,
        min_value=1,
        max_value=MAX_HANDS,
        initial=1,
        help_text="Each round of the schedule played as this many hands, in the same seats.",
    )
    rounds = forms.IntegerField(
        label="Individual drive: rounds",
        required=False,
        min_value=1,
        max_value=MAX_HANDS,
        help_text="Empty: the whole schedule (everyone partners everyone). A number: only the first rounds.",
    )
    halves = forms.IntegerField(
        min_value=1, initial=2, help_text="Parts of the evening, with an interval between (2: two halves)."
    )
    trump_schedule = forms.ChoiceField(
        label="Trumps",
        choices=[(key, label) for key, label in PRESET_SCHEDULES.items() if key != TURNED],
        initial="HDSC",
        help_text="Hand by hand, in this order, then again from the start. " + FIXED_DEALS,
    )
    game = forms.ChoiceField(
        label="Game",
        choices=Drive.Game.choices,
        initial=Drive.Game.WHIST,
        required=False,  # a drive page of before: whist
        help_text="Minnesota whist plays no trumps (the trumps above are not used) and its sit-out "
        "players score the hand's average points.",
    )
    minnesota_rules = forms.ChoiceField(
        label="Minnesota rules",
        choices=Drive.MinnesotaRules.choices,
        initial="swedish",
        required=False,
        help_text="How a Minnesota hand is scored; printed on the cards and the results.",
    )
    sit_out = forms.ChoiceField(
        label="At the sit-out table a player scores", choices=Drive.SitOut.choices, initial=Drive.SitOut.SEVEN
    )
    lady_label = forms.CharField(
        label="One role is called", max_length=20, initial="Lady", error_messages=text_errors("A role's name")
    )
    gent_label = forms.CharField(
        label="and the other", max_length=20, initial="Gent", error_messages=text_errors("A role's name")
    )
    prizes = forms.MultipleChoiceField(
        choices=[(prize.value, PRIZE_LABELS[prize]) for prize in Prize],
        initial=[prize.value for prize in PRESETS["classic"]],
        widget=forms.CheckboxSelectMultiple,
        help_text="One prize to a player, in this order; ties go to the better last half, then the "
        "better last hand, then a cut of the cards.",
        error_messages={"required": "Tick one prize at least."},
    )

    def __init__(self, *args, clubs, individual: bool = False, **kwargs):
        """``individual``: offered as an individual drive, with one list's prizes."""
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs
        if individual:
            self.fields["name"].initial = "Individual drive"
            self.fields["format"].initial = Drive.Format.INDIVIDUAL
            self.fields["prizes"].initial = [prize.value for prize in PRESETS["individual"]]
        usual = clubs.first()  # the club's usual trumps, when the organiser has one club
        self.fields["club"].initial = usual
        if usual is not None and clubs.count() == 1 and usual.trump_schedule != TURNED:
            self.fields["trump_schedule"].initial = usual.trump_schedule
            if usual.trump_schedule not in PRESET_SCHEDULES:
                self.fields["trump_schedule"].choices += [(usual.trump_schedule, usual.trump_schedule)]

    def clean_hands_per_round(self):
        return self.cleaned_data.get("hands_per_round") or 1

    def clean_game(self):
        return self.cleaned_data.get("game") or Drive.Game.WHIST

    def clean_minnesota_rules(self):
        return self.cleaned_data.get("minnesota_rules") or "swedish"

    def clean_prizes(self):
        """The ticked prizes in the prize list's order, as the drive keeps them: a preset's name
        when they are one."""
        ticked = set(self.cleaned_data["prizes"])
        chosen = tuple(prize for prize in Prize if prize.value in ticked)
        preset = next((name for name, prizes in PRESETS.items() if prizes == chosen), None)
        text = preset or ",".join(prize.value for prize in chosen)
        parse_prizes(text)
        return text

    def clean(self):
        data = super().clean()
        if refusal := _halves_refusal(data):
            self.add_error("halves", refusal)
        return data
