"""A team night's input: the new night with its teams typed one a line, and a team added later."""

from django import forms

from ..domain.limits import MAX_HANDS
from ..models import Drive, DrivePlayer, DriveTeam, validate_one_line
from .common import GameField, text_errors
from .drives import NewDriveForm

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
