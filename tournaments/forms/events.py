"""A duplicate event's input: its settings in the organiser site, a new event, tonight's entries,
the deals and travellers imported, and a director's result."""

from django import forms
from django.utils import timezone

from ..domain.boards import PRESET_SCHEDULES, validate_schedule
from ..domain.errors import DomainError
from ..domain.limits import MAX_BOARDS_PER_ROUND, MAX_PBN_BYTES, MAX_PLAYERS, MAX_RESULTS_CSV_BYTES
from ..domain.minnesota import RULES as MINNESOTA_RULES
from ..domain.minnesota import same_board_words
from ..domain.movements import build_movement, parse_round_list
from ..models import Adjusted, Event, Granded, validate_one_line
from ..services.events.lifecycle import (
    MOVEMENT_FIELDS,
    SCORING_FIELDS,
    may_change_movement,
    may_change_scoring,
    may_enter_pairs,
    may_enter_players,
)
from .common import FIXED_DEALS, refuse_what_the_lifecycle_forbids, text_errors


class EventAdminForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = [
            "club",
            "name",
            "date",
            "tag",
            "tables",
            "variant",
            "players",
            "card_set",
            "phantom",
            "rounds",
            "boards_per_round",
            "arrow_switch_rounds",
            "trump_schedule",
            "scoring",
            "minnesota_rules",
            "scale",
            "adjusted_scores",
            "honours",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Asked of a Minnesota event only: a form sent without the rules keeps the event's.
        if self.is_bound and "minnesota_rules" in self.fields and not self.data.get("minnesota_rules"):
            self.data = self.data.copy()
            self.data["minnesota_rules"] = self.instance.minnesota_rules

    def clean_trump_schedule(self):
        try:
            return validate_schedule(self.cleaned_data["trump_schedule"])
        except DomainError as error:
            raise forms.ValidationError(str(error)) from None

    def clean_arrow_switch_rounds(self):
        text = self.cleaned_data["arrow_switch_rounds"]
        try:
            return ",".join(str(r) for r in parse_round_list(text))
        except DomainError as error:
            raise forms.ValidationError(str(error)) from None

    def clean(self):
        data = super().clean()
        refuse_what_the_lifecycle_forbids(
            self, ((MOVEMENT_FIELDS, may_change_movement), (SCORING_FIELDS, may_change_scoring))
        )
        if data.get("players") is not None:
            # The event as it would be saved: its players' number needs the individual movement.
            name = data.get("name") or self.instance.name
            verdict = may_enter_players(Event(name=name, variant=data.get("variant")))
            if not verdict:
                self.add_error("players", verdict.reason)
        needed = ("tables", "boards_per_round", "variant", "arrow_switch_rounds")
        if all(data.get(name) is not None for name in needed) and not self.errors:
            try:
                build_movement(
                    data["tables"],
                    variant=data["variant"],
                    boards_per_round=data["boards_per_round"],
                    rounds=data.get("rounds"),
                    phantom=data.get("phantom", False),
                    arrow_switch_rounds=parse_round_list(data["arrow_switch_rounds"]),
                    card_set=data.get("card_set"),
                    players=data.get("players"),
                )
            except DomainError as error:
                raise forms.ValidationError(str(error)) from None
        return data


class PairNamesFormSet(forms.BaseInlineFormSet):
    """An event's pairs named in the organiser site: an individual event's partnerships are named
    by its players, so their names are refused here as the services refuse them."""

    def clean(self):
        super().clean()
        verdict = may_enter_pairs(self.instance)
        if not verdict and any(form.has_changed() for form in self.forms):
            raise forms.ValidationError(verdict.reason)


class ResultsUploadForm(forms.Form):
    MAX_BYTES = MAX_RESULTS_CSV_BYTES

    file = forms.FileField(
        label="Travellers (CSV)",
        help_text="Header: board,ns_pair,ew_pair,ns_tricks (optional round,table).",
        error_messages={"required": "Choose the travellers' file (CSV) to import."},
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(
                f"The file is larger than {self.MAX_BYTES // 1_000_000} MB: is it the right file?"
            )
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(
                "The file is not text (UTF-8): save the spreadsheet as 'CSV UTF-8' and try again."
            ) from None


class DealForm(forms.Form):
    seed = forms.CharField(
        required=False,
        max_length=64,
        help_text="Leave empty for a fresh random seed; give one to deal again.",
        error_messages=text_errors("A seed"),
    )


class PbnUploadForm(forms.Form):
    MAX_BYTES = MAX_PBN_BYTES

    pbn = forms.FileField(
        label="PBN file",
        help_text="From a dealing machine or another program.",
        error_messages={"required": "Choose the PBN file to import."},
    )

    def clean_pbn(self):
        upload = self.cleaned_data["pbn"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(
                f"The file is larger than {self.MAX_BYTES // 1_000_000} MB: is it a PBN file?"
            )
        raw = upload.read()
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return raw.decode("latin-1")  # older programs write PBN in Latin-1


class DirectorResultForm(forms.Form):
    """A director's result for one meeting on a board, as the pairs sat."""

    ADJUSTED = [("", "—"), *Adjusted.choices]

    seating = forms.IntegerField(widget=forms.HiddenInput)
    ns_tricks = forms.TypedChoiceField(
        label="N/S tricks",
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", "—")] + [(n, str(n)) for n in range(14)],
    )
    ns_adjusted = forms.ChoiceField(label="or N/S adjusted", required=False, choices=ADJUSTED)
    ew_adjusted = forms.ChoiceField(label="E/W adjusted", required=False, choices=ADJUSTED)
    # Minnesota whist: who went grand with those tricks (shown on a Minnesota event's page only).
    granded = forms.ChoiceField(label="Who went grand", required=False, choices=Granded.choices)
    reason = forms.CharField(
        max_length=200,
        help_text="Kept in the history with your name and the time.",
        error_messages=text_errors("A reason", required="Give a reason: it is kept in the history."),
    )

    def __init__(self, *args, seatings=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.seatings = {s.pk: s for s in seatings}

    def clean_seating(self):
        """The meeting's seating, among those that play the board."""
        seating = self.seatings.get(self.cleaned_data["seating"])
        if seating is None:
            raise forms.ValidationError("That meeting does not play this board.")
        return seating

    def clean(self):
        data = super().clean()
        tricks, ns_adj, ew_adj = data.get("ns_tricks"), data.get("ns_adjusted"), data.get("ew_adjusted")
        if tricks is None and not (ns_adj and ew_adj):
            raise forms.ValidationError("Give the N/S tricks, or an adjusted score for each side.")
        if tricks is not None and (ns_adj or ew_adj):
            raise forms.ValidationError("Give either tricks or adjusted scores, not both.")
        if tricks is None:
            data["granded"] = ""  # an adjusted score: nobody played, nobody went grand
        return data


class NewEventForm(forms.Form):
    club = forms.ModelChoiceField(queryset=None, empty_label=None)
    name = forms.CharField(
        max_length=100,
        initial="Duplicate whist",  # a drive is another kind of evening, with a page of its own
        validators=[validate_one_line],
        error_messages=text_errors("A name"),
    )
    date = forms.DateField(
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"), initial=timezone.localdate
    )
    trump_schedule = forms.ChoiceField(
        label="Trumps",
        choices=[(key, label) for key, label in PRESET_SCHEDULES.items()],
        initial="HDSC",
        help_text=FIXED_DEALS,
    )
    scoring = forms.ChoiceField(choices=Event.Scoring.choices, initial=Event.Scoring.MATCHPOINTS)
    movement = forms.ChoiceField(
        choices=[
            ("", "The one recommended for tonight's pairs, once they are entered"),
            (Event.Variant.THREE_QUARTER_HOWELL, Event.Variant.THREE_QUARTER_HOWELL.label),
        ],
        required=False,
        initial="",
        widget=forms.RadioSelect,  # each choice in full: a drop-down cuts the longer one short
    )
    minnesota_rules = forms.ChoiceField(
        label="Minnesota whist rules",
        choices=[(key, f"{rules.name}: {rules.summary}") for key, rules in MINNESOTA_RULES.items()],
        initial=Event.MinnesotaRules.SWEDISH,
        required=False,  # asked of a Minnesota evening only; the classic rules by default
        widget=forms.RadioSelect,
        help_text="For Minnesota whist only: every board is played in no trumps (the trumps above are "
        "not used), each player shows a black card to go grand or a red one to play low, and a board's "
        "N/S score is N/S's points less E/W's under these rules. " + same_board_words(),
    )
    individual = forms.TypedChoiceField(
        label="Who plays",
        choices=[("", "Pairs"), ("1", "Individual: players enter alone and partner each other in turn")],
        coerce=bool,
        empty_value=False,
        required=False,
        initial="",
        widget=forms.RadioSelect,
    )

    def clean(self):
        data = super().clean()
        if data.get("individual") and data.get("movement"):
            self.add_error("movement", "An individual event has its own movement: leave the movement to it.")
        return data

    def clean_minnesota_rules(self) -> str:
        return self.cleaned_data["minnesota_rules"] or Event.MinnesotaRules.SWEDISH

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs
        usual = clubs.first()  # the club's usual evening, when the organiser has one club
        if usual is not None and clubs.count() == 1:
            self.fields["trump_schedule"].initial = usual.trump_schedule
            self.fields["scoring"].initial = usual.scoring
            if usual.trump_schedule not in PRESET_SCHEDULES:
                self.fields["trump_schedule"].choices += [(usual.trump_schedule, usual.trump_schedule)]


class IndividualPlayersForm(forms.Form):
    """Tonight's players of an individual event, one a line; "Ann Smith + Bob Jones" share a seat."""

    players = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 10}),
        max_length=MAX_PLAYERS * 250,
        error_messages=text_errors("The list of players", required="Enter the players, one a line."),
    )
    boards_per_round = forms.IntegerField(
        label="Boards a round",
        min_value=1,
        max_value=MAX_BOARDS_PER_ROUND,
        initial=2,
        error_messages={
            "required": "Give the boards a round.",
            "invalid": "Give the boards a round as a number.",
            "min_value": "Give at least one board a round.",
            "max_value": f"Give at most {MAX_BOARDS_PER_ROUND} boards a round.",
        },
    )

    def clean_players(self) -> list[str]:
        return [line for line in self.cleaned_data["players"].splitlines() if line.strip()]


class EntryForm(forms.Form):
    NAMES = text_errors(
        "A player's name", required="Give both players' names: a member's name, or a guest's."
    )

    first = forms.CharField(label="Player", max_length=120, error_messages=NAMES)
    second = forms.CharField(label="Partner", max_length=120, error_messages=NAMES)
    stationary = forms.BooleanField(label="Stays at one table (cannot move between tables)", required=False)
