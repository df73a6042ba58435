"""Input from people: normalised here, and domain errors turned into form errors."""

import re
from decimal import Decimal, InvalidOperation

from django import forms
from django.utils import timezone

from .domain import competitions as competition_rules
from .domain.boards import PRESET_SCHEDULES, TURNED, validate_schedule
from .domain.competition_kinds import CompetitionKind
from .domain.drives import PRESETS, PRIZE_LABELS, Prize, halves_of, parse_prizes
from .domain.drives.money import SPLITS, parse_money
from .domain.errors import DomainError
from .domain.leagues import MAX_DAYS_BETWEEN, MIN_DAYS_BETWEEN, check_days_between
from .domain.limits import MAX_BOARDS_PER_ROUND, MAX_HANDS, MAX_PBN_BYTES, MAX_PLAYERS, MAX_RESULTS_CSV_BYTES
from .domain.minnesota import RULES as MINNESOTA_RULES
from .domain.minnesota import same_board_words
from .domain.movements import build_movement, parse_round_list
from .domain.rubbers import CLAIM_CHOICES
from .models import (
    PICKED,
    Adjusted,
    Competition,
    Drive,
    DriveMoney,
    DrivePlayer,
    DriveResult,
    DriveTeam,
    DuelNight,
    Event,
    Granded,
    validate_one_line,
)
from .services.drives import lifecycle as drive_lifecycle
from .services.events.lifecycle import (
    MOVEMENT_FIELDS,
    SCORING_FIELDS,
    may_change_movement,
    may_change_scoring,
    may_enter_pairs,
    may_enter_players,
)


def text_errors(what: str, *, required: str = "") -> dict:
    """A text field's refusals in words, naming the field ("A name", "A reason"): what is wrong, not
    just that something is. PostgreSQL's text cannot hold a NUL character, so it is refused here."""
    errors = {
        "max_length": f"{what} is at most %(limit_value)d characters (this one has %(show_value)d): "
        "shorten it.",
        "null_characters_not_allowed": f"{what} can't contain the character NUL: type it again.",
    }
    return errors | ({"required": required} if required else {})


def _days_between_rule(days: int) -> None:
    try:
        check_days_between(days)
    except DomainError as error:
        raise forms.ValidationError(str(error)) from None


class GameField(forms.TypedChoiceField):
    """Games and rubbers by the Laws of Whist, or none (0): a team night's and a league's choice,
    from its model field's choices, with what it means there in ``help_text``."""

    def __init__(self, *, model_field, **kwargs):
        kwargs.setdefault("label", "Games and rubbers")
        super().__init__(
            choices=model_field.choices, coerce=int, required=False, empty_value=0, initial=0, **kwargs
        )


class DaysBetweenField(forms.IntegerField):
    """Days from one round of a league to the next, refused by the league's own rule in its words:
    the organiser's new-league page and the organiser site ask the same."""

    default_validators = [_days_between_rule]

    def __init__(self, **kwargs):
        kwargs.setdefault("label", "Days between rounds")
        kwargs.setdefault("initial", 7)
        kwargs.setdefault("help_text", "7 for a round a week.")
        limits = {"min": MIN_DAYS_BETWEEN, "max": MAX_DAYS_BETWEEN}
        kwargs.setdefault("widget", forms.NumberInput(attrs=limits))
        super().__init__(**kwargs)


def _refuse_what_the_lifecycle_forbids(form: forms.ModelForm, checks) -> None:
    """An organiser-site form changing a saved event or drive: each group of fields changed must be
    allowed by its lifecycle verdict, else the form says the verdict's reason."""
    changed = set(form.changed_data)
    if form.instance.pk:
        for fields, may in checks:
            verdict = may(form.instance)
            if changed & set(fields) and not verdict:
                raise forms.ValidationError(verdict.reason)


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
        _refuse_what_the_lifecycle_forbids(
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


def _halves_refusal(data: dict) -> str | None:
    """Why the drive's hands cannot be split into its halves, if they cannot (an individual drive's
    hands come from its schedule at the start, and are checked there)."""
    if data.get("hands") is None or data.get("halves") is None:
        return None
    if data.get("format") == Drive.Format.INDIVIDUAL:
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
        _refuse_what_the_lifecycle_forbids(
            self,
            (
                (drive_lifecycle.SEATING_FIELDS, drive_lifecycle.may_change_settings),
                (("prizes",), drive_lifecycle.may_change_prizes),
            ),
        )
        if refusal := _halves_refusal(data):
            raise forms.ValidationError(refusal)
        return data


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


FIXED_DEALS = (
    "A fixed number of deals: five, no trumps, spades, hearts, diamonds, clubs, is the NSHDC schedule "
    "(with odd tricks scored, for an event)."
)


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


def form_problems(form: forms.Form) -> str:
    """A refused form's errors as one plain sentence or more, for a message."""
    return " ".join(dict.fromkeys(str(error) for errors in form.errors.values() for error in errors))


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


# A competition's settings in a club's words: the label, what it means, and its choices where the
# model's own words are a statistician's.
COMPETITION_LABELS = {
    "name": "Name",
    "start": "First evening that counts",
    "end": "Last evening that counts",
    "kinds": "Which evenings count",
    "tag": "Only the evenings tagged",
    "min_field": "Smallest evening that counts",
    "field_unit": "Smallest evening measured in",
    "who": "Who is ranked",
    "lists": "Standings",
    "members_only": "Members only",
    "measure": "What each evening scores",
    "placing": "Points for the places",
    "points": "Points for 1st, 2nd, 3rd…",
    "counting": "Which of each player's evenings count",
    "count": "How many evenings (best kept, or worst left out)",
    "qualify": "Evenings to play before being ranked",
    "handicap": "Handicap",
    "ties": "Players level on the total",
    "by_hand": "Pick the evenings by hand",
    "picked_events": "Duplicate evenings picked",
    "picked_drives": "Drives picked",
    "picked_nights": "Two-player nights picked",
}
COMPETITION_HELP = {
    "name": "As members will see it, such as Autumn Pairs League.",
    "start": "",
    "end": "",
    "tag": "Such as Tuesday: only the evenings given this tag count. Leave it empty for every evening.",
    "min_field": "An evening with fewer tables (or players, below) does not count. 0: every evening counts.",
    "members_only": "Guests play as usual but are left out of the standings.",
    "points": "Only for points from this list: the winner's first, such as 6/4/3/2/1. A Mitchell "
    "gives them in each direction, a Howell or a drive in one list.",
    "count": 'With "only their best": how many best evenings count (6 for best 6 of 10). With "all '
    'but their worst": how many of their lowest are left out.',
    "qualify": "Those who have played fewer are listed apart, with how many more they need. 0: "
    "everyone is ranked.",
    "handicap": "Only with the average percentage: each player gets the difference between 50 % and "
    "their average (10 at most either way), added to each evening's percentage.",
    "by_hand": "Only the evenings ticked below count, whatever their dates and tags.",
}
COMPETITION_CHOICES = {
    "who": (("individuals", "Each player, whoever they partner"), ("pairs", "Each fixed partnership")),
    "lists": (("one", "One list of everyone"), ("roles", "Ladies and gents apart (drives)")),
    "measure": (
        ("percentage", "Their percentage (matchpoints)"),
        ("tricks", "Tricks above or below the room's average (total tricks)"),
        ("placing", "Points for their place"),
        ("drive", "Their drive score"),
    ),
    "placing": (
        ("table", "From the list below, such as 6/4/3/2/1"),
        ("reverse", "Reverse placings: in a field of 10 the winner scores 10, the last 1"),
    ),
    "counting": (
        ("all", "All of them"),
        ("best", "Only their best"),
        ("drop", "All but their worst"),
    ),
    "handicap": (
        ("none", "No handicap"),
        ("fixed", "Set once, from each player's average before the season"),
        ("moving", "Worked out again before each evening"),
    ),
    "ties": (
        ("shared", "Share the place (2=)"),
        ("counted-then-best", "More evenings counted wins, then the best single evening"),
    ),
}
# Shown beside the name and the dates whatever the kind: the rest wait under "More settings".
COMPETITION_ALWAYS = ("name", "start", "end")


class CompetitionForm(forms.ModelForm):
    """A competition's rules, on the organiser's own page and in the organiser site; the evenings
    offered to pick are the club's. A new one starts from a named kind (``kind``), whose settings
    fill the form and whose few usual questions are shown first (``first_fields``), the others
    under "More settings" (``more_fields``)."""

    class Meta:
        model = Competition
        fields = [
            "name",
            "start",
            "end",
            "kinds",
            "tag",
            "min_field",
            "field_unit",
            "who",
            "lists",
            "members_only",
            "measure",
            "placing",
            "points",
            "counting",
            "count",
            "qualify",
            "handicap",
            "ties",
            "by_hand",
            *PICKED,
        ]
        widgets = {
            "start": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }
        labels = COMPETITION_LABELS
        help_texts = COMPETITION_HELP

    def __init__(self, *args, club=None, kind: CompetitionKind | None = None, **kwargs):
        if kind is not None:
            kwargs["initial"] = {**kind.values, **kwargs.get("initial", {})}
        super().__init__(*args, **kwargs)
        club = club or (self.instance.club if self.instance.club_id else None)
        if club is not None and "picked_events" in self.fields:
            self.fields["picked_events"].queryset = Event.objects.filter(club=club).order_by("-date")
            self.fields["picked_drives"].queryset = Drive.objects.filter(club=club).order_by("-date")
            self.fields["picked_nights"].queryset = DuelNight.objects.filter(club=club).order_by("-date")
        for name, choices in COMPETITION_CHOICES.items():
            self.fields[name].choices = choices
            self.fields[name].widget.choices = choices
        self.club = club
        self.kind = kind

    def first_fields(self) -> list:
        """The name, the dates and the settings the kind asks first."""
        asks = self.kind.asks if self.kind else ()
        return [self[name] for name in (*COMPETITION_ALWAYS, *asks)]

    def more_fields(self) -> list:
        first = {field.name for field in self.first_fields()}
        return [field for field in self.visible_fields() if field.name not in first]

    def more_open(self) -> bool:
        """Whether "More settings" opens by itself: one of them has something to say."""
        return any(field.errors for field in self.more_fields())

    def _post_clean(self):
        # The model's checks need its club, which the organiser's page gives and the form does not hold.
        if self.club is not None and not self.instance.club_id:
            self.instance.club = self.club
        super()._post_clean()
        if self.instance.by_hand and not self.errors:
            picked = self.instance.picked_ids({name: self.cleaned_data.get(name) for name in PICKED})
            try:
                competition_rules.check_picks(self.instance.rules(picked))
            except competition_rules.CompetitionError as error:
                self.add_error(None, str(error))

    def values(self) -> dict:
        """The rules as the services take them (the evenings picked are passed apart)."""
        return {name: value for name, value in self.cleaned_data.items() if name not in PICKED}


class CompetitionAdminForm(CompetitionForm):
    class Meta(CompetitionForm.Meta):
        fields = ["club", *CompetitionForm.Meta.fields]

    def values(self) -> dict:
        return {name: value for name, value in super().values().items() if name != "club"}


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


TEAM_NAME = DriveTeam._meta.get_field("name").max_length
PLAYER_NAME = DrivePlayer._meta.get_field("guest").max_length


def parse_team_line(line: str) -> tuple[str, list[str]]:
    """A team as typed on one line, "Aces: Ann Lee, Bob Lee, Cy Day, Di Day": its name, then its
    home pair's two players and its away pair's two.

    >>> parse_team_line("Aces: Ann Lee, Bob Lee, Cy Day, Di Day")
    ('Aces', ['Ann Lee', 'Bob Lee', 'Cy Day', 'Di Day'])
    """
    name, colon, players = line.partition(":")
    names = [" ".join(p.split()) for p in players.split(",")] if colon else []
    if not colon or len(names) != 4 or not all(names):
        raise forms.ValidationError(
            f"'{line.strip()}': write a team as its name, a colon, then its four players joined by "
            "commas, the home pair first: Aces: Ann Lee, Bob Lee, Cy Day, Di Day."
        )
    return " ".join(name.split()), names


class NewTeamNightForm(NewDriveForm):
    """A new team night: the drive's date, hands and trumps, the club's points rule, and the teams,
    one a line (more can be entered on its page before the start)."""

    team_points = forms.ChoiceField(
        label="Points",
        choices=Drive.TeamPoints.choices,
        initial=Drive.TeamPoints.MAJORITY,
        widget=forms.RadioSelect,
        help_text="For each pair, hand by hand, at its table; a team scores its two pairs' points.",
    )
    teams = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "Aces: Ann Lee, Bob Lee, Cy Day, Di Day"}),
        help_text="One team a line: its name, a colon, then its four players, the home pair's two first.",
        error_messages={"required": "Enter the teams, one a line: a team night needs two at least."},
    )

    rubbers = GameField(
        model_field=Drive._meta.get_field("rubbers"),
        help_text="By the Laws of Whist: each visit's hands at a table played as games (honours claimed "
        "at the table), the teams scoring the tables' rubber points instead of the points above. Classic "
        "whist only: Minnesota whist has no trumps, so no honours.",
    )
    hands_per_visit = forms.IntegerField(
        label="Length of a visit",
        required=False,
        min_value=1,
        max_value=MAX_HANDS,
        initial=1,
        help_text="Hands the away pairs play at each table before moving on (for games and rubbers, "
        "e.g. 6: a rubber takes 2 to 3 games). The hands must be a whole number of visits.",
    )

    field_order = [
        "club",
        "name",
        "date",
        "team_points",
        "hands",
        "hands_per_visit",
        "halves",
        "trump_schedule",
        "game",
        "minnesota_rules",
        "rubbers",
        "teams",
    ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("format", "sit_out", "lady_label", "gent_label", "prizes", "hands_per_round", "rounds"):
            del self.fields[name]  # every table is full and the teams are the prize: nothing to choose
        self.fields["name"].initial = "Team night"
        self.fields["hands"].initial = 12
        self.fields["hands"].help_text = ""  # what an individual drive does instead is no matter here

    def clean_hands_per_visit(self):
        return self.cleaned_data.get("hands_per_visit") or 1

    def clean_teams(self):
        lines = [line for line in self.cleaned_data["teams"].splitlines() if line.strip()]
        return [parse_team_line(line) for line in lines]


class TeamForm(forms.Form):
    """A team added on the team night's page before the start: its name and its four players."""

    name = forms.CharField(
        max_length=TEAM_NAME, validators=[validate_one_line], error_messages=text_errors("A team's name")
    )
    home_1 = forms.CharField(max_length=PLAYER_NAME, error_messages=text_errors("A player's name"))
    home_2 = forms.CharField(max_length=PLAYER_NAME, error_messages=text_errors("A player's name"))
    away_1 = forms.CharField(max_length=PLAYER_NAME, error_messages=text_errors("A player's name"))
    away_2 = forms.CharField(max_length=PLAYER_NAME, error_messages=text_errors("A player's name"))

    @property
    def players(self) -> list[str]:
        return [self.cleaned_data[name] for name in ("home_1", "home_2", "away_1", "away_2")]


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
