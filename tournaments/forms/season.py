"""A competition's rules, in a club's words: on the organiser's own page and in the organiser site."""

from django import forms

from ..domain import competitions as competition_rules
from ..domain.competition_kinds import CompetitionKind
from ..models import PICKED, Competition, Drive, DuelNight, Event

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
