"""Clubs, members, events and what is played at them. Invariants live in the database.

One module by concern, each importing the modules it builds on and never this package: ``clubs``,
``events`` (pairs, entries, seatings), ``results`` (boards and results), ``history`` and ``audit``
(the lines nobody edits), ``tablets``, ``logins`` (wrong organiser passwords), ``heartbeat``, then
``individuals``, ``team_nights`` (a team night's teams), ``drives`` (a drive and its players),
``drive_results`` (its seats, results and their history, tables, totals and prize cuts),
``widow``, ``competitions``, ``mail``, ``checkins``, ``leagues``, ``money`` (a drive's fees and
prize fund), ``membership`` (categories, renewals, subscriptions), ``simultaneous`` (an evening
the county ranks across clubs) and ``county`` (the hall's evenings sent to the county server).
Every model is importable from here.
"""

from .accounts import AccountEntry, AccountStatement
from .audit import AuditLine
from .checkins import TableCheckIn
from .clubs import (
    ADJUSTED_SCORES_HELP,
    EVENING_TAG_HELP,
    AdjustedScores,
    Club,
    ClubQuerySet,
    Erasure,
    Member,
    PublicViewer,
    Scale,
    Scoring,
    names_as_published,
    names_for_public,
    names_in_full,
    names_whole,
    page_shown,
    person_name,
    reader_is_public,
    validate_one_line,
    validate_trump_schedule,
)
from .competitions import PICKED, Competition
from .county import CountyKey, CountyUpload, HallUpload
from .drive_results import DriveResult, DriveResultChange, DriveSeat, DriveTable, DriveTotal, PrizeCut
from .drives import Drive, DrivePlayer
from .duels import DuelDeal, DuelDealChange, DuelMatch, DuelNight, DuelPlayer, DuelTable
from .events import DIRECTION_LABELS, Direction, Entry, Event, Pair, RelayStand, Seating
from .heartbeat import Heartbeat
from .history import HistoryLine, ResultLine
from .individuals import IndividualPlayer
from .leagues import CardDeal, Fixture, League, LeagueClub, MatchResult, MatchTable
from .logins import LoginFailure
from .mail import ResultMail
from .membership import MembershipCategory, RenewalReminder, RenewalRound, SubscriptionPayment
from .money import DriveMoney, DrivePayment, EveningFee, EveningMoney, MoneyRule
from .results import Adjusted, Board, BoardQuerySet, Granded, Result, ResultChange, ResultQuerySet
from .simultaneous import Simultaneous, SimultaneousDrive, SimultaneousEvent
from .tablets import CodeGuard, EventLinks, TableAccess, TableLink
from .team_nights import DriveTeam
from .widow import WidowDeal, WidowSeat, WidowTricks

__all__ = [
    "AccountEntry",
    "AccountStatement",
    "CountyKey",
    "CountyUpload",
    "HallUpload",
    "MembershipCategory",
    "RenewalReminder",
    "RenewalRound",
    "SubscriptionPayment",
    "WidowDeal",
    "WidowSeat",
    "WidowTricks",
    "ADJUSTED_SCORES_HELP",
    "DIRECTION_LABELS",
    "DuelDeal",
    "DuelDealChange",
    "DuelMatch",
    "DuelNight",
    "DuelPlayer",
    "DuelTable",
    "EVENING_TAG_HELP",
    "Adjusted",
    "Granded",
    "AdjustedScores",
    "AuditLine",
    "Board",
    "BoardQuerySet",
    "CardDeal",
    "Club",
    "ClubQuerySet",
    "CodeGuard",
    "LoginFailure",
    "Competition",
    "PICKED",
    "Direction",
    "Drive",
    "DrivePlayer",
    "DriveMoney",
    "DrivePayment",
    "EveningFee",
    "EveningMoney",
    "MoneyRule",
    "DriveResult",
    "DriveResultChange",
    "DriveSeat",
    "DriveTable",
    "DriveTeam",
    "DriveTotal",
    "Entry",
    "Erasure",
    "Event",
    "EventLinks",
    "Fixture",
    "Heartbeat",
    "HistoryLine",
    "IndividualPlayer",
    "League",
    "LeagueClub",
    "MatchResult",
    "MatchTable",
    "Member",
    "Pair",
    "PublicViewer",
    "PrizeCut",
    "RelayStand",
    "Result",
    "ResultChange",
    "ResultLine",
    "ResultMail",
    "ResultQuerySet",
    "Scale",
    "Scoring",
    "Seating",
    "Simultaneous",
    "SimultaneousDrive",
    "SimultaneousEvent",
    "TableAccess",
    "TableCheckIn",
    "TableLink",
    "validate_one_line",
    "names_as_published",
    "names_for_public",
    "names_in_full",
    "names_whole",
    "page_shown",
    "person_name",
    "reader_is_public",
    "validate_trump_schedule",
]
