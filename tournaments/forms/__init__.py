"""Input from people: normalised here, and domain errors turned into form errors.

One module by feature, each importing the modules it builds on and never this package: ``common``
(what they all share), ``clubs`` (a club's own settings), ``events``, ``drives``, ``team_nights``,
``money`` (a drive's), ``season`` (competitions), ``leagues`` and ``simultaneous`` (the
county's). Every form is importable from here."""

from .clubs import ClubPhonesForm
from .common import FIXED_DEALS, GameField, form_problems, text_errors
from .drives import DriveAdminForm, DriveCorrectionForm, DrivePlayerForm, DriveTotalsForm, NewDriveForm
from .events import (
    DealForm,
    DirectorResultForm,
    EntryForm,
    EventAdminForm,
    IndividualPlayersForm,
    NewEventForm,
    PairNamesFormSet,
    PbnUploadForm,
    ResultsUploadForm,
)
from .leagues import DaysBetweenField
from .membership import (
    AccountFloorForm,
    CategoryForm,
    CorrectionForm,
    MemberMembershipForm,
    PaymentForm,
    RenewalRoundForm,
    StatementForm,
    StatementsMonthForm,
    TopUpForm,
    YearStartForm,
)
from .money import DriveMoneyForm, EveningFeesForm
from .season import (
    COMPETITION_ALWAYS,
    COMPETITION_CHOICES,
    COMPETITION_HELP,
    COMPETITION_LABELS,
    CompetitionAdminForm,
    CompetitionForm,
)
from .simultaneous import SimultaneousForm
from .team_nights import PLAYER_NAME, TEAM_NAME, NewTeamNightForm, TeamForm, parse_team_line

__all__ = [
    "SimultaneousForm",
    "AccountFloorForm",
    "CorrectionForm",
    "StatementForm",
    "StatementsMonthForm",
    "TopUpForm",
    "ClubPhonesForm",
    "CategoryForm",
    "MemberMembershipForm",
    "PaymentForm",
    "RenewalRoundForm",
    "YearStartForm",
    "FIXED_DEALS",
    "GameField",
    "form_problems",
    "text_errors",
    "DriveAdminForm",
    "DriveCorrectionForm",
    "DrivePlayerForm",
    "DriveTotalsForm",
    "NewDriveForm",
    "DealForm",
    "DirectorResultForm",
    "EntryForm",
    "EventAdminForm",
    "IndividualPlayersForm",
    "NewEventForm",
    "PairNamesFormSet",
    "PbnUploadForm",
    "ResultsUploadForm",
    "DaysBetweenField",
    "DriveMoneyForm",
    "EveningFeesForm",
    "COMPETITION_ALWAYS",
    "COMPETITION_CHOICES",
    "COMPETITION_HELP",
    "COMPETITION_LABELS",
    "CompetitionAdminForm",
    "CompetitionForm",
    "PLAYER_NAME",
    "TEAM_NAME",
    "NewTeamNightForm",
    "TeamForm",
    "parse_team_line",
]
