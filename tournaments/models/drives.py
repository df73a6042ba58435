"""Whist drives and their players: the drive's settings (its format, game, hands and prizes) and
the players with score cards. The rules are in ``domain/drives``; the tables, seats and results are
in ``drive_results``, a team night's teams in ``team_nights``.

An individual drive has no roles: every player is entered as a Player (role ``P``, cards P1, P2, …,
card n being player n of the schedule), and the seats keep their names from the progressive drive
but stand for the compass (``drive_results.Seat``).

A shared seat (two people who take one seat in turn) is one player with a second name
(``second_member`` or ``second_guest``): one card, one score, shown as both, "Ann Smith + Bob Jones".
"""

import uuid

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.db.models.lookups import Exact

from ..domain.drives import PRESETS, parse_prizes
from ..domain.drives.games import MINNESOTA, WHIST_GAME, Game
from ..domain.errors import DomainError
from ..domain.formats import MINNESOTA_RUBBERS, EveningFormat, drive_format
from ..domain.limits import MAX_HANDS
from ..domain.minnesota import RULES
from ..domain.rubbers import GAME_CHOICES, GAMES
from ..domain.widow import RANDOM, REDRAWS
from .clubs import (
    EVENING_TAG_HELP,
    Club,
    EveningQuerySet,
    Member,
    person_name,
    room_key_field,
    validate_one_line,
    validate_trump_schedule,
)
from .team_nights import DriveTeam


def validate_prizes(value: str) -> None:
    try:
        parse_prizes(value)
    except DomainError as error:
        raise ValidationError(str(error)) from None


class Drive(models.Model):
    class Format(models.TextChoices):
        PROGRESSIVE = "progressive", "Progressive (losers move, the winning gent crosses)"
        SEMI_PARTNER = "semi-partner", "Semi-partner (winners stay together)"
        WINNERS_MOVE = "winners-move", "Winners move"
        PARTNER = "partner", "Partner drive (fixed partners)"
        TEAMS = "teams", "Team night (teams of four: home pairs stay, away pairs visit)"
        INDIVIDUAL = "individual", "Individual: everyone partners everyone once"
        WIDOW = "widow", "Widow whist series (three a deal, each for themselves; tables redrawn)"

    class Status(models.TextChoices):
        ENTRIES = "entries", "Taking entries"
        RUNNING = "running", "Playing"
        FINISHED = "finished", "Finished"

    class TeamPoints(models.TextChoices):
        MAJORITY = "majority", "1 a hand to the side with 7 tricks or more, 2 for all thirteen"
        TRICKS = "tricks", "The tricks each side took"

    class Game(models.TextChoices):
        WHIST = WHIST_GAME, "Whist (trumps by the schedule; a couple scores its tricks)"
        MINNESOTA = MINNESOTA, "Minnesota whist (no trumps; grand or low; a couple scores its points)"

    # Minnesota whist's rules, as the domain declares them: SWEDISH = "swedish", "Swedish (classic) rules"…
    MinnesotaRules = models.TextChoices(
        "MinnesotaRules", [(key.upper().replace("-", "_"), (key, r.name)) for key, r in RULES.items()]
    )

    class SitOut(models.TextChoices):
        SEVEN = "7", "7 tricks"
        AVERAGE = "average", "The hand's average (6½ tricks)"

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="drives")
    name = models.CharField(max_length=100, validators=[validate_one_line])
    date = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ENTRIES)
    format = models.CharField(max_length=14, choices=Format.choices, default=Format.PROGRESSIVE)
    hands = models.PositiveSmallIntegerField(
        default=24, validators=[MinValueValidator(1), MaxValueValidator(MAX_HANDS)]
    )
    halves = models.PositiveSmallIntegerField(
        default=2, help_text="Parts of the evening, with an interval between (2: two halves)."
    )
    trump_schedule = models.CharField(
        max_length=20,
        default="HDSC",
        validators=[validate_trump_schedule],
        help_text="Trumps hand by hand, repeated: H, D, S, C, and N for no trumps.",
    )
    sit_out = models.CharField(
        max_length=7,
        choices=SitOut.choices,
        default=SitOut.SEVEN,
        help_text="What a player at the sit-out table scores for the hand.",
    )
    game = models.CharField(
        max_length=10,
        choices=Game.choices,
        default=Game.WHIST,
        help_text="The game played at the tables. Minnesota whist plays no trumps, and its sit-out "
        "players score the hand's average points.",
    )
    minnesota_rules = models.CharField(
        max_length=14,
        choices=MinnesotaRules.choices,
        default="swedish",
        help_text="Minnesota whist's scoring, printed on the cards and the results.",
    )
    team_points = models.CharField(
        max_length=8,
        choices=TeamPoints.choices,
        default=TeamPoints.MAJORITY,
        help_text="A team night's points for each pair, hand by hand.",
    )
    rubbers = models.PositiveSmallIntegerField(
        choices=[(0, "No: points hand by hand"), *GAME_CHOICES],
        default=0,
        help_text="A team night: each visit's hands at a table played as games and rubbers by the Laws of "
        "Whist, the teams scoring rubber points.",
    )
    hands_per_round = models.PositiveSmallIntegerField(
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_HANDS)],
        help_text="An individual drive: hands played in each round of the schedule. A team night: hands "
        "the away pairs play at each table before moving on.",
    )
    rounds = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_HANDS)],
        help_text="An individual drive: play only the first rounds of the schedule (empty: all of them).",
    )
    redraw = models.CharField(
        max_length=6,
        choices=list(REDRAWS.items()),
        default=RANDOM,
        help_text="A widow whist series: how each series' tables are drawn.",
    )
    lady_label = models.CharField(max_length=20, default="Lady", help_text="What the club calls one role.")
    gent_label = models.CharField(max_length=20, default="Gent", help_text="And the other.")
    prizes = models.CharField(
        max_length=200,
        default="classic",
        validators=[validate_prizes],
        help_text="A preset (" + ", ".join(PRESETS) + ") or prizes joined by commas.",
    )
    mystery_hand = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Drawn at random when the drive closes."
    )
    published = models.BooleanField(default=False)
    # The evening's identity wherever it goes (its export, the county server it is sent to): made
    # once, never changed.
    uuid = models.UUIDField(default=uuid.uuid4, editable=False, db_index=True)
    tag = models.CharField(max_length=30, blank=True, help_text=EVENING_TAG_HELP)
    room_key = room_key_field()
    move_called_at = models.DateTimeField(
        null=True, blank=True, help_text="When the organiser last called 'move now'."
    )

    objects = EveningQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
            # One identity per evening in a club: an export imported twice is one evening.
            models.UniqueConstraint(fields=["club", "uuid"], name="drive_one_per_identity"),
            models.CheckConstraint(
                condition=Q(hands__gte=1) & Q(hands__lte=MAX_HANDS), name="drive_hands_in_range"
            ),
            models.CheckConstraint(
                condition=Q(halves__gte=1) & Q(halves__lte=F("hands")), name="drive_halves_in_range"
            ),
            models.CheckConstraint(
                condition=~Q(Exact(Lower("lady_label"), Lower("gent_label"))), name="drive_two_role_labels"
            ),
            models.CheckConstraint(
                condition=Q(team_points__in=["majority", "tricks"]), name="drive_team_points_known"
            ),
            models.CheckConstraint(condition=Q(game__in=["whist", "minnesota"]), name="drive_game_known"),
            models.CheckConstraint(condition=Q(redraw__in=list(REDRAWS)), name="drive_redraw_known"),
            models.CheckConstraint(
                condition=Q(minnesota_rules__in=list(RULES)), name="drive_minnesota_rules_known"
            ),
            models.CheckConstraint(
                condition=Q(rubbers__in=[0, *GAMES]) & (Q(rubbers=0) | Q(format="teams")),
                name="drive_rubbers_known",
                violation_error_message="Games and rubbers are a team night's: a drive of players one by one "
                "plays its hands for tricks.",
            ),
            models.CheckConstraint(
                condition=Q(rubbers=0) | Q(game="whist"),
                name="drive_rubbers_classic_whist",
                violation_error_message=MINNESOTA_RUBBERS,
            ),
        ]

    def __str__(self):
        return f"{self.name} ({self.date:%d %b %Y})"

    def clean(self):
        if self.lady_label.lower() == self.gent_label.lower():
            raise ValidationError(
                {
                    "gent_label": f"The two roles need two names: both are called '{self.gent_label}'. "
                    "Call them e.g. Lady and Gent, or A and B."
                }
            )

    @property
    def evening_format(self) -> EveningFormat:
        """What kind of evening it is: who is entered and ranked, and how people are named; a
        Minnesota drive enters who went grand, a team night in games and rubbers honours and counts
        rubber points."""
        return drive_format(self.format, self.game, self.rubbers)

    @property
    def played_game(self) -> Game:
        """The game at the tables, with its rules: what a hand's tricks score."""
        return Game.stored(self.game, self.minnesota_rules)

    @property
    def scheduled(self) -> bool:
        """Seated from a fixed schedule (an individual drive), not by who won."""
        return self.evening_format.seated_by == "schedule"

    @property
    def is_widow_series(self) -> bool:
        """Widow whist: three a deal, each for themselves, the tables drawn afresh each series."""
        return self.evening_format.seated_by == "series draw"

    @property
    def roles(self) -> tuple[str, ...]:
        """The roles its players are entered in, each a list of its own: lady and gent, or player."""
        if self.evening_format.roles:
            return (DrivePlayer.Role.LADY, DrivePlayer.Role.GENT)
        return (DrivePlayer.Role.PLAYER,)

    @property
    def prize_list(self) -> tuple:
        """The prizes it gives, in order: none at a team night, whose prize is its ranking of the
        teams (whatever its prize list says)."""
        return parse_prizes(self.prizes) if self.evening_format.has_prizes else ()

    @property
    def ranks_by_role(self) -> bool:
        """Whether its players are ranked within their role, ladies apart from gents: not at an
        individual drive (one list of players) nor at a team night (its lady and gent are only
        the two seats of a pair)."""
        return self.evening_format.ranks_by_role

    def role_label(self, role: str) -> str:
        if role == DrivePlayer.Role.PLAYER:
            return "Player"
        return self.lady_label if role == DrivePlayer.Role.LADY else self.gent_label

    def role_plural(self, role: str) -> str:
        """ "Ladies", "Gents": a heading over one role's players."""
        label = self.role_label(role)
        return label[:-1] + "ies" if label.endswith("y") and label[-2:-1] not in "aeiou" else label + "s"

    @property
    def ladies_heading(self) -> str:
        return self.role_plural(DrivePlayer.Role.LADY)

    @property
    def gents_heading(self) -> str:
        return self.role_plural(DrivePlayer.Role.GENT)


class DrivePlayer(models.Model):
    class Role(models.TextChoices):
        LADY = "L", "Lady"
        GENT = "G", "Gent"
        PLAYER = "P", "Player"

    class Pair(models.TextChoices):
        HOME = "home", "Home pair"
        AWAY = "away", "Away pair"

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="players")
    role = models.CharField(max_length=1, choices=Role.choices)
    card = models.PositiveSmallIntegerField(help_text="The number on the player's score card.")
    member = models.ForeignKey(Member, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    guest = models.CharField(
        max_length=120,
        blank=True,
        validators=[validate_one_line],
        help_text="A guest's name, when not a member.",
    )
    team = models.ForeignKey(
        DriveTeam, null=True, blank=True, on_delete=models.CASCADE, related_name="players"
    )
    pair = models.CharField(
        max_length=4, choices=Pair.choices, blank=True, help_text="At a team night: the home or away pair."
    )
    second_member = models.ForeignKey(
        Member,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="A shared seat: the member who takes it in turn with the first.",
    )
    second_guest = models.CharField(
        max_length=120,
        blank=True,
        validators=[validate_one_line],
        help_text="A shared seat: the guest who takes it in turn with the first.",
    )

    class Meta:
        ordering = ["drive_id", "role", "card"]
        constraints = [
            # At a team night every player is in a team's home or away pair, one of each role in a
            # pair: two a pair, four a team.
            models.CheckConstraint(
                condition=(Q(team__isnull=True) & Q(pair=""))
                | (Q(team__isnull=False) & Q(pair__in=["home", "away"])),
                name="drive_player_pair_of_a_team",
            ),
            models.UniqueConstraint(fields=["team", "pair", "role"], name="drive_player_pair_of_two"),
            models.UniqueConstraint(fields=["drive", "role", "card"], name="drive_player_card_once"),
            models.CheckConstraint(
                condition=Q(member__isnull=False) | ~Q(guest=""), name="drive_player_has_a_name"
            ),
            models.CheckConstraint(condition=Q(card__gte=1), name="drive_player_card_from_one"),
            models.CheckConstraint(
                condition=Q(second_member__isnull=True) | Q(second_guest=""),
                name="drive_player_second_one_name",
            ),
            # A member plays once a drive, on a card of their own or sharing one.
            models.UniqueConstraint(
                fields=["drive", "member"],
                condition=Q(member__isnull=False),
                name="drive_player_member_once",
                violation_error_message="That member is already entered in this drive.",
            ),
            models.UniqueConstraint(
                fields=["drive", "second_member"],
                condition=Q(second_member__isnull=False),
                name="drive_player_second_member_once",
                violation_error_message="That member is already entered in this drive.",
            ),
            models.CheckConstraint(
                condition=Q(member__isnull=True)
                | Q(second_member__isnull=True)
                | ~Q(member=F("second_member")),
                name="drive_player_not_sharing_with_self",
            ),
            # One row's member as another row's second_member is refused by drive_player_add alone.
        ]

    def __str__(self):
        return f"{self.key} {self.name}"

    @property
    def key(self) -> str:
        """The card as players say it: L3, G7."""
        return f"{self.role}{self.card}"

    @property
    def number(self) -> str:
        """The player's number as the drive's format says it: their card "L3", or "Player 3"."""
        return self.drive.evening_format.player_number(self.key, self.card)

    @property
    def listed_number(self) -> str:
        """The player's number in a list's column headed by the format's ``number_heading``."""
        return self.drive.evening_format.listed_number(self.key, self.card)

    @property
    def first_name(self) -> str:
        return person_name(self.member if self.member_id else None, self.guest)

    @property
    def second_name(self) -> str:
        return person_name(self.second_member if self.second_member_id else None, self.second_guest)

    @property
    def name(self) -> str:
        """The name on the card: both of a shared seat's, "Ann Smith + Bob Jones"."""
        second = self.second_name
        return f"{self.first_name} + {second}" if second else self.first_name

    @property
    def member_ids(self) -> tuple[int, ...]:
        """The members who play on this card (two for a shared seat)."""
        return tuple(pk for pk in (self.member_id, self.second_member_id) if pk)
